import { describe, expect, it } from 'vitest';
import { parseRange } from './media.files.js';
import { LagWatch, levelsFor, masterPlaylist, packagerArgs, parseMediaPlaylist, segmentLagMs, vodPlaylist } from './packager.js';

const LIVE = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:1
#EXT-X-MEDIA-SEQUENCE:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MAP:URI="init.mp4"
#EXTINF:1.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-22T01:11:06.307+0000
seg_00007.m4s
#EXTINF:0.966667,
#EXT-X-PROGRAM-DATE-TIME:2026-11-22T01:11:07.307+0000
seg_00008.m4s
`;

describe('playlists', () => {
  it('reads the segments, their durations and dates from a live playlist', () => {
    expect(parseMediaPlaylist(LIVE)).toEqual({
      map: 'init.mp4',
      ended: false,
      segments: [
        { uri: 'seg_00007.m4s', duration: 1, pdt: '2026-11-22T01:11:06.307+0000' },
        { uri: 'seg_00008.m4s', duration: 0.966667, pdt: '2026-11-22T01:11:07.307+0000' },
      ],
    });
  });

  it('writes a closed VOD playlist starting at the first segment kept', () => {
    const text = vodPlaylist('init.mp4', parseMediaPlaylist(LIVE).segments);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:7');
    expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(parseMediaPlaylist(text)).toMatchObject({ map: 'init.mp4', ended: true, segments: parseMediaPlaylist(LIVE).segments });
  });

  it('writes one variant per level in the master playlist', () => {
    expect(
      masterPlaylist([
        { level: 'high', bandwidth: 3_000_000.4, width: 1920, height: 1080 },
        { level: 'low', bandwidth: 1_200_000 },
      ]),
    ).toBe(
      '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1920x1080,NAME="high"\nhigh/index.m3u8\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=1200000,NAME="low"\nlow/index.m3u8\n',
    );
  });
});

describe('keeping up with real time', () => {
  it('measures how far behind its date a segment was written, and nothing without a date', () => {
    const segment = { uri: 'seg_00007.m4s', duration: 1, pdt: '2026-11-22T01:00:06.000+0000' };
    const dueAt = Date.parse('2026-11-22T01:00:07.000Z');
    expect(segmentLagMs(segment, dueAt + 300)).toBe(300);
    expect(segmentLagMs(segment, dueAt + 21_000)).toBe(21_000);
    expect(segmentLagMs(segment, dueAt - 200)).toBe(-200);
    expect(segmentLagMs({ uri: 'seg_00001.m4s', duration: 1 }, dueAt)).toBeNull();
    expect(segmentLagMs({ ...segment, pdt: 'garbage' }, dueAt)).toBeNull();
  });

  it('fails a packager that keeps falling behind, not one a publisher pause set back once', () => {
    // Real time: about 0.1 s late, every second, for two minutes.
    const steady = new LagWatch();
    for (let s = 0; s < 120; s++) expect(steady.add(s * 1000, 120).kind).toBe('ok');
    // A 3 s pause of the publisher: the lag steps up once and stays; worth a line only past 5 s.
    const paused = new LagWatch();
    for (let s = 0; s < 120; s++) expect(paused.add(s * 1000, s < 40 ? 120 : 3120).kind).toBe('ok');
    // Transcoding at 0.7× real time: 0.3 s more behind every second.
    const slow = new LagWatch();
    const verdicts = Array.from({ length: 120 }, (_, s) => slow.add(s * 1000, 120 + s * 300));
    const failedAt = verdicts.findIndex((v) => v.kind === 'fail');
    expect(verdicts.slice(0, failedAt).some((v) => v.kind === 'warn')).toBe(true);
    expect(failedAt).toBeGreaterThan(30);
    expect(failedAt).toBeLessThanOrEqual(60);
  });
});

describe('packager arguments', () => {
  it('copies the source only, as fragmented MP4 with a fragment per packet on the first level pipe', () => {
    const args = packagerArgs({ input: 'http://127.0.0.1:1/live/k.flv', dir: '/m/live/v', levels: ['high'], record: false }).join(' ');
    expect(args).toContain('-map 0:v:0 -map 0:a:0 -c:v copy -c:a copy');
    expect(args).toContain('-f mp4 -movflags empty_moov+default_base_moof+frag_keyframe -frag_duration 1000 -flush_packets 1 pipe:3');
    expect(args).not.toContain('libx264');
    expect(args.endsWith('pipe:3')).toBe(true);
  });

  it('transcodes normal and low only when both the configuration and the settings allow them, one pipe each', () => {
    expect(levelsFor(['high', 'low'], ['normal', 'low'])).toEqual(['high', 'low']);
    expect(levelsFor(['high', 'normal', 'low'], ['normal'])).toEqual(['high', 'normal']);
    expect(levelsFor([], [])).toEqual(['high']);
    const args = packagerArgs({ input: 'x', dir: '/d', levels: ['high', 'low'], record: true }).join(' ');
    const [high, low] = args.split('pipe:3');
    expect(high).toContain('-c:v copy');
    expect(low).toContain('-c:v libx264');
    expect(low).toContain('-force_key_frames expr:gte(t,n_forced*1)');
    expect(low?.trim().endsWith('pipe:4')).toBe(true);
  });
});

describe('byte ranges', () => {
  it('reads one range, a suffix and an open end; refuses past the end', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    // Several ranges, or another unit: the whole file.
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});
