import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { broadcast, ensureStreamKey } from '../modules/live/index.js';
import { masterPlaylist, mediaUrl, RTMP_APP, SEGMENT_SECONDS } from '../modules/media/index.js';
import { users } from '../modules/users/index.js';
import type { Db } from '../platform/db.js';

/**
 * The demo's generated video (decision 005): each demo live room plays a short scene encoded once into
 * `DATA_DIR/demo-video/` and published in a loop with stream copy into the real RTMP ingest, so its card
 * carries the live thumbnail and its page plays like any broadcast; each demo replay gets the scene as a
 * recording in the layout real recordings have. Only with BYEOL_DEMO, BYEOL_DEMO_VIDEO and the media role
 * in this process (main.ts); never in production (the configuration refuses BYEOL_DEMO there).
 */

/** Bumped when the scene changes: loops and replay templates of another version are encoded again. */
const VERSION = 'v1';
export const LOOP_SECONDS = 12;
/** 15 fps and 24 kHz mono audio: half the packets of 30 fps and 48 kHz, and the ingest's cost goes by packets. */
const FPS = 15;
const AUDIO_RATE = 24_000;
/** A replay is the loop this many times (a minute), hard-linked from one template per scene. */
const REPLAY_LOOPS = 5;
const RESTART_MIN_MS = 2000;
const RESTART_MAX_MS = 60_000;
/** A publisher that ran this long before it died is restarted after the shortest wait again. */
const HEALTHY_MS = 60_000;
const STOP_GRACE_MS = 3000;

/** A Latin bold font for the text drawn on the scene (the BJ's ID); none found, the scene has no text. */
const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
];

export interface Scene {
  /** File name stem under DATA_DIR/demo-video (letters, digits, `_`, `-`). */
  name: string;
  /** Drawn large at the bottom (the BJ's ID), when the ffmpeg has drawtext and a font is found. */
  text: string;
  /** Drawn small top right (the cards' LIVE badge is top left). */
  badge: string;
  /** The `life` source's colours (0xRRGGBB): living cells, background, mould; and its seed. */
  colors: [string, string, string];
  seed: number;
  /** The arpeggio's root note in Hz. */
  note: number;
}

const PALETTES: Pick<Scene, 'colors' | 'note'>[] = [
  { colors: ['0xf472b6', '0x1e1b4b', '0x7c3aed'], note: 261.63 },
  { colors: ['0x22d3ee', '0x0c1445', '0x2563eb'], note: 293.66 },
  { colors: ['0xfb923c', '0x2a0a0a', '0xdb2777'], note: 329.63 },
  { colors: ['0x34d399', '0x052e2b', '0x0d9488'], note: 392 },
];
const REPLAY_PALETTE: Pick<Scene, 'colors' | 'note'> = { colors: ['0xfacc15', '0x1e1b4b', '0x9333ea'], note: 220 };

/** The scene of the demo live room number `i` (its BJ's ID drawn). */
export function liveScene(i: number, bjId: string): Scene {
  const palette = PALETTES[i % PALETTES.length] ?? REPLAY_PALETTE;
  return { name: `${VERSION}-live-${safeName(bjId)}`, text: `@${bjId}`, badge: 'BYEOL DEMO', seed: 7 + i, ...palette };
}

/** The scene of demo replays whose BJ has no live room. */
export const replayScene: Scene = { name: `${VERSION}-replay`, text: 'REPLAY', badge: 'BYEOL DEMO', seed: 3, ...REPLAY_PALETTE };

const safeName = (s: string) => s.replace(/[^\w-]/g, '_');

/** The font drawtext gets, or null: only a plain absolute path (it goes into a filter graph unescaped). */
export function demoFont(): string | null {
  return FONTS.find((f) => /^[\w./-]+$/.test(f) && existsSync(f)) ?? null;
}

/**
 * ffmpeg arguments encoding `scene` into `{name}.tmp.mp4` in the working directory (the demo folder, where
 * `{name}.txt` holds the text): blurred Game-of-Life "stage lights", the waveform of a little arpeggio,
 * the text; 640×360, 15 fps, H.264 main at about 350 kb/s with a keyframe every second (the packager's
 * 1 s segments), AAC 24 kHz mono, `LOOP_SECONDS` long (about 0.5 MB). Without `font` no text is drawn.
 */
