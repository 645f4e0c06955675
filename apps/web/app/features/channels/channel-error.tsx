import { ResultCode, resultMessage } from '@byeol/contract';
import { isRouteErrorResponse } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useLang } from '../../lib/use-site';
import { NotFoundPage } from '../../ui/not-found-page';

/** Answers of bj_info (and the program lists) that mean there is no such channel: the page is a 404. */
export const CHANNEL_MISSING: readonly number[] = [
  ResultCode.CHANNEL_NOT_FOUND,
  ResultCode.INVALID_INPUT,
  ResultCode.REQUIRED,
  ResultCode.NOT_FOUND,
];

/** A channel page's error: the site's not-found page for a missing channel, else "try again". */
export function ChannelError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage message={resultMessage('CHANNEL_NOT_FOUND', lang)} />;
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="mt-3 text-neutral-600">{t('error.retry')}</p>
    </div>
  );
}
