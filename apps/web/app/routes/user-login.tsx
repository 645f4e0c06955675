import { redirect, useLocation, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { loadUser, redirectTarget } from '../features/account/account.server';
import { SignInForm } from '../features/account/sign-in-form';
import { useTranslation } from '../i18n/react';
import { safeRedirect } from '../lib/redirect';
import type { Route } from './+types/user-login';

/** SPEC §4: the sign-in page is skipped when already logged in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await loadUser(context)) throw redirect(redirectTarget(request));
  return null;
}

export default function UserLogin() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // The account picked on /user/forgot-id or reset on /user/forgot-passwd arrives in the navigation state (not the URL).
  const state = useLocation().state as { id?: unknown } | null;
  return (
    <div className="mx-auto max-w-sm px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">{t('login.title')}</h1>
      <SignInForm
        initialId={typeof state?.id === 'string' ? state.id : ''}
        onSignedIn={async () => {
          await navigate(safeRedirect(params.get('redirect')), { replace: true });
          await revalidator.revalidate();
        }}
      />
    </div>
  );
}
