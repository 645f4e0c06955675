import { channelsEndpoints, ResultCode } from '@byeol/contract';
import { CHANNEL_PAGE_SIZE } from '../features/channels/channels-api';
import { MyBookmarkPage } from '../features/channels/my-bookmarks';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-bookmark';

/** /mypage/bookmark: the replays the member saved, newest bookmark first. Logged out: the sign-in gate. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await loadEndpoint(context, channelsEndpoints.bookmarkMore, { offset: 0, limit: CHANNEL_PAGE_SIZE });
  return { signedIn: list.rslt_cd !== ResultCode.LOGIN_REQUIRED, list: list.rslt_cd === 0 ? list.rslt_set : null };
}

export default function MypageBookmark({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const { signedIn, list } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('mine.bookmark.title')}>
      <MyBookmarkPage key={JSON.stringify(list?.data_list.map((b) => b.vod_key))} initial={list} />
    </LoginGate>
  );
}
