import { playEndpoints } from '@byeol/contract';
import { data } from 'react-router';
import { broadcastMeta } from '../features/play/broadcast-meta';
import type { PlayLoaderData } from '../features/play/play-page';
import { VodPage } from '../features/replay/vod-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/vod';

/** A replay (SPEC §2 /vod/{vod_key}) in the play layout; vod_info applies the mobile-only switch and the gates. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, playEndpoints.vodInfo, { vod_key: params.vod_key });
  const known = body.rslt_set !== null && typeof body.rslt_set === 'object' && 'vod_key' in body.rslt_set;
  const answer: PlayLoaderData = { code: body.rslt_cd, info: known ? body.rslt_set : null, message: body.rslt_msg };
  return data(answer, { status: known ? 200 : 404 });
}

export default function Vod({ loaderData }: Route.ComponentProps) {
  return <VodPage key={loaderData.info?.vod_key} {...loaderData} />;
}

/** The broadcast's own title, description and thumbnail in the head, over the site's (features/play/broadcast-meta.ts). */
export const meta: Route.MetaFunction = ({ data, matches }) =>
  broadcastMeta(
    data?.info,
    matches.flatMap((m) => (m?.meta ?? []) as Record<string, string>[]).filter((m) => !('charSet' in m)),
    true,
  );
