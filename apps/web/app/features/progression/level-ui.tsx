import type { FanLevelItem, LadderStanding, ListSet, XpGrantItem, XpLadder } from '@byeol/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber, kstDate } from '../../lib/format';
import { channelPath } from '../../lib/links';
import { useMoreList } from '../../lib/use-more-list';
import { useBjTerm, useLang } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { Avatar } from '../../ui/avatar';
import { EmptyState, ListFooter, LoadFailed, Total } from '../../ui/list-ui';
import { badge } from './level-badge';
import { levelFans, levelHistory } from './progression-api';
import { barPercent, type EarnRow, levelRows, toNext } from './progression-rules';

/** Pieces of the level pages (issue 23): badges, bars, the level tables, how to earn, fan lists and history. */

/** A card of the level pages. */
export function LevelCard({ name, title, children, aside }: { name: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="min-w-0 rounded-2xl border border-neutral-200 p-4 sm:p-5" aria-label={title} data-level-card={name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-bold">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * A ladder's bar: from what the level asked to what the next asks, with the numbers ("167 / 180") and
 * what is left; at the top of the table "max level".
 */
export function LevelBar({ name, label, standing }: { name: string; label: string; standing: LadderStanding }) {
  const { t } = useTranslation('progression');
  const lang = useLang();
  const n = (v: number) => formatNumber(v, lang);
  const pct = barPercent(standing);
  // A sliver shows as soon as there is any progress past the level's start (0% reads as a broken bar).
  const fill = standing.exp > standing.exp_level ? Math.max(pct, 2) : pct;
  const left = toNext(standing);
  const numbers =
    standing.exp_next === null
      ? t('bar.exp', { n: n(standing.exp) })
      : t('bar.progress', { exp: n(standing.exp), next: n(standing.exp_next) });
  return (
    <div className="mt-3" data-level-bar={name}>
      <div
        role="progressbar"
        aria-label={t('bar.label', { name: label })}
        aria-valuemin={standing.exp_level}
        aria-valuemax={standing.exp_next ?? standing.exp}
        aria-valuenow={standing.exp}
        aria-valuetext={numbers}
        className="h-3 w-full overflow-hidden rounded-full bg-neutral-200"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-violet-500 to-pink-500" style={{ width: `${fill}%` }} />
      </div>
      <div className="mt-1.5 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
        <span className="font-semibold tabular-nums" data-bar-numbers>
          {numbers}
        </span>
        {left === null ? (
          <span className="font-semibold text-violet-700" data-bar-max>
            {t('bar.max')}
          </span>
        ) : (
          <span className="text-neutral-500 tabular-nums" data-bar-left={left}>
            {t('bar.toNext', { n: n(left) })}
          </span>
        )}
      </div>
    </div>
  );
}

/** One ladder's table, folded: every level (grade for VIP) and what it asks, the current one marked. */
export function LevelTableDetails({
  name,
  title,
  table,
  current,
  grade = false,
  needLabel,
}: {
  name: string;
  title: string;
  table: readonly number[];
  current: number;
  /** The VIP grades: "VIP n" rather than "Lv.n". */
  grade?: boolean;
  needLabel: string;
}) {
  const { t } = useTranslation('progression');
  const lang = useLang();
  return (
    <details className="group rounded-xl border border-neutral-200" data-level-table={name}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-4 py-2 font-semibold [&::-webkit-details-marker]:hidden">
        {title}
        <span aria-hidden="true" className="text-neutral-400 transition-transform group-open:rotate-90">
          ›
        </span>
      </summary>
      <table className="w-full border-t border-neutral-200 text-sm">
        <thead className="bg-neutral-50 text-xs text-neutral-500">
          <tr>
            <th scope="col" className="px-4 py-2 text-left font-semibold">
              {grade ? t('table.grade') : t('table.level')}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              {needLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {levelRows(table).map((row) => {
            const mine = row.level === current;
            return (
              <tr
                key={row.level}
                className={`border-t border-neutral-100 ${mine ? 'bg-violet-50 font-bold text-violet-800' : ''}`}
                data-level-row={row.level}
                aria-current={mine ? 'true' : undefined}
              >
                <td className="px-4 py-1.5">
                  {grade ? t('vip.grade', { n: row.level }) : t('lv', { n: formatNumber(row.level, lang) })}
                  {mine && <span className="ml-2 text-xs font-semibold">({t('table.current')})</span>}
                </td>
                <td className="px-4 py-1.5 text-right tabular-nums">{formatNumber(row.need, lang)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}

type EarnColumn = 'user' | 'fan' | 'bj';

/** "How to earn": each fact and what it is worth on the given ladders. */
export function EarnTable({ rows, columns, starPerPoint }: { rows: EarnRow[]; columns: EarnColumn[]; starPerPoint: number }) {
  const { t } = useTranslation('progression');
  const lang = useLang();
  const bj = useBjTerm();
  const star = useStarName();
  const factText = (fact: EarnRow['fact']) => {
    switch (fact) {
      case 'star':
      case 'starReceived':
        return t(`earn.${fact}`, { star, n: formatNumber(starPerPoint, lang) });
      case 'follow':
        return t('earn.follow', { bj });
      default:
        return t(`earn.${fact}`);
    }
  };
  return (
    <div className="mt-3 overflow-x-auto rounded-xl border border-neutral-200">
      <table className="w-full text-sm" data-earn-table>
        <thead className="bg-neutral-50 text-xs text-neutral-500">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              {t('earn.fact')}
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                {c === 'bj' ? t('earn.bj', { bj }) : t(`earn.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.fact} className="border-t border-neutral-100" data-earn={row.fact}>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {factText(row.fact)}
              </th>
              {columns.map((c) => {
                const v = row[c];
                return (
                  <td key={c} className="px-3 py-2 text-right font-semibold tabular-nums" data-earn-points={c}>
                    {v === null ? (
                      <span className="font-normal text-neutral-400">{t('earn.none')}</span>
                    ) : (
                      t('points', { n: formatNumber(v, lang) })
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const listClass = 'mt-3 divide-y divide-neutral-200 rounded-xl border border-neutral-200';

/** A section heading with the list's total. */
function ListHead({ title, total }: { title: string; total: number }) {
  return (
    <div className="flex items-baseline gap-2">
      <h2 className="text-lg font-bold">{title}</h2>
      {total > 0 && <Total n={total} />}
    </div>
  );
}

/**
 * Fan levels, paginated with "more": `mine` my fan level with each BJ (to their channel), `bj` my fans by
 * fan level (a BJ's page).
 */
export function FanLevelList({ mode, initial }: { mode: 'mine' | 'bj'; initial: ListSet<FanLevelItem> | null }) {
  const { t } = useTranslation('progression');
  const lang = useLang();
  const bj = useBjTerm();
  const list = useMoreList(
    initial,
    (offset) => levelFans(mode, offset, t('retry')),
    (row) => row.user_key,
    t('retry'),
  );
  const n = (v: number) => formatNumber(v, lang);
  return (
    <section className="mt-8" data-fan-levels={mode}>
      <ListHead title={mode === 'mine' ? t('fans.mine') : t('fans.bj')} total={list.total} />
      {list.failed ? (
        <LoadFailed message={t('loadFailed')} onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name={`fan-levels-${mode}`} text={mode === 'mine' ? t('fans.mineEmpty', { bj }) : t('fans.bjEmpty')} />
      ) : (
        <ul className={listClass}>
          {list.rows.map((row) => {
            const who = (
              <>
                <Avatar src={row.profile_image} nick={row.nick} size="size-10" text="text-base" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{row.nick}</span>
                  <span className="block truncate text-xs text-neutral-500">@{row.id}</span>
                </span>
              </>
            );
            return (
              <li key={row.user_key} className="flex flex-wrap items-center gap-3 px-4 py-3" data-fan-level-row={row.id}>
                {mode === 'mine' ? (
                  <Link
                    to={channelPath(row.id)}
                    className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-brand"
                    data-fan-level-link
                  >
                    {who}
                  </Link>
                ) : (
                  <span className="flex min-w-0 flex-1 items-center gap-3">{who}</span>
                )}
                <span className="ml-auto flex shrink-0 flex-col items-end gap-0.5">
                  <span className={`${badge} bg-pink-100 px-2 py-0.5 text-xs text-pink-800`} data-fan-level={row.fan_level}>
                    {t('fans.level', { n: n(row.fan_level) })}
                  </span>
                  <span className="text-xs text-neutral-500 tabular-nums" data-fan-exp={row.exp}>
                    {row.exp_next === null
                      ? t('bar.exp', { n: n(row.exp) })
                      : t('bar.progress', { exp: n(row.exp), next: n(row.exp_next) })}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <ListFooter list={list} />
    </section>
  );
}

/** My experience grants on one ladder, newest first, paginated with "more": what, how much, with whom, when. */
export function XpHistoryList({ ladder, initial }: { ladder: XpLadder; initial: ListSet<XpGrantItem> | null }) {
  const { t } = useTranslation('progression');
  const lang = useLang();
  const star = useStarName();
  const list = useMoreList(
    initial,
    (offset) => levelHistory(ladder, offset, t('retry')),
    (row) => `${row.reg_date}|${row.source}|${row.bj_id ?? ''}|${row.amount}`,
    t('retry'),
  );
  return (
    <section className="mt-8" data-xp-history={ladder}>
      <ListHead title={t('history.title')} total={list.total} />
      {list.failed ? (
        <LoadFailed message={t('loadFailed')} onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name={`xp-history-${ladder}`} text={t('history.empty')} />
      ) : (
        <ul className={listClass}>
          {list.rows.map((row, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: grants carry no id; the list only grows at its end
              key={i}
              className="flex items-center gap-3 px-4 py-2.5"
              data-xp-row={row.source}
            >
              <span className="min-w-0 flex-1">
                <span className="block font-semibold" data-xp-source>
                  {t(`history.source.${row.source}`, { star })}
                  {row.bj_nick && <span className="ml-1.5 text-sm font-normal text-neutral-500">· {row.bj_nick}</span>}
                </span>
                <time dateTime={row.reg_date} className="block text-xs text-neutral-500 tabular-nums">
                  {kstDate(row.reg_date, true)}
                </time>
              </span>
              <span className="shrink-0 font-bold text-violet-700 tabular-nums" data-xp-amount={row.amount}>
                {t('points', { n: formatNumber(row.amount, lang) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </section>
  );
}
