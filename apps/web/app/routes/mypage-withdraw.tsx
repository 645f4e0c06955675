import { profileEndpoints } from '@byeol/contract';
import { loadSignedIn } from '../features/account/account.server';
import { WithdrawPage } from '../features/profile/withdraw-page';
import { useTranslation } from '../i18n/react';
import { useUser } from '../lib/use-site';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-withdraw';

/** Withdrawal (SPEC §2 screens; the route is ours). Logged out: the sign-in gate, not a redirect. */
export async function loader({ context }: Route.LoaderArgs) {
  return { info: await loadSignedIn(context, profileEndpoints.withdrawInfo) };
}

export default function MypageWithdraw({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('profile');
  const user = useUser();
  const { info } = loaderData;
  return (
    <LoginGate signedIn={info !== null} title={t('withdraw.title')}>
      {info && <WithdrawPage info={info} user={user} />}
    </LoginGate>
  );
}
