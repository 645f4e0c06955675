import { type RankingCategory, type RankingMoreSet, type RankingPeriod, type RankingSettingSet, rankingsEndpoints } from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { RANKING_PAGE_SIZE, type SettingValues } from './ranking-rules';

/**
 * The ranking calls of issue 18 from the browser (packages/contract/src/rankings.ts). Each resolves an
 * envelope, never throws: a refusal carries its message in the caller's language (rslt_msg), a network
 * failure `fallback`.
 */

/** The next page of a ranking (the page's "more"). */
export function rankingMore(
  category: RankingCategory,
  period: RankingPeriod,
  offset: number,
  fallback: string,
): Promise<Answer<RankingMoreSet>> {
  return send(() => api.call(rankingsEndpoints.more, { category, period, offset, limit: RANKING_PAGE_SIZE }), fallback);
}

/** The console's save (operators): the four weights and the rookie window, as typed (the server checks them too). */
export function saveRankingSetting(values: SettingValues, fallback: string): Promise<Answer<RankingSettingSet>> {
  return send(
    () =>
      api.call(rankingsEndpoints.settingProc, {
        peak_viewers: values.peak_viewers.trim(),
        likes: values.likes.trim(),
        fan_growth: values.fan_growth.trim(),
        star: values.star.trim(),
        rookie_days: values.rookie_days.trim(),
      }),
    fallback,
  );
}
