import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import type { Bus } from './bus.js';
import { createBus } from './bus.redis.js';
import { connectExternal, type Database } from './db.js';
import { listenPageChanges, PAGE_CHANGES_CHANNEL, PageCache, signalPageChanges, tablesOf } from './page-cache.js';

/**
 * The anonymous page cache across processes (issue 20, docs/decisions/012-anonymous-page-cache.md): process
 * A writes to the database, process B (another web process of the same installation: its own cache and
 * Redis connection) serves a cached page. B's copy must go within a second of A's write, though its own
 * lifetime here is a minute: only the `pages.changed` message over Redis can have cleared it.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `pc${randomBytes(4).toString('hex')}:`;
let test: TestDatabase;
let database: Database;
let busA: Bus;
let busB: Bus;
let server: Server;
const stops: Array<() => unknown> = [];
let renders = 0;

beforeAll(async () => {
  test = await createTestDatabase('byeol_page_changes');
  database = await connectExternal(test.url, 2);
  await database.pool.query('create table probe (id serial primary key, v text)');
  [busA, busB] = await Promise.all([createBus(REDIS_URL, PREFIX), createBus(REDIS_URL, PREFIX)]);
  const log = { warn: (o: object, m: string) => console.warn(m, o) };
  // Process A: its own pages (none asked for here) and the signal of its writes.
  stops.push(signalPageChanges(database, busA, new PageCache({ ttlMs: 60_000, maxEntries: 10 }), log, 'process-a'));
  // Process B: a page served from its cache, rendered afresh only when asked after a clear.
  const cacheB = new PageCache({ ttlMs: 60_000, maxEntries: 10 });
  stops.push(await listenPageChanges(busB, cacheB, [PAGE_CHANGES_CHANNEL]));
  server = createServer((req, res) => {
    const key = cacheB.keyOf(req);
    if (key === null) throw new Error('the test page is anonymous');
    void cacheB.serve(key, req, res, async () => ({
      status: 200,
      headers: new Headers({ 'content-type': 'text/html; charset=utf-8' }),
      body: Buffer.from(`render ${++renders}`),
    }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await new Promise((resolve) => server?.close(resolve));
  await Promise.all([busA?.close(), busB?.close()]);
  await database?.close();
  await test?.drop();
});

function page(): Promise<{ state: string; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ state: String(res.headers['x-page-cache']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

it("clears another process's cached page within a second of a write, and keeps it while nothing changes", async () => {
  expect(await page()).toEqual({ state: 'MISS', body: 'render 1' });
  expect(await page()).toEqual({ state: 'HIT', body: 'render 1' });
  // A read on A is no change: B still answers its copy after A's answer came back.
  await database.pool.query('select count(*) from probe');
  expect(await page()).toEqual({ state: 'HIT', body: 'render 1' });

  const wrote = Date.now();
  await database.pool.query(`insert into probe (v) values ('a change')`);
  await expect.poll(async () => (await page()).body, { timeout: 1_000, interval: 10 }).toBe('render 2');
  expect(Date.now() - wrote).toBeLessThan(1_000);
  expect(await page()).toEqual({ state: 'HIT', body: 'render 2' });
});

it('delivers the last of a burst of writes: a page cached in the middle of the burst does not outlive it', async () => {
  let cachedMidway = 0;
  for (let i = 0; i < 20; i++) {
    await database.pool.query(`insert into probe (v) values ('burst ${i}')`);
    // Cached between writes a few milliseconds apart: the clears that follow fall in the throttle's
    // window, and only its trailing clear can drop this copy.
    if (i === 15) cachedMidway = Number((await page()).body.split(' ')[1]);
  }
  await expect.poll(async () => Number((await page()).body.split(' ')[1]), { timeout: 1_000, interval: 20 }).toBeGreaterThan(cachedMidway);
});

it("changes no page with a write to a member's own rows (a session, a recent view)", async () => {
  const [user] = (await database.pool.query(`insert into users (id, nick) values ('pcprobe', 'pcprobe') returning user_key`)).rows;
  await database.pool.query(
    `insert into user_session (token_hash, user_key, expires_at) values ('pc-probe', $1, now() + interval '1 day')`,
    [user.user_key],
  );
  // The user row is public: let its clear (and a throttle's trailing one) land, then hold a fresh copy.
  const settled = () => new Promise((resolve) => setTimeout(resolve, 300));
  await settled();
  await page();
  const held = (await page()).body;
  await database.pool.query(`update user_session set last_seen_at = now() where token_hash = 'pc-probe'`);
  await database.pool.query(`insert into broadcast_view (user_key, vod_key) values ($1, 'pcprobevod')`, [user.user_key]);
  // Longer than the throttle's window and a bus round trip: a clear would have landed by now.
  await settled();
  expect(await page()).toEqual({ state: 'HIT', body: held });
  // A public table still clears it.
  await database.pool.query(`insert into probe (v) values ('public again')`);
  await expect.poll(async () => (await page()).body, { timeout: 1_000, interval: 10 }).not.toBe(held);
});

it('tells the other processes which tables changed, and who changed them', async () => {
  const heard: unknown[] = [];
  const off = await busB.subscribe(PAGE_CHANGES_CHANNEL, (message) => heard.push(message));
  try {
    // Past the throttle's window of the tests before: this write goes out at once, alone.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await database.pool.query(`insert into probe (v) values ('told')`);
    await expect.poll(() => heard.length, { timeout: 1_000, interval: 10 }).toBeGreaterThan(0);
    expect(heard[0]).toEqual({ from: 'process-a', tables: ['probe'] });
    expect(tablesOf(heard[0])).toEqual(new Set(['probe']));
    expect(tablesOf({ from: 'old process' })).toBeNull();
  } finally {
    await off();
  }
});
