// Sustained star gifts per second through Byeol's ledger, beside `pgbench -b tpcb-like` on the same
// PostgreSQL in the same invocation (ANCHORS.md "HTTP and PostgreSQL"): many funded wallets gift a few hot
// broadcasters, first by direct calls of the ledger service (many concurrent callers, batched), then the
// same service with batching off (one wallet_apply call per gift, the anchors' "one SQL function call"),
// then over HTTP (POST /v1/star/user_star_use_proc, the server in its own process). The full ledger check
// runs at the end: it must find zero drift. Details: docs/wallet-ledger.md#benchmark.
//
// Run: npm run bench:ledger -- [--seconds 10] [--wallets 10000] [--bjs 5] [--callers 2000]
//        [--connections 100] [--batch 300] [--concurrency 4] [--skip-http] [--skip-pgbench]
//        [--skip-service] [--skip-floor] [--workers 1] [--analyze]
// DATABASE_URL: a PostgreSQL server to create the bench databases on; unset: an embedded PostgreSQL.
import { type ChildProcess, execFile, execFileSync, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedSiteDefaults } from '../apps/server/src/modules/site/site.repository.js';
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS } from '../apps/server/src/modules/users/users.session.js';
import { LEDGER_BATCH } from '../apps/server/src/modules/wallet/wallet.batcher.js';
import { LedgerService } from '../apps/server/src/modules/wallet/wallet.service.js';
import { verifyLedger } from '../apps/server/src/modules/wallet/wallet.verify.js';
import { connectExternal, migrateDatabase } from '../apps/server/src/platform/db.js';
import { createTestDatabase } from '../apps/server/src/testing/database.js';
import { withCpu } from './cpu.js';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    wallets: { type: 'string', default: '10000' },
    bjs: { type: 'string', default: '5' },
    callers: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '100' },
    batch: { type: 'string', default: String(LEDGER_BATCH.maxBatch) },
    concurrency: { type: 'string', default: String(LEDGER_BATCH.concurrency) },
    'pool-max': { type: 'string', default: '8' },
    'skip-http': { type: 'boolean', default: false },
    'skip-pgbench': { type: 'boolean', default: false },
    'skip-service': { type: 'boolean', default: false },
    'skip-floor': { type: 'boolean', default: false },
    // API processes for the HTTP figures (node:cluster, one port): 2 is one per core here.
    workers: { type: 'string', default: '1' },
    // ANALYZE right after the funding (as pgbench -i leaves its tables): the tables the run fills are then
    // planned as empty, the case a kept plan must survive (migrations 0039 and 0040).
    analyze: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(opts.seconds);
const WARMUP = Number(opts.warmup);
const WALLETS = Number(opts.wallets);
const BJS = Number(opts.bjs);
const CALLERS = Number(opts.callers);
const CONNECTIONS = Number(opts.connections);
const BATCH = Number(opts.batch);
const CONCURRENCY = Number(opts.concurrency);
const POOL_MAX = Number(opts['pool-max']);
const FUNDS = 1_000_000_000;
const run = promisify(execFile);

// Other people measure on this 2-core machine: wait until their benchmarks and CI runs are done.
const OTHERS = 'bench:chat|chat-fanout|ci/run';
for (let waited = 0; ; waited++) {
  let busy = '';
  try {
    busy = execFileSync('pgrep', ['-f', OTHERS], { encoding: 'utf8' }).trim();
  } catch {
    busy = ''; // pgrep exits 1 when nothing matches
  }
  const mine = new Set([String(process.pid), String(process.ppid)]);
  const pids = busy.split('\n').filter((p) => p && !mine.has(p));
  if (pids.length === 0) break;
  if (waited % 12 === 0) console.log(`waiting: other measurements are running (pgrep -f "${OTHERS}": ${pids.join(' ')})`);
  await sleep(5000);
}

