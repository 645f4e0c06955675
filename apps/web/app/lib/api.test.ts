import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, joinUrl, toSearchParams } from './api';

/** What /v1/echo saw of a request. */
interface Echo {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: [string, string][];
  contentType: string;
  body: string;
}

interface Parts {
  contentType: string;
  fields: [string, string][];
  files: { field: string; name: string; type: string; text: string }[];
}

const ok = <T>(set: T) => ({ rslt_cd: 0, rslt_set: set, rslt_msg: 'OK' });

/** Hits per path since the last reset: the retry tests count what really reached the server. */
let hits = new Map<string, number>();
let server: http.Server;
let baseUrl: string;

function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function multipart(contentType: string, raw: Buffer): Promise<Parts> {
  // The real multipart parser of the runtime (undici), fed the bytes exactly as they arrived.
  const form = await new Request('http://parse.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(raw),
  }).formData();
  const parts: Parts = { contentType, fields: [], files: [] };
  for (const [field, value] of form) {
    if (typeof value === 'string') parts.fields.push([field, value]);
    else parts.files.push({ field, name: value.name, type: value.type, text: await value.text() });
  }
  return parts;
}

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const n = (hits.get(url.pathname) ?? 0) + 1;
    hits.set(url.pathname, n);
    const contentType = req.headers['content-type'] ?? '';

    switch (url.pathname) {
      case '/v1/echo': {
        const echo: Echo = {
          method: req.method ?? '',
          headers: req.headers,
          query: [...url.searchParams],
          contentType,
          body: raw.toString('utf8'),
        };
        return send(res, 200, ok(echo));
      }
      case '/v1/multipart':
        return send(res, 200, ok(await multipart(contentType, raw)));
      case '/v1/flaky':
        return n === 1 ? send(res, 503, 'try later', 'text/plain') : send(res, 200, ok({ attempt: n }));
      case '/v1/fault':
        return send(res, 500, { rslt_cd: 9999, rslt_set: {}, rslt_msg: 'Temporary fault' });
      case '/v1/bad-gateway':
        return send(res, 502, '<h1>bad gateway</h1>', 'text/html');
      case '/v1/drop-once':
        // A network failure: the connection dies before any answer.
        if (n === 1) return req.socket.destroy();
        return send(res, 200, ok({ attempt: n }));
      case '/v1/drop':
        return req.socket.destroy();
      case '/v1/slow-once':
        if (n === 1) await new Promise((resolve) => setTimeout(resolve, 300));
        return send(res, 200, ok({ attempt: n }));
      case '/v1/expected-failure':
        return send(res, 200, { rslt_cd: 2001, rslt_set: {}, rslt_msg: 'This is a login-required service' });
      case '/v1/empty':
        res.writeHead(200);
        return res.end();
      case '/v1/html':
        return send(res, 200, '<!doctype html><p>not an API</p>', 'text/html');
      default:
        return send(res, 404, { rslt_cd: 3001, rslt_set: { path: url.pathname }, rslt_msg: 'Not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits = new Map();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('createApi: requests', () => {
  it('sends the configured headers plus the two API headers on every method', async () => {
    const client = createApi({ baseUrl, headers: { cookie: 'sid=abc', 'X-Custom': 'yes' } });
    for (const call of [
      () => client.get<Echo>('/echo'),
      () => client.post<Echo>('/echo', { a: 1 }),
      () => client.put<Echo>('echo'),
      () => client.del<Echo>('/echo'),
    ]) {
      const { rslt_set: echo } = await call();
      expect(echo.headers['x-api-mode']).toBe('TRUE');
      expect(echo.headers['x-requested-with']).toBe('xmlhttprequest');
      expect(echo.headers.cookie).toBe('sid=abc');
      expect(echo.headers['x-custom']).toBe('yes');
    }
  });

  it('cannot have the API headers overridden by configured headers', async () => {
    const client = createApi({ baseUrl, headers: { 'x-api-mode': 'FALSE', 'X-API-MODE': 'no' } });
    const { rslt_set: echo } = await client.get<Echo>('/echo', undefined, { headers: { 'X-Requested-With': 'fetch' } });
    expect(echo.headers['x-api-mode']).toBe('TRUE');
    expect(echo.headers['x-requested-with']).toBe('xmlhttprequest');
  });

  it('puts GET parameters in the query string, skipping undefined', async () => {
    const client = createApi({ baseUrl });
    const { rslt_set: echo } = await client.get<Echo>('/echo', {
      search_keyword: '별 & 달=?',
      offset: 20,
      adult: false,
      live: true,
      missing: undefined,
      empty: '',
    });
    expect(echo.method).toBe('GET');
    expect(echo.query).toEqual([
      ['search_keyword', '별 & 달=?'],
      ['offset', '20'],
      ['adult', 'false'],
      ['live', 'true'],
      ['empty', ''],
    ]);
    expect(echo.body).toBe('');
  });

  it('appends to a path that already has a query string', async () => {
    const { rslt_set: echo } = await createApi({ baseUrl }).get<Echo>('/echo?segment1=a', { segment2: 'b' });
    expect(echo.query).toEqual([
      ['segment1', 'a'],
      ['segment2', 'b'],
    ]);
  });

  it('POSTs a form-encoded body: arrays as repeated keys, numbers and booleans stringified', async () => {
    const { rslt_set: echo } = await createApi({ baseUrl }).post<Echo>('/echo', {
      title: '안녕 + hello',
      board_sn: 42,
      view_yn: true,
      ids: [1, 2, 3],
      nothing: undefined,
      none: null,
    });
    expect(echo.method).toBe('POST');
    expect(echo.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(echo.body);
    expect(form.get('title')).toBe('안녕 + hello');
    expect(form.get('board_sn')).toBe('42');
    expect(form.get('view_yn')).toBe('true');
    expect(form.getAll('ids')).toEqual(['1', '2', '3']);
    expect(form.has('nothing')).toBe(false);
    expect(form.has('none')).toBe(false);
    expect(echo.query).toEqual([]);
  });

  it('sends PUT and DELETE bodies form-encoded too, and URLSearchParams as given', async () => {
    const client = createApi({ baseUrl });
    const put = (await client.put<Echo>('/echo', { lang: 'en' })).rslt_set;
    expect(put.method).toBe('PUT');
    expect(put.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(put.body).toBe('lang=en');
    const del = (await client.del<Echo>('/echo', new URLSearchParams([['sn', '7']]))).rslt_set;
    expect(del.method).toBe('DELETE');
    expect(del.body).toBe('sn=7');
  });

  it('sends FormData untouched as multipart', async () => {
    const form = new FormData();
    form.append('temp_type', 'profile');
    form.append('tags', 'a');
    form.append('tags', 'b');
    form.append('file', new Blob(['hello image'], { type: 'image/png' }), 'me.png');
    const { rslt_set: parts } = await createApi({ baseUrl }).post<Parts>('/multipart', form);
    expect(parts.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(parts.fields).toEqual([
      ['temp_type', 'profile'],
      ['tags', 'a'],
      ['tags', 'b'],
    ]);
    expect(parts.files).toEqual([{ field: 'file', name: 'me.png', type: 'image/png', text: 'hello image' }]);
  });

  it('turns a record holding a Blob into multipart', async () => {
    const { rslt_set: parts } = await createApi({ baseUrl }).post<Parts>('/multipart', {
      sn: 3,
      file: new File(['x'], 'x.txt', { type: 'text/plain' }),
    });
    expect(parts.contentType).toMatch(/^multipart\/form-data/);
    expect(parts.fields).toEqual([['sn', '3']]);
    expect(parts.files.map((f) => f.name)).toEqual(['x.txt']);
  });
});

describe('createApi: answers and retries', () => {
  it('retries a GET answered 503 exactly once, then succeeds', async () => {
    const res = await createApi({ baseUrl }).get<{ attempt: number }>('/flaky');
    expect(res.rslt_set.attempt).toBe(2);
    expect(hits.get('/v1/flaky')).toBe(2);
  });

  it('throws ApiError with status, statusText and parsed data after two 500s (2 hits)', async () => {
    const err = await failure(createApi({ baseUrl }).get('/fault'));
    expect(err.status).toBe(500);
    expect(err.statusText).toBe('Internal Server Error');
    expect(err.data).toEqual({ rslt_cd: 9999, rslt_set: {}, rslt_msg: 'Temporary fault' });
    expect(err.envelope?.rslt_msg).toBe('Temporary fault');
    expect(hits.get('/v1/fault')).toBe(2);
  });

  it('keeps a non-JSON error body as text', async () => {
    const err = await failure(createApi({ baseUrl }).get('/bad-gateway'));
    expect(err.status).toBe(502);
    expect(err.statusText).toBe('Bad Gateway');
    expect(err.data).toBe('<h1>bad gateway</h1>');
    expect(hits.get('/v1/bad-gateway')).toBe(2);
  });

  it('does not retry a POST answered 503 (1 hit) and throws', async () => {
    const err = await failure(createApi({ baseUrl }).post('/flaky', { a: 1 }));
    expect(err.status).toBe(503);
    expect(err.statusText).toBe('Service Unavailable');
    expect(err.data).toBe('try later');
    expect(hits.get('/v1/flaky')).toBe(1);
  });

  it('retries a POST once when the call opts in', async () => {
    const res = await createApi({ baseUrl }).post<{ attempt: number }>('/flaky', { a: 1 }, { retry: true });
    expect(res.rslt_set.attempt).toBe(2);
    expect(hits.get('/v1/flaky')).toBe(2);
  });

  it('does not retry a GET that opts out', async () => {
    const err = await failure(createApi({ baseUrl }).get('/flaky', undefined, { retry: false }));
    expect(err.status).toBe(503);
    expect(hits.get('/v1/flaky')).toBe(1);
  });

  it('throws on 404 with the parsed data, without retrying', async () => {
    const err = await failure(createApi({ baseUrl }).get('/no-such-call'));
    expect(err.status).toBe(404);
    expect(err.statusText).toBe('Not Found');
    expect(err.data).toEqual({ rslt_cd: 3001, rslt_set: { path: '/v1/no-such-call' }, rslt_msg: 'Not found' });
    expect(err.message).toContain('404');
    expect(hits.get('/v1/no-such-call')).toBe(1);
  });

  it('resolves a 200 with a non-zero rslt_cd: an expected failure, not an exception', async () => {
    const res = await createApi({ baseUrl }).post('/expected-failure', {});
    expect(res).toEqual({ rslt_cd: 2001, rslt_set: {}, rslt_msg: 'This is a login-required service' });
  });

  it('retries a GET once after a network failure', async () => {
    const res = await createApi({ baseUrl }).get<{ attempt: number }>('/drop-once');
    expect(res.rslt_set.attempt).toBe(2);
    expect(hits.get('/v1/drop-once')).toBe(2);
  });

  it('reports a network failure as ApiError status 0, a POST after one hit', async () => {
    const err = await failure(createApi({ baseUrl }).post('/drop', { a: 1 }));
    expect(err.status).toBe(0);
    expect(err.cause).toBeDefined();
    expect(hits.get('/v1/drop')).toBe(1);
  });

  it('treats a timeout as a network failure (a GET is retried once)', async () => {
    const res = await createApi({ baseUrl }).get<{ attempt: number }>('/slow-once', undefined, { timeout: 100 });
    expect(res.rslt_set.attempt).toBe(2);
  });

  it("passes the caller's abort through without retrying", async () => {
    const controller = new AbortController();
    const pending = createApi({ baseUrl }).get('/slow-once', undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const err = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).name).toBe('AbortError');
    expect(hits.get('/v1/slow-once')).toBe(1);
  });

  it('rejects a 200 that is not an envelope', async () => {
    const err = await failure(createApi({ baseUrl }).get('/html'));
    expect(err.status).toBe(200);
    expect(err.data).toBe('<!doctype html><p>not an API</p>');
  });

  it('uses the injected fetch', async () => {
    const seen: string[] = [];
    const client = createApi({
      baseUrl,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await client.get('/echo', { a: 1 });
    expect(seen).toEqual([`${baseUrl}/echo?a=1`]);
  });
});

describe('upload', () => {
  it('posts multipart through fetch when no progress is asked (or no XMLHttpRequest exists)', async () => {
    const form = new FormData();
    form.append('file', new Blob(['abc'], { type: 'image/jpeg' }), 'a.jpg');
    const res = await createApi({ baseUrl }).upload<Parts>('/multipart', form, () => {});
    expect(res?.rslt_set.files).toEqual([{ field: 'file', name: 'a.jpg', type: 'image/jpeg', text: 'abc' }]);
  });

  it('resolves null for an empty answer', async () => {
    expect(await createApi({ baseUrl }).upload('/empty', new FormData())).toBeNull();
  });

  it('is not retried and throws like any call', async () => {
    const err = await failure(createApi({ baseUrl }).upload('/flaky', new FormData()));
    expect(err.status).toBe(503);
    expect(hits.get('/v1/flaky')).toBe(1);
  });

  it('reports progress through XMLHttpRequest in a browser, with the same headers', async () => {
    vi.stubGlobal('XMLHttpRequest', NodeXhr);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(100_000)], { type: 'application/octet-stream' }), 'big.bin');
    const progress: [number, number][] = [];
    const client = createApi({ baseUrl, headers: { cookie: 'sid=xhr' } });
    const res = await client.upload<Parts>('/multipart', form, (loaded, total) => progress.push([loaded, total]));
    expect(res?.rslt_set.files[0]?.name).toBe('big.bin');
    expect(progress.length).toBeGreaterThan(1);
    const [loaded, total] = progress.at(-1) ?? [0, 0];
    expect(loaded).toBe(total);
    expect(total).toBeGreaterThan(100_000);

    const echo = await client.upload<Echo>('/echo', new FormData(), () => {});
    expect(echo?.rslt_set.headers['x-api-mode']).toBe('TRUE');
    expect(echo?.rslt_set.headers['x-requested-with']).toBe('xmlhttprequest');
    expect(echo?.rslt_set.headers.cookie).toBe('sid=xhr');

    const err = await failure(client.upload('/no-such-upload', new FormData(), () => {}));
    expect(err.status).toBe(404);
    expect(err.statusText).toBe('Not Found');
  });
});

describe('helpers', () => {
  it('joins base and path with exactly one slash; absolute URLs pass through', () => {
    expect(joinUrl('/v1', '/user/user_info')).toBe('/v1/user/user_info');
    expect(joinUrl('/v1/', 'user/user_info')).toBe('/v1/user/user_info');
    expect(joinUrl('/v1', 'https://chat.example/chat/monitor/web/ReqChatHost.ws')).toBe(
      'https://chat.example/chat/monitor/web/ReqChatHost.ws',
    );
  });

  it('encodes records as search params', () => {
    expect(toSearchParams({ a: [1, 'x'], b: undefined, c: false, d: { e: 1 } }).toString()).toBe('a=1&a=x&c=false&d=%7B%22e%22%3A1%7D');
  });
});

/**
 * Just enough of the browser's XMLHttpRequest to drive the upload path against the real server:
 * the body goes out over node:http in chunks, reporting upload progress after each.
 */
class NodeXhr {
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private request: http.ClientRequest | undefined;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  abort() {
    this.request?.destroy();
    this.onabort?.();
  }

  send(body: FormData | null) {
    void (async () => {
      const encoded = new Response(body);
      const bytes = Buffer.from(await encoded.arrayBuffer());
      const contentType = encoded.headers.get('content-type');
      const headers = { ...this.headers, 'content-length': String(bytes.length), ...(contentType ? { 'content-type': contentType } : {}) };
      const req = http.request(this.url, { method: this.method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          this.status = res.statusCode ?? 0;
          this.statusText = res.statusMessage ?? '';
          this.responseText = Buffer.concat(chunks).toString('utf8');
          this.onload?.();
          this.onloadend?.();
        });
      });
      this.request = req;
      req.on('error', () => {
        this.onerror?.();
        this.onloadend?.();
      });
      const step = 16 * 1024;
      for (let sent = 0; sent < bytes.length; sent += step) {
        const chunk = bytes.subarray(sent, sent + step);
        await new Promise<void>((resolve) => req.write(chunk, () => resolve()));
        this.upload.onprogress?.({ loaded: Math.min(sent + step, bytes.length), total: bytes.length, lengthComputable: true });
      }
      req.end();
    })();
  }
}
