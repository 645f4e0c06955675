import { ResultCode, supportersEndpoints } from '@byeol/contract';
import { MySupportersPage } from '../features/supporters/my-supporters-page';
import { SUPPORTERS_PAGE_SIZE } from '../features/supporters/supporters-api';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-supporters';

/** SPEC §2 /mypage/supporters: the BJs the member supports. Logged out: the sign-in gate. */
export async function loader({ context }: Route.LoaderArgs) {
  const list = await loadEndpoint(context, supportersEndpoints.mySupports, { offset: 0, limit: SUPPORTERS_PAGE_SIZE });
  return { signedIn: list.rslt_cd !== ResultCode.LOGIN_REQUIRED, list: list.rslt_cd === 0 ? list.rslt_set : null };
}

export default function MypageSupporters({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('supporters');
  const { signedIn, list } = loaderData;
  return (
    <LoginGate signedIn={signedIn} title={t('mine.title')}>
      <MySupportersPage key={JSON.stringify(list)} initial={list} />
    </LoginGate>
  );
}
