import { describe, expect, it } from 'vitest';
import { parseRange } from './media.files.js';
import { levelsFor, masterPlaylist, packagerArgs, parseMediaPlaylist, vodPlaylist } from './packager.js';

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

describe('packager arguments', () => {
  it('copies the source only, deleting old segments unless recording', () => {
    const args = packagerArgs({ input: 'http://127.0.0.1:1/live/k.flv', dir: '/m/live/v', levels: ['high'], record: false }).join(' ');
    expect(args).toContain('-c:v:0 copy -c:a:0 copy');
    expect(args).toContain('-hls_time 1 -hls_segment_type fmp4');
    expect(args).toContain('-hls_flags program_date_time+independent_segments+temp_file+delete_segments');
    expect(args).not.toContain('libx264');
    expect(args.endsWith('/m/live/v/%v/index.m3u8')).toBe(true);
    const recorded = packagerArgs({ input: 'x', dir: '/d', levels: ['high'], record: true }).join(' ');
    expect(recorded).not.toContain('delete_segments');
  });

  it('transcodes normal and low only when both the configuration and the settings allow them', () => {
    expect(levelsFor(['high', 'low'], ['normal', 'low'])).toEqual(['high', 'low']);
    expect(levelsFor(['high', 'normal', 'low'], ['normal'])).toEqual(['high', 'normal']);
    expect(levelsFor([], [])).toEqual(['high']);
    const args = packagerArgs({ input: 'x', dir: '/d', levels: ['high', 'low'], record: true }).join(' ');
    expect(args).toContain('-c:v:1 libx264');
    expect(args).toContain('-var_stream_map v:0,a:0,name:high v:1,a:1,name:low');
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
