// Concert start as a thundering herd (issue 22, docs/concerts.md), two figures each beside a baseline measured
// in the same invocation so the ratios hold on a noisy, shared machine:
//   1. HLS segment serving: req/s and p50/p99 of autocannon GETs of one segment
//      (/media/live/{vod_key}/high/seg_00001.m4s, --segment-kb KB of printable filler) from (a) a plain live broadcast
//      (no gate; the baseline, before and after) and (b) a concert's live broadcast, where every request carries
//      a ticket holder's session cookie and `?ct=<media token>` (the media gate checks the HMAC token and the
//      session each time). --holders holders' cookies and tokens are rotated through the requests (the plain
//      runs send the same cookies, without a token). Goal: (b) ≥ 80 % of (a).
//   2. The waiting room's move: --sockets holders wait on GET /v1/concert/waiting_stream?concert_sn=… (the
//      concert's start already passed, its BJ not live yet); then the BJ goes live (the broadcast row inserted,
//      which the migration's trigger attaches to the concert, and the bus's `live` message published, as the
//      ingest does) and every stream must get `start`: per-socket time from that moment to the frame (first,
//      p50, p99, max = all moved). Baseline (before and after): a bare Node http SSE server in the same process
//      writing the same frame to the same number of sockets.
//
// The platform runs in a child process (this file with --serve): Byeol's app (apps/server/src/app.ts, role api,
// NODE_ENV development, in-process bus) with the web role's media routes registered as the integration tests
// do (modules/media/media.files.ts; no web build needed), on a fresh database (embedded PostgreSQL, or a new
// database on DATABASE_URL's server), beside the bare SSE server. The load (autocannon, raw sockets) runs in
// this process. Concerts are created through the console's call, the segment holders' tickets bought and
// their tokens taken through the real calls; the waiting-room holders' free tickets are inserted in SQL (the
// row a free purchase stores) so that 19,000 of them take seconds.
//
// Run: npm run bench:concert -- [--sockets 2000] [--holders 200] [--connections 50] [--seconds 10] [--warmup 3]
//                               [--segment-kb 300] [--connect-concurrency 200] [--start-timeout 60]
// Both processes hold one descriptor per socket: `--sockets 19000` needs `ulimit -n` above about 19,500 (the
// bench says so before starting; raise it in the shell, `ulimit -n 65536`, where the hard limit allows).
// Each round connects from its own loopback address (127.0.0.2, .3, .4) so the closed sockets of one round
// (TIME_WAIT) never take the ports of the next. CONCERT_BENCH_NODE_ARGS adds node flags to the server child.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type ServerResponse } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  API_BASE,
  API_HEADERS,
  CONCERT_WAITING_STREAM_PATH,
  type ConcertWaitingEvent,
  concertsEndpoints,
  type Endpoint,
  type EndpointAnswer,
  type Envelope,
  endpointPath,
  LIVE_BUS_CHANNEL,
} from '@byeol/contract';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { broadcast } from '../apps/server/src/modules/live/live.tables.js';
import { mediaFilesRoutes } from '../apps/server/src/modules/media/media.files.js';
import { seedSiteDefaults } from '../apps/server/src/modules/site/site.repository.js';
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS } from '../apps/server/src/modules/users/users.session.js';
import { createBus } from '../apps/server/src/platform/bus.redis.js';
import { connectExternal } from '../apps/server/src/platform/db.js';
import { createTestDatabase } from '../apps/server/src/testing/database.js';
import { cpuOf, machineTimes } from './cpu.js';

const { values: opts } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    holders: { type: 'string', default: '200' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    'segment-kb': { type: 'string', default: '300' },
    /** Waiting-room streams being opened at once (each waits for its first `state` event). */
    'connect-concurrency': { type: 'string', default: '200' },
    /** Seconds a round waits for every socket's `start`. */
    'start-timeout': { type: 'string', default: '60' },
    /** Internal: this file as the server child. */
    serve: { type: 'boolean', default: false },
  },
});
const SOCKETS = Number(opts.sockets);
const HOLDERS = Number(opts.holders);
const SEGMENT_BYTES = Number(opts['segment-kb']) * 1024;
const SEGMENT = 'high/seg_00001.m4s';
/** A wall-clock time with sub-millisecond resolution, comparable between the two processes. */
const now = () => performance.timeOrigin + performance.now();

