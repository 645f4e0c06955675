import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import { useLang, useSite } from '../../lib/use-site';
import { MoreButton as SharedMoreButton } from '../../ui/more-button';
import { vipTitle } from './channel-rules';

/** The site's name for a broadcaster (SPEC §9 default 'BJ'; an operator may rename it per language). */
export function useBjName(): string {
  return useSite()?.site.site_terms.BJ_NAME || 'BJ';
}

/** A member's or BJ's picture, or the nick's first letter in a tinted circle when there is none. */
export function Avatar({ src, nick, size = 'size-12', text = 'text-lg' }: { src: string; nick: string; size?: string; text?: string }) {
  const { t } = useTranslation('channels');
  if (src) return <img src={src} alt={t('image', { nick })} className={`${size} shrink-0 rounded-full bg-neutral-100 object-cover`} />;
  return (
    <span
      role="img"
      aria-label={t('image', { nick })}
      className={`${size} ${text} flex shrink-0 items-center justify-center rounded-full bg-brand/15 font-bold text-brand-dark`}
    >
      {[...nick].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? '★'}
    </span>
  );
}

/** A list with nothing in it (SPEC §8 'no results or no data'). */
export function EmptyState({ name, text, children }: { name: string; text: string; children?: ReactNode }) {
  return (
    <div className="mt-4 rounded-xl bg-neutral-50 p-6 text-center text-neutral-600" data-empty={name}>
      <p>{text}</p>
      {children}
    </div>
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

/** "More" under a list (ui/more-button.tsx) with this feature's labels. */
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

const badge = 'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-bold';

/** A fan club number: "팬 No.12". */
export function FanNoBadge({ n }: { n: number }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  return (
    <span className={`${badge} bg-pink-100 text-pink-800`} data-fan-no={n}>
      {t('badge.fanNo', { n: formatNumber(n, lang) })}
    </span>
  );
}

/** A VIP rank: rank 1 is the 회장 (president), the others "VIP 3위". Nothing outside the VIPs. */
export function VipBadge({ rank }: { rank: number | null | undefined }) {
  const { t } = useTranslation('channels');
  const title = vipTitle(rank);
  if (!title || !rank) return null;
  return (
    <span
      className={`${badge} ${title === 'president' ? 'bg-amber-400 text-amber-950' : 'bg-amber-100 text-amber-900'}`}
      data-vip-rank={rank}
    >
      {title === 'president' ? t('badge.president') : t('badge.vip', { n: rank })}
    </span>
  );
}

/** A red LIVE mark. */
export function LiveBadge() {
  const { t } = useTranslation('channels');
  return (
    <span className={`${badge} bg-red-600 text-white`} data-live-badge>
      {t('badge.live')}
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
