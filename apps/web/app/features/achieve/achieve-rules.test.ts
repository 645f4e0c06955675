import { type AchievementDay, MEDALS, type MedalItem } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/all';
import {
  achieveHref,
  achieveTabOf,
  afterClaim,
  CHALLENGES,
  dayDate,
  doneCount,
  earnedCount,
  medalGroups,
  medalPercent,
  minutesNeed,
  rewardState,
} from './achieve-rules';

const day = (over: Partial<AchievementDay> = {}): AchievementDay => ({
  day: '2026-11-27',
  watch_minutes: 0,
  viewer_yn: 'N',
  realtime_30_yn: 'N',
  realtime_60_yn: 'N',
  recommend_yn: 'N',
  use_star_yn: 'N',
  total_yn: 'N',
  reward_yn: 'N',
  reward_done_yn: 'N',
  ...over,
});

const medal = (over: Partial<MedalItem>): MedalItem => ({
  id: 'comm1',
  group: 'comm',
  label: '이야기꾼',
  level: 0,
  level_max: 5,
  count: 0,
  next: 1,
  date: '',
  ...over,
});

describe('achieve tabs', () => {
  it('reads the tab of the URL, today by default', () => {
    expect(achieveTabOf(null)).toBe('today');
    expect(achieveTabOf('medals')).toBe('medals');
    expect(achieveTabOf('nope')).toBe('today');
    expect(achieveHref('today')).toBe('/mypage/achieve');
    expect(achieveHref('medals')).toBe('/mypage/achieve?tab=medals');
  });
});

describe("a day's challenges", () => {
  it('counts the done challenges and knows the minutes each watching challenge asks', () => {
    expect(doneCount(day())).toBe(0);
    expect(doneCount(day({ viewer_yn: 'Y', realtime_30_yn: 'Y', use_star_yn: 'Y' }))).toBe(3);
    expect(CHALLENGES.map(minutesNeed)).toEqual([1, 30, 60, null, null]);
  });

  it("tells the reward button's state", () => {
    expect(rewardState(day())).toBe('incomplete');
    expect(rewardState(day({ total_yn: 'Y', reward_yn: 'Y' }))).toBe('claimable');
    expect(rewardState(day({ total_yn: 'Y', reward_done_yn: 'Y' }))).toBe('claimed');
    // Complete but not claimable and not claimed: the reward switch is off.
    expect(rewardState(day({ total_yn: 'Y' }))).toBe('unavailable');
  });

  it('marks only the claimed day', () => {
    const days = [day({ day: '2026-11-27', total_yn: 'Y', reward_yn: 'Y' }), day({ day: '2026-11-26', total_yn: 'Y', reward_yn: 'Y' })];
    const after = afterClaim(days, '2026-11-26');
    expect(after.map(rewardState)).toEqual(['claimable', 'claimed']);
    expect(days.map(rewardState)).toEqual(['claimable', 'claimable']);
  });

  it('reads a KST day as that day in UTC', () => {
    expect(dayDate('2026-11-27').toISOString()).toBe('2026-11-27T00:00:00.000Z');
  });
});

describe('medals', () => {
  it('groups in the page order and leaves out a group without medals', () => {
    const list = [medal({ id: 'user_star', group: 'user' }), medal({ id: 'basic1', group: 'basic', level: 1 }), medal({ id: 'comm2' })];
    expect(medalGroups(list).map((g) => [g.group, g.medals.map((m) => m.id)])).toEqual([
      ['basic', ['basic1']],
      ['comm', ['comm2']],
      ['user', ['user_star']],
    ]);
    expect(earnedCount(list)).toBe(1);
  });

  it("fills a medal's bar towards its next level, full at the top", () => {
    expect(medalPercent({ count: 12, next: 50 })).toBe(24);
    expect(medalPercent({ count: 0, next: 1 })).toBe(0);
    expect(medalPercent({ count: 1, next: null })).toBe(100);
  });

  it('has a line for what every medal counts, in every language', () => {
    for (const lang of ['ko', 'en', 'ja', 'zh-CN'] as const) {
      const t = createI18n(lang).getFixedT(lang, 'achieve');
      for (const m of MEDALS) {
        const text = t(`medals.what.${m.id}`, { star: 'STAR', bj: 'BJ', clip: 'clip' });
        expect(text, `${lang}/${m.id}`).not.toContain('medals.what');
        expect(text).not.toContain('{{');
      }
    }
  });
});
