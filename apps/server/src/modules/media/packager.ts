import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
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

/**
 * Creates `{dir}/{level}` for each level and the link `{dir}/{i}` → `{level}` that packagerArgs' variant `i`
 * writes through.
 */
export async function prepareLevelDirs(dir: string, levels: readonly Quality[]): Promise<void> {
  for (const [i, level] of levels.entries()) {
    await mkdir(path.join(dir, level), { recursive: true });
    await rm(path.join(dir, String(i)), { force: true });
    await symlink(level, path.join(dir, String(i)));
  }
}

/**
 * ffmpeg arguments: HLS in fMP4 with 1 s segments, program-date-time, a short playlist per level in
 * `{dir}/{level}/index.m3u8` (segments `seg_00001.m4s`…). The master playlist is the ingest's
 * (`masterPlaylist`): ffmpeg leaves a copied level out of its own when the source declares no bitrate.
 */
export function packagerArgs({ input, dir, levels }: PackagerArgs): string[] {
  const args = ['-hide_banner', '-nostats', '-loglevel', 'warning'];
  // A pulling ffmpeg must not hang forever if its input stalls (the ingest ends it sooner anyway).
  args.push('-rw_timeout', '10000000', '-i', input);
  for (const _ of levels) args.push('-map', '0:v:0', '-map', '0:a:0');
  levels.forEach((level, i) => {
    if (level === 'high') {
      args.push(`-c:v:${i}`, 'copy', `-c:a:${i}`, 'copy');
      return;
    }
    const l = LADDER[level];
    args.push(
      `-c:v:${i}`,
      'libx264',
      `-filter:v:${i}`,
      // Never upscale a smaller source.
      `scale=-2:min(${l.height}\\,ih)`,
      `-b:v:${i}`,
      l.video,
      `-maxrate:v:${i}`,
      l.video,
      `-bufsize:v:${i}`,
      l.video,
      `-c:a:${i}`,
      'aac',
      `-b:a:${i}`,
      l.audio,
    );
  });
  if (levels.length > 1) {
    args.push(
      '-preset',
      'veryfast',
      '-tune',
      'zerolatency',
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-sc_threshold',
      '0',
    );
  }
  // Segments stay on disk: a recorded broadcast keeps them all (its replay), an unrecorded one's ingest
  // prunes them past the last CLIP_KEEP_SEGMENTS (viewers' clips; ffmpeg's delete_segments keeps only about
  // a playlist's length whatever -hls_delete_threshold says).
  const flags = ['program_date_time', 'independent_segments', 'temp_file'];
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-start_number',
    '1',
    '-hls_list_size',
    String(LIVE_LIST_SIZE),
    '-hls_flags',
    flags.join('+'),
    '-hls_segment_filename',
    path.join(dir, '%v', 'seg_%05d.m4s'),
    // Variants by index, not `name:` (ffmpeg 4.1, the npm-shipped one, does not know it): `{dir}/{i}` is a
    // link to the level's folder (prepareLevelDirs), so every ffmpeg writes `{dir}/{level}/…`.
    '-var_stream_map',
    levels.map((_, i) => `v:${i},a:${i}`).join(' '),
    path.join(dir, '%v', 'index.m3u8'),
  );
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
