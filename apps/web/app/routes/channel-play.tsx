import { channelsEndpoints, clipsEndpoints, contentEndpoints } from '@byeol/contract';
import { ChannelReplays } from '../features/channels/channel-replays';
import { CHANNEL_PAGE_SIZE } from '../features/channels/channels-api';
import { ChannelClips } from '../features/clips/channel-clips';
import { CHANNEL_CLIPS_SIZE } from '../features/clips/clips-api';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/channel-play';

/**
 * /channel/bj/{id}/play: the BJ's replays (SPEC §7 bj_replay_more takes the BJ's user_key, read from the channel head),
 * and above them the channel's clips when it has some (POST /channel/bj_clip_more, issue 22).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const [info, clips] = await Promise.all([
    loadEndpoint(context, channelsEndpoints.info, { id: params.id }),
    loadEndpoint(context, clipsEndpoints.bjClipMore, { id: params.id, offset: 0, limit: CHANNEL_CLIPS_SIZE }),
  ]);
  const clipSet = clips.rslt_cd === 0 ? clips.rslt_set : null;
  if (info.rslt_cd !== 0) return { list: null, clips: clipSet };
  const body = await loadEndpoint(context, contentEndpoints.bjReplays, {
    user_key: info.rslt_set.bj.user_key,
    offset: 0,
    limit: CHANNEL_PAGE_SIZE,
  });
  return { list: body.rslt_cd === 0 ? body.rslt_set : null, clips: clipSet };
}

export default function ChannelPlay({ loaderData, params }: Route.ComponentProps) {
  return (
    <>
      <ChannelClips key={loaderData.clips?.data_list.map((c) => c.clip_key).join(',')} id={params.id} initial={loaderData.clips} />
      <ChannelReplays key={JSON.stringify(loaderData.list?.data_list.map((r) => r.vod_key))} initial={loaderData.list} />
    </>
  );
}
