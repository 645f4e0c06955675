import { clipsEndpoints, ResultCode } from '@byeol/contract';
import { parentMeta } from '../features/board/board-meta';
import { CLIP_PAGE_SIZE } from '../features/clips/clips-api';
import { clipsMeta } from '../features/clips/clips-meta';
import { myClipTabOf } from '../features/clips/clips-rules';
import { type MyClipsData, MyClipsPage } from '../features/clips/my-clips-page';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { useClipName } from '../lib/use-clip-name';
import { type RootData, useUser } from '../lib/use-site';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-short';

/**
 * /mypage/short (issue 22): the member's clips and shorts (POST /mypage/clip_more, `?kind=clip|short`), and for
 * a BJ the short upload and the clipping switch. Signed out: the sign-in gate.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<{ signedIn: boolean; data: MyClipsData }> {
  const tab = myClipTabOf(new URL(request.url).searchParams.get('kind'));
  const body = await loadEndpoint(context, clipsEndpoints.myClipMore, {
    ...(tab === 'all' ? {} : { kind: tab }),
    offset: 0,
    limit: CLIP_PAGE_SIZE,
  });
  if (body.rslt_cd === 0) return { signedIn: true, data: { tab, set: body.rslt_set, message: '' } };
  return { signedIn: body.rslt_cd !== ResultCode.LOGIN_REQUIRED, data: { tab, set: null, message: body.rslt_msg } };
}

export default function MypageShort({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('clips');
  const clip = useClipName();
  const user = useUser();
  const { signedIn, data } = loaderData;
  return (
    <LoginGate signedIn={signedIn && user !== null} title={t('mine.title', { clip })}>
      <MyClipsPage key={`${data.tab}:${data.set?.data_list.map((c) => c.clip_key).join(',') ?? ''}`} data={data} />
    </LoginGate>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  clipsMeta({ page: 'mine' }, matches.find((m) => m?.id === 'root')?.data as RootData | undefined, parentMeta(matches));