const bench = await createTestDatabase('byeol_bench_ledger');
const where = process.env.DATABASE_URL ? 'PostgreSQL of DATABASE_URL' : 'embedded PostgreSQL';
const database = await connectExternal(bench.url, POOL_MAX);
await migrateDatabase(database.pool);
await seedSiteDefaults(database.db);
const versions = (await database.pool.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';

// ---- pgbench on a scratch database of the same server --------------------------------------------

const scratchName = `byeol_bench_pgbench_${process.pid}`;
const scratchUrl = new URL(bench.url);
scratchUrl.pathname = `/${scratchName}`;
async function admin(sql: string) {
  const url = new URL(bench.url);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function pgbench(label: string): Promise<Row> {
  const {
    result: { stdout },
    cpu,
  } = await withCpu(() =>
    run('pgbench', ['-b', 'tpcb-like', '-c', '16', '-j', '2', '-T', String(SECONDS), '-n', scratchUrl.toString()], { maxBuffer: 1 << 20 }),
  );
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
  const lat = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? Number.NaN);
  return {
    cpu: cpu.replace(/, PostgreSQL.*$/, ''),
    name: label,
    rate: tps,
    unit: 'tps',
    p50: lat,
    p99: Number.NaN,
    note: '16 clients, 2 threads, scale 10; p50 column = average latency',
  };
}

interface Row {
  cpu?: string;
  name: string;
  rate: number;
  unit: string;
  p50: number;
  p99: number;
  note: string;
}
const rows: Row[] = [];

if (!opts['skip-pgbench']) {
  await admin(`create database "${scratchName}"`);
  await run('pgbench', ['-i', '-s', '10', '-q', scratchUrl.toString()], { maxBuffer: 1 << 22 });
  rows.push(await pgbench('pgbench -b tpcb-like (baseline, before)'));
}

// ---- wallets, broadcasters, sessions, funding -----------------------------------------------------

const client = database.pool;
await client.query(
  `insert into users (id, nick) select 'bw' || g, 'bw' || g from generate_series(1, $1) g;
   `.trim(),
  [WALLETS],
);
await client.query(`insert into users (id, nick, type_cd, role) select 'bb' || g, 'bb' || g, 'bj', 'bj' from generate_series(1, $1) g`, [
  BJS,
]);
const walletKeys = (await client.query<{ user_key: string }>("select user_key from users where id like 'bw%' order by user_key")).rows.map(
  (r) => Number(r.user_key),
);
const bjKeys = (await client.query<{ user_key: string }>("select user_key from users where id like 'bb%' order by user_key")).rows.map(
  (r) => Number(r.user_key),
);
const vodKeys = bjKeys.map(() => randomBytes(6).toString('hex'));
await client.query(
  `insert into broadcast (vod_key, bj_user_key, title, state) select v, b, 'bench', 'live' from unnest($1::text[], $2::bigint[]) as x(v, b)`,
  [vodKeys, bjKeys],
);
const tokens = walletKeys.map(() => randomBytes(32).toString('base64url'));
// Sessions as a login leaves them (SESSION_TTL_MS ahead): a session a day from expiring would have its
// expiry moved forward, one UPDATE and a Set-Cookie, on its first request of the run (modules/users/users.session.ts).
await client.query(
  `insert into user_session (token_hash, user_key, expires_at) select h, u, now() + $3 * interval '1 millisecond' from unnest($1::text[], $2::bigint[]) as x(h, u)`,
  [tokens.map(hashToken), walletKeys, SESSION_TTL_MS],
);

const funding = new LedgerService({ db: database.db, pool: database.pool, batch: { maxBatch: 500 } });
const t0 = Date.now();
await Promise.all(walletKeys.map((u) => funding.grant(0, u, 'STAR', FUNDS, 'bench funding', `fund-${u}`)));
const fundMs = Date.now() - t0;
await funding.close();
// By default no ANALYZE here: the tables stay as a fresh database's, planned by their size. With --analyze,
// the empty tables (fan_club, level_state, user_item) are planned as empty and those plans kept by each
// connection while the tables fill within seconds: the ledger's functions and user_info's summary read by
// key whatever the statistics say since migrations 0039 and 0040 (docs/wallet-ledger.md, "plans kept from
// empty tables").
if (opts.analyze) await database.pool.query('analyze');

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

// ---- the ledger service, direct calls -------------------------------------------------------------

async function serviceRun(label: string, batch: { maxBatch: number; concurrency: number }, callers: number): Promise<Row> {
  const ledger = new LedgerService({ db: database.db, pool: database.pool, batch });
  let measuring = false;
  let stop = false;
  let done = 0;
  const failures = new Map<string, number>();
  const latencies: number[] = [];
  const caller = async () => {
    while (!stop) {
      const started = performance.now();
      try {
        await ledger.gift(pick(walletKeys), pick(bjKeys), 1 + Math.floor(Math.random() * 10), randomUUID());
        if (measuring) {
          done++;
          latencies.push(performance.now() - started);
        }
      } catch (err) {
        if (measuring) {
          const code = (err as { code?: string }).code ?? (err as Error).message;
          failures.set(code, (failures.get(code) ?? 0) + 1);
        }
      }
    }
  };
  const callersDone = Promise.all(Array.from({ length: callers }, caller));
  await sleep(WARMUP * 1000);
  const statsBefore = { ...ledger.batcher.stats };
  const fansBefore = { ...ledger.fans.stats };
  measuring = true;
  const started = performance.now();
  const { cpu } = await withCpu(() => sleep(SECONDS * 1000));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  const stats = ledger.batcher.stats;
  // Fans and rankings are written after each commit, off the answer's path: how many of the window's gifts
  // they counted within it, and how long the rest took once the callers stopped.
  const fansCounted = ledger.fans.stats.gifts - fansBefore.gifts;
  stop = true;
  await callersDone;
  const drainStarted = performance.now();
  await ledger.close();
  const drainMs = performance.now() - drainStarted;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  const batches = stats.batches - statsBefore.batches;
  const postings = stats.postings - statsBefore.postings;
  return {
    cpu,
    name: label,
    rate: done / seconds,
    unit: 'gifts/s',
    p50: at(0.5),
    p99: at(0.99),
    note: `${callers} callers, ${(postings / Math.max(1, batches)).toFixed(0)} gifts per batch on average; fans and rankings: ${Math.round(fansCounted / seconds).toLocaleString('en-US')} gifts/s counted in the window, the rest ${drainMs.toFixed(0)} ms after${
      failures.size ? `; failed: ${[...failures].map(([c, n]) => `${n} ${c}`).join(', ')}` : ''
    }`,
  };
}

if (!opts['skip-service']) {
  rows.push(
    await serviceRun(
      `ledger service, batched (≤ ${BATCH} per statement, ${CONCURRENCY} in flight)`,
      { maxBatch: BATCH, concurrency: CONCURRENCY },
      CALLERS,
    ),
  );
  rows.push(await serviceRun('ledger service, one wallet_apply call per gift', { maxBatch: 1, concurrency: POOL_MAX }, 64));
}

// ---- the floor: the same rows written by plain SQL -----------------------------------------------

/**
 * What writing a batch's rows costs this PostgreSQL without deciding anything: pgbench runs transactions
 * of BATCH gifts by distinct payers (locked in account order, as wallet_apply locks them), each writing
 * the rows a paid gift writes — the transaction, its two entries, the payer's and the BJ's balances, and
 * its fan, ranking and counted rows — into copies of the ledger's tables (same columns, constraints and
 * indexes) in a schema of their own, with CONCURRENCY clients. No idempotency check, no balance decision,
 * no running balances, no answers, no fan club; fans and rankings in the same transaction rather than a
 * second one. So no ledger can beat it on this machine: the service's rate over this one is what the
 * ledger's logic and Node leave of the bare writes.
 */
async function floorRun(): Promise<Row> {
  const f = 'bench_floor';
  await client.query(`drop schema if exists ${f} cascade; create schema ${f}`);
  for (const t of ['wallet_account', 'wallet_txn', 'wallet_entry', 'bj_fan', 'star_gift_rank', 'fan_counted']) {
    await client.query(`create table ${f}.${t} (like public.${t} including all)`);
  }
  await client.query(`insert into ${f}.wallet_account select * from public.wallet_account; create sequence ${f}.txn_seq`);
  const earningsOf = new Map(
    (
      await client.query<{ user_key: string; account_id: string }>(
        "select user_key, account_id from wallet_account where kind = 'earnings' and currency = 'STAR' and user_key = any($1::bigint[])",
        [bjKeys],
      )
    ).rows.map((r) => [Number(r.user_key), Number(r.account_id)]),
  );
  const earnings = bjKeys.map((bj) => earningsOf.get(bj));
  // Payers spread over all the wallets like random ones (a stride prime to their number from a random
  // start: distinct within a transaction, few shared between concurrent ones), locked in account order.
  const span = (
    await client.query<{ lo: string; hi: string; n: string }>(
      "select min(account_id) as lo, max(account_id) as hi, count(*) as n from wallet_account where kind = 'wallet' and currency = 'STAR' and user_key is not null",
    )
  ).rows[0];
  const [lo, n] = [Number(span?.lo), Number(span?.n)];
  if (Number(span?.hi) - lo + 1 !== n) throw new Error('the floor expects the STAR wallets to have consecutive account ids');
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = Math.floor(n * 0.618) + 1;
  while (gcd(stride, n) !== 1) stride++;
  const payers = `select a.account_id, a.user_key, 1 + (a.account_id + :seed) % 10 as amount, 1 + (a.account_id + :seed) % ${BJS} as b
    from generate_series(0, ${BATCH - 1}) i join ${f}.wallet_account a on a.account_id = ${lo} + (:off + i * ${stride}) % ${n}
    order by a.account_id`;
  const script = `\\set off random(0, ${n - 1})
\\set seed random(0, 1000000)
begin;
with w as (${payers} for update), g as (
  select w.*, nextval('${f}.txn_seq') as txn_id, ('{${bjKeys.join(',')}}'::bigint[])[b] as bj,
    ('{${earnings.join(',')}}'::bigint[])[b] as earn, ('{${vodKeys.join(',')}}'::text[])[b] as vk from w
), txn as (
  insert into ${f}.wallet_txn (txn_id, kind, state, actor_user_key, idem_key, fingerprint, currency, amount, from_account_id, payer_balance, meta, created_at)
  select txn_id, 'gift', 'done', user_key, gen_random_uuid()::text, 'fp', 'STAR', amount, account_id, 0,
    jsonb_build_object('vod_key', vk, 'bj_user_key', bj), now() from g
), entry as (
  insert into ${f}.wallet_entry (txn_id, leg, account_id, amount, balance_after)
  select txn_id, 0, account_id, -amount, 0 from g union all select txn_id, 1, earn, amount, 0 from g
), paid as (
  update ${f}.wallet_account a set balance = a.balance - g.amount from g where a.account_id = g.account_id
), counted as (
  insert into ${f}.fan_counted (txn_id) select txn_id from g
), fans as (
  insert into ${f}.bj_fan as x (bj_user_key, user_key, star_total, gift_cnt, first_gift_at, last_gift_at)
  select bj, user_key, amount, 1, now(), now() from g order by bj, user_key
  on conflict (bj_user_key, user_key) do update set star_total = x.star_total + excluded.star_total, gift_cnt = x.gift_cnt + 1, last_gift_at = excluded.last_gift_at
), ranks as (
  insert into ${f}.star_gift_rank as x (vod_key, user_key, star_total, gift_cnt, last_gift_at)
  select vk, user_key, amount, 1, now() from g order by vk, user_key
  on conflict (vod_key, user_key) do update set star_total = x.star_total + excluded.star_total, gift_cnt = x.gift_cnt + 1, last_gift_at = excluded.last_gift_at
)
select count(*) from g;
select 1 from ${f}.wallet_account where account_id = any('{${earnings.join(',')}}'::bigint[]) order by account_id for update;
update ${f}.wallet_account a set balance = a.balance + s.amount
from (select ('{${earnings.join(',')}}'::bigint[])[b] as earn, sum(amount) as amount from (${payers}) p group by 1) s where a.account_id = s.earn;
commit;
`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'byeol-floor-'));
  const file = path.join(dir, 'floor.sql');
  writeFileSync(file, script);
  try {
    const args = ['-n', '-c', String(CONCURRENCY), '-j', '1', '-f', file, bench.url];
    await run('pgbench', ['-T', String(WARMUP), ...args], { maxBuffer: 1 << 20 });
    const written = async () => Number((await client.query<{ n: string }>(`select count(*) as n from ${f}.wallet_txn`)).rows[0]?.n);
    const before = await written();
    const {
      result: { stdout },
      cpu,
    } = await withCpu(() => run('pgbench', ['-T', String(SECONDS), ...args], { maxBuffer: 1 << 20 }));
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
    const lat = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? Number.NaN);
    const failed = /number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? '?';
    const stored = (await written()) - before;
    return {
      cpu: cpu.replace(/, PostgreSQL.*$/, ' (PostgreSQL and pgbench)'),
      name: `the floor: a gift's rows by plain SQL (pgbench, ${BATCH} gifts per transaction, ${CONCURRENCY} clients)`,
      rate: tps * BATCH,
      unit: 'gifts/s',
      p50: lat,
      p99: Number.NaN,
      note: `copies of the ledger's tables; no decisions, no idempotency, no running balances, no fan club; p50 column = average latency of a transaction; ${stored.toLocaleString('en-US')} gifts written in the window, ${failed} transactions failed`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await client.query(`drop schema ${f} cascade`);
  }
}
if (!opts['skip-floor']) rows.push(await floorRun());

