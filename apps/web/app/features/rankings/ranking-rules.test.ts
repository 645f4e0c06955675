import { describe, expect, it } from 'vitest';
import { rankingPath } from '../../lib/links';
import {
  periodOf,
  rankingCategoryOfPath,
  rankMove,
  roundScore,
  settingRefusals,
  settingValuesOf,
  visibleCategories,
  weightSum,
} from './ranking-rules';

describe('ranking paths', () => {
  it('reads the category from the path and the period from ?period= (weekly by default)', () => {
    expect(rankingCategoryOfPath('/sub/ranking')).toBe('all');
    expect(rankingCategoryOfPath('/sub/ranking/pib')).toBe('pib');
    expect(rankingCategoryOfPath('/sub/ranking/nope')).toBeNull();
    expect(periodOf('day')).toBe('day');
    expect(periodOf('year')).toBe('week');
    expect(periodOf(null)).toBe('week');
    expect(rankingPath()).toBe('/sub/ranking');
    expect(rankingPath('rookie', 'month')).toBe('/sub/ranking/rookie?period=month');
    expect(rankingPath('kstar', 'week')).toBe('/sub/ranking/kstar');
    expect(visibleCategories({ program_yn: 'N' })).toEqual(['all', 'kstar', 'pib', 'rookie']);
  });

  it('reads the move since the previous snapshot', () => {
    expect(rankMove({ rank: 2, prev_rank: 5 })).toEqual({ kind: 'up', n: 3 });
    expect(rankMove({ rank: 4, prev_rank: 1 })).toEqual({ kind: 'down', n: 3 });
    expect(rankMove({ rank: 4, prev_rank: 4 })).toEqual({ kind: 'same', n: 0 });
    expect(rankMove({ rank: 1, prev_rank: null })).toEqual({ kind: 'new', n: 0 });
    expect(roundScore(87.456)).toBe(87.5);
  });
});

describe('the settings form', () => {
  const values = settingValuesOf({ peak_viewers: 40, likes: 30, fan_growth: 15, star: 15, rookie_days: 90 });

  it('sends weights that add up to 100', () => {
    expect(weightSum(values)).toBe(100);
    expect(settingRefusals(values)).toEqual({});
  });

  it('refuses a sum other than 100 on the STAR field (RANKING_WEIGHTS_SUM) and numbers out of range', () => {
    expect(settingRefusals({ ...values, star: '10' })).toEqual({ star: 'sum' });
    expect(weightSum({ ...values, star: 'x' })).toBe(85);
    expect(settingRefusals({ ...values, likes: '101', rookie_days: '0' })).toEqual({ likes: 'range', rookie_days: 'range' });
    expect(settingRefusals({ ...values, peak_viewers: '' })).toEqual({ peak_viewers: 'range' });
    expect(settingRefusals({ ...values, fan_growth: '7.5' })).toEqual({ fan_growth: 'range' });
  });
});
