import { rankingsEndpoints } from '@byeol/contract';
import { RankingSettingPage } from '../features/rankings/ranking-setting-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/admin-rankings';

/** /admin/rankings: the ranking weights and rookie window (GET /v1/admin/ranking_setting), changed by operators. */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, rankingsEndpoints.setting, {});
  return body.rslt_cd === 0 ? { setting: body.rslt_set, message: '' } : { setting: null, message: body.rslt_msg };
}

export default function AdminRankings({ loaderData }: Route.ComponentProps) {
  return <RankingSettingPage key={JSON.stringify(loaderData.setting)} setting={loaderData.setting} message={loaderData.message} />;
}
