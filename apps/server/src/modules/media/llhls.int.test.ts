import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlHlsLevel, PART_HOLD_BACK_S, PART_TARGET_S } from './llhls.js';
import { packagerArgs, parseMediaPlaylist } from './packager.js';

const run = promisify(execFile);

// What the ingest's ffmpeg writes for a copied level (packagerArgs): 4 s of 30 fps video with a keyframe
// every second and AAC audio, as fragmented MP4 with a fragment per packet. Fed to the packager in small
// chunks, as a pipe delivers it.
let dir: string;
let stream: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'llhls-'));
  const source = path.join(dir, 'source.flv');
  await run('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30', '-f', 'lavfi', '-i', 'sine'],
    ...['-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac', '-f', 'flv', source],
  ]);
  const args = packagerArgs({ input: source, dir, levels: ['high'], record: true }).map((a) => (a === 'pipe:3' ? 'pipe:1' : a));
  const out = await run('/usr/bin/ffmpeg', args, { encoding: 'buffer', maxBuffer: 64 << 20 });
  stream = out.stdout;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface ListedPart {
  msn: number;
  index: number;
  duration: number;
  independent: boolean;
}

/** The playlist's parts, segments (msn, EXTINF) and preload hint, with the parts grouped under their segment. */
function read(text: string) {
  const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]);
  const parts: ListedPart[] = [];
  const segments: { msn: number; duration: number }[] = [];
  for (const line of text.split('\n')) {
    const p = /^#EXT-X-PART:DURATION=([\d.]+),URI="p(\d+)\.(\d+)\.m4s"(,INDEPENDENT=YES)?$/.exec(line);
    if (p) parts.push({ duration: Number(p[1]), msn: Number(p[2]), index: Number(p[3]), independent: Boolean(p[4]) });
    const inf = /^#EXTINF:([\d.]+),$/.exec(line);
    if (inf) segments.push({ msn: -1, duration: Number(inf[1]) });
    const uri = /^seg_(\d+)\.m4s$/.exec(line);
    if (uri) (segments.at(-1) as { msn: number }).msn = Number(uri[1]);
  }
  const hint = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p(\d+)\.(\d+)\.m4s"/.exec(text);
  return { sequence, parts, segments, hint: hint ? { msn: Number(hint[1]), index: Number(hint[2]) } : null };
}

/** Feeds the stream until the packager has `parts` parts listed (or the stream is over). */
function feeder(ll: LlHlsLevel) {
  let offset = 0;
  return {
    until(test: () => boolean) {
      while (offset < stream.length && !test()) {
        ll.push(stream.subarray(offset, offset + 700));
        offset += 700;
      }
    },
    rest() {
      this.until(() => false);
    },
  };
}

