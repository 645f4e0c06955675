import type { ChildProcess } from 'node:child_process';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { BoxReader, parseMoof, parseMoov, type Track } from './fmp4.js';
import { LIVE_LIST_SIZE, levelFd, type Quality, SEGMENT_SECONDS, type Segment } from './packager.js';

/**
 * LL-HLS packaging of one rendition (docs/live-video.md "Low-latency HLS"): ffmpeg writes fragmented MP4 with
 * a fragment per packet to a pipe; this cuts the fragments into parts of at most PART_TARGET_S of video,
 * a new segment at the first keyframe once the current one holds SEGMENT_SECONDS, keeps the recent parts
 * and segments in memory for the media playlist with EXT-X-PART / EXT-X-PRELOAD-HINT and blocking reload,
 * and writes every segment, `init.mp4` and a plain live `index.m3u8` to disk exactly as ffmpeg's HLS muxer
 * did (the replay, clips, thumbnails and other processes read those).
 */

/**
 * EXT-X-PART-INF PART-TARGET, seconds: parts of 200 ms, with room for RTMP's millisecond timestamps (six
 * frames at 30 fps are 200–201 ms; at 0.2 exactly they would fall to five, 167 ms, below the spec's 85 % floor).
 */
export const PART_TARGET_S = 0.21;
/** EXT-X-SERVER-CONTROL PART-HOLD-BACK: the spec's minimum is 2 × PART-TARGET and it advises 3 ×. */
export const PART_HOLD_BACK_S = 0.63;
/** Parts stay listed (and served) for this many complete segments behind the live edge. */
const PART_SEGMENTS = 3;
/** A blocked playlist or part request answers 503 after this long (the spec: at most 3 × the target duration). */
export const BLOCK_TIMEOUT_MS = 3000;
/** `_HLS_msn` more than this far past the segment in progress answers 400 (the spec's "plus two"). */
const MSN_AHEAD_LIMIT = 2;
/** `_HLS_part` past this index is no part a segment will ever have: 400. */
const PART_INDEX_LIMIT = 64;
const segmentName = (msn: number) => `seg_${String(msn).padStart(5, '0')}.m4s`;
export const partName = (msn: number, index: number) => `p${String(msn).padStart(5, '0')}.${index}.m4s`;
export const PART_NAME = /^p(\d{5,9})\.(\d{1,3})\.m4s$/;
export const SEGMENT_FILE = /^seg_(\d{5,9})\.m4s$/;

interface Part {
  index: number;
  duration: number;
  /** When it was cut (ms): the start of its creation-to-delivery time (bench:live's load row). */
  at: number;
  independent: boolean;
  bytes: Buffer;
}

interface Seg {
  msn: number;
  /** Decode time of its first video sample, in the clock track's timescale. */
  start: number;
  pdt: string;
  parts: Part[];
  duration: number;
  /** The whole segment, kept while it is listed. */
  bytes?: Buffer;
}

export type WaitResult = 'ready' | 'timeout' | 'ended';

interface Waiter {
  msn: number;
  part: number | undefined;
  deadline: number;
  resolve: (r: WaitResult) => void;
}

