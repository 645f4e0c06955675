import { editorialEndpoints } from '@byeol/contract';
import { ChannelSchedule } from '../features/schedule/channel-schedule';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/channel-schedule';

/** /channel/bj/{id}/schedule (issue 21): the BJ's planned broadcasts from the one in progress on (GET /mypage/schedule_html). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, editorialEndpoints.scheduleHtml, { id: params.id });
  if (body.rslt_cd === 0) return { list: body.rslt_set.schedule_list, message: '' };
  return { list: null, message: body.rslt_msg };
}

export default function ChannelScheduleRoute({ loaderData }: Route.ComponentProps) {
  return <ChannelSchedule list={loaderData.list} message={loaderData.message} />;
}
