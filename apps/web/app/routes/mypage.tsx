import type { UserInfoSet } from '@byeol/contract';
import { useTranslation } from 'react-i18next';
import { LoginGate } from '../features/account/login-gate';
import { MyPage } from '../features/account/my-page';
import { callApi } from '../features/site/site.server';
import type { Route } from './+types/mypage';

/** Needs a signed-in visitor: anyone else gets the sign-in panel on this page (LoginGate), not a redirect. */
export async function loader({ context }: Route.LoaderArgs) {
  const body = await callApi<UserInfoSet | null>(context, '/v1/user/user_info');
  const user = body.rslt_cd === 0 ? (body.rslt_set?.user_info ?? null) : null;
  return { user, itemCount: body.rslt_set?.summary_info?.item_cnt ?? 0 };
}

export default function Mypage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { user, itemCount } = loaderData;
  return (
    <LoginGate signedIn={user !== null} title={t('mypage.title')}>
      {user && <MyPage user={user} itemCount={itemCount} />}
    </LoginGate>
  );
}
