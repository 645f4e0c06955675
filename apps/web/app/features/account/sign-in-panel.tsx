import { createContext, type ReactNode, type RefObject, useCallback, useContext, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useUser } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { type OpenSignIn, SignInProvider } from '../../ui/sign-in';

const PanelRef = createContext<RefObject<OpenSignIn | null> | null>(null);

/**
 * The account's sign-in panel behind ui/sign-in.tsx's `useSignIn()`. root.tsx puts the provider around the
 * dialog provider, so what a dialog layer shows (an item panel, a gift form) can ask for a sign-in too, and
 * `SignInPanelHost` inside it, where the dialog layers are: the panel is the sign-in form in a layer.
 */
export function SignInPanelProvider({ children }: { children: ReactNode }) {
  const ref = useRef<OpenSignIn | null>(null);
  const open = useCallback(() => (ref.current ? ref.current() : Promise.resolve(false)), []);
  return (
    <PanelRef.Provider value={ref}>
      <SignInProvider open={open}>{children}</SignInProvider>
    </PanelRef.Provider>
  );
}

/**
 * True once signed in (at once when already), false when the panel is closed without signing in. The root
 * data is reloaded after a sign-in.
 */
export function SignInPanelHost() {
  const ref = useContext(PanelRef);
  const { t } = useTranslation('account');
  const dialog = useDialog();
  const revalidator = useRevalidator();
  const user = useUser();

  const open = useCallback(async () => {
    if (user) return true;
    // The form (its phone check, the social buttons) loads when the panel opens, not with every page (issue 20).
    const { SignInForm } = await import('./sign-in-form');
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
  // Set while rendering, so an effect of the page below (LoginGate opens the panel on mount) finds it.
  if (ref) ref.current = open;
  return null;
}
