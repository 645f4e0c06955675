import { accountsEndpoints, channelsEndpoints } from '@byeol/contract';
import { MyPage } from '../features/account/my-page';
import { type MyFragments, NO_FRAGMENTS } from '../features/channels/my-fragments';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage';

/** Needs a signed-in visitor: anyone else gets the sign-in panel on this page (LoginGate), not a redirect. */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, accountsEndpoints.userInfo);
  const user = body.rslt_cd === 0 ? (body.rslt_set?.user_info ?? null) : null;
  const fragments = user ? await fragmentsOf(context, user.role === 'bj' || user.type_cd === 'bj') : NO_FRAGMENTS;
  return { user, itemCount: body.rslt_set?.summary_info?.item_cnt ?? 0, fragments };
}

/**
 * The my page fragments of issue 17 (each hidden when empty, or when its call failed); the gift box only for
 * a BJ account (any other's answer is empty).
 */
async function fragmentsOf(context: Route.LoaderArgs['context'], bj: boolean): Promise<MyFragments> {
  const [recent, followed, comments, giftbox] = await Promise.all([
    loadEndpoint(context, channelsEndpoints.recentVodHtml, {}),
    loadEndpoint(context, channelsEndpoints.subscribeVodHtml, {}),
    loadEndpoint(context, channelsEndpoints.commentHtml, {}),
    bj ? loadEndpoint(context, channelsEndpoints.giftboxHtml, {}) : null,
  ]);
  return {
    recent: recent.rslt_cd === 0 ? recent.rslt_set.vod_list : [],
    followedVods: followed.rslt_cd === 0 ? followed.rslt_set.vod_list : [],
    comments: comments.rslt_cd === 0 ? comments.rslt_set.comment_list : [],
    giftbox: giftbox?.rslt_cd === 0 ? giftbox.rslt_set : null,
  };
}

export default function Mypage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { user, itemCount, fragments } = loaderData;
  return (
    <LoginGate signedIn={user !== null} title={t('mypage.title')}>
      {user && <MyPage user={user} itemCount={itemCount} fragments={fragments} />}
    </LoginGate>
  );
}