/** One sweep for every rendition's blocked requests: a timer per waiting viewer would cost 5,000 timers per live. */
const waiting = new Set<LlHlsLevel>();
let sweeper: NodeJS.Timeout | undefined;
function sweepSoon(level: LlHlsLevel) {
  waiting.add(level);
  sweeper ??= setInterval(() => {
    const now = Date.now();
    for (const l of waiting) if (!l.expire(now)) waiting.delete(l);
    if (waiting.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }, 100).unref();
}

export interface LlHlsOptions {
  /** DATA_DIR/media/live/{vod_key}/{level} */
  dir: string;
  log: Logger;
  /** BLOCK_TIMEOUT_MS unless a test says otherwise. */
  blockTimeoutMs?: number;
}

export class LlHlsLevel {
  private readonly reader = new BoxReader();
  private ftyp?: Buffer;
  private init?: Buffer;
  private tracks = new Map<number, Track>();
  private clock?: Track;
  private pendingMoof?: Buffer;
  /** Wall-clock ms of decode time 0 (dates the segments the way ffmpeg's program_date_time did). */
  private anchorMs = 0;
  private nextMsn = 1;
  private current?: Seg;
  private readonly done: Seg[] = [];
  /** The part being filled. */
  private buffers: Buffer[] = [];
  private partTicks = 0;
  private partHasVideo = false;
  private partIndependent = false;
  private maxSegment = SEGMENT_SECONDS;
  private ended = false;
  private failed = false;
  private version = 0;
  private rendered?: { version: number; text: Buffer };
  private waiters: Waiter[] = [];
  private disk: Promise<void> = Promise.resolve();

  constructor(private readonly o: LlHlsOptions) {}

  /** The level's folder on disk. */
  get dir(): string {
    return this.o.dir;
  }

  /** Bytes from ffmpeg's pipe. A malformed stream stops this rendition's parts (the disk playlist stalls: the ingest's watch ends the broadcast). */
  push(chunk: Buffer): void {
    if (this.failed || this.ended) return;
    try {
      for (const box of this.reader.push(chunk)) this.box(box.type, box.bytes);
    } catch (err) {
      this.failed = true;
      this.o.log.error({ err }, 'LL-HLS packaging failed');
    }
  }

  private box(type: string, bytes: Buffer) {
    if (type === 'ftyp') this.ftyp = Buffer.from(bytes);
    else if (type === 'moov') {
      this.init = Buffer.concat([this.ftyp ?? Buffer.alloc(0), bytes]);
      this.tracks = parseMoov(bytes);
      const all = [...this.tracks.values()];
      this.clock = all.find((t) => t.kind === 'video') ?? all.find((t) => t.kind === 'audio') ?? all[0];
      const init = this.init;
      this.write(async () => this.atomicWrite('init.mp4', init));
    } else if (type === 'moof') this.pendingMoof = Buffer.from(bytes);
    else if (type === 'mdat' && this.pendingMoof) {
      const moof = this.pendingMoof;
      this.pendingMoof = undefined;
      this.fragment(moof, Buffer.from(bytes));
    }
  }

  private fragment(moof: Buffer, mdat: Buffer) {
    const clock = this.clock;
    if (!clock) return;
    const run = parseMoof(moof, this.tracks).find((r) => r.track === clock.id && r.samples > 0);
    if (!this.current) {
      // Nothing before the first keyframe: a segment starts independent.
      if (!run?.sync) return;
      this.anchorMs = Date.now() - (run.decodeTime / clock.timescale) * 1000;
      this.open(run.decodeTime);
    }
    const seg = this.current as Seg;
    if (run?.sync) {
      if (this.partHasVideo) this.closePart();
      if ((run.decodeTime - seg.start) / clock.timescale >= SEGMENT_SECONDS * 0.9 && seg.parts.length > 0) {
        this.closeSegment();
        this.open(run.decodeTime);
      }
    }
    this.buffers.push(moof, mdat);
    if (!run) return;
    if (!this.partHasVideo) {
      this.partHasVideo = true;
      this.partIndependent = run.sync;
    }
    this.partTicks += run.duration;
    const frame = run.duration / run.samples;
    // Closed as soon as one more frame would not fit: parts never exceed PART-TARGET.
    if ((this.partTicks + frame) / clock.timescale > PART_TARGET_S + 1e-6) this.closePart();
  }

  private open(start: number) {
    const clock = this.clock as Track;
    const msn = this.nextMsn++;
    this.current = { msn, start, pdt: new Date(this.anchorMs + (start / clock.timescale) * 1000).toISOString(), parts: [], duration: 0 };
  }

  private closePart() {
    const seg = this.current;
    if (!seg || this.buffers.length === 0) return;
    const duration = this.partTicks / (this.clock as Track).timescale;
    seg.parts.push({
      index: seg.parts.length,
      duration,
      at: Date.now(),
      independent: this.partIndependent,
      bytes: Buffer.concat(this.buffers),
    });
    seg.duration += duration;
    this.buffers = [];
    this.partTicks = 0;
    this.partHasVideo = false;
    this.partIndependent = false;
    this.changed();
  }

  private closeSegment() {
    const seg = this.current;
    if (!seg || seg.parts.length === 0) return;
    this.current = undefined;
    seg.bytes = Buffer.concat(seg.parts.map((p) => p.bytes));
    this.done.push(seg);
    this.maxSegment = Math.max(this.maxSegment, seg.duration);
    // Parts of segments past the window and whole segments past the list are dropped from memory.
    const partsFrom = this.done.length - PART_SEGMENTS - 1;
    for (let i = Math.max(0, partsFrom - 2); i < partsFrom; i++) (this.done[i] as Seg).parts.length = 0;
    while (this.done.length > LIVE_LIST_SIZE + 2) this.done.shift();
    const bytes = seg.bytes;
    const listed = this.done.slice(-LIVE_LIST_SIZE);
    this.write(async () => {
      await this.atomicWrite(segmentName(seg.msn), bytes);
      await this.atomicWrite('index.m3u8', Buffer.from(this.diskPlaylist(listed)));
    });
    this.changed();
  }

  /** Ends the rendition (ffmpeg's output closed): the last part and segment are kept, waiters answered, disk writes finished. */
  async end(): Promise<void> {
    if (!this.ended) {
      if (!this.failed) {
        // Audio after the last video frame joins the last part rather than making a part of no duration.
        const last = this.current?.parts.at(-1);
        if (!this.partHasVideo && last && this.buffers.length > 0) {
          last.bytes = Buffer.concat([last.bytes, ...this.buffers]);
          this.buffers = [];
        }
        this.closePart();
        this.closeSegment();
      }
      this.ended = true;
      this.changed();
    }
    await this.disk;
  }

  private write(job: () => Promise<void>) {
    this.disk = this.disk.then(job).catch((err: unknown) => this.o.log.error({ err }, 'LL-HLS disk write failed'));
  }

  private async atomicWrite(name: string, bytes: Buffer) {
    const file = path.join(this.o.dir, name);
    await writeFile(`${file}.tmp`, bytes);
    await rename(`${file}.tmp`, file);
  }

  /** The plain live playlist on disk: what ffmpeg's HLS muxer wrote (the ingest's watch, the replay and other processes read it). */
  private diskPlaylist(listed: Seg[]): string {
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      `#EXT-X-TARGETDURATION:${this.targetDuration()}`,
      `#EXT-X-MEDIA-SEQUENCE:${listed[0]?.msn ?? 1}`,
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-MAP:URI="init.mp4"',
    ];
    for (const s of listed) lines.push(`#EXTINF:${s.duration.toFixed(6)},`, `#EXT-X-PROGRAM-DATE-TIME:${s.pdt}`, segmentName(s.msn));
    lines.push('');
    return lines.join('\n');
  }

  private targetDuration() {
    // EXTINF rounded to the nearest integer never exceeds it (the spec's rule).
    return Math.max(1, Math.round(this.maxSegment));
  }

  private changed() {
    this.version++;
    if (this.waiters.length === 0) return;
    const still: Waiter[] = [];
    for (const w of this.waiters) {
      if (this.ended) w.resolve('ended');
      else if (this.has(w.msn, w.part)) w.resolve('ready');
      else still.push(w);
    }
    this.waiters = still;
  }

  /** Answers timed-out waiters; whether some still wait (the sweep's question). */
  expire(now: number): boolean {
    if (this.waiters.length === 0) return false;
    const still: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.deadline <= now) w.resolve('timeout');
      else still.push(w);
    }
    this.waiters = still;
    return still.length > 0;
  }

  get isEnded() {
    return this.ended;
  }

  /** Whether the playlist already holds part `part` of segment `msn` (or, without a part, the whole segment). */
  has(msn: number, part: number | undefined): boolean {
    const last = this.done.at(-1);
    if (last && last.msn >= msn) return true;
    const cur = this.current;
    if (!cur) return false;
    if (cur.msn > msn) return true;
    return cur.msn === msn && part !== undefined && cur.parts.length > part;
  }

  /** A request too far ahead to wait for (400). */
  tooFar(msn: number, part: number | undefined): boolean {
    const live = this.current?.msn ?? this.nextMsn;
    return msn > live + MSN_AHEAD_LIMIT || (part ?? 0) > PART_INDEX_LIMIT;
  }

  /** Waits until `has(msn, part)`, the end, or BLOCK_TIMEOUT_MS; answers at once when already there. */
  wait(msn: number, part: number | undefined): Promise<WaitResult> | WaitResult {
    if (this.ended) return 'ended';
    if (this.has(msn, part)) return 'ready';
    return new Promise((resolve) => {
      this.waiters.push({ msn, part, deadline: Date.now() + (this.o.blockTimeoutMs ?? BLOCK_TIMEOUT_MS), resolve });
      sweepSoon(this);
    });
  }

  /** How many requests wait (tests and the bench). */
  get waiting(): number {
    return this.waiters.length;
  }

  initSegment(): Buffer | undefined {
    return this.init;
  }

  part(msn: number, index: number): Buffer | undefined {
    const seg = this.current?.msn === msn ? this.current : this.done.find((s) => s.msn === msn);
    return seg?.parts[index]?.bytes;
  }

  /** When part `index` of segment `msn` was cut, while it is kept. */
  createdAt(msn: number, index: number): number | undefined {
    const seg = this.current?.msn === msn ? this.current : this.done.find((s) => s.msn === msn);
    return seg?.parts[index]?.at;
  }

  segment(msn: number): Buffer | undefined {
    return this.done.find((s) => s.msn === msn)?.bytes;
  }

  /** The segments seen so far with their durations and dates (as the disk playlist lists them). */
  segments(): Segment[] {
    return this.done.map((s) => ({ uri: segmentName(s.msn), duration: s.duration, pdt: s.pdt }));
  }

  /** The LL-HLS media playlist, rendered once per change and shared by every request. Undefined before the first part. */
  playlist(): Buffer | undefined {
    if (this.rendered?.version === this.version) return this.rendered.text;
    const listed = this.done.slice(-LIVE_LIST_SIZE);
    const cur = this.current && this.current.parts.length > 0 ? this.current : undefined;
    const first = listed[0] ?? cur;
    if (!first) return undefined;
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      `#EXT-X-TARGETDURATION:${this.targetDuration()}`,
      `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${PART_HOLD_BACK_S.toFixed(3)}`,
      `#EXT-X-PART-INF:PART-TARGET=${PART_TARGET_S.toFixed(3)}`,
      `#EXT-X-MEDIA-SEQUENCE:${first.msn}`,
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-MAP:URI="init.mp4"',
    ];
    const partsFrom = listed.length - PART_SEGMENTS;
    const partLines = (s: Seg) => {
      for (const p of s.parts) {
        lines.push(
          `#EXT-X-PART:DURATION=${p.duration.toFixed(5)},URI="${partName(s.msn, p.index)}"${p.independent ? ',INDEPENDENT=YES' : ''}`,
        );
      }
    };
    listed.forEach((s, i) => {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${s.pdt}`);
      if (i >= partsFrom) partLines(s);
      lines.push(`#EXTINF:${s.duration.toFixed(6)},`, segmentName(s.msn));
    });
    if (cur) {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${cur.pdt}`);
      partLines(cur);
    }
    if (this.ended) lines.push('#EXT-X-ENDLIST');
    else {
      // A segment as long as SEGMENT_SECONDS ends at the next keyframe: its next part is the next segment's first.
      const c = this.current;
      const next =
        c && c.duration < SEGMENT_SECONDS * 0.9 - 1e-6 ? partName(c.msn, c.parts.length) : partName(c ? c.msn + 1 : this.nextMsn, 0);
      lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${next}"`);
    }
    lines.push('');
    this.rendered = { version: this.version, text: Buffer.from(lines.join('\n')) };
    return this.rendered.text;
  }
}

/**
 * Reads each level's pipe of a packager ffmpeg (packagerArgs) into an LlHlsLevel writing to `{dir}/{level}`.
 * `ended` settles when every pipe has closed and every file is on disk.
 */
export function attachLevels(
  child: ChildProcess,
  dir: string,
  levels: readonly Quality[],
  log: Logger,
): { levels: Map<Quality, LlHlsLevel>; ended: Promise<void> } {
  const map = new Map<Quality, LlHlsLevel>();
  const ends: Promise<void>[] = [];
  levels.forEach((level, i) => {
    const ll = new LlHlsLevel({ dir: path.join(dir, level), log: log.child({ level }) });
    map.set(level, ll);
    const pipe = child.stdio[levelFd(i)] as NodeJS.ReadableStream | null;
    if (!pipe) {
      ends.push(ll.end());
      return;
    }
    ends.push(
      new Promise<void>((resolve) => {
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          void ll.end().then(resolve);
        };
        pipe.on('data', (chunk: Buffer) => ll.push(chunk));
        pipe.once('end', finish);
        pipe.once('close', finish);
        pipe.once('error', finish);
      }),
    );
  });
  return { levels: map, ended: Promise.all(ends).then(() => undefined) };
}
