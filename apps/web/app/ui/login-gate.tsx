import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { primaryButton } from './fields';
import { useSignIn } from './sign-in';

/**
 * A page that needs an account (the issue: "the web app opens the sign-in panel instead of navigating").
 * Signed out, it renders in place of the page a short notice and opens the sign-in panel at once; after
 * signing in, the panel reloads the page's data and the page shows. Closing the panel leaves the notice
 * with a button to open it again. Pages' loaders answer `null` data instead of redirecting. Calls made on a
 * gated page use lib/use-login-required.ts.
 */
export function LoginGate({ signedIn, title, children }: { signedIn: boolean; title: string; children: ReactNode }) {
  const { t } = useTranslation();
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
      <p className="mt-3 text-neutral-600">{t('loginGate.message')}</p>
      <button type="button" className={`${primaryButton} mt-6`} onClick={() => void signIn.open()}>
        {t('loginGate.signIn')}
      </button>
    </div>
  );
}
