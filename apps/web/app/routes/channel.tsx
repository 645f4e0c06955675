import { channelsEndpoints } from '@byeol/contract';
import { data } from 'react-router';
import { CHANNEL_MISSING, ChannelError } from '../features/channels/channel-error';
import { ChannelLayout } from '../features/channels/channel-layout';
import { channelMeta } from '../features/channels/channel-meta';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/channel';

/**
 * /channel/bj/{id} (issue 17): the channel head (GET /channel/bj_info) for the header and every tab below it.
 * No such BJ (or an ID that cannot be one) answers HTTP 404 with the site's not-found page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, channelsEndpoints.info, { id: params.id });
  if (body.rslt_cd === 0) return { info: body.rslt_set };
  if (CHANNEL_MISSING.includes(body.rslt_cd)) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}

export default function Channel({ loaderData }: Route.ComponentProps) {
  return <ChannelLayout info={loaderData.info} />;
}

/**
 * The channel's own title, description and picture in the head, over the site's: the parent's meta (the
 * root's, which the layout passes on) is the base, once.
 */
export const meta: Route.MetaFunction = ({ data, matches }) =>
  channelMeta(
    data?.info,
    ((matches.at(-2)?.meta ?? []) as Record<string, string>[]).filter((m) => !('charSet' in m)),
  );

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ChannelError error={error} />;
}
