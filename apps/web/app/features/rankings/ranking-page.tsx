import {
  RANKING_DEFAULTS,
  RANKING_PERIODS,
  type RankingCategory,
  type RankingItem,
  type RankingMoreSet,
  type RankingPeriod,
} from '@byeol/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber, kstDate } from '../../lib/format';
import { channelPath, playPath, rankingPath } from '../../lib/links';
import { useMoreList } from '../../lib/use-more-list';
import { useBjTerm, useLang, useSite, useSiteTerm } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { EmptyState, ListFooter, LoadFailed } from '../../ui/list-ui';
import { LiveBadge } from '../../ui/live-badge';
import { rankMove, roundScore, visibleCategories } from './ranking-rules';
import { rankingMore } from './rankings-api';

/** What the ranking route's loader hands the page. */
export interface RankingLoaderData {
  category: RankingCategory;
  period: RankingPeriod;
  result: RankingMoreSet | null;
  /** The server's refusal, in the viewer's language; '' otherwise. */
  message: string;
}

/** The currency's name in the viewer's language (SPEC §3 CURRENCY_NAME; the UI never shows the code STAR). */
const useStarName = () => useSite()?.site.site_terms.CURRENCY_NAME || 'STAR';

/**
 * A category's tab name: the site's term where it has one (SPEC §3: sti_enter_bj_name for K-STAR,
 * sti_public_bj_name for public figures, sti_program_bj_name for programs, sti_rookie_bj_name for rookies),
 * else this feature's translation.
 */
function useCategoryName(): (category: RankingCategory) => string {
  const { t } = useTranslation('rankings');
  const bj = useBjTerm();
  const terms: Record<RankingCategory, string> = {
    all: '',
    kstar: useSiteTerm('sti_enter_bj_name'),
    pib: useSiteTerm('sti_public_bj_name'),
    program: useSiteTerm('sti_program_bj_name'),
    rookie: useSiteTerm('sti_rookie_bj_name'),
  };
  return (category) => terms[category] || t(`category.${category}`, { bj });
}

/**
 * /sub/ranking and /sub/ranking/{kstar,pib,program,rookie} (issue 18): the category tabs, the daily, weekly and
 * monthly tabs, how the score is made and which window it covers, then the BJs by rank with their move
 * since the previous snapshot, 50 at a time with "more".
 */
export function RankingPage({ data }: { data: RankingLoaderData }) {
  const { t } = useTranslation('rankings');
  const bj = useBjTerm();
  const { category, period, result, message } = data;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8" data-ranking-page={category} data-period={period}>
      <h1 className="text-2xl font-extrabold">{t('title', { bj })}</h1>
      <CategoryTabs category={category} period={period} />
      <PeriodTabs category={category} period={period} />
      {result ? (
        <RankingList key={`${category}:${period}:${result.computed_at}`} category={category} period={period} initial={result} />
      ) : (
        <LoadFailed message={message || t('loadFailed')} />
      )}
    </div>
  );
}