export function sceneArgs(scene: Scene, font: string | null): string[] {
  const [life, death, mould] = scene.colors;
  const root = scene.note.toFixed(2);
  const graph = [
    // A pentatonic arpeggio, a note every 0.5 s (k*12/5 rounded down is 0 2 4 7 9 semitones), over a bass.
    `aevalsrc=exprs='0.3*sin(2*PI*t*${root}*pow(2,floor(mod(floor(t*2),6)*12/5)/12))*exp(-4*mod(t,0.5))+0.12*sin(2*PI*t*${root}/2)':s=${AUDIO_RATE}:d=${LOOP_SECONDS},asplit[a][av]`,
    `[av]showwaves=s=640x140:mode=cline:rate=${FPS}:colors=white:scale=sqrt,format=rgba,colorchannelmixer=aa=0.55[w]`,
    `life=s=80x45:r=${FPS}:seed=${scene.seed}:mold=20:ratio=0.3:life_color=${life}:death_color=${death}:mold_color=${mould},scale=640:360:flags=bicubic,boxblur=5:2[bg]`,
  ];
  let video = '[bg][w]overlay=0:110:shortest=1';
  if (font) {
    video += `,drawtext=fontfile=${font}:textfile=${scene.name}.txt:fontsize=30:fontcolor=white:box=1:boxcolor=black@0.4:boxborderw=12:x=(w-tw)/2:y=h-78`;
    video += `,drawtext=fontfile=${font}:textfile=${scene.name}.badge.txt:fontsize=16:fontcolor=white:box=1:boxcolor=0xdb2777@0.85:boxborderw=6:x=w-tw-20:y=20`;
  }
  graph.push(`${video}[v]`);
  return [
    ...['-hide_banner', '-nostats', '-loglevel', 'error', '-y', '-filter_complex', graph.join(';'), '-map', '[v]', '-map', '[a]'],
    ...['-t', String(LOOP_SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...['-r', String(FPS), '-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0'],
    ...['-b:v', '350k', '-maxrate', '500k', '-bufsize', '700k', '-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-ar', String(AUDIO_RATE)],
    ...['-movflags', '+faststart', '-f', 'mp4', `${scene.name}.tmp.mp4`],
  ];
}

/** Runs ffmpeg to its end; rejects with the end of its stderr. `track` gets the child (to kill it on stop). */
function runFfmpeg(ffmpeg: string, args: string[], cwd: string, track?: (c: ChildProcess | undefined) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    track?.(child);
    // A one-time encode gives way to everything else on the machine.
    if (child.pid) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // not allowed here: normal priority
      }
    }
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-1500);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      track?.(undefined);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg ${code ?? signal}: ${stderr.trim()}`));
    });
  });
}

/**
 * `DATA_DIR/demo-video/{scene}.mp4`, encoded now unless it exists (with text when the ffmpeg and a font
 * allow, else without: the static ffmpeg of @ffmpeg-installer and Debian's both have drawtext, a build
 * without libfreetype does not). Answers the file and whether text was drawn (null: it existed).
 */
export async function ensureLoop(
  ffmpeg: string,
  dir: string,
  scene: Scene,
  track?: (c: ChildProcess | undefined) => void,
): Promise<{ file: string; text: boolean | null }> {
  const file = path.join(dir, `${scene.name}.mp4`);
  if (existsSync(file)) return { file, text: null };
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${scene.name}.txt`), scene.text);
  await writeFile(path.join(dir, `${scene.name}.badge.txt`), scene.badge);
  const font = demoFont();
  let text = font !== null;
  try {
    await runFfmpeg(ffmpeg, sceneArgs(scene, font), dir, track);
  } catch (err) {
    if (!font) throw err;
    // No drawtext in this ffmpeg, or the font refused: the scene without text.
    text = false;
    await runFfmpeg(ffmpeg, sceneArgs(scene, null), dir, track);
  }
  await rename(path.join(dir, `${scene.name}.tmp.mp4`), file);
  return { file, text };
}

/**
 * `DATA_DIR/demo-video/{scene}-replay/`: the loop REPLAY_LOOPS times as a finished recording (the ingest's
 * layout: `master.m3u8`, `high/index.m3u8` VOD with EXT-X-ENDLIST, `high/init.mp4`, `high/seg_00001.m4s`…,
 * `thumb.jpg` 480 px wide), by stream copy. Made once; `master.m3u8` is written last and marks it done.
 */
