// Glass-to-glass latency of Byeol's live video in headless Chromium (HLS with hls.js, ultra-low HTTP-FLV with
// mpegts.js, and node-media-server's bare HTTP-FLV as the same-invocation baseline), and the CPU one live
// stream costs (the packager ffmpeg copy-only and with three renditions, and the app's node process).
// Method and error bound: docs/live-video.md "Latency benchmark".
// Run: npm run bench:live -- [seconds=20] [warmup=4] [modes=all]
//   modes: comma-separated ids of MODES below (nms-flv,flv,flv-tuned,hls,hls-tuned,hls-3r, and flv-wire: no
//   player, capture → FLV tag at a client, node-media-server direct and /media/flv read at once).
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_HEADERS } from '@byeol/contract';
import { type Browser, chromium } from 'playwright-core';
import { FLV_LIVE_CONFIG, HLS_LIVE_CONFIG, HLS_LIVE_FALLBACK } from '../apps/web/app/features/play/player-config.js';
import { type LoadResult, loadRow, printLoad } from './live-latency/load-row.js';
import type { BenchBj, ServerReady } from './live-latency/server.js';
import { measureWire, type WireResult, wireQuantile } from './live-latency/wire.js';

const seconds = Number(process.argv[2] ?? 20);
const warmup = Number(process.argv[3] ?? 4);
const only = process.argv[4] && process.argv[4] !== 'all' ? new Set(process.argv[4].split(',')) : null;
const SAMPLE_EVERY_MS = 200;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FFMPEG = '/usr/bin/ffmpeg';
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

// The product's player settings (apps/web/app/features/play/player-config.ts), and the tuned variants measured
// beside them to show what would close a gap (not what the product ships).
const HLS_PRODUCT = HLS_LIVE_CONFIG;
const HLS_TUNED = {
  lowLatencyMode: true,
  liveSyncDuration: 1.2,
  liveMaxLatencyDuration: 3,
  maxLiveSyncPlaybackRate: 1.2,
  backBufferLength: 30,
};
const FLV_PRODUCT = FLV_LIVE_CONFIG;
// BENCH_FLV_TUNED='{"liveSync":true,…}' measures other mpegts.js settings (over the product's) in the tuned row.
const FLV_TUNED_OVER: object = process.env.BENCH_FLV_TUNED
  ? JSON.parse(process.env.BENCH_FLV_TUNED)
  : { liveBufferLatencyMinRemain: 0.1, liveSyncMaxLatency: 0.2, liveSyncTargetLatency: 0.1 };
const FLV_TUNED = { ...FLV_LIVE_CONFIG, ...FLV_TUNED_OVER };

type Stream = 'copy' | 'renditions';
interface Live {
  bj: BenchBj;
  vodKey: string;
  publisher: ChildProcess;
  packager: number;
}
interface Mode {
  id: string;
  label: string;
  kind: 'hls' | 'flv' | 'wire';
  stream: Stream;
  url: (live: Live) => string;
  config: object;
  anchor: string;
  goal?: number;
}

