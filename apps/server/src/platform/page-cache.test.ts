import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PageCache, type RenderedPage, throttled } from './page-cache.js';

/** A real HTTP server answering through the cache, with a render the test controls. */
async function serving(cache: PageCache, render: (req: IncomingMessage) => Promise<RenderedPage>) {
  const server = createServer((req, res) => {
    const key = cache.keyOf(req);
    if (key === null) {
      res.writeHead(200, { 'x-page-cache': 'BYPASS' });
      res.end('private');
      return;
    }
    void cache.serve(key, req, res, () => render(req));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  return (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; state: string; body: string; setCookie: string[] }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            state: String(res.headers['x-page-cache']),
            body,
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const page = (body: string, headers: Record<string, string> = {}, status = 200): RenderedPage => ({
  status,
  headers: new Headers({ 'content-type': 'text/html', ...headers }),
  body: Buffer.from(body),
});

describe('PageCache', () => {
  it('answers only cookie-less or language-only GETs; a session, any other cookie or a token renders alone', async () => {
    let renders = 0;
    const get = await serving(new PageCache({ ttlMs: 60_000, maxEntries: 10 }), async () => page(`render ${++renders}`));
    expect((await get('/')).state).toBe('MISS');
    expect((await get('/')).state).toBe('HIT');
    expect((await get('/', { cookie: 'xlang=en' })).state).toBe('MISS');
    expect((await get('/', { cookie: 'xlang=en' })).body).toBe('render 2');
    expect((await get('/', { cookie: 'byeol_sid=abc' })).state).toBe('BYPASS');
    expect((await get('/', { cookie: 'xlang=ko; byeol_sid=abc' })).state).toBe('BYPASS');
    expect((await get('/', { cookie: 'byeol_oauth=x' })).state).toBe('BYPASS');
    expect((await get('/', { authorization: 'Bearer x' })).state).toBe('BYPASS');
    // An unknown language is the default one: the same copy as no cookie.
    expect((await get('/', { cookie: 'xlang=xx' })).body).toBe('render 1');
    expect((await get('/?page=2')).state).toBe('MISS');
  });

  it('gives visitors who arrive during a render that one render', async () => {
    let renders = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const get = await serving(new PageCache({ ttlMs: 60_000, maxEntries: 10 }), async () => {
      renders += 1;
      await gate;
      return page('the page');
    });
    const answers = Array.from({ length: 20 }, () => get('/live'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const all = await Promise.all(answers);
    expect(renders).toBe(1);
    expect(new Set(all.map((a) => a.body))).toEqual(new Set(['the page']));
  });

  it('does not keep a render that started before a change, and renders again after it', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 10 });
    let version = 'old';
    let release: () => void = () => {};
    const get = await serving(cache, async () => {
      const seen = version;
      if (seen === 'old') await new Promise<void>((resolve) => (release = resolve));
      return page(seen);
    });
    const during = get('/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    version = 'new';
    cache.clear();
    release();
    expect((await during).body).toBe('old');
    expect((await get('/')).body).toBe('new');
    expect((await get('/')).state).toBe('HIT');
  });

  it('keeps no page that sets a cookie, fails or redirects, and never hands one visitor another visitor cookie', async () => {
    let n = 0;
    const get = await serving(new PageCache({ ttlMs: 60_000, maxEntries: 10 }), async (req) => {
      n += 1;
      if (req.url === '/cookie') return page(`mine ${n}`, { 'set-cookie': `c=${n}; Path=/` });
      if (req.url === '/gone') return page('not found', {}, 404);
      return page('ok');
    });
    const a = await get('/cookie');
    const b = await get('/cookie');
    expect(a.setCookie[0]).not.toBe(b.setCookie[0]);
    expect((await get('/gone')).status).toBe(404);
    const before = n;
    await get('/gone');
    expect(n).toBe(before + 1);
  });

  it('expires pages after the lifetime', async () => {
    let renders = 0;
    const get = await serving(new PageCache({ ttlMs: 30, maxEntries: 10 }), async () => page(`r${++renders}`));
    await get('/');
    expect((await get('/')).state).toBe('HIT');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await get('/')).body).toBe('r2');
  });
});

describe('throttled', () => {
  it('runs at once, then at most once per window, and never drops the last call', async () => {
    const at: number[] = [];
    const start = Date.now();
    const fire = throttled(50, () => at.push(Date.now() - start));
    fire();
    fire();
    fire();
    expect(at.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(at.length).toBe(2);
    expect(at[1]).toBeGreaterThanOrEqual(45);
  });
});
