import { loadUser } from '../features/account/account.server';
import { ProfileEditPage } from '../features/profile/profile-edit-page';
import { useTranslation } from '../i18n/react';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-info';

/** Member info edit (SPEC §2 screens; the route is ours). Logged out: the sign-in gate, not a redirect. */
export async function loader({ context }: Route.LoaderArgs) {
  return { user: await loadUser(context) };
}

export default function MypageInfo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('profile');
  const { user } = loaderData;
  return (
    <LoginGate signedIn={user !== null} title={t('info.title')}>
      {user && <ProfileEditPage key={user.user_key} user={user} />}
    </LoginGate>
  );
}
