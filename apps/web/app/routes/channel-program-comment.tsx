import { channelsEndpoints } from '@byeol/contract';
import { ChannelComments } from '../features/channels/channel-comments';
import { CHANNEL_PAGE_SIZE } from '../features/channels/channels-api';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/channel-program-comment';

/** /channel/program/{id}/comment: the program's comments (POST /channel/program_comment_more/{id}), with the write form. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, channelsEndpoints.programComments, { id: params.id, offset: 0, limit: CHANNEL_PAGE_SIZE });
  return { list: body.rslt_cd === 0 ? body.rslt_set : null };
}

export default function ChannelProgramComment({ loaderData }: Route.ComponentProps) {
  return <ChannelComments key={JSON.stringify(loaderData.list?.data_list.map((c) => c.comment_sn))} initial={loaderData.list} program />;
}
