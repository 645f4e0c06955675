// Byeol under test for bench/live-latency.ts, in its own process so that process's CPU is the app's alone
// (node-media-server, the FLV proxy, media files, the ingest's watchers): the api + web + media roles on free
// ports, a migrated database (DATABASE_URL's server or an embedded PostgreSQL, as the tests do), and two BJ
// accounts made through the broadcaster's own calls: one copy-only (high), one with three renditions.
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_HEADERS } from '@byeol/contract';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { seedSiteDefaults } from '../../apps/server/src/modules/site/site.repository.js';
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS } from '../../apps/server/src/modules/users/users.session.js';
import { userSession, users } from '../../apps/server/src/modules/users/users.tables.js';
import type { Bus } from '../../apps/server/src/platform/bus.js';
import { createBus } from '../../apps/server/src/platform/bus.redis.js';
import { connectExternal, type Database, type Db } from '../../apps/server/src/platform/db.js';
import { freePort } from '../../apps/server/src/platform/net.js';
import { createTestDatabase, type TestDatabase } from '../../apps/server/src/testing/database.js';

export interface BenchBj {
  userKey: number;
  streamKey: string;
  qualities: string[];
}
export interface ServerReady {
  url: string;
  rtmpUrl: string;
  flvPort: number;
  pid: number;
  transcode: string[];
  database: string;
  copyOnly: BenchBj;
  renditions: BenchBj;
}

let testDb: TestDatabase | undefined;
let database: Database | undefined;
let bus: Bus | undefined;
let app: FastifyInstance | undefined;
let url = '';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-bench-live-'));
const config = loadConfig({
  ...process.env,
  BYEOL_ROLES: 'api,web,media',
  LOG_LEVEL: 'silent',
  PORT: '0',
  DATA_DIR: dataDir,
  RTMP_HOST: '127.0.0.1',
  RTMP_PORT: String(await freePort()),
  MEDIA_FLV_PORT: '0',
  // The configuration allows both transcoded levels; each broadcaster's settings then choose.
  TRANSCODE_LEVELS: 'normal,low',
});

async function start(): Promise<ServerReady> {
  // The web role needs the web build; another process may be rebuilding it right now.
  const entry = path.join(config.WEB_BUILD_DIR, 'server', 'index.js');
  for (let i = 0; i < 60 && !existsSync(entry); i++) await sleep(1000);
  testDb = await createTestDatabase('byeol_bench_live');
  database = await connectExternal(testDb.url, 4);
  await seedSiteDefaults(database.db);
  bus = await createBus(config.REDIS_URL, config.REDIS_PREFIX);
  app = await buildApp({ config, database, bus, logger: pino({ level: 'silent' }) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  watchDeliveries(app);
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    rtmpUrl: `rtmp://127.0.0.1:${app.ingest?.rtmpPort}/live`,
    flvPort: app.ingest?.flvPort ?? 0,
    pid: process.pid,
    transcode: config.TRANSCODE_LEVELS,
    database: process.env.DATABASE_URL ? 'PostgreSQL of DATABASE_URL' : 'embedded PostgreSQL',
    copyOnly: await makeBj(database.db, ['high']),
    renditions: await makeBj(database.db, ['high', 'normal', 'low']),
  };
}

/** A BJ account signed in, its key read with /mypage/stream_info and its settings saved as /mypage/stream does. */
async function makeBj(db: Db, qualities: string[]): Promise<BenchBj> {
  const tag = randomBytes(3).toString('hex');
  const [row] = await db
    .insert(users)
    .values({
      id: `benchbj${tag}`,
      nick: `벤치${tag}`,
      typeCd: 'bj',
      role: 'bj',
      phoneCountryNum: '82',
      phoneNo: `010${String(randomInt(10 ** 8)).padStart(8, '0')}`,
    })
    .returning();
  if (!row) throw new Error('no BJ row');
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(userSession)
    .values({ tokenHash: hashToken(token), userKey: row.userKey, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  const headers = { ...API_HEADERS, cookie: `${SESSION_COOKIE}=${token}` };
  const saved = await fetch(`${url}/v1/mypage/update_stream_settinge_proc`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ title: `지연 벤치 ${qualities.join('+')}`, qualities: qualities.join(','), record_yn: 'N' }),
  });
  const savedBody = (await saved.json()) as { rslt_cd: number; rslt_set: { settings?: { qualities: string[] } } };
  if (savedBody.rslt_cd !== 0) throw new Error(`update_stream_settinge_proc: ${JSON.stringify(savedBody)}`);
  const info = await fetch(`${url}/v1/mypage/stream_info?reveal=Y`, { headers });
  const body = (await info.json()) as { rslt_cd: number; rslt_set: { stream_key: string; settings: { qualities: string[] } } };
  if (body.rslt_cd !== 0) throw new Error(`stream_info: ${JSON.stringify(body)}`);
  return { userKey: row.userKey, streamKey: body.rslt_set.stream_key, qualities: body.rslt_set.settings.qualities };
}

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  // app.close() ends every live session (packager stopped) before the database goes.
  await app?.close().catch(() => {});
  await bus?.close().catch(() => {});
  await database?.close().catch(() => {});
  await testDb?.drop().catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code);
}
// The load row (bench/live-latency/load.ts): each answered blocking playlist request and part of a live LL-HLS
// level, timed from the moment the packager cut that part to the moment its response was handed to the
// socket ('finish'), and this process's CPU over the same window.
const LL_REQUEST = /^\/media\/live\/([\w-]+)\/(\w+)\/(?:index\.m3u8\?_HLS_msn=(\d+)&_HLS_part=(\d+)|p(\d+)\.(\d+)\.m4s)$/;
let measuring: { playlist: number[]; part: number[]; cpu: NodeJS.CpuUsage; t0: number } | null = null;
function watchDeliveries(server: FastifyInstance) {
  server.server.on('request', (req, res) => {
    if (!measuring) return;
    const m = LL_REQUEST.exec(req.url ?? '');
    if (!m) return;
    res.once('finish', () => {
      if (!measuring || res.statusCode !== 200) return;
      const playlist = m[3] !== undefined;
      const ll = server.ingest?.sessions.get(m[1] as string)?.llhls(m[2] as string);
      const at = ll?.createdAt(Number(playlist ? m[3] : m[5]), Number(playlist ? m[4] : m[6]));
      if (at !== undefined) (playlist ? measuring.playlist : measuring.part).push(Date.now() - at);
    });
  });
}
const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number) : Number.NaN;
};

process.on('message', (m: unknown) => {
  if (m === 'stop') void stop(0);
  else if (m === 'measure-start') measuring = { playlist: [], part: [], cpu: process.cpuUsage(), t0: performance.now() };
  else if (m === 'measure-stop' && measuring) {
    const { playlist, part, cpu, t0 } = measuring;
    measuring = null;
    const used = process.cpuUsage(cpu);
    const secs = (performance.now() - t0) / 1000;
    process.send?.({
      type: 'measured',
      cpuPercent: ((used.user + used.system) / 1e6 / secs) * 100,
      playlist: { n: playlist.length, p50: pct(playlist, 0.5), p99: pct(playlist, 0.99) },
      part: { n: part.length, p50: pct(part, 0.5), p99: pct(part, 0.99) },
    });
  }
});
// The bench died without saying stop: do not outlive it.
process.on('disconnect', () => void stop(0));

try {
  process.send?.(await start());
} catch (err) {
  console.error(err);
  await stop(1);
}