/** What the server child tells the load generator once everything is in place. */
interface Ready {
  port: number;
  barePort: number;
  database: string;
  plainVod: string;
  concertVod: string;
  segmentBytes: number;
  /** The segment holders: session cookie and media token of each. */
  media: { cookie: string; ct: string }[];
  /** The waiting room: its concert and one holder's cookie per socket. */
  waitingConcert: number;
  waitingCookies: string[];
  setupMs: number;
}
type Command = { cmd: 'go-bare' } | { cmd: 'go-byeol' } | { cmd: 'conns' } | { cmd: 'stop' };
interface GoAnswer {
  /** The moment of the start (before the broadcast row's insert; before the bare loop). */
  t0: number;
  /** Byeol: the insert done; bare: the loop done. */
  t1: number;
  /** Byeol: the bus message published. */
  t2?: number;
  clients?: number;
  attached?: boolean;
}

// ─── The server child ───────────────────────────────────────────────────────────────────────────────────────

async function serve() {
  const started = now();
  const bench = await createTestDatabase('byeol_bench_concert');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-bench-concert-'));
  const secret = randomBytes(24).toString('hex');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: bench.url,
    BYEOL_ROLES: 'api',
    LOG_LEVEL: 'silent',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    CHAT_TOKEN_SECRET: secret,
    RANKING_REFRESH_SECONDS: '0',
  });
  const database = await connectExternal(bench.url, config.DATABASE_POOL_MAX);
  const { pool, db } = database;
  await seedSiteDefaults(db);
  const bus = await createBus(undefined);
  const app = await buildApp({ config, database, bus, logger: pino({ level: 'silent' }) });
  // The web role's media routes, as concerts.int.test.ts registers them.
  await app.register(mediaFilesRoutes, { mediaRoot: path.join(dataDir, 'media'), db, mediaSecret: secret });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as net.AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  // The bare baseline: one SSE stream per request, the same headers and frames as the waiting room's.
  const bareClients = new Set<ServerResponse>();
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write('retry: 3000\n\n');
    const state = { type: 'state', state: 'doors', starts_at: new Date().toISOString(), now: new Date().toISOString(), vod_key: '' };
    res.write(`data: ${JSON.stringify(state)}\n\n`);
    bareClients.add(res);
    res.once('close', () => bareClients.delete(res));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as net.AddressInfo).port;

  // Accounts and sessions (as a login stores them, SESSION_TTL_MS ahead: no sliding-expiry write in the run).
  const users = Math.max(SOCKETS, HOLDERS);
  await pool.query(
    `insert into users (id, nick, role) values ('cb_operator', 'cb_operator', 'operator');
     insert into users (id, nick, type_cd, role) values ('cb_bj_plain', 'cb_bj_plain', 'bj', 'bj'), ('cb_bj_media', 'cb_bj_media', 'bj', 'bj'),
       ('cb_bj_wait', 'cb_bj_wait', 'bj', 'bj')`,
  );
  await pool.query(`insert into users (id, nick) select 'cb' || g, 'cb' || g from generate_series(1, $1) g`, [users]);
  const keyOf = async (id: string) =>
    Number((await pool.query<{ k: string }>('select user_key as k from users where id = $1', [id])).rows[0]?.k);
  const holderKeys = (
    await pool.query<{ k: string }>(`select user_key as k from users where id ~ '^cb[0-9]+$' order by user_key`)
  ).rows.map((r) => Number(r.k));
  const operatorKey = await keyOf('cb_operator');
  const tokens = [operatorKey, ...holderKeys].map(() => randomBytes(32).toString('base64url'));
  await pool.query(
    `insert into user_session (token_hash, user_key, expires_at)
     select h, u, now() + $3 * interval '1 millisecond' from unnest($1::text[], $2::bigint[]) as x(h, u)`,
    [tokens.map(hashToken), [operatorKey, ...holderKeys], SESSION_TTL_MS],
  );
  const cookie = (i: number) => `${SESSION_COOKIE}=${tokens[i]}`;
  const operatorCookie = cookie(0);
  const holderCookie = (i: number) => cookie(i + 1);

  // The calls, as a browser sends them (testing/app.ts).
  async function call<E extends Endpoint>(ep: E, form: Record<string, string | number>, cookieHeader: string): Promise<EndpointAnswer<E>> {
    const { path: p, rest } = endpointPath(ep, form);
    const fields = new URLSearchParams(Object.entries(rest).map(([k, v]): [string, string] => [k, String(v)]));
    const get = ep.method === 'GET';
    const res = await fetch(`${origin}${API_BASE}${p}${get ? `?${fields}` : ''}`, {
      method: ep.method,
      headers: { ...API_HEADERS, cookie: cookieHeader, ...(get ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
      ...(get ? {} : { body: fields }),
    });
    const body = (await res.json()) as Envelope<EndpointAnswer<E>>;
    if (body.rslt_cd !== 0) throw new Error(`${ep.path}: ${body.rslt_cd} ${body.rslt_msg}`);
    return body.rslt_set;
  }
  const e = concertsEndpoints;
  // Both concerts started a minute ago (doors an hour before), free, three hours long: different BJs.
  const times = { starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 3 * 3600_000).toISOString() };
  const mediaConcert = await call(
    e.adminProc,
    { title: '벤치 콘서트 (세그먼트)', bj_id: 'cb_bj_media', price: 0, ...times },
    operatorCookie,
  );
  const waitConcert = await call(e.adminProc, { title: '벤치 콘서트 (대기실)', bj_id: 'cb_bj_wait', price: 0, ...times }, operatorCookie);

  // The plain broadcast and the media concert's, both live, each with its segment on disk.
  const vod = () => `bench${randomBytes(6).toString('hex')}`;
  const [plainRow] = await db
    .insert(broadcast)
    .values({ vodKey: vod(), bjUserKey: await keyOf('cb_bj_plain'), title: '일반 방송', state: 'live' })
    .returning();
  const [concertRow] = await db
    .insert(broadcast)
    .values({ vodKey: vod(), bjUserKey: await keyOf('cb_bj_media'), title: '콘서트 생중계', state: 'live' })
    .returning();
  if (!plainRow || !concertRow) throw new Error('no broadcast row');
  if (plainRow.concertSn !== null) throw new Error('the plain broadcast was attached to a concert');
  if (concertRow.concertSn !== mediaConcert.concert_sn)
    throw new Error(`the concert broadcast is not the concert's (${concertRow.concertSn})`);
  // Printable filler, not random bytes: autocannon keeps each body as a string (`body += chunk`, a UTF-8 decode),
  // and random bytes, like real video, decode at ~20 MB/s here, which would make the load generator the limit
  // of both lines. The server streams the file's bytes whatever they are (no compression is asked).
  const segment = Buffer.alloc(SEGMENT_BYTES, 'byeol concert bench segment 0123456789\n');
  for (const v of [plainRow.vodKey, concertRow.vodKey]) {
    await mkdir(path.join(dataDir, 'media', 'live', v, 'high'), { recursive: true });
    await writeFile(path.join(dataDir, 'media', 'live', v, SEGMENT), segment);
  }

  // The segment holders buy their tickets and open the play page (media token), through the calls.
  const media: { cookie: string; ct: string }[] = new Array(HOLDERS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < HOLDERS; i = next++) {
        await call(e.buy, { concert_sn: mediaConcert.concert_sn, idempotency_key: randomUUID() }, holderCookie(i));
        const play = await call(e.play, { concert_sn: mediaConcert.concert_sn }, holderCookie(i));
        const expected = `/media/live/${concertRow.vodKey}/master.m3u8?ct=${encodeURIComponent(play.media_token)}`;
        if (play.mode !== 'live' || play.info.hls_url !== expected) throw new Error(`play_info: ${play.mode} ${play.info.hls_url}`);
        media[i] = { cookie: holderCookie(i), ct: encodeURIComponent(play.media_token) };
      }
    }),
  );
  // The waiting room's holders: the rows a free purchase stores (concerts.service.ts buy(), price 0).
  await pool.query('insert into concert_ticket (concert_sn, user_key, price) select $1, k, 0 from unnest($2::bigint[]) k', [
    waitConcert.concert_sn,
    holderKeys.slice(0, SOCKETS),
  ]);
  await pool.query('update concert set ticket_cnt = $2 where concert_sn = $1', [waitConcert.concert_sn, SOCKETS]);

  // Probes: the gate serves the holder with the token, refuses without it; the plain segment is public.
  const seg = (v: string) => `${origin}/media/live/${v}/${SEGMENT}`;
  const first = media[0] as { cookie: string; ct: string };
  const probes = [
    {
      what: 'gated segment, holder + token',
      res: await fetch(`${seg(concertRow.vodKey)}?ct=${first.ct}`, { headers: { cookie: first.cookie } }),
      want: 200,
    },
    {
      what: 'gated segment, holder without token',
      res: await fetch(seg(concertRow.vodKey), { headers: { cookie: first.cookie } }),
      want: 403,
    },
    { what: 'gated segment, token without session', res: await fetch(`${seg(concertRow.vodKey)}?ct=${first.ct}`), want: 403 },
    { what: 'plain segment', res: await fetch(seg(plainRow.vodKey)), want: 200 },
  ];
  for (const p of probes) {
    const body = Buffer.from(await p.res.arrayBuffer());
    if (p.res.status !== p.want) throw new Error(`${p.what}: HTTP ${p.res.status}, expected ${p.want}`);
    if (p.want === 200 && !body.equals(segment)) throw new Error(`${p.what}: ${body.length} bytes, not the segment`);
  }
  const waitBj = await keyOf('cb_bj_wait');

  async function stop() {
    for (const res of bareClients) res.destroy();
    app.server.closeAllConnections();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await app.close();
    await bus.close();
    await database.close();
    await bench.drop();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
  process.once('disconnect', () => void stop());
  const connections = (s: net.Server) => new Promise<number>((resolve) => s.getConnections((_err, n) => resolve(n)));
  process.on('message', async (m: Command) => {
    if (m.cmd === 'go-bare') {
      const t0 = now();
      const event: ConcertWaitingEvent = { type: 'start', vod_key: 'benchbare', play_path: '/concert/1/play/benchbare' };
      const frame = `data: ${JSON.stringify(event)}\n\n`;
      const clients = bareClients.size;
      for (const res of bareClients) res.end(frame);
      bareClients.clear();
      process.send?.({ cmd: m.cmd, t0, t1: now(), clients } satisfies GoAnswer & { cmd: string });
    } else if (m.cmd === 'go-byeol') {
      // The BJ goes live: the row (the trigger attaches it to the concert), then the ingest's bus message.
      const t0 = now();
      const [row] = await db
        .insert(broadcast)
        .values({ vodKey: vod(), bjUserKey: waitBj, title: '대기실 벤치 생중계', state: 'live' })
        .returning();
      const t1 = now();
      await bus.publish(LIVE_BUS_CHANNEL, { type: 'live', vod_key: row?.vodKey, bj_user_key: waitBj });
      const t2 = now();
      process.send?.({ cmd: m.cmd, t0, t1, t2, attached: row?.concertSn === waitConcert.concert_sn } satisfies GoAnswer & { cmd: string });
    } else if (m.cmd === 'conns') {
      process.send?.({ cmd: m.cmd, byeol: await connections(app.server), bare: await connections(bare) });
    } else if (m.cmd === 'stop') {
      await stop();
    }
  });
  process.send?.({
    cmd: 'ready',
    port,
    barePort,
    database: process.env.DATABASE_URL ? 'PostgreSQL of DATABASE_URL' : 'embedded PostgreSQL',
    plainVod: plainRow.vodKey,
    concertVod: concertRow.vodKey,
    segmentBytes: segment.length,
    media,
    waitingConcert: waitConcert.concert_sn,
    waitingCookies: Array.from({ length: SOCKETS }, (_, i) => holderCookie(i)),
    setupMs: now() - started,
  } satisfies Ready & { cmd: string });
}

