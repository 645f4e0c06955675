import type { ListSet, LiveListItem, MagazineListItem, SubscribeItem, VodListItem } from '@byeol/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber, fromNow } from '../../lib/format';
import { channelPath, magazineListPath, magazinePath, playPath, vodPath } from '../../lib/links';
import { useLang, useSite } from '../../lib/use-site';
import { useViewerCount } from '../../lib/use-viewer-count';
import { BroadcastThumb } from '../../ui/broadcast-thumb';

interface Props {
  /** Signed in: the followed BJs on air now (subscribe_default_more, live ones only); null for guests or when none. */
  followedLive?: SubscribeItem[] | null;
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

/** The BJ under a card's title, linking to their channel (issue 17). */
function BjLink({ bj }: { bj: { id: string; nick: string } }) {
  return (
    <p className="truncate">
      <Link to={channelPath(bj.id)} className="text-sm text-neutral-600 hover:text-brand-dark hover:underline" data-channel-link={bj.id}>
        {bj.nick}
      </Link>
    </p>
  );
}

/**
 * "Live from BJs you follow" (issue 17): for a signed-in member, the followed BJs on air now, each card to
 * their room and their name to their channel. Not shown to guests nor when none of them is live.
 */
function FollowedLive({ items, now }: { items: SubscribeItem[]; now: number }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('channels');
  const lang = useLang();
  const viewers = useViewerCount();
  const bj = useSite()?.site.site_terms.BJ_NAME || 'BJ';
  return (
    <section aria-labelledby="followed-live-title" id="followed-live" className="mt-10">
      <div className="flex items-baseline gap-2">
        <h2 id="followed-live-title" className="text-lg font-bold">
          {tc('homeSection.title', { bj })}
        </h2>
        <span className="text-sm text-neutral-500">{formatNumber(items.length, lang)}</span>
        <Link to="/mypage/subscribe" className="ml-auto text-sm font-semibold text-brand-dark hover:underline" data-more="followed-live">
          {t('home.more')}
        </Link>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
        {items.map((item) =>
          item.live ? (
            <li key={item.user_key} data-vod-key={item.live.vod_key} data-followed-live={item.id}>
              <Link to={playPath(item.live.vod_key)} className="block hover:opacity-90">
                <BroadcastThumb src={item.live.thumbnail} label={item.live.title} badge={t('home.live.badge')} />
                <p className="mt-2 line-clamp-2 font-semibold">{item.live.title}</p>
              </Link>
              <BjLink bj={item} />
              <p className="text-xs text-neutral-500">
                {viewers(item.live.viewer_cnt, item.live.viewer_cnt_hidden_yn, (n) => t('home.live.viewers', { n }))}
                {' · '}
                {t('home.started', { time: fromNow(item.live.start_date, lang, now) })}
              </p>
            </li>
          ) : null,
        )}
      </ul>
    </section>
  );
}

export function HomePage({ followedLive, live, replay, magazine }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const viewers = useViewerCount();
  const data = useSite();
  const now = data?.now ?? Date.now();
  const bj = data?.site.site_terms.BJ_NAME ?? 'BJ';
  // The magazine switch (issue 21): off, the home has no magazine section.
  const magazineOn = data?.site.site_setting.magazine_yn === 'Y';

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-extrabold">{t('home.heading')}</h1>

      {followedLive && followedLive.length > 0 && <FollowedLive items={followedLive} now={now} />}

      <Section id="live" title={t('home.live.title')} data={live} empty={t('home.live.empty', { bj })} more="/sub/live">
        {(item) => (
          <li key={item.vod_key} data-vod-key={item.vod_key}>
            <Link to={playPath(item.vod_key)} className="block hover:opacity-90">
              <BroadcastThumb src={item.thumbnail} label={item.title} badge={t('home.live.badge')} />
              <p className="mt-2 line-clamp-2 font-semibold">{item.title}</p>
            </Link>
            <BjLink bj={item.bj} />
            <p className="text-xs text-neutral-500">
              <span data-viewers data-viewers-hidden={item.viewer_cnt_hidden_yn === 'Y' || undefined}>
                {viewers(item.viewer_cnt, item.viewer_cnt_hidden_yn, (n) => t('home.live.viewers', { n }))}
              </span>
              {' · '}
              {t('home.started', { time: fromNow(item.start_date, lang, now) })}
            </p>
          </li>
        )}
      </Section>

      <Section id="replay" title={t('home.replay.title')} data={replay} empty={t('home.replay.empty')} more="/sub/replay">
        {(item) => (
          <li key={item.vod_key} data-vod-key={item.vod_key}>
            <Link to={vodPath(item.vod_key)} className="block hover:opacity-90">
              <BroadcastThumb src={item.thumbnail} label={item.title} />
              <p className="mt-2 line-clamp-2 font-semibold">{item.title}</p>
            </Link>
            <BjLink bj={item.bj} />
            <p className="text-xs text-neutral-500">
              {viewers(item.peak_viewer_cnt, item.viewer_cnt_hidden_yn, (n) => t('home.replay.views', { n }))} ·{' '}
              {fromNow(item.end_date, lang, now)}
            </p>
          </li>
        )}
      </Section>

      {magazineOn && (
        <Section id="magazine" title={t('home.magazine.title')} data={magazine} empty={t('home.magazine.empty')} more={magazineListPath()}>
          {(item) => (
            <li key={item.mi_sn} data-magazine-card={item.mi_sn}>
              <Link to={magazinePath(item.mi_sn)} className="block hover:opacity-90" data-magazine-link>
                <BroadcastThumb src={item.image} label={item.title} />
                <p className="mt-2 line-clamp-2 font-semibold">{item.title}</p>
              </Link>
              <p className="line-clamp-2 text-sm text-neutral-600">{item.summary}</p>
              <p className="text-xs text-neutral-500">
                {t('home.magazine.views', { n: formatNumber(item.view_cnt, lang) })} · {fromNow(item.publish_date, lang, now)}
              </p>
            </li>
          )}
        </Section>
      )}
    </div>
  );
}
