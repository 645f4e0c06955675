import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_HEADERS, type Envelope, LANGS, type Lang, ResultCode, resultMessage } from '@byeol/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../testing/app.js';
import { ok, type UploadedFile } from './api.js';

/** What a fault probe throws: it must never reach the client. */
const FAKE_SQL = 'insert into "users" ("id", "password_hash") values ($1, $2) -- duplicate key value violates unique constraint';
const BODY_LIMIT = 4096;
const UPLOAD_LIMIT = 64 * 1024;

let t: TestApp;
let dataDir: string;
let uploadDir: string;

beforeAll(async () => {
  // A data folder of our own, so the temporary upload folder is ours to inspect.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-api-int-'));
  uploadDir = path.join(dataDir, 'tmp');
  t = await startTestApp({
    env: { DATA_DIR: dataDir, BODY_LIMIT: String(BODY_LIMIT), UPLOAD_LIMIT: String(UPLOAD_LIMIT) },
    extend: async (root) => {
      const app = root.withTypeProvider<ZodTypeProvider>();
      app.post(
        '/v1/probe/form',
        {
          schema: {
            body: z.object({
              name: z.string().min(1).max(20),
              age: z.coerce.number().int().min(1).max(120),
            }),
          },
        },
        async (request) => ok(request, { name: request.body.name, age: request.body.age }),
      );
      app.put('/v1/probe/put', async (request) => ok(request, { changed: true }));
      app.post('/v1/probe/upload', async (request) => {
        const body = request.body as Record<string, unknown>;
        const file = body.file as UploadedFile;
        return ok(request, {
          title: body.title,
          filename: file.filename,
          mimetype: file.mimetype,
          size: file.size,
          path: file.path,
          exists_during_request: existsSync(file.path),
        });
      });
      app.post('/v1/probe/fault', async () => {
        throw new Error(`${FAKE_SQL} at Object.<anonymous> (/srv/byeol/secret.ts:12:3)`);
      });
      app.get('/v1/probe/pgdata', async (request) => {
        // A value only PostgreSQL finds wrong (no schema checked it).
        await t.database.pool.query('select $1::int', [(request.query as { n: string }).n]);
        return { never: true };
      });
      app.get('/v1/probe/sql', async () => {
        // A real SQL error from PostgreSQL, through the real driver.
        await t.database.pool.query('select secret_column from no_such_table_for_probe');
        return { never: true };
      });
    },
  });
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Every answer, whatever happened, is exactly the SPEC §7 envelope. */
function expectEnvelope(body: unknown): asserts body is Envelope<Record<string, unknown>> {
  expect(body).toBeTypeOf('object');
  expect(Object.keys(body as object).sort()).toEqual(['rslt_cd', 'rslt_msg', 'rslt_set']);
  const e = body as Envelope;
  expect(Number.isInteger(e.rslt_cd)).toBe(true);
  expect(e.rslt_msg).toBeTypeOf('string');
  expect(e.rslt_msg.length).toBeGreaterThan(0);
  expect(e.rslt_set).toBeTypeOf('object');
  expect(e.rslt_set).not.toBeNull();
}

/** A raw request, for bodies the helpers would never send; answers status, headers, text and envelope. */
async function raw(method: string, urlPath: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const response = await fetch(t.url + urlPath, { method, headers: init.headers, body: init.body });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${urlPath} answered non-JSON (${response.status}): ${text.slice(0, 200)}`);
  }
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expectEnvelope(body);
  return { status: response.status, text, body, response };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 2000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(20);
  }
  return check();
}

describe('required API headers on state-changing calls', () => {
  it('refuses POST and PUT without the headers with 403 and rslt_cd 1005, before anything runs', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await t.post('/v1/probe/form', { name: 'a', age: '3' }, { headers: false, method });
      expect(res.status, method).toBe(403);
      expectEnvelope(res.body);
      expect(res.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
      expect(res.body.rslt_msg).toBe(resultMessage('API_HEADERS_REQUIRED', 'ko'));
    }
  });

  it('refuses a call carrying only one of the two headers, or a wrong value', async () => {
    const cases: Record<string, string>[] = [
      { 'X-Api-Mode': 'TRUE' },
      { 'X-Requested-With': 'xmlhttprequest' },
      { 'X-Api-Mode': 'FALSE', 'X-Requested-With': 'xmlhttprequest' },
      { 'X-Api-Mode': 'TRUE', 'X-Requested-With': 'fetch' },
      { 'X-Api-Mode': 'TRUE ', 'X-Requested-With': 'xmlhttprequest-x' },
    ];
    for (const headers of cases) {
      const res = await raw('POST', '/v1/probe/form', {
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=a&age=3',
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
    }
  });

  it('PUT /v1/user/language/en without the headers changes nothing: no xlang cookie is set', async () => {
    const refused = await t.post('/v1/user/language/en', {}, { headers: false, method: 'PUT' });
    expect(refused.status).toBe(403);
    expectEnvelope(refused.body);
    expect(refused.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
    expect(refused.response.headers.getSetCookie()).toEqual([]);

    // The same call with the headers does set it: the refusal above was the headers, not the route.
    const accepted = await t.post('/v1/user/language/en', {}, { method: 'PUT' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.rslt_cd).toBe(0);
    expect(accepted.body.rslt_msg).toBe('Success');
    expect(accepted.response.headers.getSetCookie().join(';')).toMatch(/(^|;)\s*xlang=en/);
  });

  it('accepts the headers whatever the case of their names and values', async () => {
    const res = await raw('POST', '/v1/probe/form', {
      headers: {
        'x-api-mode': 'true',
        'X-REQUESTED-WITH': 'XMLHttpRequest',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'name=%EB%B3%84&age=21',
    });
    expect(res.status).toBe(200);
    expect(res.body.rslt_cd).toBe(0);
    expect(res.body.rslt_set).toEqual({ name: '별', age: 21 });

    const put = await raw('PUT', '/v1/probe/put', { headers: { 'X-Api-Mode': 'True', 'x-requested-with': 'XMLHTTPREQUEST' } });
    expect(put.status).toBe(200);
    expect(put.body.rslt_set).toEqual({ changed: true });
  });

  it('does not ask for the headers on GET', async () => {
    const res = await t.get('/v1/pubapi/api_site_cache_info', {}, { headers: false });
    expect(res.status).toBe(200);
    expectEnvelope(res.body);
    expect(res.body.rslt_cd).toBe(0);
  });
});

describe('calls from other sites', () => {
  it('refuses a state-changing call a browser marks as from another site, even with the API headers', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await raw('POST', '/v1/probe/form', {
        headers: { ...API_HEADERS, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': site },
        body: 'name=a&age=3',
      });
      expect(res.status, site).toBe(403);
      expect(res.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
    }
    const same = await raw('POST', '/v1/probe/form', {
      headers: { ...API_HEADERS, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: 'name=a&age=3',
    });
    expect(same.body.rslt_cd).toBe(ResultCode.OK);
  });

  it('without Sec-Fetch-Site, refuses an Origin that is not this site and accepts its own', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const origin of ['https://evil.example', 'null']) {
      const res = await raw('POST', '/v1/probe/form', { headers: { ...API_HEADERS, ...form, origin }, body: 'name=a&age=3' });
      expect(res.status, origin).toBe(403);
      expect(res.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
    }
    const own = await raw('POST', '/v1/probe/form', { headers: { ...API_HEADERS, ...form, origin: t.url }, body: 'name=a&age=3' });
    expect(own.body.rslt_cd).toBe(ResultCode.OK);
  });

  it('sends the security headers on every answer', async () => {
    const res = await raw('GET', '/v1/probe/nothing-here');
    expect(res.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.response.headers.get('x-frame-options')).toBe('DENY');
    expect(res.response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    // Served over plain HTTP here: no HSTS.
    expect(res.response.headers.get('strict-transport-security')).toBeNull();
  });

  it("every answer carries the request's id (a report can be matched to the log line), also a refusal from a hook", async () => {
    const mine = await raw('GET', '/v1/probe/nothing-here', { headers: { 'x-request-id': 'support-ticket-42' } });
    expect(mine.response.headers.get('x-request-id')).toBe('support-ticket-42');
    const given = await raw('GET', '/v1/probe/nothing-here');
    expect(given.response.headers.get('x-request-id')).toMatch(/\S+/);
    const refused = await raw('POST', '/v1/probe/form', { headers: { 'x-request-id': 'refused-7' }, body: 'name=a' });
    expect(refused.status).toBe(403);
    expect(refused.response.headers.get('x-request-id')).toBe('refused-7');
  });
});

describe('form-encoded bodies and validation', () => {
  it('accepts a valid form and coerces the integer', async () => {
    const res = await t.post('/v1/probe/form', { name: '하늘별', age: '19' });
    expect(res.status).toBe(200);
    expectEnvelope(res.body);
    expect(res.body).toEqual({ rslt_cd: 0, rslt_set: { name: '하늘별', age: 19 }, rslt_msg: '성공' });
  });

  it('a missing required field answers rslt_cd 1002 naming it, in the language of the xlang cookie', async () => {
    const seen = new Set<string>();
    for (const lang of LANGS) {
      const res = await t.post('/v1/probe/form', { age: '19' }, { lang });
      expect(res.status).toBe(200);
      expectEnvelope(res.body);
      expect(res.body.rslt_cd).toBe(ResultCode.REQUIRED);
      expect(res.body.rslt_set.field).toBe('name');
      expect(res.body.rslt_msg).toBe(resultMessage('REQUIRED', lang, { field: 'name' }));
      seen.add(res.body.rslt_msg);
    }
    // Four languages, four different messages.
    expect(seen.size).toBe(LANGS.length);
    // The field by its label in the caller's language, never its API name (issue 15).
    const expected: Record<Lang, string> = {
      ko: '필수 입력 항목입니다: 이름',
      en: 'This field is required: Name',
      ja: '必須項目です: 名前',
      'zh-CN': '此项为必填项：名称',
    };
    for (const lang of LANGS) expect(resultMessage('REQUIRED', lang, { field: 'name' })).toBe(expected[lang]);
  });

  it('a missing coerced field is also "required", not "invalid"', async () => {
    const res = await t.post('/v1/probe/form', { name: 'star' }, { lang: 'en' });
    expectEnvelope(res.body);
    expect(res.body.rslt_cd).toBe(ResultCode.REQUIRED);
    expect(res.body.rslt_set.field).toBe('age');
    // `age` has no label: the message leaves the field out rather than print its API name.
    expect(res.body.rslt_msg).toBe('Please fill in the required fields.');
  });

  it('a wrong type or a value out of bounds answers rslt_cd 1001 naming the field, in each language', async () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{ name: 'star', age: 'abc' }, 'age'],
      [{ name: 'star', age: '0' }, 'age'],
      [{ name: 'star', age: '121' }, 'age'],
      [{ name: 'star', age: '1.5' }, 'age'],
      [{ name: '', age: '20' }, 'name'],
      [{ name: 'x'.repeat(21), age: '20' }, 'name'],
    ];
    for (const [body, field] of bad) {
      for (const lang of LANGS) {
        const res = await t.post('/v1/probe/form', body, { lang });
        expect(res.status).toBe(200);
        expectEnvelope(res.body);
        expect(res.body.rslt_cd, JSON.stringify(body)).toBe(ResultCode.INVALID_INPUT);
        expect(res.body.rslt_set.field).toBe(field);
        expect(res.body.rslt_msg).toBe(resultMessage('INVALID_INPUT', lang, { field }));
      }
    }
  });

  it('an unsupported xlang cookie answers in Korean', async () => {
    for (const cookie of ['xlang=fr', 'xlang=EN', 'xlang=zh', 'xlang=']) {
      const res = await t.post('/v1/probe/form', { age: '19' }, { cookie });
      expectEnvelope(res.body);
      expect(res.body.rslt_cd).toBe(ResultCode.REQUIRED);
      expect(res.body.rslt_msg, cookie).toBe('필수 입력 항목입니다: 이름');
    }
  });

  it('an oversize body answers 413 with rslt_cd 1003, in the caller language', async () => {
    const res = await t.post('/v1/probe/form', { name: 'x'.repeat(BODY_LIMIT * 2), age: '1' }, { lang: 'ja' });
    expect(res.status).toBe(413);
    expectEnvelope(res.body);
    expect(res.body.rslt_cd).toBe(ResultCode.BODY_TOO_LARGE);
    expect(res.body.rslt_msg).toBe(resultMessage('BODY_TOO_LARGE', 'ja'));

    const json = await raw('POST', '/v1/probe/form', {
      headers: { ...API_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT * 2), age: 1 }),
    });
    expect(json.status).toBe(413);
    expect(json.body.rslt_cd).toBe(ResultCode.BODY_TOO_LARGE);
  });

  it('broken percent-encoding answers a non-zero rslt_cd envelope, not 500 and not success', async () => {
    for (const body of ['name=%E0%A4%A&age=3', 'name=%ZZ&age=3', 'name=%C3%28&age=3', 'name=abc&age=%']) {
      const res = await raw('POST', '/v1/probe/form', {
        headers: { ...API_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
      expect(res.body.rslt_cd, body).toBe(ResultCode.MALFORMED_BODY);
    }
  });

  it('invalid JSON answers 400 with rslt_cd 1004', async () => {
    const res = await raw('POST', '/v1/probe/form', {
      headers: { ...API_HEADERS, 'content-type': 'application/json', cookie: 'xlang=zh-CN' },
      body: '{"name": "star", age: ',
    });
    expect(res.status).toBe(400);
    expect(res.body.rslt_cd).toBe(ResultCode.MALFORMED_BODY);
    expect(res.body.rslt_msg).toBe(resultMessage('MALFORMED_BODY', 'zh-CN'));
    // The parser's own wording stays in the log.
    expect(res.text).not.toMatch(/Unexpected token|SyntaxError|JSON at position/);
  });

  it('a valid JSON body is validated like a form', async () => {
    const res = await raw('POST', '/v1/probe/form', {
      headers: { ...API_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ age: 7 }),
    });
    expect(res.status).toBe(200);
    expect(res.body.rslt_cd).toBe(ResultCode.REQUIRED);
    expect(res.body.rslt_set.field).toBe('name');
  });

  it('an unsupported content type answers 415 with rslt_cd 1004', async () => {
    const res = await raw('POST', '/v1/probe/form', {
      headers: { ...API_HEADERS, 'content-type': 'application/xml' },
      body: '<form><name>star</name></form>',
    });
    expect(res.status).toBe(415);
    expect(res.body.rslt_cd).toBe(ResultCode.MALFORMED_BODY);
  });

  it('a broken multipart body answers 400 with rslt_cd 1004, not 500, and leaves no temporary file', async () => {
    const bodies: Array<[string, string]> = [
      ['multipart/form-data; boundary=----nope', '------other\r\nContent-Disposition: form-data; name="x"\r\n\r\n'],
      ['multipart/form-data', 'no boundary at all'],
      // A file part cut off before its closing boundary.
      ['multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello'],
    ];
    for (const [type, body] of bodies) {
      const res = await raw('POST', '/v1/probe/upload', { headers: { ...API_HEADERS, 'content-type': type }, body });
      expect(res.status, body).toBe(400);
      expect(res.body.rslt_cd, body).toBe(ResultCode.MALFORMED_BODY);
    }
    expect(await eventually(async () => (await readdir(uploadDir)).length === 0)).toBe(true);
  });
});

describe('multipart uploads', () => {
  it('a file arrives with its size and name, and its temporary file is gone after the response', async () => {
    const bytes = new Uint8Array(20_000).map((_, i) => (i * 31) % 256);
    const form = new FormData();
    form.append('title', '커버 댄스');
    form.append('file', new Blob([bytes], { type: 'image/png' }), '썸네일 1.png');
    const res = await t.post<Record<string, unknown>>('/v1/probe/upload', form);
    expect(res.status).toBe(200);
    expectEnvelope(res.body);
    expect(res.body.rslt_cd).toBe(0);
    const set = res.body.rslt_set;
    expect(set.title).toBe('커버 댄스');
    expect(set.filename).toBe('썸네일 1.png');
    expect(set.mimetype).toBe('image/png');
    expect(set.size).toBe(bytes.length);
    expect(set.exists_during_request).toBe(true);
    const tmp = set.path as string;
    expect(path.dirname(tmp)).toBe(uploadDir);
    expect(await eventually(() => !existsSync(tmp))).toBe(true);
    expect(await eventually(async () => (await readdir(uploadDir)).length === 0)).toBe(true);
  });

  it('a file over the upload limit answers 413 with rslt_cd 1003 and leaves nothing behind', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(UPLOAD_LIMIT + 10_000)]), 'big.bin');
    const res = await t.post('/v1/probe/upload', form, { lang: 'en' });
    expect(res.status).toBe(413);
    expectEnvelope(res.body);
    expect(res.body.rslt_cd).toBe(ResultCode.BODY_TOO_LARGE);
    expect(res.body.rslt_msg).toBe('The request is too large.');
    expect(await eventually(async () => (await readdir(uploadDir)).length === 0)).toBe(true);
  });

  it('a multipart call without the API headers is refused before the file is written', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(2048)]), 'a.bin');
    const res = await t.post('/v1/probe/upload', form, { headers: false });
    expect(res.status).toBe(403);
    expect(res.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
    expect(await readdir(uploadDir)).toEqual([]);
  });
});

describe('characters PostgreSQL cannot store', () => {
  it('a NUL in a form field answers rslt_cd 1001 naming the field, before validation or any query', async () => {
    const res = await t.post('/v1/probe/form', { name: 'a\u0000b', age: '3' }, { lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
    expect(res.body.rslt_msg).toBe('Invalid value: Name');
    expect(res.body.rslt_set).toMatchObject({ field: 'name' });
  });

  // The operations an outside test answered with HTTP 500 (and the SQL in the log) for a NUL byte.
  it.each([
    ['/v1/user/login_proc', { id: 'demo\u0000', passwd: 'x' }, 'id'],
    ['/v1/user/restore_proc', { id: '\u0000', passwd: 'x' }, 'id'],
    ['/v1/supporters/bj_list', { nick: '별\u0000' }, 'nick'],
    ['/v1/star/gift_rank', { vod_key: 'k\u0000' }, 'vod_key'],
    ['/v1/chat/chat_token', { vod_key: '\u0000' }, 'vod_key'],
    ['/v1/star/user_star_use_proc', { vod_key: 'a\u0000', star_cnt: '1' }, 'vod_key'],
    ['/v1/item/item_deal_proc', { gift_id: 'x\u0000' }, 'gift_id'],
    ['/v1/pg/pg_confirm', { order_id: 'o\u0000' }, 'order_id'],
  ])('%s with a NUL answers rslt_cd 1001 naming the field, not 500', async (url, form, field) => {
    const res = await t.post(url, form, { lang: 'ko' });
    expect(res.status).toBe(200);
    expect(res.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
    expect(res.body.rslt_msg).toBe(resultMessage('INVALID_INPUT', 'ko', { field }));
    expect(res.body.rslt_msg).not.toContain(field);
  });

  it('a value PostgreSQL refuses as data answers rslt_cd 1001, not 500, and shows no SQL', async () => {
    const res = await t.get('/v1/probe/pgdata', { n: 'not a number' }, { lang: 'en' });
    expect(res.status).toBe(200);
    expect(res.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
    expect(JSON.stringify(res.body)).not.toMatch(/select|integer|invalid input syntax/i);
  });

  it('a NUL in the query string or a JSON body is refused the same way', async () => {
    const query = await t.get('/v1/pubapi/vod_info', { vod_key: 'v\u0000' }, { lang: 'en' });
    expect(query.status).toBe(200);
    expect(query.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
    expect(query.body.rslt_set).toMatchObject({ field: 'vod_key' });
    const json = await raw('POST', '/v1/probe/form', {
      headers: { ...API_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ name: ['ok', 'x\u0000'], age: 3 }),
    });
    expect(json.status).toBe(200);
    expect(json.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
    expect(json.body.rslt_set).toMatchObject({ field: 'name.1' });
  });
});

describe('unknown calls and faults', () => {
  it('an unknown /v1 path answers 404 with rslt_cd 3001, for GET and for POST with headers', async () => {
    const get = await t.get('/v1/pubapi/no_such_call', { a: 1 }, { lang: 'en' });
    expect(get.status).toBe(404);
    expectEnvelope(get.body);
    expect(get.body.rslt_cd).toBe(ResultCode.NOT_FOUND);
    expect(get.body.rslt_msg).toBe('No such call.');
    expect(get.body.rslt_set).toEqual({ path: '/v1/pubapi/no_such_call' });

    const post = await t.post('/v1/sub/no_such_proc', { a: '1' });
    expect(post.status).toBe(404);
    expectEnvelope(post.body);
    expect(post.body.rslt_cd).toBe(ResultCode.NOT_FOUND);
  });

  it('a fault answers 500 with rslt_cd 9999 and neither a stack nor the SQL', async () => {
    const res = await t.post('/v1/probe/fault', {}, { lang: 'ko' });
    expect(res.status).toBe(500);
    expectEnvelope(res.body);
    expect(res.body.rslt_cd).toBe(ResultCode.INTERNAL_ERROR);
    expect(res.body.rslt_msg).toBe(resultMessage('INTERNAL_ERROR', 'ko'));
    expect(res.body.rslt_set).toEqual({});
    const text = await res.response.text();
    for (const leak of ['insert into', 'password_hash', 'duplicate key', 'secret.ts', 'at Object', 'Error', 'stack', '.ts:']) {
      expect(text, leak).not.toContain(leak);
    }
  });

  it('a real PostgreSQL error answers 500 with rslt_cd 9999 and does not leak the SQL', async () => {
    const res = await t.get('/v1/probe/sql', {}, { lang: 'en' });
    expect(res.status).toBe(500);
    expectEnvelope(res.body);
    expect(res.body.rslt_cd).toBe(ResultCode.INTERNAL_ERROR);
    expect(res.body.rslt_msg).toBe('A temporary error occurred. Please try again shortly.');
    const text = await res.response.text();
    for (const leak of ['no_such_table_for_probe', 'secret_column', 'relation', 'select', 'does not exist', 'node_modules']) {
      expect(text, leak).not.toContain(leak);
    }
  });

  it('the server keeps answering after faults', async () => {
    const res = await t.get('/v1/pubapi/api_site_cache_info');
    expect(res.status).toBe(200);
    expect(res.body.rslt_cd).toBe(0);
  });
});