// ─── The load generator ─────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const CONNECTIONS = Number(opts.connections);
  const SECONDS = Number(opts.seconds);
  const WARMUP = Number(opts.warmup);
  const CONNECT_CONCURRENCY = Number(opts['connect-concurrency']);
  const START_TIMEOUT_MS = Number(opts['start-timeout']) * 1000;

  // One descriptor per socket in each process (and a few hundred more: autocannon, PostgreSQL, files).
  const limit = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Number.POSITIVE_INFINITY);
  if (SOCKETS + 400 > limit) {
    throw new Error(
      `--sockets ${SOCKETS} needs about ${SOCKETS + 400} open files per process; ulimit -n is ${limit}: raise it (ulimit -n 65536)`,
    );
  }

  const child: ChildProcess = fork(
    import.meta.filename,
    ['--serve', '--sockets', String(SOCKETS), '--holders', String(HOLDERS), '--segment-kb', String(opts['segment-kb'])],
    {
      execArgv: [...(process.env.CONCERT_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const childExit = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`the server child exited (${code ?? signal})`))),
  );
  const answer = <T>(cmd: string) =>
    Promise.race([
      new Promise<T>((resolve) => {
        const on = (m: { cmd: string }) => {
          if (m.cmd !== cmd) return;
          child.off('message', on);
          resolve(m as T);
        };
        child.on('message', on);
      }),
      childExit,
    ]);
  const ask = <T>(cmd: Command['cmd']) => {
    const a = answer<T>(cmd);
    child.send({ cmd });
    return a;
  };
  const ready = await answer<Ready>('ready');
  const pid = child.pid as number;

  // ── part 1: segments ──
  let turn = 0;
  const pick = () => ready.media[turn++ % ready.media.length] as { cookie: string; ct: string };
  const segmentRun = async (name: string, vodKey: string, gated: boolean) => {
    const o = {
      url: `http://127.0.0.1:${ready.port}`,
      connections: CONNECTIONS,
      requests: [
        {
          method: 'GET' as const,
          setupRequest: (r: autocannon.Request) => {
            const h = pick();
            const p = `/media/live/${vodKey}/${SEGMENT}${gated ? `?ct=${h.ct}` : ''}`;
            return { ...r, path: p, headers: { ...r.headers, cookie: h.cookie } };
          },
        },
      ],
    };
    await autocannon({ ...o, duration: WARMUP });
    const { result: r, cpu } = await withCpu(pid, () => autocannon({ ...o, duration: SECONDS }));
    return {
      name,
      rps: r.requests.average,
      mbs: r.throughput.average / 1024 / 1024,
      p50: r.latency.p50,
      p99: r.latency.p99,
      bad: r.non2xx + r.errors + r.timeouts,
      cpu,
    };
  };
  const segRows = [];
  segRows.push(await segmentRun('(a) plain broadcast, no gate (baseline, before)', ready.plainVod, false));
  segRows.push(
    await segmentRun(`(b) concert broadcast: holder's cookie + ?ct= token (${ready.media.length} holders rotated)`, ready.concertVod, true),
  );
  segRows.push(await segmentRun('(a) plain broadcast, no gate (baseline, after)', ready.plainVod, false));

  // ── part 2: the waiting room ──
  interface Round {
    name: string;
    entered: number;
    enterMs: number;
    refused: string[];
    lat: number[];
    missing: number;
    closed: number;
    go: GoAnswer;
  }
  const round = async (name: string, target: 'bare' | 'byeol', localAddress: string): Promise<Round> => {
    const port = target === 'bare' ? ready.barePort : ready.port;
    const reqPath = `${API_BASE}${CONCERT_WAITING_STREAM_PATH}?concert_sn=${ready.waitingConcert}`;
    const socks: net.Socket[] = [];
    const arrivals: number[] = [];
    const refused: string[] = [];
    let closed = 0;
    let done = 0;
    let waitingFor = Number.POSITIVE_INFINITY;
    let allDone: () => void = () => {};
    const everyone = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    const open = (i: number) =>
      new Promise<void>((resolve) => {
        const s = net.connect({ host: '127.0.0.1', port, localAddress });
        socks.push(s);
        let entered = false;
        let moved = false;
        let refusal = false;
        let tail = '';
        s.setNoDelay(true);
        s.write(
          `GET ${reqPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nCookie: ${ready.waitingCookies[i]}\r\n\r\n`,
        );
        s.on('data', (buf: Buffer) => {
          if (moved) return;
          const text = tail + buf.toString('latin1');
          if (!entered) {
            if (text.includes('"type":"state"')) {
              entered = true;
              resolve();
            } else if (text.includes('"rslt_cd"')) {
              refused.push(text.slice(text.indexOf('{'), text.indexOf('{') + 160));
              refusal = true;
              s.destroy();
              resolve();
              return;
            }
          }
          if (text.includes('"type":"start"')) {
            moved = true;
            arrivals.push(now());
            if (++done >= waitingFor) allDone();
            return;
          }
          tail = text.slice(-32);
        });
        s.on('error', () => {});
        s.on('close', () => {
          if (!moved && !refusal) closed++;
          resolve();
        });
      });
    const t = now();
    let nextSock = 0;
    await Promise.all(
      Array.from({ length: CONNECT_CONCURRENCY }, async () => {
        for (let i = nextSock++; i < SOCKETS; i = nextSock++) await open(i);
      }),
    );
    const enterMs = now() - t;
    const entered = SOCKETS - refused.length - closed;
    await sleep(1000); // the connects' work settles
    waitingFor = entered;
    const go = await ask<GoAnswer>(target === 'bare' ? 'go-bare' : 'go-byeol');
    if (done < waitingFor) await Promise.race([everyone, sleep(START_TIMEOUT_MS)]);
    const missing = entered - done;
    const closedEarly = closed;
    for (const s of socks) s.destroy();
    // The server side lets go of every socket before the next round.
    for (let i = 0; i < 150; i++) {
      const c = await ask<{ byeol: number; bare: number }>('conns');
      if (c.byeol + c.bare === 0) break;
      await sleep(100);
    }
    return { name, entered, enterMs, refused, lat: arrivals.map((a) => a - go.t0).sort((a, b) => a - b), missing, closed: closedEarly, go };
  };
  const rounds: Round[] = [];
  rounds.push(await round('bare Node http SSE, one frame to all (baseline, before)', 'bare', '127.0.0.2'));
  rounds.push(await round('Byeol waiting room: BJ goes live → `start` to all', 'byeol', '127.0.0.3'));
  rounds.push(await round('bare Node http SSE, one frame to all (baseline, after)', 'bare', '127.0.0.4'));

  await ask('stop').catch(() => {});

  // ── the report ──
  const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;
  const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
  console.log(
    `\nconcert bench: node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${ready.database}; server child set up in ${(ready.setupMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `\n1. one HLS segment (${(ready.segmentBytes / 1024).toFixed(0)} KB), autocannon -c ${CONNECTIONS} -d ${SECONDS} (${WARMUP} s warm-up each), every request with a holder's session cookie`,
  );
  const plainMean = ((segRows[0]?.rps ?? 0) + (segRows[2]?.rps ?? 0)) / 2;
  console.log(
    '| target | req/s | MB/s | p50 ms | p99 ms | failed | vs plain mean | CPU (100 % = one core) |\n|---|---|---|---|---|---|---|---|',
  );
  for (const r of segRows) {
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.mbs.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.bad} | ${((r.rps / plainMean) * 100).toFixed(0)} % | ${r.cpu} |`,
    );
  }
  const gated = segRows[1]?.rps ?? 0;
  console.log(`gated / plain: ${((gated / plainMean) * 100).toFixed(1)} % (goal ≥ 80 %)`);

  console.log(
    `\n2. the waiting room's move: ${SOCKETS.toLocaleString('en-US')} SSE sockets (one holder each), opened ${CONNECT_CONCURRENCY} at a time; ` +
      'times from the start (Byeol: before the broadcast row is inserted) to each socket reading the `start` frame',
  );
  console.log(
    '| target | sockets waiting | entered in s | first ms | p50 ms | p99 ms | all moved (max) ms | missing |\n|---|---|---|---|---|---|---|---|',
  );
  for (const r of rounds) {
    console.log(
      `| ${r.name} | ${r.entered.toLocaleString('en-US')} | ${(r.enterMs / 1000).toFixed(1)} | ${ms(at(r.lat, 0))} | ${ms(at(r.lat, 0.5))} | ${ms(at(r.lat, 0.99))} | ${ms(r.lat.at(-1) ?? Number.NaN)} | ${r.missing} |`,
    );
  }
  const byeol = rounds[1] as Round;
  const bareMax = ((rounds[0]?.lat.at(-1) ?? Number.NaN) + (rounds[2]?.lat.at(-1) ?? Number.NaN)) / 2;
  const byeolMax = byeol.lat.at(-1) ?? Number.NaN;
  console.log(
    `all moved: Byeol ${ms(byeolMax)} ms vs bare mean ${ms(bareMax)} ms (${(byeolMax / bareMax).toFixed(1)}×, +${ms(byeolMax - bareMax)} ms); ` +
      `Byeol's start: broadcast insert ${ms(byeol.go.t1 - byeol.go.t0)} ms, bus publish +${ms((byeol.go.t2 ?? byeol.go.t1) - byeol.go.t1)} ms, ` +
      `first frame ${ms(at(byeol.lat, 0) - ((byeol.go.t2 ?? byeol.go.t0) - byeol.go.t0))} ms after the publish; broadcast attached to the concert: ${byeol.go.attached ? 'yes' : 'NO'}`,
  );
  for (const r of rounds) {
    if (r.refused.length) console.log(`${r.name}: ${r.refused.length} refused, e.g. ${r.refused[0]}`);
    if (r.closed) console.log(`${r.name}: ${r.closed} sockets closed before \`start\``);
  }
  if (child.exitCode === null && child.signalCode === null) await Promise.race([new Promise((r) => child.once('exit', r)), sleep(20_000)]);
  process.exit(0);
}

