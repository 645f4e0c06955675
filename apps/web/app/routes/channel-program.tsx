import { channelsEndpoints } from '@byeol/contract';
import { data } from 'react-router';
import { CHANNEL_MISSING, ChannelError } from '../features/channels/channel-error';
import { ChannelLayout, isProgramChannel } from '../features/channels/channel-layout';
import { channelMeta } from '../features/channels/channel-meta';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/channel-program';

/**
 * /channel/program/{id} (issue 17): a program account's channel, with the BJ channel's head (GET
 * /channel/bj_info answers for program accounts too). Any other channel is not a program: HTTP 404, the
 * site's not-found page, as the program calls answer CHANNEL_NOT_FOUND for it.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, channelsEndpoints.info, { id: params.id });
  if (body.rslt_cd === 0) {
    if (!isProgramChannel(body.rslt_set)) throw data(null, { status: 404 });
    return { info: body.rslt_set };
  }
  if (CHANNEL_MISSING.includes(body.rslt_cd)) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}

export default function ChannelProgram({ loaderData }: Route.ComponentProps) {
  return <ChannelLayout info={loaderData.info} kind="program" />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  channelMeta(
    data?.info,
    ((matches.at(-2)?.meta ?? []) as Record<string, string>[]).filter((m) => !('charSet' in m)),
  );

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ChannelError error={error} />;
}