// ---- over HTTP --------------------------------------------------------------------------------------

if (!opts['skip-http']) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'ledger-server.ts'), [bench.url], {
    // LEDGER_BENCH_NODE_ARGS adds node flags to the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    execArgv: [...(process.env.LEDGER_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx'],
    env: { ...process.env, LEDGER_BENCH_WORKERS: opts.workers },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port, bare, pids } = await new Promise<{ port: number; bare: number; pids: number[] }>((resolve) =>
    child.once('message', (m) => resolve(m as { port: number; bare: number; pids: number[] })),
  );
  // The API's processes: the server itself, or its workers beside it (their primary only hands connections over).
  const apiPids = [child.pid as number, ...pids];
  const txnsNow = async () =>
    Number((await client.query<{ n: string }>("select count(*) as n from wallet_txn where kind = 'gift' and state = 'done'")).rows[0]?.n);
  const cookieOf = () => `${SESSION_COOKIE}=${tokens[Math.floor(Math.random() * tokens.length)]}`;
  const giftRequest = (req: autocannon.Request) => ({
    ...req,
    method: 'POST' as const,
    path: '/v1/star/user_star_use_proc',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-api-mode': 'TRUE',
      'x-requested-with': 'xmlhttprequest',
      cookie: cookieOf(),
    },
    body: `vod_key=${pick(vodKeys)}&star_cnt=${1 + Math.floor(Math.random() * 10)}&idempotency_key=${randomUUID()}`,
  });
  const userInfoRequest = (req: autocannon.Request) => ({
    ...req,
    method: 'GET' as const,
    path: '/v1/user/user_info',
    headers: { cookie: cookieOf() },
  });
  const fire = (duration: number, setupRequest: (req: autocannon.Request) => autocannon.Request, target = port) => {
    let ok = 0;
    let other = 0;
    return new Promise<{ result: autocannon.Result; ok: number; other: number }>((resolve, reject) => {
      autocannon(
        {
          url: `http://127.0.0.1:${target}`,
          connections: CONNECTIONS,
          duration,
          requests: [
            {
              setupRequest,
              onResponse: (_status, body) => {
                if (body.startsWith('{"rslt_cd":0,')) ok++;
                else other++;
              },
            },
          ],
        },
        (err, result) => (err ? reject(err) : resolve({ result, ok, other })),
      );
    });
  };
  const serverStats = () =>
    new Promise<{ batches: number; postings: number }>((resolve) => {
      child.once('message', (m) => resolve((m as { stats: { batches: number; postings: number } }).stats));
      child.send('stats');
    });

  // What HTTP alone costs on this machine: a bare Fastify answering the envelope, same load generator.
  const bareRequest = (req: autocannon.Request) => ({ ...req, method: 'GET' as const, path: '/envelope' });
  await fire(WARMUP, bareRequest, bare);
  const bareRun = await withCpu(() => fire(SECONDS, bareRequest, bare), child.pid);
  rows.push({
    cpu: bareRun.cpu,
    name: 'HTTP bare Fastify 5, JSON envelope (baseline: HTTP alone)',
    rate: bareRun.result.ok / SECONDS,
    unit: 'req/s',
    p50: bareRun.result.result.latency.p50,
    p99: bareRun.result.result.latency.p99,
    note: `autocannon -c ${CONNECTIONS}`,
  });

  // A logged-in read on the same server (session lookup + wallet balances): what one call costs here.
  await fire(WARMUP, userInfoRequest);
  const info = await withCpu(() => fire(SECONDS, userInfoRequest), apiPids);
  rows.push({
    cpu: info.cpu,
    name: 'HTTP GET /v1/user/user_info (baseline: session + wallet lookup)',
    rate: info.result.ok / SECONDS,
    unit: 'req/s',
    p50: info.result.result.latency.p50,
    p99: info.result.result.latency.p99,
    note: `autocannon -c ${CONNECTIONS}${info.result.other ? `, ${info.result.other} other answers` : ''}`,
  });

  await fire(WARMUP, giftRequest);
  const before = await txnsNow();
  const statsBefore = await serverStats();
  const {
    result: { result, ok, other },
    cpu,
  } = await withCpu(() => fire(SECONDS, giftRequest), apiPids);
  const statsAfter = await serverStats();
  const after = await txnsNow();
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  const stored = after - before;
  const perBatch = (statsAfter.postings - statsBefore.postings) / Math.max(1, statsAfter.batches - statsBefore.batches);
  rows.push({
    cpu,
    name: `HTTP POST /v1/star/user_star_use_proc (server in its own process${pids.length > 1 ? `, ${pids.length} workers` : ''})`,
    rate: ok / SECONDS,
    unit: 'gifts/s',
    p50: result.latency.p50,
    p99: result.latency.p99,
    note: `autocannon -c ${CONNECTIONS}; ${perBatch.toFixed(0)} gifts per batch on average; ${stored} gifts stored in the window${other ? `, ${other} other answers` : ''}${result.non2xx ? `, ${result.non2xx} non-2xx` : ''}`,
  });
}

