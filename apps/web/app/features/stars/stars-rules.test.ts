import { describe, expect, it } from 'vitest';
import { kstarPath } from '../../lib/links';
import { switchOn } from '../../lib/use-site';
import { cardPath, debutText, groupOf } from './stars-rules';

describe('stars rules', () => {
  it('reads the group filter of /sub/kstar', () => {
    expect(groupOf(new URLSearchParams('group=%20별빛%20'))).toBe('별빛');
    expect(groupOf(new URLSearchParams(''))).toBe('');
    expect(groupOf(new URLSearchParams(`group=${'가'.repeat(41)}`))).toBe('');
  });

  it('builds the group paths', () => {
    expect(kstarPath()).toBe('/sub/kstar');
    expect(kstarPath('별 빛&달')).toBe('/sub/kstar?group=%EB%B3%84+%EB%B9%9B%26%EB%8B%AC');
  });

  it('leads a live card to its room and the others to their channel', () => {
    expect(cardPath('program', { id: 'prog1', live_vod_key: '' })).toBe('/channel/program/prog1');
    expect(cardPath('kstar', { id: 'star1', live_vod_key: '' })).toBe('/channel/bj/star1');
    expect(cardPath('kstar', { id: 'star1', live_vod_key: 'abc123' })).toBe('/play/abc123');
  });

  it('writes a debut day as the site writes days', () => {
    expect(debutText('2020-03-09')).toBe('2020.03.09');
    expect(debutText('')).toBe('');
  });

  it('treats a switch as on unless it is N', () => {
    expect(switchOn(undefined, 'kstar')).toBe(true);
    expect(switchOn({ kstar_yn: 'N' }, 'kstar')).toBe(false);
    expect(switchOn({ kstar_yn: 'N', program_yn: 'Y' }, 'program')).toBe(true);
  });
});
