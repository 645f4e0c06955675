import { channelsEndpoints } from '@byeol/contract';
import { ChannelFeed } from '../features/channels/channel-feed';
import { CHANNEL_PAGE_SIZE } from '../features/channels/channels-api';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/channel-feed';

/** /channel/bj/{id}/feed: the BJ's feed posts, newest first (POST /channel/feed_more); the owner writes on top. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, channelsEndpoints.feed, { id: params.id, offset: 0, limit: CHANNEL_PAGE_SIZE });
  return { list: body.rslt_cd === 0 ? body.rslt_set : null };
}

export default function ChannelFeedRoute({ loaderData }: Route.ComponentProps) {
  return <ChannelFeed key={JSON.stringify(loaderData.list?.data_list.map((p) => p.feed_sn))} initial={loaderData.list} />;
}