describe('the LL-HLS packager of one level', () => {
  it('lists parts within PART-TARGET, numbered per segment, with INDEPENDENT first parts and a hint at the next part', async () => {
    const out = path.join(dir, 'rules');
    await run('mkdir', ['-p', out]);
    const ll = new LlHlsLevel({ dir: out, log: pino({ level: 'silent' }) });
    const feed = feeder(ll);
    // Several moments of the live edge: mid-segment and just after a segment closed.
    for (const count of [3, 7, 11, 15, 18]) {
      feed.until(() => read(ll.playlist()?.toString() ?? '').parts.length >= count);
      const text = (ll.playlist() as Buffer).toString();
      expect(text).toContain(`#EXT-X-PART-INF:PART-TARGET=${PART_TARGET_S.toFixed(3)}`);
      expect(text).toContain(`#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${PART_HOLD_BACK_S.toFixed(3)}`);
      expect(PART_HOLD_BACK_S).toBeGreaterThanOrEqual(2 * PART_TARGET_S);
      const { sequence, parts, segments, hint } = read(text);
      for (const p of parts) expect(p.duration).toBeLessThanOrEqual(PART_TARGET_S);
      // Segment numbers follow the media sequence; each segment's parts are 0, 1, 2… and add up to its EXTINF.
      expect(segments.map((s) => s.msn)).toEqual(segments.map((_, i) => sequence + i));
      const byMsn = new Map<number, ListedPart[]>();
      for (const p of parts) byMsn.set(p.msn, [...(byMsn.get(p.msn) ?? []), p]);
      for (const [msn, list] of byMsn) {
        expect(list.map((p) => p.index)).toEqual(list.map((_, i) => i));
        expect(list[0]?.independent, `segment ${msn} starts with a keyframe`).toBe(true);
        // Parts before the last of a segment hold at least 85 % of PART-TARGET (the spec's floor).
        for (const p of list.slice(0, -1)) expect(p.duration).toBeGreaterThanOrEqual(0.85 * PART_TARGET_S);
        const seg = segments.find((s) => s.msn === msn);
        if (seg) expect(list.reduce((a, p) => a + p.duration, 0)).toBeCloseTo(seg.duration, 3);
      }
      // The hint: the part after the last one listed, or the next segment's first.
      const last = parts.at(-1) as ListedPart;
      const lastSegment = segments.at(-1);
      expect(hint).not.toBeNull();
      if (lastSegment && last.msn === lastSegment.msn) expect(hint).toEqual({ msn: last.msn + 1, index: 0 });
      else expect([`${last.msn}.${last.index + 1}`, `${last.msn + 1}.0`]).toContain(`${hint?.msn}.${hint?.index}`);
    }
    // Every part's bytes, in order, are its segment's bytes; the segment is init-decodable video of about 1 s.
    const { parts, segments } = read((ll.playlist() as Buffer).toString());
    const first = segments.find((s) => parts.some((p) => p.msn === s.msn)) as { msn: number };
    const joined = Buffer.concat(parts.filter((p) => p.msn === first.msn).map((p) => ll.part(p.msn, p.index) as Buffer));
    expect(joined.equals(ll.segment(first.msn) as Buffer)).toBe(true);
    const probe = path.join(out, 'probe.mp4');
    await writeFile(probe, Buffer.concat([ll.initSegment() as Buffer, joined]));
    const { stdout } = await run('/usr/bin/ffprobe', [
      '-v',
      'error',
      '-count_frames',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=nb_read_frames',
      '-of',
      'csv=p=0',
      probe,
    ]);
    expect(Number(stdout.trim())).toBe(30);
  });

  it('holds a blocking request until its part exists, wakes 5,000 of them with one part, and times out cleanly', async () => {
    const out = path.join(dir, 'blocking');
    await run('mkdir', ['-p', out]);
    const ll = new LlHlsLevel({ dir: out, log: pino({ level: 'silent' }), blockTimeoutMs: 300 });
    const feed = feeder(ll);
    feed.until(() => read(ll.playlist()?.toString() ?? '').parts.length >= 4);
    const { hint } = read((ll.playlist() as Buffer).toString());
    const next = hint as { msn: number; index: number };
    // Already there: at once. Too far ahead: refused.
    expect(ll.wait(1, 0)).toBe('ready');
    expect(ll.tooFar(next.msn + 3, 0)).toBe(true);
    expect(ll.tooFar(next.msn + 1, 0)).toBe(false);
    const waits = Array.from({ length: 5000 }, () => ll.wait(next.msn, next.index));
    expect(waits.every((w) => w instanceof Promise)).toBe(true);
    expect(ll.waiting).toBe(5000);
    feed.until(() => ll.has(next.msn, next.index));
    expect(ll.waiting).toBe(0);
    expect(new Set(await Promise.all(waits))).toEqual(new Set(['ready']));
    expect(ll.part(next.msn, next.index) ?? ll.segment(next.msn)).toBeInstanceOf(Buffer);
    // Nothing new comes: the wait answers 'timeout' after blockTimeoutMs, from the one shared sweep.
    const after = read((ll.playlist() as Buffer).toString()).hint as { msn: number; index: number };
    const started = Date.now();
    expect(await ll.wait(after.msn, after.index)).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1000);
    // The end answers whoever waits, with a closed playlist.
    const pending = ll.wait(after.msn, after.index);
    feed.rest();
    await ll.end();
    expect(await pending).toMatch(/ready|ended/);
    expect((ll.playlist() as Buffer).toString().trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('writes init.mp4, every segment and the plain live playlist to disk, as the replay and clips read them', async () => {
    const out = path.join(dir, 'disk');
    await run('mkdir', ['-p', out]);
    const ll = new LlHlsLevel({ dir: out, log: pino({ level: 'silent' }) });
    feeder(ll).rest();
    await ll.end();
    const list = parseMediaPlaylist(await readFile(path.join(out, 'index.m3u8'), 'utf8'));
    expect(list.map).toBe('init.mp4');
    expect(list.segments.map((s) => s.uri)).toEqual(['seg_00001.m4s', 'seg_00002.m4s', 'seg_00003.m4s', 'seg_00004.m4s']);
    expect(list.segments.reduce((a, s) => a + s.duration, 0)).toBeCloseTo(4, 1);
    for (const s of list.segments) {
      expect(Date.parse(s.pdt as string)).not.toBeNaN();
      expect((await stat(path.join(out, s.uri))).size).toBeGreaterThan(1000);
    }
    expect((await readFile(path.join(out, 'init.mp4'))).subarray(4, 8).toString()).toBe('ftyp');
    // Played end to end, every video and audio packet follows the one before it: no hole, no repeat (a
    // player stalls on either), none marked to discard.
    const whole = path.join(out, 'whole.mp4');
    await writeFile(
      whole,
      Buffer.concat([
        await readFile(path.join(out, 'init.mp4')),
        ...(await Promise.all(list.segments.map((s) => readFile(path.join(out, s.uri))))),
      ]),
    );
    const { stdout } = await run('/usr/bin/ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'packet=stream_index,dts_time,duration_time,flags',
      '-of',
      'csv=p=0',
      whole,
    ]);
    const next = new Map<string, number>();
    const breaks: string[] = [];
    let packets = 0;
    for (const line of stdout.trim().split('\n')) {
      const [stream, dts, duration, flags] = line.split(',') as [string, string, string, string];
      packets++;
      const expected = next.get(stream);
      // (The source's second video frame comes 56 ms after its first, FLV's millisecond rounding of x264's start: not ours.)
      const hole = expected !== undefined && Number(dts) > 0.1 && Math.abs(Number(dts) - expected) > 0.002;
      if (flags.includes('D') || hole) breaks.push(line);
      next.set(stream, Number(dts) + Number(duration));
    }
    expect(packets).toBeGreaterThan(4 * (30 + 40));
    expect(breaks).toEqual([]);
  });
});
