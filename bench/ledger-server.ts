// The servers under test for bench/ledger.ts's HTTP figures, in their own process so the load generator
// does not share their event loop: Byeol's API role (its ledger and /v1/star/user_star_use_proc) on the
// bench database the parent prepared, and a bare Fastify answering the envelope (what HTTP alone costs on
// this machine). Argument: the database URL. Answers { port, bare } over IPC; 'stats' answers the ledger
// batcher's counters; 'stop' stops both.

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createBus } from '../apps/server/src/platform/bus.redis.js';
import { connectExternal } from '../apps/server/src/platform/db.js';

const url = process.argv[2] as string;
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
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address() as import('node:net').AddressInfo;
const bare = Fastify({ logger: false });
bare.get('/envelope', async () => ({ rslt_cd: 0, rslt_set: { ok: true }, rslt_msg: '성공' }));
await bare.listen({ host: '127.0.0.1', port: 0 });

const profileTo = process.env.LEDGER_BENCH_PROFILE;
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
  await Promise.all([app.close(), bare.close()]);
  await bus.close();
  await database.close();
  process.exit(0);
});
process.send?.({ port: address.port, bare: (bare.server.address() as import('node:net').AddressInfo).port });
