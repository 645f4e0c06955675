import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/react';
import { formatNumber } from '../lib/format';
import { useLang } from '../lib/use-site';
import { MoreButton as SharedMoreButton } from './more-button';

/**
 * The pieces of a list page every feature uses: empty, failed, "more", the footer, the total, and the way back
 * to /mypage. Their texts are the 'channels' namespace's, where they were first written.
 */

/** A list with nothing in it (SPEC §8 'no results or no data'). */
export function EmptyState({ name, text, children }: { name: string; text: string; children?: ReactNode }) {
  return (
    <div className="mt-4 rounded-xl bg-neutral-50 p-6 text-center text-neutral-600" data-empty={name}>
      <p>{text}</p>
      {children}
    </div>
  );
}

/** A list with nothing in it (SPEC §8 "no results or no data"), as one line of text (the store's, payments', admin's). */
export function EmptyNote({ text, name }: { text: string; name: string }) {
  return (
    <p className="mt-6 rounded-lg bg-neutral-50 p-6 text-center text-neutral-500" data-empty={name}>
      {text}
    </p>
  );
}

/** A list whose first page could not be loaded: the reason and a way to try again. */
export function LoadFailed({ message, onRetry, busy }: { message?: string; onRetry?: () => void; busy?: boolean }) {
  const { t } = useTranslation('channels');
  return (
    <div role="alert" className="mt-4 rounded-xl bg-red-50 p-6 text-center text-red-700" data-load-failed>
      <p>{message || t('error.loadFailed')}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          disabled={busy}
          className="mt-3 min-h-11 rounded-full border border-red-300 bg-white px-5 text-sm font-semibold hover:bg-red-100 disabled:opacity-50"
        >
          {t('error.again')}
        </button>
      )}
    </div>
  );
}

/** "More" under a list (./more-button.tsx) with the 'channels' labels. */
export function MoreButton({ onMore, busy, error }: { onMore: () => void; busy: boolean; error: string }) {
  const { t } = useTranslation('channels');
  return <SharedMoreButton onMore={onMore} busy={busy} error={error} label={t('list.more')} busyLabel={t('list.loading')} />;
}

/** The end of a list: "more" while there is more, the error of the last try otherwise. */
export function ListFooter({ list }: { list: { hasMore: boolean; more: () => void; busy: boolean; error: string } }) {
  if (list.hasMore) return <MoreButton onMore={list.more} busy={list.busy} error={list.error} />;
  return list.error ? (
    <p role="alert" className="mt-4 text-center text-sm text-red-600">
      {list.error}
    </p>
  ) : null;
}

/** "Total 1,234" beside a list's title. */
export function Total({ n }: { n: number }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  return (
    <span className="text-sm text-neutral-500" data-total={n}>
      {t('list.total', { n: formatNumber(n, lang) })}
    </span>
  );
}

/** "‹ My page" above a /mypage sub-page. */
export function BackToMyPage() {
  const { t } = useTranslation('channels');
  return (
    <p className="mb-2 text-sm">
      <Link to="/mypage" className="text-brand-dark underline-offset-2 hover:underline">
        {t('mine.back')}
      </Link>
    </p>
  );
}
