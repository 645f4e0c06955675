import { Link, useLocation } from 'react-router';
import { useTranslation } from '../i18n/react';

/**
 * SPEC §8's 'Page not found: {path}' with a way home: every unmatched path (routes/not-found.tsx) and a
 * page whose subject does not exist (a channel of no BJ), which passes its own `message` as the hint.
 */
export function NotFoundPage({ message }: { message?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center" data-not-found>
      <h1 className="break-all text-2xl font-bold">Page not found: {pathname}</h1>
      <p className="mt-3 text-neutral-600">{message ?? t('notFound.hint')}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-white">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
