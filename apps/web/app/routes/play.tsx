import type { PlayInfo } from '@byeol/contract';
import { data } from 'react-router';
import { broadcastMeta } from '../features/play/broadcast-meta';
import { type PlayLoaderData, PlayPage } from '../features/play/play-page';
import { callApi } from '../features/site/site.server';
import type { Route } from './+types/play';

/**
 * A live room (SPEC §2 /play/{vod_key}, also under /concert/{id}): play_info's answer decides what shows:
 * the player, the ended / frozen / demo state, or the adult or login gate. Unknown broadcasts answer 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await callApi<PlayInfo>(context, `/v1/pubapi/play_info?vod_key=${encodeURIComponent(params.vod_key)}`);
  const known = body.rslt_set !== null && typeof body.rslt_set === 'object' && 'vod_key' in body.rslt_set;
  const answer: PlayLoaderData = { code: body.rslt_cd, info: known ? body.rslt_set : null, message: body.rslt_msg };
  return data(answer, { status: known ? 200 : 404 });
}

export default function Play({ loaderData }: Route.ComponentProps) {
  return <PlayPage key={loaderData.info?.vod_key} {...loaderData} />;
}

/** The broadcast's own title, description and thumbnail in the head, over the site's (features/play/broadcast-meta.ts). */
export const meta: Route.MetaFunction = ({ data, matches }) =>
  broadcastMeta(
    data?.info,
    matches.flatMap((m) => (m?.meta ?? []) as Record<string, string>[]).filter((m) => !('charSet' in m)),
    false,
  );
