import { editorialEndpoints } from '@byeol/contract';
import { parentMeta } from '../features/board/board-meta';
import { editorialMeta } from '../features/editorial/editorial-meta';
import { eventQueryOf, eventRequest } from '../features/editorial/editorial-rules';
import { type EventListData, EventListPage } from '../features/editorial/event-list-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/sub-event';

/** /sub/event (issue 21): the events of a phase (`?phase=` running, upcoming or ended; POST /sub/event_more), `?page=`. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<EventListData> {
  const query = eventQueryOf(new URL(request.url).searchParams);
  const body = await loadEndpoint(context, editorialEndpoints.eventMore, eventRequest(query));
  if (body.rslt_cd === 0) return { query, set: body.rslt_set, message: '' };
  return { query, set: null, message: body.rslt_msg };
}

export default function SubEvent({ loaderData }: Route.ComponentProps) {
  return <EventListPage data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  editorialMeta({ page: 'event' }, matches.find((m) => m?.id === 'root')?.data as RootData | undefined, parentMeta(matches));
