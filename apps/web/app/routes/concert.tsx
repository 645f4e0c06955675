import { concertsEndpoints, ResultCode } from '@byeol/contract';
import { parentMeta } from '../features/board/board-meta';
import { type ConcertListData, ConcertListPage } from '../features/concerts/concert-list-page';
import { concertMeta } from '../features/concerts/concert-meta';
import { CONCERT_PAGE_SIZE, concertTabOf } from '../features/concerts/concert-rules';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/concert';

/**
 * /concert (issue 22, SPEC §2): `?tab=upcoming|live|past` (upcoming when absent), the tab's first page (GET
 * /concert/concert_list), "more" in the page. While the concert switch is off the call answers
 * SERVICE_PREPARING and the page says the service is being prepared.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<ConcertListData> {
  const tab = concertTabOf(new URL(request.url).searchParams);
  const body = await loadEndpoint(context, concertsEndpoints.list, { tab, offset: 0, limit: CONCERT_PAGE_SIZE });
  if (body.rslt_cd === 0) return { tab, set: body.rslt_set, preparing: '', message: '' };
  if (body.rslt_cd === ResultCode.SERVICE_PREPARING) return { tab, set: null, preparing: body.rslt_msg, message: '' };
  return { tab, set: null, preparing: '', message: body.rslt_msg };
}

export default function Concert({ loaderData }: Route.ComponentProps) {
  return <ConcertListPage data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  concertMeta(
    { page: 'list', noindex: Boolean(data?.preparing) },
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );
