import { channelsEndpoints, ResultCode } from '@byeol/contract';
import { CHANNEL_PAGE_SIZE } from '../features/channels/channels-api';
import { MyBlockingPage } from '../features/channels/my-channel-pages';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-blocking';

/** /mypage/blocking: the member's block list and the form to block a login ID. Logged out: the sign-in gate. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await loadEndpoint(context, channelsEndpoints.blockingMore, { offset: 0, limit: CHANNEL_PAGE_SIZE });
  return { signedIn: list.rslt_cd !== ResultCode.LOGIN_REQUIRED, list: list.rslt_cd === 0 ? list.rslt_set : null };
}

export default function MypageBlocking({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const { signedIn, list } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('mine.blocking.title')}>
      <MyBlockingPage key={JSON.stringify(list)} initial={list} />
    </LoginGate>
  );
}
