import { DEFAULT_RANKING_WEIGHTS } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { type BjPeriodStat, rankOrder, scoreStats } from './rankings.service.js';

const stat = (bjUserKey: number, peak: number, likes: number, fans: number, star: number): BjPeriodStat => ({
  bjUserKey,
  bjTypeCd: '',
  peak,
  likes,
  fans,
  star,
  liveVodKey: '',
  firstAt: null,
});

describe('the ranking score', () => {
  it('weighs each part by the period’s highest value: peak 40 %, likes 30 %, fan growth 15 %, STAR 15 %', () => {
    const stats = [stat(1, 1_000, 500, 10, 20_000), stat(2, 500, 1_000, 0, 0), stat(3, 0, 0, 20, 40_000), stat(4, 250, 250, 5, 10_000)];
    const scores = scoreStats(stats, DEFAULT_RANKING_WEIGHTS);
    expect(scores.get(1)).toBe(40 + 15 + 7.5 + 7.5);
    expect(scores.get(2)).toBe(20 + 30);
    expect(scores.get(3)).toBe(15 + 15);
    expect(scores.get(4)).toBe(10 + 7.5 + 3.75 + 3.75);
    expect([...stats].sort(rankOrder(scores)).map((s) => s.bjUserKey)).toEqual([1, 2, 3, 4]);
  });

  it('gives a part nobody has no points and breaks ties by peak, STAR, then the older account', () => {
    const stats = [stat(9, 10, 0, 0, 0), stat(7, 10, 0, 0, 0), stat(8, 10, 0, 0, 0)];
    const scores = scoreStats(stats, DEFAULT_RANKING_WEIGHTS);
    expect([...scores.values()]).toEqual([40, 40, 40]);
    expect([...stats].sort(rankOrder(scores)).map((s) => s.bjUserKey)).toEqual([7, 8, 9]);
    const zero = scoreStats([stat(1, 0, 0, 0, 0)], DEFAULT_RANKING_WEIGHTS);
    expect(zero.get(1)).toBe(0);
  });
});
