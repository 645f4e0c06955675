import { concertsEndpoints } from '@byeol/contract';
import { data, redirect } from 'react-router';
import { ConcertPlay, type ConcertPlayData } from '../features/concerts/concert-play';
import { CONCERT_MISSING, concertPlayPath, concertSnOf } from '../features/concerts/concert-rules';
import { broadcastMeta } from '../features/play/broadcast-meta';
import type { PlayLoaderData } from '../features/play/play-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/concert-play';

/**
 * A concert's live room (issue 22, SPEC §2 /concert/{id}/play/{vod_key}): the concert's play call instead of
 * play_info: a holder's stream (live or the replay) with the media token its player puts on every request,
 * or the refusal with the way to the concert's page. A vod_key in the URL other than the concert's broadcast
 * is replaced by the right one. The plain room is routes/play.tsx.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const concertSn = concertSnOf(params.id);
  if (!concertSn) throw data(null, { status: 404 });
  const body = await loadEndpoint(context, concertsEndpoints.play, { concert_sn: concertSn });
  if (body.rslt_cd === 0) {
    const set = body.rslt_set;
    if (set.info.vod_key !== params.vod_key) throw redirect(concertPlayPath(concertSn, set.info.vod_key));
    const answer: PlayLoaderData & { concert: ConcertPlayData } = {
      code: 0,
      info: set.info,
      message: '',
      concert: { concertSn, set, code: 0, message: '' },
    };
    return data(answer);
  }
  if (CONCERT_MISSING.includes(body.rslt_cd)) throw data(null, { status: 404 });
  const answer: PlayLoaderData & { concert: ConcertPlayData } = {
    code: body.rslt_cd,
    info: null,
    message: body.rslt_msg,
    concert: { concertSn, set: null, code: body.rslt_cd, message: body.rslt_msg },
  };
  return data(answer);
}

export default function ConcertPlayRoute({ loaderData }: Route.ComponentProps) {
  return <ConcertPlay data={loaderData.concert} />;
}

/** The broadcast's own title, description and thumbnail in the head, over the site's (features/play/broadcast-meta.ts). */
export const meta: Route.MetaFunction = ({ data, matches }) =>
  broadcastMeta(
    data?.info,
    matches.flatMap((m) => (m?.meta ?? []) as Record<string, string>[]).filter((m) => !('charSet' in m)),
    false,
  );
