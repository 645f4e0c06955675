import { channelsEndpoints } from '@byeol/contract';
import { ChannelReplays } from '../features/channels/channel-replays';
import { CHANNEL_PAGE_SIZE } from '../features/channels/channels-api';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/channel-program-home';

/** /channel/program/{id}: the program's replays, newest first (POST /channel/program_replay_more/{id}). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, channelsEndpoints.programReplays, { id: params.id, offset: 0, limit: CHANNEL_PAGE_SIZE });
  return { list: body.rslt_cd === 0 ? body.rslt_set : null };
}

export default function ChannelProgramHome({ loaderData }: Route.ComponentProps) {
  return <ChannelReplays key={JSON.stringify(loaderData.list?.data_list.map((r) => r.vod_key))} initial={loaderData.list} program />;
}
