import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { SignInProvider } from '../../ui/sign-in';
import { SignInForm } from './sign-in-form';

/**
 * The account's sign-in panel behind ui/sign-in.tsx's `useSignIn()` (root.tsx puts it around the app):
 * the sign-in form in a dialog layer; true once signed in (at once when already), false when the panel is
 * closed without signing in. The root data is reloaded after a sign-in.
 */
export function SignInPanelProvider({ children }: { children: ReactNode }) {
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

  return <SignInProvider open={open}>{children}</SignInProvider>;
}
