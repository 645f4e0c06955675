import type { ClipItem } from '@byeol/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, fromNow } from '../../lib/format';
import { channelPath, SHORT_ORDERS, type ShortOrder, shortPath } from '../../lib/links';
import { useClipName } from '../../lib/use-clip-name';
import { useLang, useSite } from '../../lib/use-site';
import { useDialog } from '../../ui/dialogs';
import { EmptyState, LoadFailed } from '../../ui/list-ui';
import { MoreButton } from '../../ui/more-button';
import { ClipCaption, ClipThumb } from './clip-card';
import { ClipVideo } from './clip-video';
import { type ClipListSet, countView, shortMore } from './clips-api';
import { withFocusFirst } from './clips-rules';
import { useClipList } from './use-clip-list';

/** What the /sub/short loader hands the page. */
export interface ShortFeedData {
  order: ShortOrder;
  /** The first page of POST /sub/short_more; null when it failed. */
  set: ClipListSet | null;
  message: string;
  /** `?clip=`: the clip the feed opens with (GET /clip/clip_info), when it is ready. */
  focus: ClipItem | null;
  /** Why `?clip=` is not shown: the server's refusal (not found); '' otherwise. */
  focusMessage: string;
  /** `?clip=` is still being made, or failed: the feed opens without it. */
  focusState: 'processing' | 'failed' | null;
}

/** From this width the feed is a grid of thumbnails opening a player; below it, the vertical swipe feed. */
const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * Counts a view when a clip starts playing (once per clip on this page; the server counts once an hour per
 * viewer) and keeps the counts it answers.
 */
function useViewCounter() {
  const counted = useRef(new Set<string>());
  const [views, setViews] = useState<Record<string, number>>({});
  const count = useCallback(async (clipKey: string): Promise<number | null> => {
    if (counted.current.has(clipKey)) return null;
    counted.current.add(clipKey);
    const res = await countView(clipKey, '');
    if (!isOk(res)) return null;
    setViews((v) => ({ ...v, [clipKey]: res.rslt_set.view_cnt }));
    return res.rslt_set.view_cnt;
  }, []);
  const withViews = (item: ClipItem): ClipItem => (item.clip_key in views ? { ...item, view_cnt: views[item.clip_key] ?? 0 } : item);
  return { count, withViews };
}

/**
 * /sub/short (issue 22): the ready clips and shorts, recent or popular (POST /sub/short_more), the next page
 * loaded as the viewer reaches the end. Phones get a full-height vertical feed snapping from one to the next,
 * the one in view playing muted (a tap turns the sound on); from 768 px a grid of thumbnails, each opening a
 * player. `?clip=` starts the feed with that clip (the player opens on it on wide screens).
 */
export function ShortFeedPage({ data }: { data: ShortFeedData }) {
  const { t } = useTranslation('clips');
  const clip = useClipName();
  const list = useClipList(data.set, (offset) => shortMore(data.order, offset, t('retry')), t('retry'));
  const rows = withFocusFirst(list.rows, data.focus);
  const views = useViewCounter();
  const shown = rows.map(views.withViews);

  const focusMessage =
    data.focusMessage ||
    (data.focusState === 'processing'
      ? t('feed.focusProcessing', { clip })
      : data.focusState === 'failed'
        ? t('feed.focusFailed', { clip })
        : '');
  const notice = focusMessage ? (
    <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-focus-message>
      {focusMessage}
    </p>
  ) : null;

  if (shown.length === 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8" data-short-feed={data.order} data-short-count={0}>
        <FeedHead order={data.order} />
        {notice}
        {list.failed ? (
          <LoadFailed message={data.message || t('retry')} />
        ) : (
          <EmptyState name="short" text={t('feed.empty', { clip })}>
            <p className="mt-1 text-sm">{t('feed.emptyHint', { clip })}</p>
          </EmptyState>
        )}
      </div>
    );
  }

  return (
    <div data-short-feed={data.order} data-short-count={shown.length}>
      <PhoneFeed rows={shown} list={list} order={data.order} onPlaying={views.count} notice={notice} />
      <DesktopGrid rows={shown} list={list} order={data.order} onPlaying={views.count} notice={notice} focus={data.focus} />
    </div>
  );
}

/** The page's title and the recent / popular switch (links: the loader reads `?order=`). */
function FeedHead({ order, dark = false }: { order: ShortOrder; dark?: boolean }) {
  const { t } = useTranslation('clips');
  const clip = useClipName();
  return (
    <div className={`flex flex-wrap items-center justify-between gap-3 ${dark ? '' : 'mb-4'}`}>
      <h1 className={dark ? 'sr-only' : 'text-2xl font-extrabold'}>{t('feed.title', { clip })}</h1>
      <OrderSwitch order={order} dark={dark} />
    </div>
  );
}