export async function ensureReplayTemplate(
  ffmpeg: string,
  loop: string,
  dir: string,
  track?: (c: ChildProcess | undefined) => void,
): Promise<string> {
  if (existsSync(path.join(dir, 'master.m3u8'))) return dir;
  await rm(dir, { recursive: true, force: true });
  const high = path.join(dir, 'high');
  await mkdir(high, { recursive: true });
  await runFfmpeg(
    ffmpeg,
    [
      ...['-hide_banner', '-nostats', '-loglevel', 'error', '-stream_loop', String(REPLAY_LOOPS - 1), '-i', loop, '-c', 'copy'],
      ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4'],
      ...['-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments', '-start_number', '1'],
      ...['-hls_segment_filename', 'seg_%05d.m4s', 'index.m3u8'],
    ],
    high,
    track,
  );
  await runFfmpeg(
    ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-ss', '3', '-i', loop, '-frames:v', '1', '-vf', 'scale=480:-2', '-q:v', '4', '-y', 'thumb.jpg'],
    dir,
    track,
  );
  let bytes = 0;
  for (const name of await readdir(high)) bytes += (await stat(path.join(high, name))).size;
  const seconds = LOOP_SECONDS * REPLAY_LOOPS;
  await writeFile(
    path.join(dir, 'master.m3u8'),
    masterPlaylist([{ level: 'high', bandwidth: ((bytes * 8) / seconds) * 1.25, width: 640, height: 360 }]),
  );
  return dir;
}

/** Copies a folder tree by hard links (the replays share one template's bytes), by copies where links fail. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const a = path.join(from, entry.name);
    const b = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(a, b);
    else await link(a, b).catch(() => copyFile(a, b));
  }
}

export interface DemoVideoOptions {
  db: Db;
  log: Logger;
  dataDir: string;
  /** The ffmpeg binary (the media module's resolveFfmpeg()). */
  ffmpeg: string;
  /** rtmp://{host}:{port} of this process's ingest. */
  rtmpOrigin: string;
}

interface Room {
  vodKey: string;
  bjUserKey: number;
  bjId: string;
}

interface Publisher {
  room: Room;
  loop: string;
  child?: ChildProcess;
  exited?: Promise<void>;
  timer?: NodeJS.Timeout;
  wait: number;
}

/**
 * The demo's publishers: started by `start()` in the background (the loops are encoded first, once), one
 * ffmpeg per demo live room (`-re -stream_loop -1 -c copy -f flv`), restarted when it dies while its room is
 * still a live demo room; `stop()` ends them all (and a running encode) before the ingest closes.
 */
export class DemoVideo {
  private readonly publishers = new Map<string, Publisher>();
  private encoding?: ChildProcess;
  private job?: Promise<void>;
  private stopping = false;
  readonly dir: string;

  constructor(private readonly o: DemoVideoOptions) {
    this.dir = path.join(o.dataDir, 'demo-video');
  }

  /** Starts the background work; resolves at once (`ready()` waits for it). */
  start(): void {
    this.job ??= this.run().catch((err: unknown) => {
      if (!this.stopping) this.o.log.error({ err }, 'demo video failed');
    });
  }

  /** Resolves once the loops are encoded, the publishers started and the replays written. */
  async ready(): Promise<void> {
    await this.job;
  }

  /** The pids of the running publishers, by vod_key. */
  pids(): Map<string, number> {
    const pids = new Map<string, number>();
    for (const [vodKey, p] of this.publishers) if (p.child?.pid && p.child.exitCode === null) pids.set(vodKey, p.child.pid);
    return pids;
  }

  private readonly track = (c: ChildProcess | undefined) => {
    this.encoding = c;
    if (c && this.stopping) c.kill('SIGKILL');
  };

  private async run() {
    const rooms = await this.o.db
      .select({ vodKey: broadcast.vodKey, bjUserKey: broadcast.bjUserKey, bjId: users.id })
      .from(broadcast)
      .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
      .where(and(eq(broadcast.isDemo, true), eq(broadcast.state, 'live')))
      .orderBy(asc(broadcast.broadcastSn));
    const loops = new Map<number, string>();
    const t0 = Date.now();
    for (const [i, room] of rooms.entries()) {
      if (this.stopping) return;
      const loop = await ensureLoop(this.o.ffmpeg, this.dir, liveScene(i, room.bjId), this.track);
      if (loop.text !== null) this.o.log.info({ file: loop.file, text: loop.text, ms: Date.now() - t0 }, 'demo video loop encoded');
      loops.set(room.bjUserKey, loop.file);
      this.publish(room, loop.file);
    }
    if (rooms.length > 0) this.o.log.info({ rooms: rooms.length }, 'demo live rooms publishing their generated video');
    await this.writeReplays(loops);
  }

