import { channelsEndpoints, ResultCode } from '@byeol/contract';
import { useBjName } from '../features/channels/channel-ui';
import { CHANNEL_PAGE_SIZE } from '../features/channels/channels-api';
import { MySubscribePage } from '../features/channels/my-channel-pages';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-subscribe';

/** /mypage/subscribe: the BJs the member follows, those on air first. Logged out: the sign-in gate. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await loadEndpoint(context, channelsEndpoints.subscribeMore, { offset: 0, limit: CHANNEL_PAGE_SIZE });
  return { signedIn: list.rslt_cd !== ResultCode.LOGIN_REQUIRED, list: list.rslt_cd === 0 ? list.rslt_set : null };
}

export default function MypageSubscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const bj = useBjName();
  const { signedIn, list } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('mine.subscribe.title', { bj })}>
      <MySubscribePage key={JSON.stringify(list)} initial={list} />
    </LoginGate>
  );
}
