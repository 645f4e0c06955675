import { concertsEndpoints, ResultCode } from '@byeol/contract';
import { loadUser } from '../features/account/account.server';
import { parentMeta } from '../features/board/board-meta';
import { concertMeta } from '../features/concerts/concert-meta';
import { TICKET_PAGE_SIZE } from '../features/concerts/concert-rules';
import { type ConcertVodData, ConcertVodPage } from '../features/concerts/concert-vod-page';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/concert-vod';

/**
 * /concert/vod (issue 22): the caller's concert replays still watchable (GET /concert/vod_list). Signed out:
 * the sign-in gate; while the concert switch is off: 'service being prepared'.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<{ data: ConcertVodData | null }> {
  const user = await loadUser(context);
  if (!user) return { data: null };
  const body = await loadEndpoint(context, concertsEndpoints.vodList, { offset: 0, limit: TICKET_PAGE_SIZE });
  if (body.rslt_cd === 0) return { data: { set: body.rslt_set, preparing: '', message: '' } };
  if (body.rslt_cd === ResultCode.LOGIN_REQUIRED) return { data: null };
  if (body.rslt_cd === ResultCode.SERVICE_PREPARING) return { data: { set: null, preparing: body.rslt_msg, message: '' } };
  return { data: { set: null, preparing: '', message: body.rslt_msg } };
}

export default function ConcertVod({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('concerts');
  const { data } = loaderData;
  return (
    <LoginGate signedIn={data !== null} title={t('vod.title')}>
      {data && <ConcertVodPage data={data} />}
    </LoginGate>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  concertMeta({ page: 'vod', noindex: true }, matches.find((m) => m?.id === 'root')?.data as RootData | undefined, parentMeta(matches));
