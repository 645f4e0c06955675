/// <reference path="./node-media-server.d.ts" />
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { INGEST_STATS_EVERY_MS, type IngestStats, LIVE_BUS_CHANNEL, LIVE_STATS_CHANNEL, type LiveBusMessage } from '@byeol/contract';
import type { NmsBaseSession, NmsBroadcast, NmsPacket } from 'node-media-server/src/core/context.js';
import type { Logger } from 'pino';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { IngestMeter } from './ingest.stats.js';
import { attachLevels, type LlHlsLevel } from './llhls.js';
import { detachDemoBroadcast, type EndReason, endBroadcast, setThumbnail } from './media.repository.js';
import {
  CLIP_KEEP_SEGMENTS,
  closePlaylist,
  LagWatch,
  levelHeight,
  type MasterEntry,
  masterPlaylist,
  packagerArgs,
  parseMediaPlaylist,
  prepareLevelDirs,
  type Quality,
  type Segment,
  segmentLagMs,
} from './packager.js';

/** A segment name the packager writes (nothing else is ever removed by the pruning). */
const SAFE_SEGMENT = /^seg_\d+\.m4s$/;

/** Public URL of a broadcast's media folder (served by the web role, media.files.ts). */
export const mediaUrl = (vodKey: string, file: string) => `/media/live/${vodKey}/${file}`;

const WATCH_MS = 500;
/** The publisher sent nothing for this long: it is gone (a dead network sends no FIN). */
const PUBLISHER_SILENT_MS = 4000;
/** No first segment this long after the start, or no new one this long while live: packaging failed. */
const FIRST_SEGMENT_MS = 15_000;
const SEGMENT_STALL_MS = 10_000;
const THUMB_EVERY_MS = 10_000;
/**
 * A demo room (its 12 s loop over and over) gets a new thumbnail once a minute: each one is an ffmpeg start
 * (about 0.25 s of CPU with Debian's), which every 10 s would cost a demo room more than its whole stream.
 */
const DEMO_THUMB_EVERY_MS = 60_000;

/** ffmpeg gets this long to write its last segment after SIGINT before it is killed. */
const FFMPEG_GRACE_MS = 3000;

export interface IngestSessionOptions {
  db: Db;
  bus: Bus;
  log: Logger;
  ffmpeg: string;
  /** DATA_DIR/media */
  mediaRoot: string;
  /** node-media-server's local HTTP-FLV of this stream. */
  input: string;
  vodKey: string;
  bjUserKey: number;
  levels: Quality[];
  record: boolean;
  /**
   * A demo live room fed by the demo's publisher (decision 005): at the end its row goes back to a seeded
   * one without media, still live, instead of ending.
   */
  demo?: boolean;
  /** node-media-server's publishing connection (OBS). */
  publisher: NmsBaseSession;
  /** Closes whatever still plays the stream inside node-media-server (the packager, HTTP-FLV viewers). */
  closePlayers: () => void;
  /** node-media-server's broadcast of the stream: its packets are metered for the live dashboard. */
  broadcast?: NmsBroadcast | undefined;
}

/**
 * One live broadcast from publish to end: starts ffmpeg (HLS packaging), announces `live` once the first
 * segment exists, refreshes the thumbnail, and ends when the publisher leaves, stalls or the packager fails,
 * or when stopped (freeze, shutdown). Events: `live`, `ended` (reason), `error` (err). Every log line
 * carries the vod_key.
 */
export class IngestSession extends EventEmitter<{ live: []; ended: [EndReason]; error: [Error] }> {
  readonly vodKey: string;
  readonly bjUserKey: number;
  readonly dir: string;
  private readonly log: Logger;
  private ffmpeg?: ChildProcess;
  private ffmpegExit?: Promise<void>;
  /** The LL-HLS packaging of each level (served from memory by media.files.ts while live). */
  private ll = new Map<Quality, LlHlsLevel>();
  private llEnded: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private stopping?: Promise<void>;
  private live = false;
  private readonly startedAt = Date.now();
  private lastSegmentAt = 0;
  private lastLagWarnAt = 0;
  private readonly lagWatch = new LagWatch();
  private lastThumbAt = 0;
  private lastInBytes = -1;
  private lastInBytesAt = Date.now();
  private thumbJob?: Promise<void>;
  private watching?: Promise<void>;
  /** The ingest's health (bitrate, fps, keyframes, dropped frames), published for the live dashboard. */
  private readonly meter: IngestMeter;
  private statsTimer?: NodeJS.Timeout;
  private unmeter?: () => void;
  /** Segments seen in the live playlists, per level (their durations and dates for the replay). */
  private readonly seen = new Map<Quality, Map<string, Segment>>();

