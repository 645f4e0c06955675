import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { SignInForm } from './sign-in-form';

/**
 * The reusable sign-in panel (SPEC §4: a feature that needs an account, such as payment, opens it when
 * the visitor is logged out). `open()` resolves true once logged in (at once when already logged in),
 * false when the panel is closed without signing in. The root data is reloaded after a sign-in, so the
 * header and `useUser()` show the new user.
 */
export function useSignIn(): { open: () => Promise<boolean> } {
  const { t } = useTranslation('account');
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const user = useUser();

  const open = useCallback(async () => {
    if (user) return true;
    const result = await dialog.layer<boolean>(
      (close) => (
        <div className="p-5">
          <SignInForm onSignedIn={() => close(true)} onJoin={() => close(false)} />
        </div>
      ),
      { title: t('login.title') },
    );
    if (result !== true) return false;
    await revalidator.revalidate();
    return true;
  }, [dialog, revalidator, t, user]);

  return { open };
}