let server: ServerReady;
const MODES: Mode[] = [
  {
    id: 'nms-flv',
    label: 'baseline: node-media-server HTTP-FLV direct, mpegts.js (product settings)',
    kind: 'flv',
    stream: 'copy',
    url: (l) => `http://127.0.0.1:${server.flvPort}/live/${l.bj.streamKey}.flv`,
    config: FLV_PRODUCT,
    anchor: '0.70',
  },
  {
    id: 'flv',
    label: 'Byeol ultra-low: /media/flv proxy, mpegts.js (product settings)',
    kind: 'flv',
    stream: 'copy',
    url: (l) => `${server.url}/media/flv/${l.vodKey}.flv`,
    config: FLV_PRODUCT,
    anchor: '0.70',
    goal: 0.5,
  },
  {
    id: 'flv-tuned',
    label: process.env.BENCH_FLV_TUNED
      ? `Byeol ultra-low, mpegts.js ${process.env.BENCH_FLV_TUNED}`
      : 'Byeol ultra-low, mpegts.js tighter (seek to 0.1 s, 1.1× above 0.2 s down to 0.1 s)',
    kind: 'flv',
    stream: 'copy',
    url: (l) => `${server.url}/media/flv/${l.vodKey}.flv`,
    config: FLV_TUNED,
    anchor: '0.70',
    goal: 0.5,
  },
  {
    id: 'flv-wire',
    label: 'no player: capture → FLV tag whole at a node client on this machine',
    kind: 'wire',
    stream: 'copy',
    url: (l) => `${server.url}/media/flv/${l.vodKey}.flv`,
    config: {},
    anchor: '—',
  },
  {
    id: 'hls',
    label: 'Byeol LL-HLS: 1 s segments in 0.2 s parts, blocking reload, hls.js low-latency (product settings)',
    kind: 'hls',
    stream: 'copy',
    url: (l) => `${server.url}/media/live/${l.vodKey}/master.m3u8`,
    config: HLS_PRODUCT,
    anchor: '2.75',
    goal: 1.5,
  },
  {
    id: 'hls-legacy',
    label: 'baseline: the same playlist read as plain HLS (hls.js lowLatencyMode off: whole segments, no parts)',
    kind: 'hls',
    stream: 'copy',
    url: (l) => `${server.url}/media/live/${l.vodKey}/master.m3u8`,
    // What shipped before LL-HLS: the player's plain-HLS settings (two 1 s segments behind the edge).
    config: { ...HLS_PRODUCT, ...HLS_LIVE_FALLBACK, lowLatencyMode: false },
    anchor: '2.75',
  },
  {
    id: 'hls-tuned',
    label: 'Byeol HLS, hls.js tuned (liveSyncDuration 1.2 s, catch-up rate 1.2)',
    kind: 'hls',
    stream: 'copy',
    url: (l) => `${server.url}/media/live/${l.vodKey}/master.m3u8`,
    config: HLS_TUNED,
    anchor: '2.75',
    goal: 2.0,
  },
  {
    id: 'hls-3r',
    label: 'Byeol LL-HLS with 3 renditions packaged (auto level), hls.js (product settings)',
    kind: 'hls',
    stream: 'renditions',
    url: (l) => `${server.url}/media/live/${l.vodKey}/master.m3u8`,
    config: HLS_PRODUCT,
    anchor: '2.75',
    goal: 1.5,
  },
];

// ---------------------------------------------------------------------------------------------------------
// The publisher: ffmpeg as OBS would send (x264 veryfast/zerolatency, CBR 4000k, a keyframe every 1 s, 30 fps,
// no B-frames, AAC 160k 48 kHz), 1280x720. Each frame carries its capture time: in the source filter graph,
// setpts stamps the frame with the wall clock (RTCTIME, µs) as milliseconds since OFFSET, 24 drawbox cells
// write those bits (and their complement underneath) enabled by the frame's own t, then the timestamps go
// back to N/30 for the encoder. Picture and sound come from one lavfi input (one clock, as OBS has): with two
// inputs ffmpeg 5.1 reads each in its own thread into an 8-packet queue ahead of -re, so every frame was stamped
// ~0.27 s before the encoder got it (docs/live-video.md "Latency benchmark"; BENCH_PUBLISHER=two-inputs brings
// that publisher back to compare). The stamp is taken at most one frame before -re lets the frame out.
const OFFSET = Date.now() - 1000;
const TWO_INPUTS = process.env.BENCH_PUBLISHER === 'two-inputs';
const SINE = 'sine=frequency=440:sample_rate=48000';
function clockGraph(): string {
  const cells: string[] = [];
  for (let k = 0; k < 24; k++) {
    const x = 16 + 40 * k;
    const bit = `mod(floor(floor(t*1000+0.5)/pow(2,${k})),2)`;
    cells.push(`drawbox=x=${x}:y=16:w=32:h=32:color=white:t=fill:enable='${bit}'`);
    cells.push(`drawbox=x=${x}:y=56:w=32:h=32:color=white:t=fill:enable='1-${bit}'`);
  }
  return [
    'testsrc2=size=1280x720:rate=30',
    'settb=1/1000',
    `setpts='RTCTIME/1000-${OFFSET}'`,
    'drawbox=x=0:y=0:w=iw:h=104:color=black:t=fill',
    ...cells,
    'settb=1/30',
    'setpts=N',
  ].join(',');
}

