import type { LiveListItem, VodListItem } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { fromNow } from '../../lib/format';
import { channelPath } from '../../lib/links';
import { useLang } from '../../lib/use-site';
import { useViewerCount } from '../../lib/use-viewer-count';
import { BroadcastThumb } from '../../ui/broadcast-thumb';
import { formatDuration } from './format';

/** The BJ under a card's title, linking to their channel (issue 17). */
function BjLink({ bj }: { bj: { id: string; nick: string } }) {
  return (
    <Link to={channelPath(bj.id)} className="text-sm text-neutral-600 hover:text-brand hover:underline" data-channel-link={bj.id}>
      {bj.nick}
    </Link>
  );
}

/** A live broadcast in a grid: thumbnail, title, BJ, viewers; opens /play/{vod_key}. */
export function LiveCard({ item, now }: { item: LiveListItem; now: number }) {
  const { t } = useTranslation('play');
  const lang = useLang();
  const viewers = useViewerCount();
  return (
    <li data-vod-key={item.vod_key}>
      <Link to={`/play/${encodeURIComponent(item.vod_key)}`} className="block hover:opacity-90">
        <BroadcastThumb
          src={item.thumbnail}
          label={item.title}
          badge={t('badge.live')}
          corner={item.adult_yn === 'Y' ? t('info.adult') : undefined}
        />
        <p className="mt-2 line-clamp-2 font-semibold">{item.title}</p>
      </Link>
      <p className="truncate">
        <BjLink bj={item.bj} />
      </p>
      <p className="text-xs text-neutral-500">
        <span data-viewers data-viewers-hidden={item.viewer_cnt_hidden_yn === 'Y' || undefined}>
          {viewers(item.viewer_cnt, item.viewer_cnt_hidden_yn, (n) => t('info.viewers', { n }))}
        </span>
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
  const viewers = useViewerCount();
  return (
    <li data-vod-key={item.vod_key}>
      <Link to={`/vod/${encodeURIComponent(item.vod_key)}`} className="block hover:opacity-90">
        <BroadcastThumb src={item.thumbnail} label={item.title} corner={formatDuration(item.duration_sec)} />
        <p className="mt-2 line-clamp-2 font-semibold">{item.title}</p>
      </Link>
      <p className="truncate">
        <BjLink bj={item.bj} />
      </p>
      <p className="text-xs text-neutral-500">
        {viewers(item.peak_viewer_cnt, item.viewer_cnt_hidden_yn, (n) => t('info.peak', { n }))} · {fromNow(item.end_date, lang, now)}
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
