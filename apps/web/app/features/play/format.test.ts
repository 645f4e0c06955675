import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';
import { levelName } from './player';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [59, '0:59'],
    [61, '1:01'],
    [3600, '1:00:00'],
    [3 * 3600 + 62, '3:01:02'],
    [-5, '0:00'],
  ])('%d s → %s', (s, text) => expect(formatDuration(s)).toBe(text));
});

describe('levelName', () => {
  it('takes the variant name, else the folder of the ingest layout, else the height', () => {
    expect(levelName({ name: 'normal', url: ['x/index.m3u8'] })).toBe('normal');
    expect(levelName({ name: '1', url: ['http://h/media/live/k/low/index.m3u8'] })).toBe('low');
    expect(levelName({ url: ['high/index.m3u8'], height: 1080 })).toBe('high');
    expect(levelName({ url: ['stream_0.m3u8'], height: 720 })).toBe('720p');
  });
});
