import type { ClipItem } from '@byeol/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { formatDuration, formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-site';

/**
 * A clip's thumbnail (16:9; a vertical one letterboxed on black), or its first letter on a gradient while it
 * has none; the length bottom right, a "shorts" mark top left for an uploaded short.
 */
export function ClipThumb({ item }: { item: ClipItem }) {
  const { t } = useTranslation('clips');
  return (
    <div className="relative aspect-video overflow-hidden rounded-lg bg-gradient-to-br from-violet-500 to-pink-400">
      {item.thumbnail ? (
        <img
          src={item.thumbnail}
          alt=""
          loading="lazy"
          className={`h-full w-full ${item.vertical_yn === 'Y' ? 'bg-black object-contain' : 'object-cover'}`}
        />
      ) : (
        <span aria-hidden="true" className="flex h-full items-center justify-center text-3xl font-bold text-white/80">
          {item.title.match(/[\p{L}\p{N}]/u)?.[0] ?? '★'}
        </span>
      )}
      {item.kind === 'short' && (
        <span className="absolute left-2 top-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-bold text-white">{t('kind.short')}</span>
      )}
      {item.duration_sec > 0 && (
        <span className="absolute bottom-2 right-2 rounded bg-black/70 px-1.5 py-0.5 text-xs text-white tabular-nums">
          {formatDuration(item.duration_sec)}
        </span>
      )}
    </div>
  );
}

/** The title (two lines at most) and a line under it (the BJ and the views), for the grids. */
export function ClipCaption({ item, children }: { item: ClipItem; children?: ReactNode }) {
  const { t } = useTranslation('clips');
  const lang = useLang();
  return (
    <>
      <p className="mt-2 line-clamp-2 break-words text-sm font-semibold">{item.title || t('untitled')}</p>
      <p className="truncate text-xs text-neutral-600">
        {children}
        <span data-view-cnt={item.view_cnt}>{t('views', { n: formatNumber(item.view_cnt, lang) })}</span>
      </p>
    </>
  );
}
