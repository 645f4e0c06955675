import type { ScheduleItem, ScheduleListSet } from '@byeol/contract';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { LoadFailed } from '../../ui/list-ui';
import { scheduleDay } from './schedule-api';
import {
  addDays,
  byDay,
  daysOf,
  isCurrent,
  kstTime,
  monthGrid,
  monthStartOf,
  partsOf,
  rangeOf,
  SCHEDULE_KINDS,
  type ScheduleQuery,
  type ScheduleView,
  schedulePath,
  shifted,
  switched,
} from './schedule-rules';
import { EmptyNote, EventsStrip, SlotCard, useDateLabels, useKindName } from './schedule-ui';

/** What the /sub/schedule loader hands the page: the query read from the URL, today in KST, the answer or its refusal. */
export interface ScheduleData {
  query: ScheduleQuery;
  /** Today's KST day on the server when the page was made (server and browser agree on it). */
  today: string;
  set: ScheduleListSet | null;
  /** The server's refusal in the viewer's language; '' otherwise. */
  message: string;
}

/**
 * /sub/schedule (issue 21, SPEC §2): the planned broadcasts of a week (from today by default) or of a KST
 * month's calendar, with previous and next, the week/month switch and the BJ-kind filter in the URL; the
 * events running in the range in a strip on top. A phone lists the week by day; the month is a compact grid
 * where tapping a day lists its broadcasts (POST /sub/schedule_detail_list).
 */
export function SchedulePage({ data }: { data: ScheduleData }) {
  const { t } = useTranslation('schedule');
  const { query, today, set, message } = data;
  return (
    <div
      className="mx-auto max-w-6xl px-4 py-6 sm:py-8"
      data-schedule-page
      data-view={query.view}
      data-from={query.from}
      data-kind={query.kind}
      data-today={today}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold">{t('page.title')}</h1>
          <p className="mt-1 text-sm text-neutral-600">
            {t('page.lead')} {t('kst')}
          </p>
        </div>
        <ViewSwitch query={query} today={today} />
      </div>
      <PeriodNav query={query} today={today} />
      <KindFilter query={query} today={today} />
      {!set ? (
        <LoadFailed message={message || t('loadFailed')} />
      ) : (
        <>
          <EventsStrip key={`${set.from}:${set.days}`} events={set.event_list} />
          {query.view === 'week' ? (
            <WeekView days={daysOf(rangeOf(query))} items={set.data_list} today={today} />
          ) : (
            <MonthView key={`${query.from}:${query.kind}`} query={query} today={today} items={set.data_list} />
          )}
        </>
      )}
    </div>
  );
}

const segment =
  'inline-flex min-h-11 items-center justify-center whitespace-nowrap px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** 주간 | 월간, as links (each view has its own URL). */