const children = new Set<ChildProcess>();
/** Publishers this script stopped: their exit code (255 after SIGINT) is expected. */
const stopped = new Set<ChildProcess>();
/** Frames each publisher has encoded so far (its -progress output): says whether it kept real time. */
const encoded = new Map<ChildProcess, number>();
function publish(key: string): ChildProcess {
  const p = spawn(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-progress', 'pipe:1', '-stats_period', '0.5'],
      ...(TWO_INPUTS
        ? ['-re', '-f', 'lavfi', '-i', clockGraph(), '-re', '-f', 'lavfi', '-i', SINE, '-map', '0:v', '-map', '1:a']
        : ['-re', '-f', 'lavfi', '-i', `${clockGraph()}[out0];${SINE}[out1]`, '-map', '0:v', '-map', '0:a']),
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
      ...['-g', '30', '-keyint_min', '30', '-sc_threshold', '0', '-bf', '0', '-b:v', '4000k', '-maxrate', '4000k', '-bufsize', '4000k'],
      ...['-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-f', 'flv', `${server.rtmpUrl}/${key}`],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  p.stdout?.setEncoding('utf8').on('data', (c: string) => {
    for (const m of c.matchAll(/^frame=(\d+)/gm)) encoded.set(p, Number(m[1]));
  });
  let err = '';
  p.stderr?.setEncoding('utf8').on('data', (c: string) => {
    err = (err + c).slice(-1000);
  });
  p.once('exit', (code, signal) => {
    children.delete(p);
    if (code && !stopping && !stopped.has(p)) console.error(`publisher exited ${code ?? signal}: ${err.trim()}`);
  });
  children.add(p);
  return p;
}

// ---------------------------------------------------------------------------------------------------------
async function until<T>(probe: () => Promise<T | undefined | null | false>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** The packager ffmpeg processes the app process started (ps --ppid). */
function packagers(): number[] {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(server.pid)], { encoding: 'utf8' });
    return out
      .split('\n')
      .filter((l) => l.includes('ffmpeg') && l.includes('default_base_moof'))
      .map((l) => Number.parseInt(l, 10));
  } catch {
    return [];
  }
}

async function goLive(bj: BenchBj): Promise<Live> {
  const publisher = publish(bj.streamKey);
  const vodKey = await until(
    async () => {
      const res = await fetch(`${server.url}/v1/pubapi/play_live_list?limit=100&order=recent`, { headers: API_HEADERS });
      const body = (await res.json()) as { rslt_set: { data_list: { vod_key: string; bj: { user_key: number } }[] } };
      return body.rslt_set.data_list.find((i) => i.bj.user_key === bj.userKey)?.vod_key;
    },
    20_000,
    'the broadcast in play_live_list',
  );
  await until(async () => (await fetch(`${server.url}/media/live/${vodKey}/master.m3u8`)).ok, 20_000, 'master.m3u8');
  const [packager] = await until(async () => (packagers().length === 1 ? packagers() : null), 5000, 'one packager');
  return { bj, vodKey, publisher, packager: packager as number };
}

async function endLive(live: Live) {
  stopped.add(live.publisher);
  live.publisher.kill('SIGINT');
  await until(async () => packagers().length === 0, 10_000, 'the packager to stop');
}

