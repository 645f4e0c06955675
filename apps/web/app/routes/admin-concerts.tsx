import { ADMIN_PAGE_SIZE, concertsEndpoints } from '@byeol/contract';
import { loadListEndpoint } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { type ConcertsData, ConcertsPage } from '../features/admin/concerts-page';
import { ticketsOf } from '../features/admin/concerts-rules';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/admin-concerts';

/**
 * /admin/concerts: every concert, latest start first (GET /v1/admin/concert_list), created and edited here;
 * `?tickets={concert_sn}` lists that concert's tickets (GET /v1/admin/concert_ticket_list).
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<ConcertsData> {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const concertSn = ticketsOf(params);
  if (concertSn) {
    const [list, info] = await Promise.all([
      loadListEndpoint(context, concertsEndpoints.adminTickets, { concert_sn: concertSn, offset, limit: ADMIN_PAGE_SIZE }),
      loadEndpoint(context, concertsEndpoints.info, { concert_sn: concertSn }),
    ]);
    return { view: 'tickets', page, concertSn, concert: info.rslt_cd === 0 ? info.rslt_set : null, list };
  }
  const list = await loadListEndpoint(context, concertsEndpoints.adminList, { offset, limit: ADMIN_PAGE_SIZE });
  return { view: 'list', page, list };
}

export default function AdminConcertsRoute({ loaderData }: Route.ComponentProps) {
  return <ConcertsPage data={loaderData} />;
}
