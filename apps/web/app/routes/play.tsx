import { playEndpoints, ResultCode } from '@byeol/contract';
import { data } from 'react-router';
import { ConcertRefusal } from '../features/concerts/concert-refusal';
import { broadcastMeta } from '../features/play/broadcast-meta';
import { type PlayLoaderData, PlayPage } from '../features/play/play-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/play';

/**
 * A live room (SPEC §2 /play/{vod_key}): play_info's answer decides what shows: the player, the ended /
 * frozen / demo state, or the adult or login gate. Unknown broadcasts answer 404. A concert's broadcast on
 * the plain page answers CONCERT_ONLY: its message and the way to the concert. The same room under
 * /concert/{id} is routes/concert-play.tsx (its own module, so a plain room does not load the concert's code).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, playEndpoints.info, { vod_key: params.vod_key });
  const known = body.rslt_set !== null && typeof body.rslt_set === 'object' && 'vod_key' in body.rslt_set;
  const answer: PlayLoaderData = {
    code: body.rslt_cd,
    info: known ? body.rslt_set : null,
    message: body.rslt_msg,
  };
  return data(answer, { status: known ? 200 : 404 });
}

export default function Play({ loaderData }: Route.ComponentProps) {
  const { info } = loaderData;
  if (loaderData.code === ResultCode.CONCERT_ONLY && info && info.concert_sn > 0) {
    return <ConcertRefusal dark message={loaderData.message} concertSn={info.concert_sn} />;
  }
  return <PlayPage key={info?.vod_key} code={loaderData.code} info={info} message={loaderData.message} />;
}

/** The broadcast's own title, description and thumbnail in the head, over the site's (features/play/broadcast-meta.ts). */
export const meta: Route.MetaFunction = ({ data, matches }) =>
  broadcastMeta(
    data?.info,
    matches.flatMap((m) => (m?.meta ?? []) as Record<string, string>[]).filter((m) => !('charSet' in m)),
    false,
  );