// ---------------------------------------------------------------------------------------------------------
// CPU from /proc/<pid>/stat: utime + stime (own), cutime + cstime (reaped children), in clock ticks.
function ticks(pid: number): { own: number; children: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the name start at field 3 (state): utime is field 14, i.e. index 11 here.
    return { own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}
interface CpuWindow {
  packager: number | null;
  node: number | null;
  nodeChildren: number | null;
  publisher: number | null;
  /** Frames the publisher encoded per second of the window (30 = real time). */
  publisherFps: number | null;
}
function cpuWatch(live: Live) {
  const pids = { packager: live.packager, node: server.pid, publisher: live.publisher.pid ?? 0 };
  const t0 = performance.now();
  const a = { packager: ticks(pids.packager), node: ticks(pids.node), publisher: ticks(pids.publisher) };
  const frames0 = encoded.get(live.publisher);
  return (): CpuWindow => {
    const frames1 = encoded.get(live.publisher);
    const secs = (performance.now() - t0) / 1000;
    const b = { packager: ticks(pids.packager), node: ticks(pids.node), publisher: ticks(pids.publisher) };
    const pct = (x: number | undefined, y: number | undefined) =>
      x === undefined || y === undefined ? null : ((y - x) / CLK_TCK / secs) * 100;
    return {
      packager: pct(a.packager?.own, b.packager?.own),
      node: pct(a.node?.own, b.node?.own),
      nodeChildren: pct(a.node?.children, b.node?.children),
      publisher: pct(a.publisher?.own, b.publisher?.own),
      publisherFps: frames0 === undefined || frames1 === undefined ? null : (frames1 - frames0) / secs,
    };
  };
}

// ---------------------------------------------------------------------------------------------------------
interface Sample {
  latency: number;
  mediaTime: number;
  buffer: number;
  /** hls.js only: seconds behind its estimate of the playlist's live edge. */
  edge: number | null;
}
interface PageResult {
  samples: Sample[];
  bad: number;
  stalls: number;
  errors: string[];
  method: string;
  size: string;
  level: string;
  dropped: number;
  playbackRate: number;
}
interface BenchApi {
  start(o: { kind: string; url: string; offset: number; config: object; every: number }): void;
  record(): void;
  finish(): PageResult;
}

async function measure(browser: Browser, pageUrl: string, mode: Mode, live: Live) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  try {
    await page.goto(pageUrl);
    const url = mode.url(live);
    await page.evaluate((o) => (window as unknown as { bench: BenchApi }).bench.start(o), {
      kind: mode.kind,
      url,
      offset: OFFSET,
      config: mode.config,
      every: SAMPLE_EVERY_MS,
    });
    await sleep(warmup * 1000);
    await page.evaluate(() => (window as unknown as { bench: BenchApi }).bench.record());
    const cpu = cpuWatch(live);
    await sleep(seconds * 1000);
    const result = await page.evaluate(() => (window as unknown as { bench: BenchApi }).bench.finish());
    return { result: { ...result, errors: [...result.errors, ...pageErrors] }, cpu: cpu() };
  } finally {
    await context.close();
  }
}

function quantile(sorted: number[], q: number) {
  if (sorted.length === 0) return Number.NaN;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (i - lo);
}

