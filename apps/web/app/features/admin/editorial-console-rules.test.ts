import { SITE_SWITCHES } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import {
  applicationFormLines,
  applicationMoves,
  kstInputDay,
  kstInputMinute,
  magazineShownState,
  safeLinkUrl,
  switchStates,
} from './editorial-console-rules';

describe('magazine states', () => {
  it('shows a published article whose time has not come as scheduled', () => {
    expect(magazineShownState({ state: 'published', live_yn: 'Y' })).toBe('published');
    expect(magazineShownState({ state: 'published', live_yn: 'N' })).toBe('scheduled');
    expect(magazineShownState({ state: 'draft', live_yn: 'N' })).toBe('draft');
    expect(magazineShownState({ state: 'hidden', live_yn: 'N' })).toBe('hidden');
  });
});

describe('KST inputs', () => {
  it('writes an instant as the KST minute and day the inputs hold', () => {
    // 2026-11-22 15:05 UTC is 2026-11-23 00:05 in Korea.
    expect(kstInputMinute('2026-11-22T15:05:00.000Z')).toBe('2026-11-23T00:05');
    expect(kstInputDay('2026-11-22T15:05:00.000Z')).toBe('2026-11-23');
    expect(kstInputMinute('')).toBe('');
    expect(kstInputDay('not a date')).toBe('');
  });
});

describe('editor links', () => {
  it('accepts http and https addresses only', () => {
    expect(safeLinkUrl(' https://byeol.kr/live ')).toBe('https://byeol.kr/live');
    expect(safeLinkUrl('http://example.com')).toBe('http://example.com/');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/magazine', 'byeol.kr', '', 'ftp://byeol.kr']) {
      expect(safeLinkUrl(bad), bad).toBeNull();
    }
  });
});

describe('application moves', () => {
  it('offers the later states and rejection while open, nothing once final', () => {
    expect(applicationMoves('received')).toEqual(['waiting', 'in_progress', 'complete', 'rejected']);
    expect(applicationMoves('in_progress')).toEqual(['complete', 'rejected']);
    expect(applicationMoves('complete')).toEqual([]);
    expect(applicationMoves('rejected')).toEqual([]);
  });

  it('lists the filled fields in the form order, with http(s) links marked', () => {
    expect(
      applicationFormLines({
        video_url: 'https://youtu.be/abc',
        activity_name_ko: '하늘',
        intro: '  ',
        social_url: 'javascript:alert(1)',
      }),
    ).toEqual([
      { field: 'activity_name_ko', value: '하늘', link: false },
      { field: 'social_url', value: 'javascript:alert(1)', link: false },
      { field: 'video_url', value: 'https://youtu.be/abc', link: true },
    ]);
  });
});

describe('site switches', () => {
  it('lists every SPEC switch with its value, on unless N', () => {
    const states = switchStates({ magazine_yn: 'N', game_yn: 'Y' });
    expect(states.map((s) => s.name)).toEqual([...SITE_SWITCHES]);
    expect(states.find((s) => s.name === 'magazine')?.on).toBe(false);
    expect(states.find((s) => s.name === 'game')?.on).toBe(true);
  });
});
