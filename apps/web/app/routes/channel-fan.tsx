import { channelsEndpoints, ResultCode } from '@byeol/contract';
import { ChannelFans, type FansLoaderData } from '../features/channels/channel-fans';
import { CHANNEL_PAGE_SIZE, fanKindOf } from '../features/channels/channels-api';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/channel-fan';

/** /channel/bj/{id}/fan: the fan club in join order, or with `?kind=vip` the VIPs by STAR given; a private list says so. */
export async function loader({ context, params, request }: Route.LoaderArgs): Promise<FansLoaderData> {
  const kind = fanKindOf(new URL(request.url).searchParams.get('kind'));
  const body = await loadEndpoint(context, channelsEndpoints.fans, { id: params.id, kind, offset: 0, limit: CHANNEL_PAGE_SIZE });
  if (body.rslt_cd === 0) return { kind, list: body.rslt_set, privateMessage: null };
  return { kind, list: null, privateMessage: body.rslt_cd === ResultCode.CHANNEL_LIST_PRIVATE ? body.rslt_msg : null };
}

export default function ChannelFan({ loaderData }: Route.ComponentProps) {
  return <ChannelFans key={`${loaderData.kind}:${loaderData.list?.data_totalcount ?? ''}`} {...loaderData} />;
}
