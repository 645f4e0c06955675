import type { ListSet, LiveListItem, MagazineListItem, VodListItem } from '@byeol/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, fromNow } from '../../lib/format';
import { useLang, useSite } from '../../lib/use-site';

interface Props {
  live: ListSet<LiveListItem> | null;
  replay: ListSet<VodListItem> | null;
  magazine: ListSet<MagazineListItem> | null;
}

function Section<T>({
  id,
  title,
  data,
  empty,
  more,
  children,
}: {
  id: string;
  title: string;
  data: ListSet<T> | null;
  empty: string;
  /** The full list's page, linked beside the title when there is more than the home page shows. */
  more?: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="mt-10">
      <div className="flex items-baseline gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {data && data.data_totalcount > 0 && <span className="text-sm text-neutral-500">{formatNumber(data.data_totalcount, lang)}</span>}
        {more && data && data.data_totalcount > 0 && (
          <Link to={more} className="ml-auto text-sm font-semibold text-brand hover:underline" data-more={id}>
            {t('home.more')}
          </Link>
        )}
      </div>
      {data === null ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-6 text-center text-red-700">
          {t('home.loadFailed')}
        </p>
      ) : data.data_list.length === 0 ? (
        <p className="mt-4 rounded-lg bg-neutral-50 p-6 text-center text-neutral-500" data-empty={id}>
          {empty}
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">{data.data_list.map(children)}</ul>
      )}
    </section>
  );
}

function Thumb({ src, label, badge }: { src: string; label: string; badge?: string }) {
  return (
    <div className="relative aspect-video overflow-hidden rounded-lg bg-gradient-to-br from-violet-500 to-pink-400">
      {src ? (
        <img src={src} alt="" className="h-full w-full object-cover" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="flex h-full items-center justify-center text-3xl font-bold text-white/80">
          {/* The first letter, never half of an emoji's surrogate pair. */}
          {label.match(/[\p{L}\p{N}]/u)?.[0] ?? '★'}
        </span>
      )}
      {badge && <span className="absolute left-2 top-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">{badge}</span>}
    </div>
  );
}

export function HomePage({ live, replay, magazine }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const data = useSite();
  const now = data?.now ?? Date.now();
  const bj = data?.site.site_terms.BJ_NAME ?? 'BJ';

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-extrabold">{t('home.heading')}</h1>

      <Section id="live" title={t('home.live.title')} data={live} empty={t('home.live.empty', { bj })} more="/sub/live">
        {(item) => (
          <li key={item.vod_key} data-vod-key={item.vod_key}>
            <Thumb src={item.thumbnail} label={item.title} badge={t('home.live.badge')} />
            <p className="mt-2 line-clamp-2 font-semibold">{item.title}</p>
            <p className="text-sm text-neutral-600">{item.bj.nick}</p>
            <p className="text-xs text-neutral-500">
              {t('home.live.viewers', { n: formatNumber(item.viewer_cnt, lang) })}
              {' · '}
              {t('home.started', { time: fromNow(item.start_date, lang, now) })}
            </p>
          </li>
        )}
      </Section>

      <Section id="replay" title={t('home.replay.title')} data={replay} empty={t('home.replay.empty')} more="/sub/replay">
        {(item) => (
          <li key={item.vod_key} data-vod-key={item.vod_key}>
            <Thumb src={item.thumbnail} label={item.title} />
            <p className="mt-2 line-clamp-2 font-semibold">{item.title}</p>
            <p className="text-sm text-neutral-600">{item.bj.nick}</p>
            <p className="text-xs text-neutral-500">
              {t('home.replay.views', { n: formatNumber(item.peak_viewer_cnt, lang) })} · {fromNow(item.end_date, lang, now)}
            </p>
          </li>
        )}
      </Section>

      <Section id="magazine" title={t('home.magazine.title')} data={magazine} empty={t('home.magazine.empty')}>
        {(item) => (
          <li key={item.mi_sn}>
            <Thumb src={item.image} label={item.title} />
            <p className="mt-2 line-clamp-2 font-semibold">{item.title}</p>
            <p className="line-clamp-2 text-sm text-neutral-600">{item.summary}</p>
            <p className="text-xs text-neutral-500">
              {t('home.magazine.views', { n: formatNumber(item.view_cnt, lang) })} · {fromNow(item.publish_date, lang, now)}
            </p>
          </li>
        )}
      </Section>
    </div>
  );
}