function OrderSwitch({ order, dark }: { order: ShortOrder; dark: boolean }) {
  const { t } = useTranslation('clips');
  return (
    <nav aria-label={t('feed.order.label')} data-short-order={order}>
      <ul className={`flex gap-1 rounded-full p-1 ${dark ? 'bg-black/50 backdrop-blur' : 'bg-neutral-100'}`}>
        {SHORT_ORDERS.map((o) => (
          <li key={o}>
            <Link
              to={shortPath({ order: o })}
              replace
              aria-current={o === order ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand ${
                o === order
                  ? dark
                    ? 'bg-white text-neutral-900'
                    : 'bg-neutral-900 text-white'
                  : dark
                    ? 'text-white hover:bg-white/15'
                    : 'text-neutral-700 hover:bg-neutral-200'
              }`}
              data-order={o}
            >
              {t(`feed.order.${o}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface FeedProps {
  rows: ClipItem[];
  list: ReturnType<typeof useClipList>;
  order: ShortOrder;
  onPlaying: (clipKey: string) => Promise<number | null>;
  notice: ReactNode;
}

/**
 * The phone feed: one clip per screen height (CSS scroll snap). The clip most in view plays (only it has a
 * video; the others show their thumbnail), muted until the viewer taps the sound on, which then stays on.
 * Three clips before the end the next page loads.
 */
function PhoneFeed({ rows, list, order, onPlaying, notice }: FeedProps) {
  const { t } = useTranslation('clips');
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(-1);
  const [muted, setMuted] = useState(true);

  const count = rows.length;
  useEffect(() => {
    const root = scroller.current;
    if (!root || count === 0) return;
    // Hidden (a wide screen): nothing intersects, nothing plays.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setActive(Number((entry.target as HTMLElement).dataset.index));
        }
      },
      { root, threshold: 0.6 },
    );
    for (const el of root.querySelectorAll('[data-feed-item]')) observer.observe(el);
    return () => observer.disconnect();
  }, [count]);

  const { hasMore, busy, error, more } = list;
  useEffect(() => {
    if (active >= 0 && active >= count - 3 && hasMore && !busy && !error) more();
  }, [active, count, hasMore, busy, error, more]);

  return (
    <div className="relative bg-black md:hidden" style={{ height: 'calc(100dvh - 3.5rem - 1px)' }} data-phone-feed>
      <div
        ref={scroller}
        className="h-full snap-y snap-mandatory overflow-y-auto overscroll-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        role="feed"
        aria-label={t('feed.label')}
        aria-busy={busy}
      >
        {rows.map((item, i) => (
          <FeedItem
            key={item.clip_key}
            item={item}
            index={i}
            active={i === active}
            muted={muted}
            onUnmute={() => setMuted(false)}
            onMutedChange={setMuted}
            onPlaying={() => void onPlaying(item.clip_key)}
          />
        ))}
        {(hasMore || error) && (
          <div className="flex h-32 snap-start flex-col items-center justify-center gap-2 text-sm text-neutral-300">
            {error ? (
              <>
                <p role="alert">{error}</p>
                <button
                  type="button"
                  onClick={more}
                  className="min-h-11 rounded-full border border-neutral-500 px-5 font-semibold text-white"
                >
                  {t('feed.again')}
                </button>
              </>
            ) : (
              <p>{t('feed.loading')}</p>
            )}
          </div>
        )}
      </div>
      <div className="pointer-events-none absolute inset-x-0 top-0 z-10 flex flex-col items-center gap-2 p-3">
        <div className="pointer-events-auto">
          <FeedHead order={order} dark />
        </div>
        {notice && <div className="pointer-events-auto w-full">{notice}</div>}
      </div>
    </div>
  );
}

function FeedItem({
  item,
  index,
  active,
  muted,
  onUnmute,
  onMutedChange,
  onPlaying,
}: {
  item: ClipItem;
  index: number;
  active: boolean;
  muted: boolean;
  onUnmute: () => void;
  onMutedChange: (muted: boolean) => void;
  onPlaying: () => void;
}) {
  const { t } = useTranslation('clips');
  const lang = useLang();
  return (
    <article
      className="relative h-full snap-start snap-always overflow-hidden"
      data-feed-item={item.clip_key}
      data-index={index}
      data-active={active}
      aria-label={item.title || t('untitled')}
      aria-posinset={index + 1}
      aria-setsize={-1}
    >
      {active ? (
        <ClipVideo item={item} muted={muted} loop onPlaying={onPlaying} onMutedChange={onMutedChange} className="h-full w-full" />
      ) : item.thumbnail ? (
        <img src={item.thumbnail} alt="" loading="lazy" className="h-full w-full object-contain" />
      ) : null}
      {active && muted && (
        <button
          type="button"
          onClick={onUnmute}
          className="absolute right-3 top-20 z-10 flex min-h-11 items-center gap-2 rounded-full bg-black/70 px-4 text-sm font-semibold text-white"
          data-unmute
        >
          <MutedIcon />
          {t('feed.unmute')}
        </button>
      )}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/40 to-transparent px-4 pb-6 pt-16 text-white">
        <h2 className="line-clamp-2 break-words text-base font-bold">{item.title || t('untitled')}</h2>
        <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-3 text-sm text-neutral-200">
          <Link
            to={channelPath(item.bj.id)}
            className="inline-flex min-h-11 min-w-0 items-center gap-2 font-semibold hover:underline"
            data-bj-link={item.bj.id}
          >
            {item.bj.profile_image ? <img src={item.bj.profile_image} alt="" className="size-7 rounded-full object-cover" /> : null}
            <span className="truncate">{item.bj.nick}</span>
          </Link>
          <span data-view-cnt={item.view_cnt}>{t('views', { n: formatNumber(item.view_cnt, lang) })}</span>
        </p>
      </div>
    </article>
  );
}

/**
 * The wide-screen grid: thumbnails opening the player (a dialog). The next page loads as the end of the grid
 * comes near (and with "more" for keyboards). `focus` (`?clip=`) opens at once.
 */
function DesktopGrid({ rows, list, order, onPlaying, notice, focus }: FeedProps & { focus: ClipItem | null }) {
  const { t } = useTranslation('clips');
  const dialog = useDialog();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, busy, error, more } = list;
  const open = useCallback(
    (item: ClipItem) => {
      void dialog.center<void>(
        (close) => <ClipPlayerDialog item={item} close={() => close()} onPlaying={() => onPlaying(item.clip_key)} />,
        { title: item.title || t('untitled') },
      );
    },
    [dialog, onPlaying, t],
  );

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !focus || !window.matchMedia(DESKTOP_QUERY).matches) return;
    opened.current = true;
    open(focus);
  }, [focus, open]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || busy || error) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(), { rootMargin: '400px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, busy, error, more]);

  return (
    <div className="mx-auto hidden max-w-6xl px-4 py-8 md:block" data-desktop-feed>
      <FeedHead order={order} />
      {notice && <div className="mb-4">{notice}</div>}
      <ul className="grid grid-cols-3 gap-5 lg:grid-cols-4">
        {rows.map((item) => (
          <li key={item.clip_key} data-clip-key={item.clip_key}>
            <button
              type="button"
              onClick={() => open(item)}
              className="block w-full rounded-lg text-left hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
              data-open-clip={item.clip_key}
            >
              <ClipThumb item={item} />
            </button>
            <ClipCaption item={item}>
              <Link to={channelPath(item.bj.id)} className="font-semibold hover:underline" data-bj-link={item.bj.id}>
                {item.bj.nick}
              </Link>
              {' · '}
            </ClipCaption>
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      {hasMore && <MoreButton onMore={more} busy={busy} error={error} label={t('feed.more')} busyLabel={t('feed.loading')} />}
    </div>
  );
}

/** The player of the grid: the clip with its sound (muted if the browser refuses), title, BJ, views and date. */
function ClipPlayerDialog({ item, close, onPlaying }: { item: ClipItem; close: () => void; onPlaying: () => Promise<number | null> }) {
  const { t } = useTranslation('clips');
  const lang = useLang();
  const now = useSite()?.now ?? Date.now();
  const [muted, setMuted] = useState(false);
  const [views, setViews] = useState(item.view_cnt);
  const vertical = item.vertical_yn === 'Y';
  return (
    <div
      className={`overflow-hidden rounded-2xl bg-neutral-950 text-white ${vertical ? 'w-[min(92vw,26rem)]' : 'w-[min(92vw,60rem)]'}`}
      data-clip-player={item.clip_key}
    >
      <ClipVideo
        item={item}
        muted={muted}
        controls
        onPlaying={() => void onPlaying().then((n) => n !== null && setViews(n))}
        onMutedChange={setMuted}
        className={vertical ? 'aspect-[9/16] max-h-[70dvh] w-full' : 'aspect-video w-full'}
      />
      <div className="flex items-start gap-3 p-4">
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 break-words text-lg font-bold">{item.title || t('untitled')}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-neutral-300">
            <Link to={channelPath(item.bj.id)} onClick={close} className="inline-flex min-h-11 items-center font-semibold hover:underline">
              {item.bj.nick}
            </Link>
            <span data-view-cnt={views}>{t('views', { n: formatNumber(views, lang) })}</span>
            <span>{fromNow(item.created_at, lang, now)}</span>
          </p>
        </div>
        <button
          type="button"
          onClick={close}
          data-autofocus
          className="min-h-11 shrink-0 rounded-full border border-neutral-600 px-4 text-sm font-semibold hover:bg-neutral-800"
        >
          {t('feed.close')}
        </button>
      </div>
    </div>
  );
}

/** A speaker with a cross (an emoji may have no glyph in the viewer's fonts). */
function MutedIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      <path d="m23 9-6 6M17 9l6 6" />
    </svg>
  );
}
