import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** SPEC §1 quality levels; `high` is the source, copied; the others are transcoded. */
export const QUALITIES = ['high', 'normal', 'low'] as const;
export type Quality = (typeof QUALITIES)[number];

/** Transcoded levels: height and bitrates (x264 veryfast/zerolatency, 1 s keyframes like the 1 s segments). */
const LADDER: Record<Exclude<Quality, 'high'>, { height: number; video: string; audio: string }> = {
  normal: { height: 720, video: '2500k', audio: '128k' },
  low: { height: 480, video: '1000k', audio: '96k' },
};

/** Live playlists keep this many segments (a short list: players start near the live edge). */
export const LIVE_LIST_SIZE = 6;
export const SEGMENT_SECONDS = 1;

/**
 * The ffmpeg binary the npm package `@ffmpeg-installer/linux-x64` carries inside its tarball (ffmpeg 4.1
 * static with libx264 and aac; nothing is downloaded at install), or null when it is not installed (another
 * platform: it is an optional dependency).
 */
export function shippedFfmpeg(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json');
    const bin = path.join(path.dirname(pkg), 'ffmpeg');
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

/**
 * Which ffmpeg runs: the system's (Debian's, newer) if present, else the npm-shipped one, so `npm ci &&
 * npm start` streams from OBS without an apt install, else whatever PATH has. The ingest logs which.
 */
export function resolveFfmpeg(): { path: string; source: 'system' | 'npm' | 'PATH' } {
  if (existsSync('/usr/bin/ffmpeg')) return { path: '/usr/bin/ffmpeg', source: 'system' };
  const shipped = shippedFfmpeg();
  if (shipped) return { path: shipped, source: 'npm' };
  return { path: 'ffmpeg', source: 'PATH' };
}

/** ffprobe the same way: Debian's, else the one `@ffprobe-installer/linux-x64` carries, else PATH's. */
export function resolveFfprobe(): string {
  if (existsSync('/usr/bin/ffprobe')) return '/usr/bin/ffprobe';
  try {
    const pkg = createRequire(import.meta.url).resolve('@ffprobe-installer/linux-x64/package.json');
    const bin = path.join(path.dirname(pkg), 'ffprobe');
    if (existsSync(bin)) return bin;
  } catch {
    // not installed (another platform): PATH's
  }
  return 'ffprobe';
}

/**
 * Segments kept on disk when the broadcast is not recorded (the ingest prunes older ones): enough for a
 * viewer's clip of the last 85 s (docs/clips.md).
 */
export const CLIP_KEEP_SEGMENTS = 95;

/** The levels a broadcast gets: high always; normal/low only when both the configuration and the settings allow them. */
export function levelsFor(chosen: readonly string[], enabled: readonly string[]): Quality[] {
  return QUALITIES.filter((q) => q === 'high' || (chosen.includes(q) && enabled.includes(q)));
}

export interface PackagerArgs {
  /** Where ffmpeg reads the stream (node-media-server's local HTTP-FLV). */
  input: string;
  /** DATA_DIR/media/live/{vod_key} */
  dir: string;
  levels: Quality[];
  /** Recording keeps every segment (the replay); otherwise the ingest prunes them while live (not ffmpeg). */
  record: boolean;
}

/** Creates `{dir}/{level}` for each level (the LL-HLS packager writes each level's files there). */
export async function prepareLevelDirs(dir: string, levels: readonly Quality[]): Promise<void> {
  for (const level of levels) await mkdir(path.join(dir, level), { recursive: true });
}

/** The file descriptor ffmpeg writes level `i`'s fragmented MP4 to (0–2 are stdin, stdout for -progress, stderr). */
export const levelFd = (i: number) => 3 + i;

/**
 * ffmpeg arguments: per level, fragmented MP4 with a fragment per packet (flushed at once)
 * to the pipe `levelFd(i)`; the LL-HLS packager (llhls.ts) cuts the fragments into parts and segments and
 * writes `{dir}/{level}/init.mp4`, `seg_00001.m4s`… and the plain live `index.m3u8`, as ffmpeg's HLS muxer
 * did. The master playlist is the ingest's (`masterPlaylist`). `high` is copied; the others are transcoded
 * with a keyframe every SEGMENT_SECONDS.
 */
export function packagerArgs({ input, levels }: PackagerArgs): string[] {
  const args = ['-hide_banner', '-nostats', '-loglevel', 'warning'];
  // A pulling ffmpeg must not hang forever if its input stalls (the ingest ends it sooner anyway).
  args.push('-rw_timeout', '10000000', '-i', input);
  levels.forEach((level, i) => {
    args.push('-map', '0:v:0', '-map', '0:a:0');
    if (level === 'high') args.push('-c:v', 'copy', '-c:a', 'copy');
    else {
      const l = LADDER[level];
      args.push(
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency'],
        // Never upscale a smaller source.
        ...['-vf', `scale=-2:min(${l.height}\\,ih)`, '-b:v', l.video, '-maxrate:v', l.video, '-bufsize:v', l.video],
        ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0'],
        ...['-c:a', 'aac', '-b:a', l.audio],
      );
    }
    args.push(
      // A fragment as soon as a track holds 1 ms (in effect every audio or video packet) and at every
      // keyframe; `frag_every_frame` would be shorter to say but repeats the audio decode times (ffmpeg 4.1–5.1).
      ...['-f', 'mp4', '-movflags', 'empty_moov+default_base_moof+frag_keyframe', '-frag_duration', '1000', '-flush_packets', '1'],
      `pipe:${levelFd(i)}`,
    );
  });
  return args;
}

/** Output height of a level (the source's for high). */
export const levelHeight = (level: Quality, sourceHeight: number) =>
  level === 'high' ? sourceHeight : Math.min(LADDER[level].height, sourceHeight || LADDER[level].height);

export interface MasterEntry {
  level: Quality;
  /** Peak bits per second (EXT-X-STREAM-INF BANDWIDTH). */
  bandwidth: number;
  width?: number;
  height?: number;
}

/** The master playlist: one variant per level, best first (hls.js lists them as its levels). */
export function masterPlaylist(entries: MasterEntry[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const e of entries) {
    const resolution = e.width && e.height ? `,RESOLUTION=${e.width}x${e.height}` : '';
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.max(1, Math.round(e.bandwidth))}${resolution},NAME="${e.level}"`,
      `${e.level}/index.m3u8`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

export interface Segment {
  uri: string;
  duration: number;
  /** EXT-X-PROGRAM-DATE-TIME of the segment, as written. */
  pdt?: string;
}

/**
 * How far behind real time a just-written segment is, in ms: ffmpeg dates segments from the wall clock at
 * its start plus the media it has packaged, so a packager that keeps up writes each segment about when its
 * date plus duration comes round; one that cannot (transcoding on a busy machine) falls further behind with
 * every segment. Null without a date.
 */
export function segmentLagMs(segment: Segment, seenAt: number): number | null {
  if (!segment.pdt) return null;
  const start = Date.parse(segment.pdt);
  if (Number.isNaN(start)) return null;
  return seenAt - (start + segment.duration * 1000);
}

/**
 * Whether a packager keeps up with real time, from the lag of each new segment (segmentLagMs). Over this
 * much behind it is worth a log line ('warn'); falling this much further behind within a minute means it
 * cannot keep up (transcoded levels on a machine without the CPU: viewers' latency would grow without
 * bound) and the broadcast should end ('fail'). A publisher's short pauses add a step once, so the
 * verdict is on the growth, not the total.
 */
export class LagWatch {
  static readonly WARN_MS = 5000;
  static readonly GROWTH_LIMIT_MS = 15_000;
  static readonly WINDOW_MS = 60_000;
  private readonly samples: [number, number][] = [];

  add(now: number, lag: number): { kind: 'ok' | 'warn' } | { kind: 'fail'; growthMs: number } {
    this.samples.push([now, lag]);
    while ((this.samples[0]?.[0] ?? now) < now - LagWatch.WINDOW_MS) this.samples.shift();
    const [since, from] = this.samples[0] as [number, number];
    const growthMs = lag - from;
    if (now - since >= LagWatch.WINDOW_MS / 2 && growthMs > LagWatch.GROWTH_LIMIT_MS) return { kind: 'fail', growthMs };
    return { kind: lag > LagWatch.WARN_MS ? 'warn' : 'ok' };
  }
}

/** The media segments of a media playlist, in order; `map` is its EXT-X-MAP URI. */
export function parseMediaPlaylist(text: string): { map?: string; segments: Segment[]; ended: boolean } {
  const segments: Segment[] = [];
  let map: string | undefined;
  let duration: number | undefined;
  let pdt: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) map = /URI="([^"]+)"/.exec(line)?.[1];
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = line.slice(25);
    else if (line && !line.startsWith('#') && duration !== undefined) {
      segments.push({ uri: line, duration, ...(pdt ? { pdt } : {}) });
      duration = undefined;
      pdt = undefined;
    }
  }
  return { ...(map ? { map } : {}), segments, ended: text.includes('#EXT-X-ENDLIST') };
}

/** A complete VOD playlist of `segments` (the replay), closed with EXT-X-ENDLIST. */
export function vodPlaylist(map: string, segments: Segment[]): string {
  const target = Math.max(1, ...segments.map((s) => Math.round(s.duration)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${segmentNumber(segments[0]?.uri ?? '') ?? 1}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="${map}"`,
  ];
  for (const s of segments) {
    lines.push(`#EXTINF:${s.duration.toFixed(6)},`);
    if (s.pdt) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${s.pdt}`);
    lines.push(s.uri);
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

const SEGMENT_NAME = /^seg_(\d{5,})\.m4s$/;
export const segmentNumber = (uri: string) => {
  const m = SEGMENT_NAME.exec(uri);
  return m ? Number(m[1]) : undefined;
};

/**
 * Turns the live playlist of one level into the replay's: every segment still on disk, in order, with the
 * durations seen while live (`seen`) or the playlist's, and EXT-X-ENDLIST. Written to a temporary file and
 * renamed, so a player never reads half a playlist. Answers the number of segments.
 */
export async function closePlaylist(levelDir: string, seen: Map<string, Segment>): Promise<number> {
  const file = path.join(levelDir, 'index.m3u8');
  const current = parseMediaPlaylist(await readFile(file, 'utf8').catch(() => ''));
  for (const s of current.segments) seen.set(s.uri, s);
  const names = (await readdir(levelDir).catch(() => [] as string[])).filter((n) => SEGMENT_NAME.test(n));
  names.sort((a, b) => (segmentNumber(a) ?? 0) - (segmentNumber(b) ?? 0));
  const segments = names.map((uri) => seen.get(uri) ?? { uri, duration: SEGMENT_SECONDS });
  if (segments.length === 0) return 0;
  await writeFile(`${file}.tmp`, vodPlaylist(current.map ?? 'init.mp4', segments));
  await rename(`${file}.tmp`, file);
  return segments.length;
}