  constructor(private readonly o: IngestSessionOptions) {
    super();
    this.vodKey = o.vodKey;
    this.bjUserKey = o.bjUserKey;
    this.dir = path.join(o.mediaRoot, 'live', o.vodKey);
    this.log = o.log.child({ vod_key: o.vodKey });
    for (const level of o.levels) this.seen.set(level, new Map());
    this.meter = new IngestMeter(Date.now(), o.publisher.inBytes ?? 0);
  }

  get isLive() {
    return this.live;
  }

  /** A level's LL-HLS packaging while live (media.files.ts serves its playlist, parts and recent segments from memory). */
  llhls(level: string): LlHlsLevel | undefined {
    return this.live ? this.ll.get(level as Quality) : undefined;
  }

  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await prepareLevelDirs(this.dir, this.o.levels);
    const args = packagerArgs({ input: this.o.input, dir: this.dir, levels: this.o.levels, record: this.o.record });
    // -progress: key=value blocks on stdout about twice a second (speed, dropped and duplicated frames).
    const child = spawn(this.o.ffmpeg, ['-progress', 'pipe:1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe', ...this.o.levels.map(() => 'pipe' as const)],
    });
    this.ffmpeg = child;
    const packaged = attachLevels(child, this.dir, this.o.levels, this.log);
    this.ll = packaged.levels;
    this.llEnded = packaged.ended;
    let progress = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (progress + chunk).split('\n');
      progress = (lines.pop() ?? '').slice(-500);
      for (const line of lines) this.meter.progressLine(line);
    });
    // 'error' without 'exit' when it could not be started at all.
    this.ffmpegExit = new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    child.once('error', (err) => this.fail(err));
    child.once('exit', (code, signal) => {
      if (this.stopping) return;
      this.log.warn({ code, signal, stderr: stderr.trim() }, 'packager exited');
      this.fail(new Error(`ffmpeg exited (${code ?? signal})`));
    });
    this.log.info({ pid: child.pid, levels: this.o.levels, record: this.o.record }, 'ingest started');

    // The end comes from the stream itself: the publisher's connection closing (node-media-server's own
    // donePublish arrives 30 s late), or its bytes stopping.
    this.o.publisher.socket?.once('close', () => void this.stop('publisher_gone'));
    this.startMetering();
    this.timer = setInterval(() => {
      // One look at a time: a slow disk or thumbnail must not announce `live` twice.
      if (this.watching) return;
      this.watching = this.watch().finally(() => {
        this.watching = undefined;
      });
    }, WATCH_MS);
  }

  /**
   * Every packet the publisher sends passes the meter (node-media-server's broadcast calls its own
   * `broadcastMessage` property for each: it is wrapped, and put back at the end), and every
   * INGEST_STATS_EVERY_MS the measures go out on the bus (LIVE_STATS_CHANNEL) for the api role's dashboard.
   */
  private startMetering() {
    const b = this.o.broadcast;
    if (b) {
      const original = b.broadcastMessage;
      const metered = (packet: NmsPacket) => {
        this.meter.packet(packet, Date.now());
        original(packet);
      };
      b.broadcastMessage = metered;
      this.unmeter = () => {
        if (b.broadcastMessage === metered) b.broadcastMessage = original;
      };
    }
    this.statsTimer = setInterval(() => void this.publishStats(), INGEST_STATS_EVERY_MS);
    this.statsTimer.unref();
  }

  private async publishStats() {
    if (this.stopping) return;
    const p = this.o.publisher;
    const measures = this.meter.sample(Date.now(), p.inBytes, { fps: p.videoFramerate, width: p.videoWidth, height: p.videoHeight });
    const message: IngestStats = { vod_key: this.vodKey, bj_user_key: this.bjUserKey, ...measures };
    await this.o.bus.publish(LIVE_STATS_CHANNEL, message).catch((err: unknown) => this.log.debug({ err }, 'stats publish failed'));
  }

  private fail(err: Error) {
    if (this.stopping) return;
    this.log.error({ err }, 'ingest failed');
    if (this.listenerCount('error') > 0) this.emit('error', err);
    void this.stop('error');
  }

  private async watch() {
    if (this.stopping) return;
    const now = Date.now();
    if (this.o.publisher.inBytes !== this.lastInBytes) {
      this.lastInBytes = this.o.publisher.inBytes;
      this.lastInBytesAt = now;
    } else if (now - this.lastInBytesAt > PUBLISHER_SILENT_MS) {
      this.log.info('publisher silent');
      return this.stop('publisher_gone');
    }
    let newest = 0;
    let lag = Number.NEGATIVE_INFINITY;
    for (const level of this.o.levels) {
      const text = await readFile(path.join(this.dir, level, 'index.m3u8'), 'utf8').catch(() => '');
      const seen = this.seen.get(level) as Map<string, Segment>;
      for (const s of parseMediaPlaylist(text).segments) {
        if (!seen.has(s.uri)) {
          seen.set(s.uri, s);
          if (level === 'high') newest = now;
          lag = Math.max(lag, segmentLagMs(s, now) ?? lag);
        }
      }
    }
    if (this.stopping) return;
    if (!this.o.record) this.prune();
    if (this.live && Number.isFinite(lag)) {
      const verdict = this.lagWatch.add(now, lag);
      if (verdict.kind === 'fail') {
        return this.fail(new Error(`packager fell ${Math.round(verdict.growthMs / 1000)} s behind real time within a minute`));
      }
      if (verdict.kind === 'warn' && now - this.lastLagWarnAt > 30_000) {
        this.lastLagWarnAt = now;
        this.log.warn({ lag_ms: Math.round(lag), levels: this.o.levels }, 'packager behind real time');
      }
    }
    if (newest) this.lastSegmentAt = newest;
    const everyLevel = [...this.seen.values()].every((seen) => seen.size > 0);
    if (!this.live && everyLevel) {
      await this.writeMaster();
      this.live = true;
      this.log.info({ after_ms: now - this.startedAt }, 'first segment: live');
      await this.thumbnail();
      await this.publish('live');
      this.emit('live');
    } else if (!this.live && now - this.startedAt > FIRST_SEGMENT_MS) {
      return this.fail(new Error('no segment'));
    } else if (this.live && now - this.lastSegmentAt > SEGMENT_STALL_MS) {
      return this.fail(new Error('segments stalled'));
    } else if (this.live && now - this.lastThumbAt >= (this.o.demo ? DEMO_THUMB_EVERY_MS : THUMB_EVERY_MS)) {
      await this.thumbnail();
    }
  }

  /**
   * An unrecorded broadcast keeps its last CLIP_KEEP_SEGMENTS segments per level on disk (viewers' clips of
   * the last 85 s) and no more: older files are removed as new ones are seen.
   */
  private prune() {
    for (const [level, seen] of this.seen) {
      while (seen.size > CLIP_KEEP_SEGMENTS) {
        const oldest = seen.keys().next().value as string;
        seen.delete(oldest);
        if (SAFE_SEGMENT.test(oldest)) void rm(path.join(this.dir, level, oldest), { force: true });
      }
    }
  }

  /** master.m3u8 once every level has a segment: bandwidth measured on it (+25 %), resolution from the source. */
  private async writeMaster() {
    const sourceW = Number(this.o.publisher.videoWidth) || 0;
    const sourceH = Number(this.o.publisher.videoHeight) || 0;
    const entries: MasterEntry[] = [];
    for (const level of this.o.levels) {
      const segments = [...(this.seen.get(level) as Map<string, Segment>).values()];
      let bits = 0;
      let seconds = 0;
      for (const s of segments) {
        const size = await stat(path.join(this.dir, level, s.uri)).then(
          (st) => st.size,
          () => 0,
        );
        bits += size * 8;
        seconds += s.duration;
      }
      const height = levelHeight(level, sourceH);
      const width = sourceW && sourceH && height ? Math.round((sourceW * height) / sourceH / 2) * 2 : 0;
      entries.push({ level, bandwidth: (bits / Math.max(seconds, 0.5)) * 1.25, ...(width && height ? { width, height } : {}) });
    }
    const file = path.join(this.dir, 'master.m3u8');
    await writeFile(`${file}.tmp`, masterPlaylist(entries));
    await rename(`${file}.tmp`, file);
  }

  /** thumb.jpg from the newest segment of the source level (decodes one frame; the packager only copies). */
  private thumbnail(): Promise<void> {
    this.thumbJob ??= this.makeThumbnail().finally(() => {
      this.thumbJob = undefined;
    });
    return this.thumbJob;
  }

  private async makeThumbnail() {
    this.lastThumbAt = Date.now();
    try {
      const levelDir = path.join(this.dir, 'high');
      const list = parseMediaPlaylist(await readFile(path.join(levelDir, 'index.m3u8'), 'utf8'));
      const last = list.segments.at(-1);
      if (!last) return;
      const input = Buffer.concat([
        await readFile(path.join(levelDir, list.map ?? 'init.mp4')),
        await readFile(path.join(levelDir, last.uri)),
      ]);
      const tmp = path.join(this.dir, 'thumb.tmp.jpg');
      await runFfmpeg(
        this.o.ffmpeg,
        ['-hide_banner', '-loglevel', 'error', '-f', 'mp4', '-i', 'pipe:0', '-frames:v', '1', '-vf', 'scale=480:-2', '-q:v', '4'],
        input,
        ['-f', 'image2', '-y', tmp],
      );
      if (this.stopping && !this.o.record) return;
      await rename(tmp, path.join(this.dir, 'thumb.jpg'));
      await setThumbnail(this.o.db, this.vodKey, mediaUrl(this.vodKey, 'thumb.jpg'));
    } catch (err) {
      this.log.warn({ err }, 'thumbnail failed');
    }
  }

  private async publish(type: LiveBusMessage['type']) {
    const message: LiveBusMessage = { type, vod_key: this.vodKey, bj_user_key: this.bjUserKey };
    await this.o.bus.publish(LIVE_BUS_CHANNEL, message).catch((err: unknown) => this.log.warn({ err }, 'bus publish failed'));
  }

  /**
   * Ends the broadcast once (later calls wait for the first): the packager is stopped so it writes its last
   * segment, the publisher and players are cut, the replay is closed (or the folder removed when recording is
   * off), then the row moves to ended (not for `frozen`: the operator's call already did) and `ended` is published.
   */
  stop(reason: EndReason): Promise<void> {
    this.stopping ??= this.end(reason);
    return this.stopping;
  }

  private async end(reason: EndReason) {
    clearInterval(this.timer);
    clearInterval(this.statsTimer);
    this.unmeter?.();
    this.log.info({ reason }, 'ingest stopping');
    // Cutting node-media-server's players first ends the packager's input (EOF): it writes its last segment
    // and exits by itself. SIGINT too (it also interrupts a blocked read); SIGKILL if it does not finish.
    await this.thumbJob;
    this.o.publisher.close();
    this.o.closePlayers();
    const child = this.ffmpeg;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const killer = setTimeout(() => {
        this.log.warn('packager did not stop: killed');
        child.kill('SIGKILL');
      }, FFMPEG_GRACE_MS);
      await this.ffmpegExit;
      clearTimeout(killer);
    }
    // The last segment of every level on disk before the replay's playlist is closed.
    await this.llEnded;
    let segments = 0;
    try {
      if (this.o.record) {
        for (const level of this.o.levels) {
          segments += await closePlaylist(path.join(this.dir, level), this.seen.get(level) as Map<string, Segment>);
        }
        await rm(path.join(this.dir, 'thumb.tmp.jpg'), { force: true });
      } else {
        await rm(this.dir, { recursive: true, force: true });
      }
    } catch (err) {
      this.log.error({ err }, 'closing the media failed');
    }
    const replay = this.o.record && segments > 0;
    if (reason !== 'frozen' && this.o.demo) {
      try {
        if (await detachDemoBroadcast(this.o.db, this.vodKey)) await this.publish('updated');
      } catch (err) {
        this.log.error({ err }, 'detaching the demo room failed');
      }
    } else if (reason !== 'frozen') {
      try {
        if (await endBroadcast(this.o.db, this.vodKey, reason, replay)) await this.publish('ended');
      } catch (err) {
        this.log.error({ err }, 'ending the broadcast row failed');
      }
    }
    this.log.info({ reason, replay, segments, seconds: Math.round((Date.now() - this.startedAt) / 1000) }, 'ingest ended');
    this.emit('ended', reason);
  }
}

/** Runs ffmpeg with `input` on stdin; rejects on a non-zero exit. */
function runFfmpeg(ffmpeg: string, inputArgs: string[], input: Buffer, outputArgs: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, [...inputArgs, ...outputArgs], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-1000);
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(killer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg ${code}: ${stderr.trim()}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