function printWire(results: WireResult[], frames: number, unreadable: number, f: (n: number | null | undefined, d?: number) => string) {
  const s = (ms: number) => ms / 1000;
  console.log(
    `\nflv-wire, no player: capture → a video frame's FLV tag whole at a node client, both connections open at once (s); ` +
      `${frames} frames decoded (${unreadable} unreadable)`,
  );
  console.log('| path | p50 | p95 | min | max | tags | socket reads/s | minus direct, same tag: p50 / p95 / max (ms) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const l = r.latencies;
    const d = r.vsFirst.length
      ? `${f(wireQuantile(r.vsFirst, 0.5), 1)} / ${f(wireQuantile(r.vsFirst, 0.95), 1)} / ${f(r.vsFirst.at(-1), 1)}`
      : '—';
    console.log(
      `| ${r.id} | ${f(s(wireQuantile(l, 0.5)))} | ${f(s(wireQuantile(l, 0.95)))} | ${f(s(l[0] ?? Number.NaN))} | ${f(s(l.at(-1) ?? Number.NaN))} | ` +
        `${l.length} | ${f(r.readsPerSecond, 0)} | ${d} |`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
let stopping = false;
let browser: Browser | undefined;
let app: ChildProcess | undefined;
let pageServer: http.Server | undefined;

async function cleanup() {
  stopping = true;
  for (const p of children) p.kill('SIGKILL');
  await browser?.close().catch(() => {});
  pageServer?.close();
  pageServer?.closeAllConnections();
  const child = app;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.send('stop');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const started = Date.now();
  const load0 = os.loadavg();
  const child = fork(path.join(import.meta.dirname, 'live-latency', 'server.ts'), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  app = child;
  server = await new Promise<ServerReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ServerReady));
    child.once('exit', (code) => reject(new Error(`the app process exited (${code}) before it was ready`)));
  });

  // The player page and the two players, from this origin; media comes cross-origin (both send CORS *).
  const requireWeb = createRequire(path.join(import.meta.dirname, '..', 'apps', 'web', 'package.json'));
  const files: Record<string, [string, string]> = {
    '/': [path.join(import.meta.dirname, 'live-latency', 'page.html'), 'text/html; charset=utf-8'],
    '/lib/hls.js': [requireWeb.resolve('hls.js/dist/hls.min.js'), 'text/javascript'],
    '/lib/mpegts.js': [requireWeb.resolve('mpegts.js/dist/mpegts.js'), 'text/javascript'],
  };
  const versions = {
    hls: (requireWeb('hls.js/package.json') as { version: string }).version,
    mpegts: (requireWeb('mpegts.js/package.json') as { version: string }).version,
  };
  const ps = http.createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(readFileSync(file[0]));
  });
  pageServer = ps;
  await new Promise<void>((resolve) => ps.listen(0, '127.0.0.1', resolve));
  const pageUrl = `http://127.0.0.1:${(ps.address() as AddressInfo).port}/`;

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const setupSeconds = (Date.now() - started) / 1000;

  const modes = MODES.filter((m) => !only || only.has(m.id));
  const rows: { mode: Mode; result: PageResult; cpu: CpuWindow; live: Live }[] = [];
  let wire: Awaited<ReturnType<typeof measureWire>> | undefined;
  const liveAfter: Partial<Record<Stream, number>> = {};
  for (const stream of ['copy', 'renditions'] as const) {
    const these = modes.filter((m) => m.stream === stream);
    if (these.length === 0) continue;
    const t = Date.now();
    const live = await goLive(stream === 'copy' ? server.copyOnly : server.renditions);
    liveAfter[stream] = (Date.now() - t) / 1000;
    for (const mode of these) {
      if (mode.kind === 'wire') {
        const paths = [
          { id: 'node-media-server direct', url: `http://127.0.0.1:${server.flvPort}/live/${live.bj.streamKey}.flv` },
          { id: 'Byeol /media/flv proxy', url: mode.url(live) },
        ];
        wire = await measureWire(paths, OFFSET, warmup * 1000, seconds * 1000);
        process.stderr.write(`  ${mode.id}: ${wire.results.map((r) => r.latencies.length).join(' + ')} tags\n`);
        continue;
      }
      const { result, cpu } = await measure(browser, pageUrl, mode, live);
      rows.push({ mode, result, cpu, live });
      process.stderr.write(`  ${mode.id}: ${result.samples.length} samples\n`);
    }
    await endLive(live);
  }
  // The load row: simulated LL-HLS viewers on the copied level of a live (LOAD_VIEWERS, comma-separated); no
  // transcoding, so the packager keeps real time and what is measured is the serving.
  const loadRows: LoadResult[] = [];
  if (!only || only.has('ll-load')) {
    const live = await goLive(server.copyOnly);
    for (const viewers of (process.env.LOAD_VIEWERS ?? '1000,5000')
      .split(',')
      .map(Number)
      .filter((n) => n > 0)) {
      const levelUrl = `${server.url}/media/live/${live.vodKey}/high`;
      loadRows.push(
        await loadRow({ app: app as ChildProcess, levelUrl, level: 'high (copy, 4000k)', viewers, seconds, expectedPartsPerSecond: 5 }),
      );
      process.stderr.write(`  ll-load: ${viewers} viewers\n`);
    }
    await endLive(live);
  }
  const load1 = os.loadavg();

  // ------------------------------------------------------------------------------------------------------
  const f = (n: number | null | undefined, d = 2) => (n === null || n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(d));
  console.log(
    `\nbench/live-latency: ${seconds} s of samples every ${SAMPLE_EVERY_MS} ms after ${warmup} s warm-up per mode; ` +
      `${os.cpus().length} cores (shared), load ${load0.map((l) => l.toFixed(2)).join(' ')} at start, ${load1.map((l) => l.toFixed(2)).join(' ')} at end`,
  );
  console.log(
    `node ${process.version}, ${execFileSync(FFMPEG, ['-version'], { encoding: 'utf8' }).split('\n')[0]}, Chromium ${browser.version()} headless, ` +
      `hls.js ${versions.hls}, mpegts.js ${versions.mpegts}, ${server.database}; TRANSCODE_LEVELS=${server.transcode.join(',')}`,
  );
  console.log(
    'publisher: ffmpeg libx264 veryfast/zerolatency 1280x720 30 fps, keyframe every 1 s, no B-frames, CBR 4000k, AAC 160k; ' +
      `setup ${setupSeconds.toFixed(1)} s, live (master.m3u8 served) ${f(liveAfter.copy, 1)} s after the publish (copy-only), ${f(liveAfter.renditions, 1)} s (3 renditions)`,
  );
  console.log('\nGlass-to-glass latency (s): capture time burnt into the frame → expected display time of that frame in Chromium');
  console.log('| mode | p50 | p95 | min | max | samples (unreadable) | stalls | picture | ANCHORS p50 | goal p50 | verdict |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { mode, result, cpu } of rows) {
    const sorted = result.samples.map((s) => s.latency / 1000).sort((a, b) => a - b);
    const p50 = quantile(sorted, 0.5);
    const verdict =
      mode.goal === undefined || Number.isNaN(p50)
        ? '(baseline)'
        : p50 <= mode.goal
          ? `met (${f(mode.goal - p50)} s to spare)`
          : `missed by ${f(p50 - mode.goal)} s`;
    const lagged = cpu.publisherFps !== null && Math.abs(cpu.publisherFps - 30) > 1;
    const picture = `${result.size}${result.level ? ` (${result.level.trim()})` : ''}`;
    console.log(
      `| ${mode.label} | ${f(p50)} | ${f(quantile(sorted, 0.95))} | ${f(sorted[0])} | ${f(sorted.at(-1))} | ${sorted.length} (${result.bad}) | ` +
        `${result.stalls} | ${picture} | ${mode.anchor} | ${mode.goal === undefined ? '—' : `≤ ${mode.goal.toFixed(1)}`} | ${verdict}${lagged ? ` ⚠ publisher at ${f(cpu.publisherFps, 1)} fps` : ''} |`,
    );
  }
  if (wire) printWire(wire.results, wire.frames, wire.unreadable, f);
  const notes = rows.filter((r) => r.result.errors.length > 0 || r.result.method !== 'rvfc');
  for (const { mode, result } of notes) {
    console.log(`  ${mode.id}: sampling ${result.method}; player errors: ${result.errors.join('; ') || 'none'}`);
  }
  console.log('\nWhere it goes, p50 (s): buffer ahead of the playhead; for hls.js its distance behind the playlist live edge');
  console.log('(hls.latency) and the rest (capture → live edge: encode, RTMP, packaging, segment publication); drift = p50 of the last');
  console.log('third of the window minus p50 of the first third (a growing figure means something falls behind real time)');
  for (const { mode, result } of rows) {
    const p = (xs: number[]) =>
      quantile(
        [...xs].sort((x, y) => x - y),
        0.5,
      );
    const lat = result.samples.map((s) => s.latency / 1000);
    const third = Math.floor(lat.length / 3);
    const drift = third > 0 ? p(lat.slice(-third)) - p(lat.slice(0, third)) : Number.NaN;
    const edges = result.samples.filter((s) => s.edge !== null);
    const split = edges.length
      ? `, behind live edge ${f(p(edges.map((s) => s.edge as number)))}, capture → live edge ${f(p(edges.map((s) => s.latency / 1000 - (s.edge as number))))}`
      : `, latency − buffer ${f(p(result.samples.map((s) => s.latency / 1000 - s.buffer)))}`;
    console.log(`  ${mode.id}: buffer ${f(p(result.samples.map((s) => s.buffer)))}${split}, drift ${f(drift)}`);
  }

  console.log(`\nCPU, % of one core, over each ${seconds} s sampling window (/proc/<pid>/stat utime+stime)`);
  console.log(
    "| window: stream, viewer | packager ffmpeg | node (Byeol app, incl. node-media-server) | node's reaped children (thumbnails) | publisher ffmpeg (OBS stand-in) | publisher fps (30 = real time) |",
  );
  console.log('|---|---|---|---|---|---|');
  for (const { mode, cpu, live } of rows) {
    const stream = live.bj.qualities.length > 1 ? `3 renditions (${live.bj.qualities.join('+')})` : 'copy-only (high)';
    console.log(
      `| ${stream}, ${mode.id} | ${f(cpu.packager, 1)} | ${f(cpu.node, 1)} | ${f(cpu.nodeChildren, 1)} | ${f(cpu.publisher, 1)} | ${f(cpu.publisherFps, 1)} |`,
    );
  }
  const mean = (xs: (number | null)[]) => {
    const v = xs.filter((x): x is number => x !== null);
    return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
  };
  const copy = rows.filter((r) => r.mode.stream === 'copy');
  const three = rows.filter((r) => r.mode.stream === 'renditions');
  console.log(
    `\nCPU per live stream (packager ffmpeg, mean of its windows): copy-only ${f(mean(copy.map((r) => r.cpu.packager)), 1)} %, ` +
      `three renditions ${f(mean(three.map((r) => r.cpu.packager)), 1)} % of one core; ` +
      `node process ${f(mean(copy.map((r) => r.cpu.node)), 1)} % / ${f(mean(three.map((r) => r.cpu.node)), 1)} % (one viewer attached)`,
  );
  printLoad(loadRows, f);
  console.log(`whole run ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
