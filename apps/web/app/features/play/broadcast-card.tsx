import type { LiveListItem, VodListItem } from '@byeol/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, fromNow } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { formatDuration } from './format';

/** A broadcast's thumbnail, or its first letter on a gradient when it has none yet. */
export function Thumb({ src, label, badge, corner }: { src: string; label: string; badge?: string; corner?: string }) {
  return (
    <div className="relative aspect-video overflow-hidden rounded-lg bg-gradient-to-br from-violet-500 to-pink-400">
      {src ? (
        <img src={src} alt="" className="h-full w-full object-cover" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="flex h-full items-center justify-center text-3xl font-bold text-white/80">
          {label.match(/[\p{L}\p{N}]/u)?.[0] ?? '★'}
        </span>
      )}
      {badge && <span className="absolute left-2 top-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">{badge}</span>}
      {corner && <span className="absolute bottom-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">{corner}</span>}
    </div>
  );
}

/** A live broadcast in a grid: thumbnail, title, BJ, viewers; opens /play/{vod_key}. */
export function LiveCard({ item, now }: { item: LiveListItem; now: number }) {
  const { t } = useTranslation('play');
  const lang = useLang();
  return (
    <li data-vod-key={item.vod_key}>
      <Link to={`/play/${encodeURIComponent(item.vod_key)}`} className="block hover:opacity-90">
        <Thumb
          src={item.thumbnail}
          label={item.title}
          badge={t('badge.live')}
          corner={item.adult_yn === 'Y' ? t('info.adult') : undefined}
        />
        <p className="mt-2 line-clamp-2 font-semibold">{item.title}</p>
      </Link>
      <p className="text-sm text-neutral-600">{item.bj.nick}</p>
      <p className="text-xs text-neutral-500">
        <span data-viewers>{t('info.viewers', { n: formatNumber(item.viewer_cnt, lang) })}</span>
        {' · '}
        {t('info.started', { time: fromNow(item.start_date, lang, now) })}
      </p>
    </li>
  );
}

/** A replay in a grid: thumbnail with its duration, title, BJ, peak viewers; opens /vod/{vod_key}. */
export function ReplayCard({ item, now }: { item: VodListItem; now: number }) {
  const { t } = useTranslation('play');
  const lang = useLang();
  return (
    <li data-vod-key={item.vod_key}>
      <Link to={`/vod/${encodeURIComponent(item.vod_key)}`} className="block hover:opacity-90">
        <Thumb src={item.thumbnail} label={item.title} corner={formatDuration(item.duration_sec)} />
        <p className="mt-2 line-clamp-2 font-semibold">{item.title}</p>
      </Link>
      <p className="text-sm text-neutral-600">{item.bj.nick}</p>
      <p className="text-xs text-neutral-500">
        {t('info.peak', { n: formatNumber(item.peak_viewer_cnt, lang) })} · {fromNow(item.end_date, lang, now)}
      </p>
    </li>
  );
}

/** Previous / next links of a paginated grid (`?page=`). */
export function Pager({ page, total, perPage }: { page: number; total: number; perPage: number }) {
  const { t } = useTranslation('play');
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  const link = 'rounded border px-3 py-1 text-sm';
  return (
    <nav aria-label={t('list.pages')} className="mt-8 flex items-center justify-center gap-4" data-pager>
      {page > 1 ? (
        <Link to={`?page=${page - 1}`} className={link} rel="prev">
          {t('list.prev')}
        </Link>
      ) : (
        <span className={`${link} opacity-40`}>{t('list.prev')}</span>
      )}
      <span className="text-sm text-neutral-600">{t('list.page', { page, pages })}</span>
      {page < pages ? (
        <Link to={`?page=${page + 1}`} className={link} rel="next">
          {t('list.next')}
        </Link>
      ) : (
        <span className={`${link} opacity-40`}>{t('list.next')}</span>
      )}
    </nav>
  );
}

/** `?page=` of a list page (1 when missing or not a page number). */
export function pageOf(request: Request): number {
  const n = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 5_000 ? n : 1;
}
