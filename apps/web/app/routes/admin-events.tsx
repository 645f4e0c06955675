import { ADMIN_PAGE_SIZE, type AdminEvent, editorialEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { type EventsData, EventsPage } from '../features/admin/events-page';
import type { Route } from './+types/admin-events';

/** /admin/events: every event (POST /v1/admin/event_list), created and edited here. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<EventsData> {
  const { page, offset } = pageOf(new URL(request.url).searchParams);
  const list = await loadAdminList<AdminEvent>(context, `/v1${editorialEndpoints.adminEventList.path}`, {
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { page, list, now: Date.now() };
}

export default function AdminEventsRoute({ loaderData }: Route.ComponentProps) {
  return <EventsPage data={loaderData} />;
}