function ViewSwitch({ query, today }: { query: ScheduleQuery; today: string }) {
  const { t } = useTranslation('schedule');
  const views: ScheduleView[] = ['week', 'month'];
  return (
    <nav aria-label={t('view.label')}>
      <ul className="flex overflow-hidden rounded-lg border border-neutral-300">
        {views.map((view) => {
          const current = view === query.view;
          return (
            <li key={view} className="border-neutral-300 not-first:border-l">
              <Link
                to={schedulePath(switched(query, view, today), today)}
                aria-current={current ? 'page' : undefined}
                preventScrollReset
                className={`${segment} ${current ? 'bg-neutral-900 text-white' : 'bg-white text-neutral-700 hover:bg-neutral-100'}`}
                data-schedule-view-link={view}
              >
                {t(`view.${view}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const arrow =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-neutral-300 bg-white text-xl text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand';

/** ‹ the period › and, away from it, the way back to this week or month. */
function PeriodNav({ query, today }: { query: ScheduleQuery; today: string }) {
  const { t } = useTranslation('schedule');
  const labels = useDateLabels();
  const week = query.view === 'week';
  const label = week
    ? t('date.range', { from: labels.short(query.from), to: labels.short(addDays(query.from, 6)) })
    : labels.month(query.from);
  const current = isCurrent(query, today);
  const home = week ? { ...query, from: today } : { ...query, from: monthStartOf(today) };
  return (
    <nav aria-label={t('move.label')} className="mt-5 flex items-center gap-2">
      <Link
        to={schedulePath(shifted(query, -1), today)}
        className={arrow}
        preventScrollReset
        aria-label={week ? t('move.prevWeek') : t('move.prevMonth')}
        data-schedule-prev
      >
        <span aria-hidden="true">‹</span>
      </Link>
      <p className="min-w-0 flex-1 text-center text-lg font-bold tabular-nums" aria-live="polite" data-schedule-period>
        {label}
      </p>
      <Link
        to={schedulePath(shifted(query, 1), today)}
        className={arrow}
        preventScrollReset
        aria-label={week ? t('move.nextWeek') : t('move.nextMonth')}
        data-schedule-next
      >
        <span aria-hidden="true">›</span>
      </Link>
      {!current && (
        <Link
          to={schedulePath(home, today)}
          className="inline-flex min-h-11 shrink-0 items-center rounded-lg px-2 text-sm font-semibold text-brand-dark hover:bg-brand/10"
          data-schedule-current
        >
          {week ? t('move.thisWeek') : t('move.thisMonth')}
        </Link>
      )}
    </nav>
  );
}

/** 전체 / BJ / K-STAR / 프로그램 (the site's terms), as links keeping the view and the period. */
function KindFilter({ query, today }: { query: ScheduleQuery; today: string }) {
  const { t } = useTranslation('schedule');
  const kindName = useKindName();
  return (
    <nav aria-label={t('kind.label')} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {SCHEDULE_KINDS.map((kind) => {
          const current = kind === query.kind;
          return (
            <li key={kind}>
              <Link
                to={schedulePath({ ...query, kind }, today)}
                aria-current={current ? 'page' : undefined}
                preventScrollReset
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand ${
                  current ? 'border-brand bg-brand text-white' : 'border-neutral-300 bg-white text-neutral-700 hover:bg-neutral-100'
                }`}
                data-schedule-kind={kind}
              >
                {kindName(kind)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The week: a list by day on a phone, seven columns from 1024 px. An empty week says so once. */
function WeekView({ days, items, today }: { days: string[]; items: ScheduleItem[]; today: string }) {
  const { t } = useTranslation('schedule');
  const labels = useDateLabels();
  if (items.length === 0) return <EmptyNote name="schedule-week" text={t('empty.week')} className="mt-6" />;
  const groups = byDay(items);
  return (
    <ol className="mt-6 grid gap-6 lg:grid-cols-7 lg:gap-2" data-schedule-week>
      {days.map((day) => {
        const list = groups.get(day) ?? [];
        return (
          <li key={day} className="min-w-0" aria-labelledby={`schedule-day-${day}`} data-schedule-day={day} data-count={list.length}>
            <h2
              id={`schedule-day-${day}`}
              className={`flex items-center gap-2 border-b-2 pb-1.5 font-bold lg:text-sm ${day === today ? 'border-brand text-brand-dark' : 'border-neutral-200'}`}
            >
              {labels.day(day)}
              {day === today && <TodayMark />}
            </h2>
            {list.length > 0 ? (
              <ul className="mt-2 space-y-2">
                {list.map((slot) => (
                  <SlotCard key={slot.schedule_sn} slot={slot} stacked="lg" />
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-neutral-500" data-empty="schedule-day">
                {t('empty.day')}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function TodayMark() {
  const { t } = useTranslation('schedule');
  return <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-bold whitespace-nowrap text-white">{t('date.today')}</span>;
}

const MONDAY_FIRST = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** A day's list under the month: from the month's answer at first, then from schedule_detail_list. */
interface DayList {
  day: string;
  state: 'loading' | 'ready' | 'failed';
  items: ScheduleItem[];
  message: string;
}

/**
 * The month: a calendar from Monday (days outside the month dimmed), each day a button with its number of
 * broadcasts (a phone shows a count, a wider screen the first few times and titles); the chosen day's
 * broadcasts below (today's at first when the month is this one).
 */
function MonthView({ query, today, items }: { query: ScheduleQuery; today: string; items: ScheduleItem[] }) {
  const { t } = useTranslation('schedule');
  const lang = useLang();
  const labels = useDateLabels();
  const groups = byDay(items);
  const days = daysOf(monthGrid(query.from));
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const month = partsOf(query.from).month;
  const [chosen, setChosen] = useState<DayList | null>(() =>
    monthStartOf(today) === query.from ? { day: today, state: 'ready', items: groups.get(today) ?? [], message: '' } : null,
  );
  const asked = useRef('');
  const detail = useRef<HTMLElement>(null);

  async function choose(day: string) {
    asked.current = day;
    setChosen({ day, state: 'loading', items: groups.get(day) ?? [], message: '' });
    requestAnimationFrame(() => detail.current?.scrollIntoView({ block: 'nearest' }));
    const res = await scheduleDay(day, query.kind, t('retry'));
    if (asked.current !== day) return;
    if (isOk(res)) setChosen({ day, state: 'ready', items: res.rslt_set.data_list, message: '' });
    else setChosen({ day, state: 'failed', items: groups.get(day) ?? [], message: res.rslt_msg || t('loadFailed') });
  }

  return (
    <>
      {items.length === 0 && <EmptyNote name="schedule-month" text={t('empty.month')} className="mt-6" />}
      <table className="mt-6 w-full table-fixed border-collapse" data-schedule-month={query.from}>
        <caption className="sr-only">{t('month.caption', { month: labels.month(query.from) })}</caption>
        <thead>
          <tr>
            {MONDAY_FIRST.map((w) => (
              <th
                key={w}
                scope="col"
                className={`pb-1 text-xs font-semibold ${w === 'sun' ? 'text-red-600' : w === 'sat' ? 'text-blue-700' : 'text-neutral-500'}`}
              >
                {t(`weekday.${w}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const list = groups.get(day) ?? [];
                const inMonth = partsOf(day).month === month;
                const picked = chosen?.day === day;
                return (
                  <td key={day} className="border border-neutral-200 p-0 align-top">
                    <button
                      type="button"
                      onClick={() => void choose(day)}
                      aria-pressed={picked}
                      className={`flex h-14 w-full flex-col items-center gap-0.5 p-1 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand sm:h-28 sm:items-stretch ${
                        picked ? 'bg-brand/15' : inMonth ? 'bg-white hover:bg-neutral-50' : 'bg-neutral-50 hover:bg-neutral-100'
                      }`}
                      data-schedule-date={day}
                      data-count={list.length}
                      data-in-month={inMonth ? 'Y' : 'N'}
                    >
                      <span className="sr-only">{t('month.dayLabel', { day: labels.day(day), n: formatNumber(list.length, lang) })}</span>
                      <span
                        aria-hidden="true"
                        className={`inline-flex size-6 items-center justify-center rounded-full text-sm tabular-nums ${
                          day === today ? 'bg-brand font-bold text-white' : inMonth ? 'text-neutral-900' : 'text-neutral-500'
                        }`}
                      >
                        {partsOf(day).date}
                      </span>
                      {list.length > 0 && (
                        <span aria-hidden="true" className="contents">
                          <span className="rounded-full bg-brand/15 px-1.5 text-[11px] font-bold text-brand-dark tabular-nums sm:hidden">
                            {formatNumber(list.length, lang)}
                          </span>
                          <span className="hidden min-w-0 space-y-0.5 sm:block">
                            {list.slice(0, 3).map((slot) => (
                              <span key={slot.schedule_sn} className="block truncate text-[11px] leading-4 text-neutral-700">
                                {slot.followed_yn === 'Y' && <span className="text-brand-dark">★</span>}
                                <span className="tabular-nums">{kstTime(slot.start_date)}</span> {slot.title}
                              </span>
                            ))}
                            {list.length > 3 && (
                              <span className="block text-[11px] font-semibold text-neutral-500">
                                {t('month.more', { n: formatNumber(list.length - 3, lang) })}
                              </span>
                            )}
                          </span>
                        </span>
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {!chosen && <p className="mt-3 text-sm text-neutral-600">{t('month.pick')}</p>}
      {chosen && (
        <section
          ref={detail}
          aria-labelledby="schedule-detail-title"
          className="mt-6 scroll-mt-4"
          data-schedule-detail={chosen.day}
          data-state={chosen.state}
          aria-busy={chosen.state === 'loading'}
        >
          <h2 id="schedule-detail-title" className="flex items-center gap-2 text-lg font-bold">
            {labels.day(chosen.day)}
            {chosen.day === today && <TodayMark />}
          </h2>
          {chosen.state === 'failed' && (
            <p role="alert" className="mt-2 text-sm text-red-600">
              {chosen.message}
            </p>
          )}
          {chosen.items.length > 0 ? (
            <ul className="mt-3 grid gap-2 md:grid-cols-2" aria-label={t('slot.list', { day: labels.day(chosen.day) })}>
              {chosen.items.map((slot) => (
                <SlotCard key={slot.schedule_sn} slot={slot} />
              ))}
            </ul>
          ) : chosen.state === 'loading' ? (
            <p className="mt-3 text-sm text-neutral-500">{t('month.loading')}</p>
          ) : (
            <EmptyNote name="schedule-detail" text={t('empty.day')} className="mt-3" />
          )}
        </section>
      )}
    </>
  );
}
