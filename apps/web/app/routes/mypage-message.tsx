import { channelsEndpoints, type MessageBox, ResultCode } from '@byeol/contract';
import { CHANNEL_PAGE_SIZE } from '../features/channels/channels-api';
import { MyMessagesPage } from '../features/channels/my-messages-page';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-message';

/**
 * /mypage/message/received and /mypage/message/send (the sent box with the compose form; `?to=<login ID>`
 * fills the recipient). Logged out: the sign-in gate.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const box: MessageBox = url.pathname.replace(/\/+$/, '').endsWith('/send') ? 'sent' : 'received';
  const to = (url.searchParams.get('to') ?? '').slice(0, 40);
  const list = await loadEndpoint(context, channelsEndpoints.messageMore, { box, offset: 0, limit: CHANNEL_PAGE_SIZE });
  return { box, to, signedIn: list.rslt_cd !== ResultCode.LOGIN_REQUIRED, list: list.rslt_cd === 0 ? list.rslt_set : null };
}

export default function MypageMessage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const { box, to, signedIn, list } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('mine.message.title')}>
      <MyMessagesPage key={`${box}:${JSON.stringify(list)}`} box={box} initial={list} to={to} />
    </LoginGate>
  );
}
