import { profileEndpoints } from '@byeol/contract';
import { loadSignedIn } from '../features/account/account.server';
import { SettingsPage } from '../features/profile/settings-page';
import { useTranslation } from '../i18n/react';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/mypage-setting';

/** SPEC §2 /mypage/setting. Logged out: the sign-in gate, not a redirect. */
export async function loader({ context }: Route.LoaderArgs) {
  return { settings: await loadSignedIn(context, profileEndpoints.settingInfo) };
}

export default function MypageSetting({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('profile');
  const { settings } = loaderData;
  return (
    <LoginGate signedIn={settings !== null} title={t('setting.title')}>
      {settings && <SettingsPage key={JSON.stringify(settings)} initial={settings} />}
    </LoginGate>
  );
}
