import { identityEndpoints } from '@byeol/contract';
import { loadSignedIn } from '../features/account/account.server';
import { AdultVerifyPage } from '../features/identity/adult-verify-page';
import { useTranslation } from '../i18n/react';
import { LoginGate } from '../ui/login-gate';
import type { Route } from './+types/user-adult-verify';

/** Needs a signed-in member: anyone else gets the sign-in panel on this page (LoginGate), not a redirect. */
export async function loader({ context }: Route.LoaderArgs) {
  return { info: await loadSignedIn(context, identityEndpoints.info) };
}

export default function UserAdultVerify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('identity');
  const { info } = loaderData;
  return (
    <LoginGate signedIn={info !== null} title={t('adult.title')}>
      {info && <AdultVerifyPage info={info} />}
    </LoginGate>
  );
}
