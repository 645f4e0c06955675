import { contentEndpoints } from '@byeol/contract';
import { pageOf } from '../features/play/broadcast-card';
import { REPLAYS_PER_PAGE, ReplayListPage } from '../features/replay/replay-list-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/sub-replay';

/** SPEC §2 /sub/replay: kept replays through SPEC §7 POST /broadcast/vod_more, paginated with `?page=`. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageOf(request);
  const answer = await loadEndpoint(context, contentEndpoints.vodMore, { offset: (page - 1) * REPLAYS_PER_PAGE, limit: REPLAYS_PER_PAGE });
  return { page, list: answer.rslt_cd === 0 ? answer.rslt_set : null };
}

export default function SubReplay({ loaderData }: Route.ComponentProps) {
  return <ReplayListPage page={loaderData.page} data={loaderData.list} />;
}
