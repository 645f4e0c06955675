import { resultMessage } from '@byeol/contract';
import { isRouteErrorResponse } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useLang } from '../../lib/use-site';
import { NotFoundPage } from '../../ui/not-found-page';

/** The error boundary of a concert's pages: an unknown concert is CONCERT_NOT_FOUND's 404, anything else "try again". */
export function ConcertError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage message={resultMessage('CONCERT_NOT_FOUND', lang)} />;
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="mt-3 text-neutral-600">{t('error.retry')}</p>
    </div>
  );
}
