import { rankingsEndpoints } from '@byeol/contract';
import { data } from 'react-router';
import { type RankingLoaderData, RankingPage } from '../features/rankings/ranking-page';
import { periodOf, RANKING_PAGE_SIZE, rankingCategoryOfPath } from '../features/rankings/ranking-rules';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/sub-ranking';

/**
 * /sub/ranking (all) and /sub/ranking/{kstar,pib,program,rookie} with `?period=day|week|month` (issue 18, weekly
 * by default): POST /sub/ranking_more from the latest snapshot.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<RankingLoaderData> {
  const url = new URL(request.url);
  const category = rankingCategoryOfPath(url.pathname);
  if (!category) throw data(null, { status: 404 });
  const period = periodOf(url.searchParams.get('period'));
  const body = await loadEndpoint(context, rankingsEndpoints.more, { category, period, offset: 0, limit: RANKING_PAGE_SIZE });
  if (body.rslt_cd === 0) return { category, period, result: body.rslt_set, message: '' };
  return { category, period, result: null, message: body.rslt_msg };
}

export default function SubRanking({ loaderData }: Route.ComponentProps) {
  return <RankingPage data={loaderData} />;
}
