import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { concertListPath, concertPath } from './concert-rules';

/** A refusal (ticket required, replay expired…) with the way to the concert's page. */
export function ConcertRefusal({
  message,
  concertSn,
  title,
  dark = false,
  children,
}: {
  message: string;
  concertSn: number;
  /** The concert's title, when the page knows it. */
  title?: string;
  dark?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('concerts');
  return (
    <div
      className={`mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center ${dark ? 'text-neutral-100' : 'text-neutral-900'}`}
      data-concert-refusal
    >
      <p aria-hidden="true" className="text-4xl text-brand">
        ★
      </p>
      {title ? (
        <>
          <h1 className="text-xl font-extrabold leading-snug [overflow-wrap:anywhere]">{title}</h1>
          <p className="text-lg font-bold" role="alert">
            {message}
          </p>
        </>
      ) : (
        <h1 className="text-lg font-bold">{message}</h1>
      )}
      {children}
      {concertSn > 0 ? (
        <Link
          to={concertPath(concertSn)}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark"
          data-concert-page-link
        >
          {t('play.back')}
        </Link>
      ) : (
        <Link to={concertListPath()} className="inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white">
          {t('info.list')}
        </Link>
      )}
    </div>
  );
}
