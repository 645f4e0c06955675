// What the page benchmarks share (board.ts, channel.ts): their query lines (one call at a time, p50/p99, and
// EXPLAIN of what one call sends), the web build check, the Byeol platform spawned as `npm start` runs it
// but in production mode, a bare Fastify answering a fixed HTML body in its own process (the baseline), and
// the autocannon runs with their markdown table.
//
// Run as a script (`node --import tsx bench/ssr-harness.ts --serve-bare`), this file is that bare Fastify:
// startBare() forks it and sends the body to serve.
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type pg from 'pg';

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/** The command-line options every page benchmark takes (parseArgs), beside its own data options. */
export const PAGE_BENCH_OPTIONS = {
  /** A line of part 1 stops after this many seconds (and at least 20 calls), for a slow query. */
  'line-seconds': { type: 'string', default: '60' },
  seconds: { type: 'string', default: '10' },
  connections: { type: 'string', default: '10' },
  'no-ssr': { type: 'boolean', default: false },
  /** Prints EXPLAIN (ANALYZE, BUFFERS) of the statements one call of each kind sends. */
  explain: { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
  /** A database a previous `--keep` run left: measure it again without generating anything. */
  url: { type: 'string' },
} as const;

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename && process.argv.includes('--serve-bare')) {
  await serveBare();
}

// ---- child processes ----------------------------------------------------------------------------------

const children: ChildProcess[] = [];
let cleanupInstalled = false;

/** Stops every child started through this file when the bench exits or is interrupted (exit code 130). */
export function stopChildrenOnExit(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  const stopChildren = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  };
  process.once('exit', stopChildren);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopChildren();
      process.exit(130);
    });
  }
}

function track<T extends ChildProcess>(child: T): T {
  stopChildrenOnExit();
  children.push(child);
  return child;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function waitReady(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the Byeol server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000} s`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

// ---- part 1: the calls, one at a time ----------------------------------------------------------------------

export const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/**
 * One latency line per call: `run` is called `n` times one after the other (after `warm` calls, 30 by
 * default, that warm the caches), and the line prints p50, p99 and max; a line stops after `lineSeconds`
 * (and at least 20 calls) for a slow query, n then says how many ran. Answers the p99.
 */
export function latencyLines(lineSeconds: number) {
  const f = (v: number) => v.toFixed(2).padStart(8);
  return async function measure<T>(
    label: string,
    run: (i: number) => Promise<T>,
    n: number,
    o: { warm?: number; names?: string[]; note?: (results: T[]) => string } = {},
  ): Promise<number> {
    for (let i = 0; i < Math.min(o.warm ?? 30, n); i++) await run(i); // warm the caches
    const ms: number[] = [];
    const results: T[] = [];
    const until = performance.now() + lineSeconds * 1000;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      results.push(await run(i));
      ms.push(performance.now() - t0);
      if (i >= 19 && performance.now() > until) break; // a slow line stops early: n says how many ran
    }
    const max = Math.max(...ms);
    const slowest = o.names ? `  slowest: ${o.names[ms.indexOf(max) % o.names.length]}` : '';
    const note = o.note ? `  ${o.note(results)}` : '';
    console.log(
      `${label.padEnd(58)} p50 ${f(quantile(ms, 50))} ms  p99 ${f(quantile(ms, 99))} ms  max ${f(max)} ms  (n=${ms.length})${note}${slowest}`,
    );
    return quantile(ms, 99);
  };
}

export interface Explained {
  label: string;
  text: string;
  values: unknown[];
  plan: string[];
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements one call of each case sends (captured at the pool, each
 * explained with its own parameters), printed; `keep` picks the statements to explain. Answers the plans.
 */
export async function explainCalls(
  pool: pg.Pool,
  cases: [string, () => Promise<unknown>][],
  keep: (text: string) => boolean = () => true,
): Promise<Explained[]> {
  const sent: { text: string; values: unknown[] }[] = [];
  const original = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  (pool as unknown as { query: (...a: unknown[]) => unknown }).query = (q: unknown, values?: unknown, ...rest: unknown[]) => {
    const text = typeof q === 'string' ? q : (q as { text: string }).text;
    const vals = Array.isArray(values) ? values : ((q as { values?: unknown[] }).values ?? []);
    sent.push({ text, values: vals });
    return original(q, values, ...rest);
  };
  const out: Explained[] = [];
  try {
    for (const [label, call] of cases) {
      sent.length = 0;
      await call();
      const statements = [...sent];
      for (const s of statements) {
        if (!keep(s.text) || /^\s*explain/i.test(s.text)) continue;
        const plan = await original(`explain (analyze, buffers) ${s.text}`, s.values);
        console.log(`\n--- ${label}: ${s.text.replace(/\s+/g, ' ').trim()}  ${JSON.stringify(s.values)}`);
        const lines = (plan as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']);
        for (const line of lines) console.log(line);
        out.push({ label, text: s.text, values: s.values, plan: lines });
      }
    }
  } finally {
    (pool as unknown as { query: unknown }).query = original;
  }
  return out;
}

// ---- part 2: the platform and its baseline -------------------------------------------------------------

/** The web build, rebuilt when older than its sources (its log only when the build fails); prints a line. */
export function ensureWebBuild(): void {
  const built = performance.now();
  try {
    const log = execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-web-if-stale.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    console.log(
      `\nweb build: ${log.includes('Building') ? `rebuilt in ${((performance.now() - built) / 1000).toFixed(1)} s` : 'up to date'}`,
    );
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    console.error(`${e.stdout ?? ''}${e.stderr ?? ''}`);
    throw err;
  }
}

export interface Platform {
  origin: string;
  child: ChildProcess;
  /** Stops the process and removes its data folder. */
  close(): Promise<void>;
}

/**
 * The platform as `npm start` runs it (main.ts under tsx), in production mode (React's production build),
 * roles api,web, on `databaseUrl`; production asks for its real drivers, given dummy keys here (no call
 * reaches them). Answers once /readyz is ready and the first ranking snapshot (5 s after the start) ran.
 */
export async function startPlatform(databaseUrl: string, tmpPrefix: string, env: Record<string, string> = {}): Promise<Platform> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), tmpPrefix));
  const port = await freePort();
  const secret = () => randomBytes(24).toString('hex');
  const child = track(
    // BENCH_NODE_ARGS: flags for the platform's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
    spawn(
      process.execPath,
      [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: databaseUrl,
          BYEOL_ROLES: 'api,web',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          CHAT_TOKEN_SECRET: secret(),
          PAYMENT_WEBHOOK_SECRET: secret(),
          SMS_DRIVER: 'solapi',
          SOLAPI_API_KEY: 'bench',
          SOLAPI_API_SECRET: 'bench',
          SMS_SENDER: '0200000000',
          IDENTITY_DRIVER: 'portone',
          PORTONE_API_SECRET: 'bench',
          PORTONE_STORE_ID: 'bench',
          PORTONE_IDENTITY_CHANNEL_KEY: 'bench',
          PG_PROVIDER: 'toss',
          TOSS_SECRET_KEY: 'test_sk_bench',
          TOSS_CLIENT_KEY: 'test_ck_bench',
          REDIS_URL: '',
          ...env,
        },
      },
    ),
  );
  const close = async () => {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitReady(`${origin}/readyz`, child, 90_000);
    await sleep(6_000); // the first ranking snapshot runs 5 s after the start
  } catch (err) {
    await close();
    throw err;
  }
  return { origin, child, close };
}

/** One answer read whole, uncompressed: its status and body. */
export async function fetchPage(url: string, init: RequestInit = {}): Promise<{ status: number; html: string }> {
  const res = await fetch(url, { ...init, headers: { 'accept-encoding': 'identity', ...(init.headers ?? {}) } });
  return { status: res.status, html: await res.text() };
}

export interface Bare {
  url: string;
  bytes: number;
  stop(): void;
}

/** The page baseline: a bare Fastify 5 answering `body` as text/html to GET /, in its own process. */
export async function startBare(body: string | Buffer): Promise<Bare> {
  const child = track(fork(import.meta.filename, ['--serve-bare'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }));
  const next = () => new Promise<unknown>((resolve) => child.once('message', resolve));
  await next(); // listening for the body
  const ready = next();
  child.send({ body: Buffer.from(body).toString('base64') });
  const { port, bytes } = (await ready) as { port: number; bytes: number };
  return { url: `http://127.0.0.1:${port}/`, bytes, stop: () => child.send('stop') };
}