  /**
   * Gives every demo replay without media (or whose files are gone: a new DATA_DIR on a kept database) the
   * scene of its BJ (their live room's, else the replay scene).
   */
  private async writeReplays(loops: Map<number, string>) {
    const rows = await this.o.db
      .select({ vodKey: broadcast.vodKey, bjUserKey: broadcast.bjUserKey, mediaDir: broadcast.mediaDir })
      .from(broadcast)
      .where(and(eq(broadcast.isDemo, true), eq(broadcast.state, 'ended'), eq(broadcast.replayYn, true)))
      .orderBy(asc(broadcast.broadcastSn));
    const mediaRoot = path.join(this.o.dataDir, 'media');
    const replays = rows.filter((r) => r.mediaDir === '' || !existsSync(path.join(mediaRoot, r.mediaDir, 'master.m3u8')));
    const templates = new Map<string, string>();
    for (const replay of replays) {
      if (this.stopping) return;
      let loop = loops.get(replay.bjUserKey);
      if (!loop) {
        const made = await ensureLoop(this.o.ffmpeg, this.dir, replayScene, this.track);
        loop = made.file;
      }
      let template = templates.get(loop);
      if (!template) {
        template = await ensureReplayTemplate(this.o.ffmpeg, loop, loop.replace(/\.mp4$/, '-replay'), this.track);
        templates.set(loop, template);
      }
      const mediaDir = `live/${replay.vodKey}`;
      const target = path.join(mediaRoot, mediaDir);
      await rm(target, { recursive: true, force: true });
      await linkTree(template, target);
      await this.o.db
        .update(broadcast)
        .set({ mediaDir, thumbnail: mediaUrl(replay.vodKey, 'thumb.jpg'), qualities: ['high'] })
        .where(and(eq(broadcast.vodKey, replay.vodKey), eq(broadcast.isDemo, true)));
    }
    if (replays.length > 0) this.o.log.info({ replays: replays.length }, 'demo replays given a recording');
  }

  private publish(room: Room, loop: string) {
    const p: Publisher = this.publishers.get(room.vodKey) ?? { room, loop, wait: RESTART_MIN_MS };
    this.publishers.set(room.vodKey, p);
    void this.spawnPublisher(p).catch((err: unknown) => this.o.log.error({ err, vod_key: room.vodKey }, 'demo publisher failed'));
  }

  private async spawnPublisher(p: Publisher) {
    if (this.stopping) return;
    const key = (await ensureStreamKey(this.o.db, p.room.bjUserKey)).streamKey;
    if (this.stopping) return;
    const startedAt = Date.now();
    const child = spawn(
      this.o.ffmpeg,
      [
        ...['-hide_banner', '-nostats', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', p.loop],
        ...['-c', 'copy', '-f', 'flv', `${this.o.rtmpOrigin}/${RTMP_APP}/${key}`],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    p.child = child;
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-1000);
    });
    p.exited = new Promise((resolve) => {
      child.once('error', (err) => {
        this.o.log.warn({ err, vod_key: p.room.vodKey }, 'demo publisher could not start');
        resolve();
      });
      child.once('exit', (code, signal) => {
        resolve();
        if (this.stopping) return;
        p.wait = Date.now() - startedAt >= HEALTHY_MS ? RESTART_MIN_MS : Math.min(p.wait * 2, RESTART_MAX_MS);
        this.o.log.warn({ vod_key: p.room.vodKey, code, signal, stderr: stderr.trim(), restart_in_ms: p.wait }, 'demo publisher exited');
        p.timer = setTimeout(() => {
          this.restart(p).catch((err: unknown) => this.o.log.error({ err, vod_key: p.room.vodKey }, 'demo publisher restart failed'));
        }, p.wait);
      });
    });
  }

  /** Again, while the room is still a live demo room (an operator may have frozen it meanwhile). */
  private async restart(p: Publisher) {
    if (this.stopping) return;
    const [row] = await this.o.db
      .select({ n: sql<number>`1` })
      .from(broadcast)
      .where(and(eq(broadcast.vodKey, p.room.vodKey), eq(broadcast.state, 'live'), eq(broadcast.isDemo, true)));
    if (!row) {
      this.o.log.info({ vod_key: p.room.vodKey }, 'demo room no longer live: its publisher stays off');
      this.publishers.delete(p.room.vodKey);
      return;
    }
    await this.spawnPublisher(p);
  }

  /**
   * Ends every publisher (SIGTERM, SIGKILL after 3 s) and a running encode, and waits for them: called
   * before the ingest and the database close, so no ffmpeg of the demo outlives the process.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.encoding?.kill('SIGKILL');
    const exits: Promise<void>[] = [];
    for (const p of this.publishers.values()) {
      clearTimeout(p.timer);
      const child = p.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      exits.push((p.exited ?? Promise.resolve()).finally(() => clearTimeout(killer)));
    }
    await Promise.all(exits);
    await this.job;
  }
}

/** Where the demo publishes: the ingest's RTMP address as seen from this machine (a wildcard bind is loopback). */
export function rtmpOriginOf(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `rtmp://${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}:${port}`;
}
