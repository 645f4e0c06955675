import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/react';

/**
 * SPEC §8 'service being prepared': what a page shows while its service's switch is off (the magazine's, the
 * concerts', the stars' directories; the calls answer SERVICE_PREPARING; `message` is theirs, in the viewer's language).
 */
export function ServicePreparing({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  const { t } = useTranslation('editorial');
  return (
    <div className="mx-auto max-w-xl px-6 py-20 text-center" data-service-preparing>
      <p aria-hidden="true" className="text-4xl text-brand">
        ★
      </p>
      <h1 className="mt-4 text-2xl font-extrabold">{title}</h1>
      <p className="mt-3 font-semibold text-neutral-800" role="status">
        {message}
      </p>
      <p className="mt-2 text-sm text-neutral-600">{t('preparing.hint')}</p>
      {children}
      <Link to="/" className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark">
        {t('preparing.home')}
      </Link>
    </div>
  );
}