function CategoryTabs({ category, period }: { category: RankingCategory; period: RankingPeriod }) {
  const { t } = useTranslation('rankings');
  const nameOf = useCategoryName();
  const categories = visibleCategories(useSite()?.site.site_setting);
  return (
    <nav aria-label={t('categoryLabel')} className="mt-4 border-b border-neutral-200">
      <ul className="-mb-px flex overflow-x-auto">
        {categories.map((c) => (
          <li key={c} className="shrink-0">
            <Link
              to={rankingPath(c, period)}
              aria-current={c === category ? 'page' : undefined}
              className={`flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand sm:px-4 ${
                c === category ? 'border-brand text-brand-dark' : 'border-transparent text-neutral-600 hover:text-neutral-900'
              }`}
              data-ranking-category={c}
            >
              {nameOf(c)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PeriodTabs({ category, period }: { category: RankingCategory; period: RankingPeriod }) {
  const { t } = useTranslation('rankings');
  return (
    <nav aria-label={t('periodLabel')} className="mt-4">
      <ul className="inline-flex rounded-full bg-neutral-100 p-1">
        {RANKING_PERIODS.map((p) => (
          <li key={p}>
            <Link
              to={rankingPath(category, p)}
              aria-current={p === period ? 'page' : undefined}
              className={`flex min-h-11 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand ${
                p === period ? 'bg-white text-brand-dark shadow-sm' : 'text-neutral-600 hover:text-neutral-900'
              }`}
              data-ranking-period={p}
            >
              {t(`period.${p}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** How the score is made, the window the snapshot covers and when it was computed (KST); the rookie window. */
function RankingInfo({ set }: { set: RankingMoreSet }) {
  const { t } = useTranslation('rankings');
  const bj = useBjTerm();
  const star = useStarName();
  const w = set.weights;
  return (
    <div className="mt-4 space-y-1 rounded-xl bg-neutral-50 px-4 py-3 text-xs text-neutral-600" data-ranking-info>
      <p data-ranking-weights>{t('weights', { peak: w.peak_viewers, likes: w.likes, fans: w.fan_growth, star: w.star, currency: star })}</p>
      {set.period_start && set.period_end && (
        <p data-ranking-window>{t('window', { start: kstDate(set.period_start, true), end: kstDate(set.period_end, true) })}</p>
      )}
      {set.computed_at && (
        <p data-ranking-computed>{t('computed', { time: kstDate(set.computed_at, true), minutes: RANKING_DEFAULTS.refreshMinutes })}</p>
      )}
      {set.category === 'rookie' && <p data-ranking-rookie>{t('rookie', { days: set.rookie_days, bj })}</p>}
    </div>
  );
}

function RankingList({ category, period, initial }: { category: RankingCategory; period: RankingPeriod; initial: RankingMoreSet }) {
  const { t } = useTranslation('rankings');
  const list = useMoreList<RankingMoreSet>(
    initial,
    (offset) => rankingMore(category, period, offset, t('retry')),
    (row) => row.bj.user_key,
    t('retry'),
  );
  return (
    <>
      <RankingInfo set={list.set ?? initial} />
      {list.rows.length === 0 ? (
        <EmptyState name="ranking" text={t('empty', { minutes: RANKING_DEFAULTS.refreshMinutes })} />
      ) : (
        <ol className="mt-4 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-ranking-list data-total={list.total}>
          {list.rows.map((item) => (
            <RankingRow key={item.bj.user_key} item={item} />
          ))}
        </ol>
      )}
      <ListFooter list={list} />
    </>
  );
}

function RankMoveMark({ item }: { item: RankingItem }) {
  const { t } = useTranslation('rankings');
  const move = rankMove(item);
  const color = { up: 'text-red-600', down: 'text-blue-600', new: 'text-amber-700', same: 'text-neutral-500' }[move.kind];
  return (
    <span className={`block text-[0.7rem] font-bold leading-4 ${color}`} data-rank-move={move.kind}>
      <span aria-hidden="true">{t(`change.${move.kind}`, { n: move.n })}</span>
      <span className="sr-only">{t(`change.${move.kind}Label`, { n: move.n })}</span>
    </span>
  );
}

function RankingRow({ item }: { item: RankingItem }) {
  const { t } = useTranslation('rankings');
  const lang = useLang();
  const bj = useBjTerm();
  const star = useStarName();
  const n = (value: number) => formatNumber(value, lang);
  const hidden = (
    <span title={t('privateLabel', { bj })} className="text-neutral-500" data-private>
      {t('private')}
    </span>
  );
  const hiddenPeak = (
    <span className="text-neutral-500" data-private>
      {t('private')}
    </span>
  );
  const stats: { name: string; label: string; value: ReactNode }[] = [
    // A BJ who keeps the viewer count private (/mypage/setting) shows no peak.
    { name: 'peak', label: t('col.peak'), value: item.peak_viewer_cnt === null ? hiddenPeak : n(item.peak_viewer_cnt) },
    { name: 'likes', label: t('col.likes'), value: n(item.like_cnt) },
    { name: 'fans', label: t('col.fans'), value: item.fan_growth_cnt === null ? hidden : n(item.fan_growth_cnt) },
    { name: 'star', label: star, value: item.star_cnt === null ? hidden : n(item.star_cnt) },
  ];
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3 sm:px-4 md:flex-nowrap"
      data-ranking-row={item.rank}
      data-bj-id={item.bj.id}
    >
      <div className="w-10 shrink-0 text-center">
        <span className={`block text-lg font-extrabold tabular-nums ${item.rank <= 3 ? 'text-brand-dark' : ''}`} data-rank={item.rank}>
          <span className="sr-only">{t('col.rank')} </span>
          {item.rank}
        </span>
        <RankMoveMark item={item} />
      </div>
      <Link
        to={channelPath(item.bj.id)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-brand"
        data-ranking-channel={item.bj.id}
      >
        <Avatar src={item.bj.profile_image} nick={item.bj.nick} size="size-11" />
        <span className="min-w-0">
          <span className="block truncate font-semibold" data-ranking-nick>
            {item.bj.nick}
          </span>
          <span className="block truncate text-xs text-neutral-500">@{item.bj.id}</span>
        </span>
      </Link>
      {item.live_vod_key && (
        <Link
          to={playPath(item.live_vod_key)}
          className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-1 focus-visible:outline-2 focus-visible:outline-brand"
          data-ranking-live={item.live_vod_key}
        >
          {/* The accessible name starts with what shows (LIVE), then says where it leads. */}
          <LiveBadge />
          <span className="sr-only"> {t('watchLive', { nick: item.bj.nick })}</span>
        </Link>
      )}
      <div className="shrink-0 text-right md:order-last md:w-16" data-score={item.score}>
        <span className="block text-[0.7rem] leading-4 text-neutral-500">{t('col.score')}</span>
        <span className="text-lg font-bold tabular-nums text-brand-dark">{n(roundScore(item.score))}</span>
      </div>
      <dl className="grid basis-full grid-cols-4 gap-2 pl-[3.25rem] text-xs md:w-96 md:shrink-0 md:basis-auto md:pl-0">
        {stats.map((s) => (
          <div key={s.name} className="min-w-0" data-stat={s.name}>
            <dt className="leading-4 text-neutral-500">{s.label}</dt>
            <dd className="font-semibold tabular-nums text-neutral-800">{s.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
