// The servers under test for bench/ledger.ts's HTTP figures, in their own process so the load generator
// does not share their event loop: Byeol's API role (its ledger and /v1/star/user_star_use_proc) on the
// bench database the parent prepared, and a bare Fastify answering the envelope (what HTTP alone costs on
// this machine). Argument: the database URL. Answers { port, bare } over IPC; 'stats' answers the ledger
// batcher's counters; 'stop' stops both.
//
// LEDGER_BENCH_WORKERS=N (bench/ledger.ts --workers N): N API processes sharing one port (node:cluster; each
// its own pool, batcher and caches, as N `npm start` processes behind one PostgreSQL would be), the bare
// Fastify staying in this process. The answer then also names the workers' pids (their CPU is counted), and
// 'stats' sums their batchers' counters.

import cluster from 'node:cluster';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createServer } from 'node:net';
import Fastify from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createBus } from '../apps/server/src/platform/bus.redis.js';
import { connectExternal } from '../apps/server/src/platform/db.js';

const url = process.argv[2] as string;
const WORKERS = Math.max(1, Number(process.env.LEDGER_BENCH_WORKERS ?? 1));

async function startBare() {
  const bare = Fastify({ logger: false });
  bare.get('/envelope', async () => ({ rslt_cd: 0, rslt_set: { ok: true }, rslt_msg: '성공' }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  return bare;
}
const portOf = (server: { server: { address(): unknown } }) => (server.server.address() as import('node:net').AddressInfo).port;

if (WORKERS > 1 && cluster.isPrimary) {
  // A free port the workers then share (node:cluster hands each accepted connection to one of them).
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as import('node:net').AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const workers = Array.from({ length: WORKERS }, () => cluster.fork({ LEDGER_BENCH_PORT: String(port) }));
  await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
  const bare = await startBare();
  const ask = (w: (typeof workers)[number]) =>
    new Promise<{ batches: number; postings: number; splits: number; largestBatch: number }>((resolve) => {
      w.once('message', (m: { stats: { batches: number; postings: number; splits: number; largestBatch: number } }) => resolve(m.stats));
      w.send('stats');
    });
  process.on('message', async (m) => {
    if (m === 'stats') {
      const all = await Promise.all(workers.map(ask));
      const stats = { batches: 0, postings: 0, splits: 0, largestBatch: 0 };
      for (const one of all) {
        stats.batches += one.batches;
        stats.postings += one.postings;
        stats.splits += one.splits;
        stats.largestBatch = Math.max(stats.largestBatch, one.largestBatch);
      }
      process.send?.({ stats });
      return;
    }
    if (m !== 'stop') return;
    await Promise.all(
      workers.map(
        (w) =>
          new Promise((resolve) => {
            w.once('exit', resolve);
            w.send('stop');
          }),
      ),
    );
    await bare.close();
    process.exit(0);
  });
  process.send?.({ port, bare: portOf(bare), pids: workers.map((w) => w.process.pid) });
} else {
  const config = loadConfig({ ...process.env, DATABASE_URL: url, BYEOL_ROLES: 'api', LOG_LEVEL: 'silent', REDIS_URL: '' });
  const database = await connectExternal(url, config.DATABASE_POOL_MAX);
  const bus = await createBus(undefined);
  // LEDGER_BENCH_STATEMENTS=1: count the statements the server sends and their mean time from send to answer,
  // by text (printed on 'stop').
  const statements = new Map<string, { n: number; ms: number }>();
  if (process.env.LEDGER_BENCH_STATEMENTS) {
    database.pool.on('connect', (client) => {
      const query = client.query;
      client.query = function (this: unknown, ...args: unknown[]) {
        const first = args[0] as string | { text?: string };
        const text = (typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 110);
        const seen = statements.get(text) ?? { n: 0, ms: 0 };
        seen.n++;
        statements.set(text, seen);
        const started = performance.now();
        const done = () => {
          seen.ms += performance.now() - started;
        };
        const last = args.length - 1;
        const callback = args[last];
        if (typeof callback === 'function')
          args[last] = (...r: unknown[]) => {
            done();
            return callback(...r);
          };
        const out = (query as (...a: unknown[]) => unknown).apply(this, args);
        if (out instanceof Promise) out.then(done, done);
        return out;
      } as typeof client.query;
    });
  }
  const app = await buildApp({ config, database, bus, logger: pino({ level: 'silent' }) });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.LEDGER_BENCH_PORT ?? 0) });
  const address = app.server.address() as import('node:net').AddressInfo;
  // The bare Fastify lives in the process the bench talks to (the primary when there are workers).
  const bare = cluster.isPrimary ? await startBare() : undefined;

  // With workers, each writes its own profile (the file name with the worker's id before the extension).
  const profileTo =
    process.env.LEDGER_BENCH_PROFILE && cluster.isWorker
      ? process.env.LEDGER_BENCH_PROFILE.replace(/(\.cpuprofile)?$/, `.${cluster.worker?.id}$1`)
      : process.env.LEDGER_BENCH_PROFILE;
  let profiler: Session | undefined;
  process.on('message', async (m) => {
    if (m === 'stats') {
      // LEDGER_BENCH_PROFILE=file.cpuprofile: a CPU profile of the gift window alone (from the first 'stats'
      // the parent asks for, just before the window, to the second, just after it).
      if (profileTo) {
        if (!profiler) {
          profiler = new Session();
          profiler.connect();
          await profiler.post('Profiler.enable');
          await profiler.post('Profiler.start');
        } else {
          const { profile } = await profiler.post('Profiler.stop');
          writeFileSync(profileTo, JSON.stringify(profile));
          profiler.disconnect();
          profiler = undefined;
        }
      }
      process.send?.({ stats: app.ledger?.batcher.stats });
      return;
    }
    if (m !== 'stop') return;
    if (statements.size > 0)
      console.log('   calls  mean ms  statement (LEDGER_BENCH_STATEMENTS: every call since the start, warm-ups included)');
    for (const [text, { n, ms }] of [...statements].sort((a, b) => b[1].n - a[1].n).slice(0, 30))
      console.log(String(n).padStart(8), (ms / n).toFixed(2).padStart(8), text);
    await Promise.all([app.close(), bare?.close()]);
    await bus.close();
    await database.close();
    process.exit(0);
  });
  process.send?.(bare ? { port: address.port, bare: portOf(bare), pids: [] } : { ready: true });
}
