import { channelsEndpoints, clipsEndpoints } from '@byeol/contract';
import { ChannelReplays } from '../features/channels/channel-replays';
import { CHANNEL_PAGE_SIZE } from '../features/channels/channels-api';
import { ChannelClips } from '../features/clips/channel-clips';
import { CHANNEL_CLIPS_SIZE } from '../features/clips/clips-api';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/channel-program-home';

/**
 * /channel/program/{id}: the program's replays, newest first (POST /channel/program_replay_more/{id}), and above them
 * its clips when it has some (POST /channel/program_clip_more/{id}, issue 22).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const [body, clips] = await Promise.all([
    loadEndpoint(context, channelsEndpoints.programReplays, { id: params.id, offset: 0, limit: CHANNEL_PAGE_SIZE }),
    loadEndpoint(context, clipsEndpoints.programClipMore, { id: params.id, offset: 0, limit: CHANNEL_CLIPS_SIZE }),
  ]);
  return { list: body.rslt_cd === 0 ? body.rslt_set : null, clips: clips.rslt_cd === 0 ? clips.rslt_set : null };
}

export default function ChannelProgramHome({ loaderData, params }: Route.ComponentProps) {
  return (
    <>
      <ChannelClips key={loaderData.clips?.data_list.map((c) => c.clip_key).join(',')} id={params.id} initial={loaderData.clips} program />
      <ChannelReplays key={JSON.stringify(loaderData.list?.data_list.map((r) => r.vod_key))} initial={loaderData.list} program />
    </>
  );
}
