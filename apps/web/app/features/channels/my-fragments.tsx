import type { GiftboxHtmlSet, MyCommentItem, RecentVodItem, VodListItem } from '@byeol/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatDuration, formatNumber, fromNow } from '../../lib/format';
import { channelPath, playPath, vodPath } from '../../lib/links';
import { useLang, useSite } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { BroadcastThumb } from '../../ui/broadcast-thumb';
import { useBjName } from './channel-ui';

/**
 * The my page fragments of issue 17 (recent_vod_html, subscribe_vod_html, comment_html, and for a BJ
 * giftbox_html), as the loader read them.
 */
export interface MyFragments {
  recent: RecentVodItem[];
  followedVods: VodListItem[];
  comments: MyCommentItem[];
  /** A BJ's gift box; null for other accounts (or when its call failed). */
  giftbox: GiftboxHtmlSet | null;
}

export const NO_FRAGMENTS: MyFragments = { recent: [], followedVods: [], comments: [], giftbox: null };

/**
 * My page's small sections: a BJ's gift box (shown even when empty), what I watched lately (live ones to their room), the newest replays of the BJs I
 * follow and my latest channel comments (each to its channel's guest book). A section with nothing is hidden.
 */
export function MyPageFragments({ fragments }: { fragments: MyFragments }) {
  const { t } = useTranslation('channels');
  const bj = useBjName();
  const lang = useLang();
  const now = useSite()?.now ?? Date.now();
  const { recent, followedVods, comments, giftbox } = fragments;
  return (
    <>
      {giftbox && <GiftboxFragment giftbox={giftbox} />}
      {recent.length > 0 && (
        <Fragment name="recent" title={t('mine.fragments.recent')}>
          <CardRow>
            {recent.map((item) => {
              const live = item.state === 'live';
              return (
                <Card
                  key={item.vod_key}
                  vodKey={item.vod_key}
                  to={live ? playPath(item.vod_key) : vodPath(item.vod_key)}
                  thumb={<BroadcastThumb src={item.thumbnail} label={item.title} badge={live ? t('badge.live') : undefined} />}
                  title={item.title}
                  sub={`${item.bj.nick} · ${fromNow(item.viewed_at, lang, now)}`}
                />
              );
            })}
          </CardRow>
        </Fragment>
      )}
      {followedVods.length > 0 && (
        <Fragment name="followed-vods" title={t('mine.fragments.followedVods', { bj })}>
          <CardRow>
            {followedVods.map((item) => (
              <Card
                key={item.vod_key}
                vodKey={item.vod_key}
                to={vodPath(item.vod_key)}
                thumb={<BroadcastThumb src={item.thumbnail} label={item.title} corner={formatDuration(item.duration_sec)} />}
                title={item.title}
                sub={`${item.bj.nick} · ${fromNow(item.end_date, lang, now)}`}
              />
            ))}
          </CardRow>
        </Fragment>
      )}
      {comments.length > 0 && (
        <Fragment name="comments" title={t('mine.fragments.comments')}>
          <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
            {comments.map((c) => (
              <li key={c.comment_sn} data-my-comment={c.comment_sn}>
                <Link
                  to={channelPath(c.channel.id, 'comment')}
                  className="block px-4 py-3 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand"
                  data-my-comment-channel={c.channel.id}
                >
                  <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-neutral-500">
                    <span className="font-semibold text-neutral-800">{t('mine.fragments.commentOn', { nick: c.channel.nick })}</span>
                    <time dateTime={c.created_at}>{fromNow(c.created_at, lang, now)}</time>
                  </span>
                  <span className="mt-1 line-clamp-2 whitespace-pre-line break-words text-sm text-neutral-800">{c.content}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Fragment>
      )}
    </>
  );
}

/**
 * A BJ's 선물함: STAR received in all and the fan club's size (with separators), then the fans who gave STAR
 * most lately with their totals, gifts and when they last gave; an empty state before the first gift.
 */
function GiftboxFragment({ giftbox }: { giftbox: GiftboxHtmlSet }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const now = useSite()?.now ?? Date.now();
  const currency = useSite()?.site.site_terms.CURRENCY_NAME || 'STAR';
  return (
    <Fragment name="giftbox" title={t('mine.giftbox.title')}>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-amber-50 px-4 py-3" data-giftbox-total={giftbox.star_total}>
          <dt className="text-xs font-semibold text-amber-900">{t('mine.giftbox.starTotal', { currency })}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums">{formatNumber(giftbox.star_total, lang)}</dd>
        </div>
        <div className="rounded-xl bg-pink-50 px-4 py-3" data-giftbox-fans={giftbox.fan_cnt}>
          <dt className="text-xs font-semibold text-pink-900">{t('mine.giftbox.fans')}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums">{formatNumber(giftbox.fan_cnt, lang)}</dd>
        </div>
      </dl>
      {giftbox.star_list.length === 0 ? (
        <p className="mt-3 rounded-xl bg-neutral-50 p-5 text-center text-sm text-neutral-600" data-empty="giftbox">
          {t('mine.giftbox.empty', { currency })}
        </p>
      ) : (
        <>
          <h3 className="mt-4 mb-2 text-sm font-semibold text-neutral-700">{t('mine.giftbox.latest')}</h3>
          <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
            {giftbox.star_list.map((giver) => (
              <li key={giver.user_key} className="flex items-center gap-3 px-4 py-3" data-giftbox-giver={giver.user_key}>
                <Avatar src={giver.profile_image} nick={giver.nick} size="size-10" text="text-base" />
                <div className="min-w-0 flex-1">
                  <p className="flex min-w-0 items-baseline gap-1.5">
                    <span className="min-w-0 truncate font-semibold" data-giver-nick>
                      {giver.nick}
                    </span>
                    {/* The login ID only where there is room: on a phone the nick keeps the width. */}
                    <span className="hidden min-w-0 shrink-[2] truncate text-xs text-neutral-600 sm:inline">@{giver.id}</span>
                  </p>
                  <p className="text-xs text-neutral-600">
                    {t('mine.giftbox.gifts', { n: formatNumber(giver.gift_cnt, lang) })} ·{' '}
                    <time dateTime={giver.last_gift_at}>{fromNow(giver.last_gift_at, lang, now)}</time>
                  </p>
                </div>
                <p className="shrink-0 text-right font-bold tabular-nums text-amber-700" data-giver-total={giver.star_total}>
                  {t('mine.giftbox.amount', { n: formatNumber(giver.star_total, lang), currency })}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Fragment>
  );
}

function Fragment({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <section className="mt-8" aria-labelledby={`mypage-${name}`} data-my-fragment={name}>
      <h2 id={`mypage-${name}`} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Cards in one row that scrolls sideways on a phone. */
function CardRow({ children }: { children: ReactNode }) {
  return <ul className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">{children}</ul>;
}

function Card({ vodKey, to, thumb, title, sub }: { vodKey: string; to: string; thumb: ReactNode; title: string; sub: string }) {
  return (
    <li className="w-40 shrink-0 sm:w-48" data-vod-key={vodKey}>
      <Link to={to} className="block rounded-lg hover:opacity-90 focus-visible:outline-2 focus-visible:outline-brand">
        {thumb}
        <span className="mt-2 line-clamp-2 break-words text-sm font-semibold">{title}</span>
        <span className="block truncate text-xs text-neutral-600">{sub}</span>
      </Link>
    </li>
  );
}
