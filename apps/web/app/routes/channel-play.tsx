import { channelsEndpoints, contentEndpoints } from '@byeol/contract';
import { ChannelReplays } from '../features/channels/channel-replays';
import { CHANNEL_PAGE_SIZE } from '../features/channels/channels-api';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/channel-play';

/** /channel/bj/{id}/play: the BJ's replays (SPEC §7 bj_replay_more takes the BJ's user_key, read from the channel head). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const info = await loadEndpoint(context, channelsEndpoints.info, { id: params.id });
  if (info.rslt_cd !== 0) return { list: null };
  const body = await loadEndpoint(context, contentEndpoints.bjReplays, {
    user_key: info.rslt_set.bj.user_key,
    offset: 0,
    limit: CHANNEL_PAGE_SIZE,
  });
  return { list: body.rslt_cd === 0 ? body.rslt_set : null };
}

export default function ChannelPlay({ loaderData }: Route.ComponentProps) {
  return <ChannelReplays key={JSON.stringify(loaderData.list?.data_list.map((r) => r.vod_key))} initial={loaderData.list} />;
}
