import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../ui/fields';
import { useSignIn } from './use-sign-in';

/**
 * A page that needs an account (the issue: "the web app opens the sign-in panel instead of navigating").
 * Signed out, it renders in place of the page a short notice and opens the sign-in panel at once; after
 * signing in, the panel reloads the page's data and the page shows. Closing the panel leaves the notice
 * with a button to open it again. Pages' loaders answer `null` data instead of redirecting. Calls made on a
 * gated page use lib/use-login-required.ts. It stays in this feature: its panel is the account's sign-in form.
 */
export function LoginGate({ signedIn, title, children }: { signedIn: boolean; title: string; children: ReactNode }) {
  const { t } = useTranslation('profile');
  const signIn = useSignIn();
  const opened = useRef(false);

  // Opened by itself once each time the visitor turns out to be signed out; afterwards by the button.
  useEffect(() => {
    if (signedIn) {
      opened.current = false;
      return;
    }
    if (opened.current) return;
    opened.current = true;
    void signIn.open();
  }, [signedIn, signIn]);

  if (signedIn) return <>{children}</>;
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center" data-login-gate>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-neutral-600">{t('gate.message')}</p>
      <button type="button" className={`${primaryButton} mt-6`} onClick={() => void signIn.open()}>
        {t('gate.signIn')}
      </button>
    </div>
  );
}
