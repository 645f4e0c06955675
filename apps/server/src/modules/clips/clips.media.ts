import { execFile, spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { resolveFfmpeg, resolveFfprobe, SEGMENT_SECONDS } from '../media/index.js';

const run = promisify(execFile);

/** A segment of a live room on disk: its file and when ffmpeg finished it (its end, by its mtime). */
export interface Segment {
  file: string;
  endMs: number;
}

/** The room's source-level segments (`{dir}/high/seg_*.m4s`), oldest first. */
export async function liveSegments(levelDir: string): Promise<Segment[]> {
  const names = (await readdir(levelDir).catch(() => [] as string[])).filter((n) => /^seg_\d+\.m4s$/.test(n)).sort();
  const out: Segment[] = [];
  for (const name of names) {
    const info = await stat(path.join(levelDir, name)).catch(() => null);
    if (info) out.push({ file: path.join(levelDir, name), endMs: info.mtimeMs });
  }
  return out;
}

/** The segments covering [startMs, endMs] (each spans SEGMENT_SECONDS before its end). */
export function segmentsFor(segments: readonly Segment[], startMs: number, endMs: number): Segment[] {
  const span = SEGMENT_SECONDS * 1000;
  return segments.filter((s) => s.endMs > startMs && s.endMs - span < endMs + span);
}

export interface Probe {
  durationSec: number;
  width: number;
  height: number;
  formatName: string;
  hasVideo: boolean;
}

/** What ffprobe reads from the file's content (null: not a media file it understands). */
export async function probe(file: string): Promise<Probe | null> {
  try {
    const { stdout } = await run(resolveFfprobe(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      timeout: 20_000,
      maxBuffer: 4 * 1024 * 1024,
    });
    const j = JSON.parse(stdout) as {
      format?: { duration?: string; format_name?: string };
      streams?: Array<{
        codec_type?: string;
        width?: number;
        height?: number;
        duration?: string;
        side_data_list?: Array<{ rotation?: number }>;
        tags?: { rotate?: string };
      }>;
    };
    const video = j.streams?.find((s) => s.codec_type === 'video');
    let width = video?.width ?? 0;
    let height = video?.height ?? 0;
    // A phone's portrait video is often landscape pixels with a rotation.
    const rotation = Math.abs(Number(video?.tags?.rotate ?? video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0));
    if (rotation === 90 || rotation === 270) [width, height] = [height, width];
    return {
      durationSec: Number(j.format?.duration ?? video?.duration ?? 0) || 0,
      width,
      height,
      formatName: j.format?.format_name ?? '',
      hasVideo: video !== undefined,
    };
  } catch {
    return null;
  }
}

/** Runs ffmpeg; rejects on a non-zero exit or when `signal` aborts (the process is killed). */
export function ffmpeg(args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(resolveFfmpeg().path, ['-hide_banner', '-nostats', '-loglevel', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 4000) err += d.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${err.trim().slice(0, 500)}`))));
  });
}

/**
 * Cuts a clip: the room's init segment and the covering fragments joined into one fragmented MP4, then
 * `[offset, offset + duration]` copied (no re-encode: the cut lands on the keyframe before `offset`) into
 * `clip.mp4` with its index in front, and a thumbnail from its middle.
 */
export async function cutClip(
  o: { levelDir: string; segments: Segment[]; startMs: number; durationSec: number; outDir: string },
  signal: AbortSignal,
): Promise<Probe> {
  const joined = path.join(o.outDir, 'source.mp4');
  const out = createWriteStream(joined);
  for (const file of [path.join(o.levelDir, 'init.mp4'), ...o.segments.map((s) => s.file)]) {
    await pipeline(createReadStream(file), out, { end: false });
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  const first = o.segments[0] as Segment;
  const offset = Math.max(0, (o.startMs - (first.endMs - SEGMENT_SECONDS * 1000)) / 1000);
  const clipFile = path.join(o.outDir, 'clip.mp4');
  try {
    await ffmpeg(
      [
        '-ss',
        offset.toFixed(3),
        '-i',
        joined,
        '-t',
        o.durationSec.toFixed(3),
        '-map',
        '0',
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        '-avoid_negative_ts',
        'make_zero',
        clipFile,
      ],
      signal,
    );
  } finally {
    await rm(joined, { force: true });
  }
  const p = await probe(clipFile);
  if (!p?.hasVideo) throw new Error('the clip has no video');
  await thumbnail(clipFile, path.join(o.outDir, 'thumb.jpg'), p.durationSec / 2, signal);
  return p;
}

/** A JPEG of one frame, at most 720 px high. */
export function thumbnail(input: string, output: string, atSec: number, signal?: AbortSignal): Promise<void> {
  return ffmpeg(
    ['-ss', Math.max(0, atSec).toFixed(2), '-i', input, '-frames:v', '1', '-vf', "scale=-2:'min(720,ih)'", '-q:v', '4', output],
    signal,
  );
}

/**
 * Transcodes an uploaded short to HLS (fMP4, 2 s segments, a VOD playlist), H.264/AAC with the long side at
 * most 1280 px, and its thumbnail.
 */
export async function transcodeShort(input: string, outDir: string, durationSec: number, signal?: AbortSignal): Promise<void> {
  await ffmpeg(
    [
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-vf',
      "scale=w='if(gte(iw,ih),min(1280,iw),-2)':h='if(gte(iw,ih),-2,min(1280,ih))'",
      '-force_key_frames',
      'expr:gte(t,n_forced*2)',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-f',
      'hls',
      '-hls_time',
      '2',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_segment_filename',
      path.join(outDir, 'seg_%03d.m4s'),
      path.join(outDir, 'index.m3u8'),
    ],
    signal,
  );
  await thumbnail(input, path.join(outDir, 'thumb.jpg'), Math.min(1, durationSec / 2), signal);
}