// ─── CPU over a window ──────────────────────────────────────────────────────────────────────────────────────

/** CPU seconds of the processes below `root` (the embedded PostgreSQL of the server child), by pid. */
function descendantsCpu(root: number): Map<number, number> {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out = new Map<number, number>();
  const below = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  for (const pid of parent.keys()) if (below(pid)) out.set(pid, cpuOf(pid));
  return out;
}
/** CPU over `run` in % of one core: the server child, its PostgreSQL, this load generator, the whole machine. */
async function withCpu<T>(pid: number, run: () => Promise<T>): Promise<{ result: T; cpu: string }> {
  const server0 = cpuOf(pid);
  const pg0 = descendantsCpu(pid);
  const me0 = process.cpuUsage();
  const m0 = machineTimes();
  const t0 = performance.now();
  const result = await run();
  const secs = (performance.now() - t0) / 1000;
  const m1 = machineTimes();
  const me = process.cpuUsage(me0);
  let pg = 0;
  for (const [p, c] of descendantsCpu(pid)) pg += c - (pg0.get(p) ?? 0);
  const pct = (x: number) => `${Math.round((x / secs) * 100)} %`;
  const machine = Math.round(((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * 100 * os.cpus().length);
  return {
    result,
    cpu: `server ${pct(cpuOf(pid) - server0)}, PostgreSQL ${pct(pg)}, autocannon ${pct((me.user + me.system) / 1e6)}, machine ${machine} % of ${os.cpus().length * 100}`,
  };
}

// Last, so every declaration above is initialised before either side runs.
if (opts.serve) await serve();
else await main();
