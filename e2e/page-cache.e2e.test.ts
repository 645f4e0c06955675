import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accountsEndpoints, streamEndpoints } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STUDIO } from '../apps/server/src/demo/demo.seed.js';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/testing/database.js';
import { apiClient, call, joinByApi } from './support/members.js';
import { type RunningPlatform, startPlatform } from './support/platform.js';
import { publish, stopPublisher } from './support/publisher.js';
import { decoded, type Raw, rawGet } from './support/raw-http.js';

/**
 * Issue 20: anonymous pages are rendered once a second for everybody (platform/page-cache.ts). What a
 * visitor could notice if it went wrong: somebody else's name on their page, a signed-in member getting a
 * page made for nobody, a broadcast that started but is missing from the lists, a language mixed up.
 * Raw HTTP, so the test sees the headers and bytes as they travel. A platform of its own with the cache
 * as shipped: the shared e2e platform turns it off (support/platform.ts), since other files change rows by
 * hand in SQL, which nothing announces to a running platform.
 */
let baseUrl = '';
let db: TestDatabase | undefined;
let platform: RunningPlatform | undefined;
const run = randomBytes(3).toString('hex');
const publishers: ChildProcess[] = [];

beforeAll(async () => {
  if (process.env.DATABASE_URL) db = await createTestDatabase('byeol_e2e_page_cache');
  platform = await startPlatform({ DATABASE_URL: db?.url, PAGE_CACHE_MS: '1000', SESSION_CACHE_MS: '5000' });
  baseUrl = platform.url;
});
afterAll(async () => {
  await Promise.all(publishers.map(stopPublisher));
  await platform?.stop();
  await db?.drop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  rawGet(baseUrl, path, headers['accept-encoding'] ?? 'identity', headers);
const text = (r: Raw) => r.body.toString('utf8');
/** A path no other test asks for, so this test's first request is a miss. */
const fresh = (tag: string) => `/?pc=${run}-${tag}`;

describe('the anonymous page cache', () => {
  it('renders an anonymous page once and serves the same bytes to the next visitor, compressed to the same bytes', async () => {
    const path = fresh('same');
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers['x-page-cache']).toBe('MISS');
    // Visitors within the cache's second get that one copy: identity, brotli and gzip, asked side by side,
    // are the same bytes (asked again until all three come from one fresh copy: on a busy machine a render
    // may outlast the second, and a database write clears the cache).
    let plain = first;
    await expect
      .poll(
        async () => {
          const [a, br, gz] = await Promise.all([
            get(path),
            get(path, { 'accept-encoding': 'br' }),
            get(path, { 'accept-encoding': 'gzip' }),
          ]);
          plain = a;
          const hits = [a, br, gz].every((r) => r.headers['x-page-cache'] === 'HIT');
          return (
            hits &&
            br.headers['content-encoding'] === 'br' &&
            gz.headers['content-encoding'] === 'gzip' &&
            decoded(br).equals(a.body) &&
            decoded(gz).equals(a.body)
          );
        },
        { timeout: 10_000, interval: 20 },
      )
      .toBe(true);
    // A cache in front may keep it as briefly as we do, once per language cookie and encoding.
    expect(plain.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=1$/);
    expect(String(plain.headers.vary)).toMatch(/Cookie/);
    expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/);
    // The CSP nonce of the cached page matches the policy sent with it (scripts run).
    const nonce = /nonce="([^"]+)"/.exec(text(plain))?.[1];
    expect(nonce).toBeTruthy();
    expect(String(plain.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
  });

  it('keeps one page per language: the language cookie picks its own copy', async () => {
    const path = fresh('lang');
    const ko = await get(path);
    const en = await get(path, { cookie: 'xlang=en' });
    const ja = await get(path, { cookie: 'xlang=ja' });
    expect(text(ko)).toContain('<html lang="ko"');
    expect(text(en)).toContain('<html lang="en"');
    expect(text(ja)).toContain('<html lang="ja"');
    expect(en.headers['x-page-cache']).toBe('MISS');
    // The English copy is served as English from the cache (asked again until a copy is fresh: on a busy
    // machine the renders above may outlast the cache's second, and a database write clears it).
    await expect
      .poll(
        async () => {
          const again = await get(path, { cookie: 'xlang=en' });
          return `${again.headers['x-page-cache']} ${text(again).includes('<html lang="en"')}`;
        },
        { timeout: 10_000, interval: 20 },
      )
      .toBe('HIT true');
  });

  it('never serves a signed-in member from the cache, and never shows a member on a cached page', async () => {
    const client = await apiClient(baseUrl);
    const nick = `캐시${run}`;
    await joinByApi(client, { id: `pcache${run}`, nick });
    const session = (await client.storageState()).cookies.find((c) => c.name === 'byeol_sid');
    expect(session, 'the join signed the client in').toBeTruthy();
    const cookie = `byeol_sid=${session?.value}; xlang=ko`;
    const path = fresh('member');

    // The member asks first: their page is rendered for them alone and says who they are.
    const mine = await get(path, { cookie });
    expect(mine.status).toBe(200);
    expect(mine.headers['x-page-cache']).toBeUndefined();
    expect(String(mine.headers['cache-control'])).toContain('private');
    expect(text(mine)).toContain(nick);
    // A visitor right after gets a page made for nobody.
    const anonymous = await get(path);
    expect(anonymous.headers['x-page-cache']).toBe('MISS');
    expect(text(anonymous)).not.toContain(nick);
    // The member again, with the anonymous page now cached: still their own page.
    const again = await get(path, { cookie });
    expect(again.headers['x-page-cache']).toBeUndefined();
    expect(text(again)).toContain(nick);
    await client.dispose();
  });

  it('shows a broadcast that just started on the cached live list within the cache lifetime', { timeout: 60_000 }, async () => {
    const studio = await apiClient(baseUrl);
    await call(studio, accountsEndpoints.login, { id: DEMO_STUDIO.id, passwd: DEMO_STUDIO.password });
    const title = `캐시 라이브 ${run}`;
    await call(studio, streamEndpoints.updateSettings, { title });
    const info = await studio.get('/v1/mypage/stream_info?reveal=Y');
    const { rtmp_url, stream_key } = ((await info.json()) as { rslt_set: { rtmp_url: string; stream_key: string } }).rslt_set;
    await studio.dispose();

    // The list page is in the cache before the broadcast starts.
    // (The settings just saved cleared the pages; a clear may still be due within its 100 ms throttle.)
    await expect.poll(async () => (await get('/sub/live')).headers['x-page-cache'], { timeout: 5_000, interval: 50 }).toBe('HIT');
    publishers.push(publish(`${rtmp_url}/${stream_key}`));

    // From the moment the API lists it, the cached page shows it within the cache's second (+ a margin for
    // a busy machine): the start itself clears the cache, the lifetime bounds everything else.
    let listedAt = 0;
    await expect
      .poll(
        async () => {
          const res = await get('/v1/pubapi/play_live_list?order=recent&limit=50');
          const listed = text(res).includes(title);
          if (listed && !listedAt) listedAt = Date.now();
          return listed;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    await expect.poll(async () => text(await get('/sub/live')).includes(title), { timeout: 1_500, interval: 50 }).toBe(true);
    expect(Date.now() - listedAt).toBeLessThan(1_500);
  });
});
