import type { Envelope, ListSet, VodListItem } from '@byeol/contract';
import { pageOf } from '../features/play/broadcast-card';
import { REPLAYS_PER_PAGE, ReplayListPage } from '../features/replay/replay-list-page';
import type { Route } from './+types/sub-replay';

/** SPEC §2 /sub/replay: kept replays through SPEC §7 POST /broadcast/vod_more, paginated with `?page=`. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageOf(request);
  const body = new URLSearchParams({ offset: String((page - 1) * REPLAYS_PER_PAGE), limit: String(REPLAYS_PER_PAGE) });
  const res = await context.api('/v1/broadcast/vod_more', {
    method: 'POST',
    body: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.status >= 500) throw new Response('API unavailable', { status: 503 });
  const answer = (await res.json()) as Envelope<ListSet<VodListItem>>;
  return { page, list: answer.rslt_cd === 0 ? answer.rslt_set : null };
}

export default function SubReplay({ loaderData }: Route.ComponentProps) {
  return <ReplayListPage page={loaderData.page} data={loaderData.list} />;
}