if (!opts['skip-pgbench']) {
  rows.push(await pgbench('pgbench -b tpcb-like (baseline, after)'));
  await admin(`drop database if exists "${scratchName}" with (force)`);
}

// ---- the ledger check ---------------------------------------------------------------------------

const report = await verifyLedger(database.pool, { full: true, advance: false });
const totals = (
  await client.query<{ gifts: string; amount: string; refused: string }>(
    `select count(*) filter (where state = 'done') as gifts, coalesce(sum(amount) filter (where state = 'done'), 0) as amount,
            count(*) filter (where state = 'refused') as refused
     from wallet_txn where kind = 'gift'`,
  )
).rows[0];
const earned = (await client.query<{ s: string }>("select coalesce(sum(balance), 0) as s from wallet_account where kind = 'earnings'"))
  .rows[0]?.s;
const walletsLeft = (await client.query<{ s: string }>("select coalesce(sum(balance), 0) as s from wallet_account where kind = 'wallet'"))
  .rows[0]?.s;

await database.close();
await bench.drop();

const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const base = rows.filter((r) => r.unit === 'tps').map((r) => r.rate);
const baseMean = base.length ? base.reduce((a, b) => a + b, 0) / base.length : Number.NaN;
console.log(
  `\nledger bench: ${WALLETS.toLocaleString('en-US')} funded wallets → ${BJS} broadcasters, gifts of 1–10 STAR, ${SECONDS} s per figure (${WARMUP} s warm-up), ` +
    `${where} ${versions}, pool ${POOL_MAX}, node ${process.version}, ${os.cpus().length} cores`,
);
console.log(`funding: ${WALLETS.toLocaleString('en-US')} audited grants in ${fundMs} ms`);
console.log(
  '| target | rate | unit | p50 ms | p99 ms | vs mean pgbench tps | CPU (100 % = one core) | notes |\n|---|---|---|---|---|---|---|---|',
);
for (const r of rows) {
  const vs = Number.isFinite(baseMean) ? `${((r.rate / baseMean) * 100).toFixed(0)} %` : '–';
  console.log(`| ${r.name} | ${fmt(r.rate)} | ${r.unit} | ${ms(r.p50)} | ${ms(r.p99)} | ${vs} | ${r.cpu ?? '–'} | ${r.note} |`);
}
console.log(
  `\nledger check (full, after every run): ${report.ok ? 'OK, zero drift' : 'DRIFT'}: ${report.accounts.toLocaleString('en-US')} accounts, ` +
    `${report.txns_checked.toLocaleString('en-US')} transactions, ${report.drift.length} drifting accounts, ${report.unbalanced_count} unbalanced transactions, ` +
    `supply ${JSON.stringify(report.supply)}, ${report.ms} ms`,
);
console.log(
  `gifts stored: ${Number(totals?.gifts).toLocaleString('en-US')} (${Number(totals?.amount).toLocaleString('en-US')} STAR, ${totals?.refused} refused); ` +
    `broadcasters earned ${Number(earned).toLocaleString('en-US')} STAR; wallets hold ${Number(walletsLeft).toLocaleString('en-US')} ` +
    `= ${WALLETS} × ${FUNDS.toLocaleString('en-US')} − gifts: ${Number(walletsLeft) === WALLETS * FUNDS - Number(totals?.amount) ? 'exact' : 'MISMATCH'}`,
);
process.exit(report.ok ? 0 : 1);
