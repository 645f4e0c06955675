import { contentEndpoints } from '@byeol/contract';
import { pageOf } from '../features/play/broadcast-card';
import { LIVE_PER_PAGE, LiveListPage } from '../features/play/live-list-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/sub-live';

/** SPEC §2 /sub/live: live broadcasts, paginated with `?page=`; the page refreshes the list itself. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageOf(request);
  const body = await loadEndpoint(context, contentEndpoints.liveList, { offset: (page - 1) * LIVE_PER_PAGE, limit: LIVE_PER_PAGE });
  return { page, list: body.rslt_cd === 0 ? body.rslt_set : null };
}

export default function SubLive({ loaderData }: Route.ComponentProps) {
  return <LiveListPage page={loaderData.page} initial={loaderData.list} />;
}
