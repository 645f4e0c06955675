import { concertsEndpoints, playEndpoints, ResultCode } from '@byeol/contract';
import { data, redirect } from 'react-router';
import { ConcertPlay, type ConcertPlayData } from '../features/concerts/concert-play';
import { CONCERT_MISSING, concertPlayPath, concertSnOf } from '../features/concerts/concert-rules';
import { ConcertRefusal } from '../features/concerts/concert-ui';
import { broadcastMeta } from '../features/play/broadcast-meta';
import { type PlayLoaderData, PlayPage } from '../features/play/play-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/play';

/**
 * A live room (SPEC §2 /play/{vod_key}, also under /concert/{id}): play_info's answer decides what shows:
 * the player, the ended / frozen / demo state, or the adult or login gate. Unknown broadcasts answer 404.
 * A concert's broadcast on the plain page answers CONCERT_ONLY: its message and the way to the concert.
 *
 * Under /concert/{id} (issue 22) the page loads the concert's play call instead: a holder's stream (live or
 * the replay) with the media token its player puts on every request, or the refusal with the way to the
 * concert's page. A vod_key in the URL other than the concert's broadcast is replaced by the right one.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (params.id !== undefined) return concertLoader(context, params.id, params.vod_key);
  const body = await loadEndpoint(context, playEndpoints.info, { vod_key: params.vod_key });
  const known = body.rslt_set !== null && typeof body.rslt_set === 'object' && 'vod_key' in body.rslt_set;
  const answer: PlayLoaderData & { concert?: ConcertPlayData } = {
    code: body.rslt_cd,
    info: known ? body.rslt_set : null,
    message: body.rslt_msg,
  };
  return data(answer, { status: known ? 200 : 404 });
}

async function concertLoader(context: Route.LoaderArgs['context'], rawId: string, vodKey: string) {
  const concertSn = concertSnOf(rawId);
  if (!concertSn) throw data(null, { status: 404 });
  const body = await loadEndpoint(context, concertsEndpoints.play, { concert_sn: concertSn });
  if (body.rslt_cd === 0) {
    const set = body.rslt_set;
    if (set.info.vod_key !== vodKey) throw redirect(concertPlayPath(concertSn, set.info.vod_key));
    const answer: PlayLoaderData & { concert?: ConcertPlayData } = {
      code: 0,
      info: set.info,
      message: '',
      concert: { concertSn, set, code: 0, message: '' },
    };
    return data(answer);
  }
  if (CONCERT_MISSING.includes(body.rslt_cd)) throw data(null, { status: 404 });
  const answer: PlayLoaderData & { concert?: ConcertPlayData } = {
    code: body.rslt_cd,
    info: null,
    message: body.rslt_msg,
    concert: { concertSn, set: null, code: body.rslt_cd, message: body.rslt_msg },
  };
  return data(answer);
}

export default function Play({ loaderData }: Route.ComponentProps) {
  if (loaderData.concert) return <ConcertPlay data={loaderData.concert} />;
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