async function serveBare() {
  const got = new Promise<{ body: string }>((resolve) => process.once('message', (m) => resolve(m as never)));
  process.send?.('listening');
  const { body } = await got;
  const html = Buffer.from(body, 'base64');
  const app = Fastify({ logger: false });
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ port: (app.server.address() as net.AddressInfo).port, bytes: html.length });
  process.on('message', async (m) => {
    if (m !== 'stop') return;
    await app.close();
    process.exit(0);
  });
}

export interface Row {
  name: string;
  size: number;
  rps: number;
  p50: number;
  p99: number;
}

export interface Target {
  /** What changes per request (a path on `url`'s origin, a body), e.g. a random page. */
  each?: () => { path?: string; body?: string };
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

/**
 * autocannon, `connections` connections: a 2 s warm-up, then `seconds` measured; any non-2xx answer or
 * error stops the bench.
 */
export function autocannonRunner(o: { connections: number; seconds: number }) {
  return async (name: string, url: string, size: number, t: Target = {}): Promise<Row> => {
    const shape = {
      ...(t.method ? { method: t.method } : {}),
      ...(t.body !== undefined ? { body: t.body } : {}),
      ...(t.headers ? { headers: t.headers } : {}),
    };
    const each = t.each;
    const requests = each
      ? [{ method: t.method ?? ('GET' as const), ...shape, setupRequest: (r: autocannon.Request) => ({ ...r, ...each() }) }]
      : undefined;
    const opts = { url, connections: o.connections, ...shape, ...(requests ? { requests } : {}) };
    await autocannon({ ...opts, duration: 2 }); // warm-up
    const r = await autocannon({ ...opts, duration: o.seconds });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { name, size, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
  };
}

/**
 * The markdown table of a run: the first and last rows are the baseline (before and after), and every
 * row's req/s is compared with their mean.
 */
export function printTable(rows: Row[], o: { connections: number; seconds: number; database: string }): void {
  const mean = ((rows[0]?.rps ?? 1) + (rows[rows.length - 1]?.rps ?? 1)) / 2;
  console.log(
    `\nSSR: autocannon -c ${o.connections} -d ${o.seconds} (2 s warm-up each), no compression asked; Byeol = apps/server/src/main.ts, ` +
      `NODE_ENV=production, roles api,web, on this bench database (${o.database})`,
  );
  console.log('| target | bytes | req/s | p50 ms | p99 ms | vs mean baseline |\n|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.size.toLocaleString()} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((r.rps / mean) * 100).toFixed(0)} % |`,
    );
  }
}
