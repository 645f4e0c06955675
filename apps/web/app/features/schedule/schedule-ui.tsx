import type { ScheduleEventItem, ScheduleItem } from '@byeol/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { channelPath, playPath } from '../../lib/links';
import { useBjTerm, useSiteTerm } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { LiveBadge } from '../../ui/live-badge';
import { MoreButton } from '../../ui/more-button';
import { scheduleEventMore } from './schedule-api';
import { eventPath, kstDay, kstTime, partsOf, type ScheduleKind, slotEndTime } from './schedule-rules';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const MONTHS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12'] as const;

/** How a KST day, a short day and a month read in the viewer's language ('6월 3일 (수)', '6.3', '2026년 6월'). */
export function useDateLabels() {
  const { t } = useTranslation('schedule');
  const weekday = (day: string) => t(`weekday.${WEEKDAYS[partsOf(day).weekday] ?? 'sun'}`);
  const day = (value: string) => {
    const p = partsOf(value);
    return t('date.day', { month: p.month, date: p.date, weekday: weekday(value) });
  };
  const short = (value: string) => {
    const p = partsOf(value);
    return t('date.short', { month: p.month, date: p.date });
  };
  const month = (first: string) => {
    const p = partsOf(first);
    return t('date.month', { year: p.year, month: t(`months.${MONTHS[p.month - 1] ?? 'm1'}`) });
  };
  return { day, short, month, weekday };
}

/** The BJ kinds' names: the site's terms where an operator set them (SPEC §3), else this feature's texts. */
export function useKindName(): (kind: ScheduleKind) => string {
  const { t } = useTranslation('schedule');
  const bj = useBjTerm();
  const enter = useSiteTerm('sti_enter_bj_name');
  const program = useSiteTerm('sti_program_bj_name');
  return (kind) => {
    if (kind === 'general') return bj;
    if (kind === 'enter') return enter || t('kind.enter');
    if (kind === 'program') return program || t('kind.program');
    return t('kind.all');
  };
}

/** The '★ 팔로잉' mark of a slot whose BJ the viewer follows. */
export function FollowedMark() {
  const { t } = useTranslation('schedule');
  return (
    <span
      className="inline-flex items-center gap-0.5 whitespace-nowrap rounded-full bg-brand/10 px-2 py-0.5 text-xs font-bold text-brand-dark"
      data-followed-mark
    >
      <span aria-hidden="true">★</span>
      {t('slot.followed')}
    </span>
  );
}

/**
 * One planned broadcast: its KST time (start ~ end), the LIVE badge to the room while the BJ is on air for it,
 * the followed mark, the title, and the BJ's picture and nick to the channel. `stacked` puts the time above
 * the rest (a narrow calendar column); `actions` go under it (the BJ's own edit and cancel).
 */
export function SlotCard({
  slot,
  stacked = false,
  showBj = true,
  actions,
}: {
  slot: ScheduleItem;
  /** true: always; 'lg': in the week's seven columns from 1024 px. */
  stacked?: boolean | 'lg';
  showBj?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('schedule');
  const followed = slot.followed_yn === 'Y';
  return (
    <li
      className={`flex rounded-xl border p-3 ${followed ? 'border-brand/40 bg-brand/5' : 'border-neutral-200 bg-white'} ${
        stacked === true ? 'flex-col gap-1' : stacked === 'lg' ? 'gap-3 lg:flex-col lg:gap-1 lg:p-2' : 'gap-3'
      }`}
      data-schedule-slot={slot.schedule_sn}
      data-day={slot.day}
      data-followed={slot.followed_yn}
      data-live={slot.live_vod_key ? 'Y' : 'N'}
    >
      <p
        className={`shrink-0 tabular-nums ${stacked === true ? 'text-sm' : stacked === 'lg' ? 'w-14 sm:w-16 lg:w-auto lg:text-sm' : 'w-14 sm:w-16'}`}
      >
        <time dateTime={slot.start_date} className="font-bold text-neutral-900" data-slot-time>
          {kstTime(slot.start_date)}
        </time>
        <span className={`text-xs text-neutral-600 ${stacked === true ? 'ms-1' : stacked === 'lg' ? 'block lg:ms-1 lg:inline' : 'block'}`}>
          ~{slotEndTime(slot)}
        </span>
      </p>
      <div className="min-w-0 flex-1">
        {(slot.live_vod_key || followed) && (
          <p className="mb-1 flex flex-wrap items-center gap-1.5">
            {slot.live_vod_key && (
              <Link to={playPath(slot.live_vod_key)} className="inline-flex items-center" data-schedule-live={slot.live_vod_key}>
                <LiveBadge />
                <span className="sr-only">{t('slot.watchLive', { nick: slot.bj.nick })}</span>
              </Link>
            )}
            {followed && <FollowedMark />}
          </p>
        )}
        <p className="font-semibold text-neutral-900 [overflow-wrap:anywhere]" data-slot-title>
          {slot.title}
        </p>
        {showBj && (
          <Link
            to={channelPath(slot.bj.id)}
            className="mt-1 inline-flex min-h-9 max-w-full items-center gap-2 text-sm text-neutral-700 hover:text-brand-dark"
            data-slot-bj={slot.bj.id}
          >
            <Avatar src={slot.bj.profile_image} nick={slot.bj.nick} size="size-6" text="text-xs" />
            <span className="truncate">{slot.bj.nick}</span>
            <span className="sr-only">{t('slot.channel', { nick: slot.bj.nick })}</span>
          </Link>
        )}
        {actions}
      </div>
    </li>
  );
}

/** How many pages one "more events" press reads at most, looking past events the strip already shows. */
const MORE_EVENT_PAGES = 5;

/**
 * The events running in the range, in a strip that scrolls sideways inside itself (to /sub/event/{sn}), and
 * "more events": the next running and upcoming events (POST /sub/schedule_event_more, soonest first) added at
 * its end, skipping those already shown; focus moves to the first one added. Read to its end, the button gives
 * way to a note. A new range is a new strip (the page keys it).
 */
export function EventsStrip({ events }: { events: readonly ScheduleEventItem[] }) {
  const { t } = useTranslation('schedule');
  const labels = useDateLabels();
  const [more, setMore] = useState<ScheduleEventItem[]>([]);
  const [offset, setOffset] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [focusSn, setFocusSn] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (focusSn === null) return;
    const link = listRef.current?.querySelector<HTMLAnchorElement>(`[data-schedule-event="${focusSn}"]`);
    link?.focus({ preventScroll: true });
    link?.scrollIntoView({ block: 'nearest', inline: 'start', behavior: 'smooth' });
  }, [focusSn]);

  if (events.length === 0) return null;
  const shown = [...events, ...more];
  const done = total !== null && offset >= total;

  async function loadMore() {
    setBusy(true);
    setError('');
    const seen = new Set(shown.map((e) => e.event_sn));
    let next = offset;
    let all = total;
    let found: ScheduleEventItem[] = [];
    // The range's events are among the first of that list: pages holding only those are read past.
    for (let page = 0; page < MORE_EVENT_PAGES && found.length === 0 && (all === null || next < all); page++) {
      const res = await scheduleEventMore(next, t('events.failed'));
      if (!isOk(res)) {
        setError(res.rslt_msg || t('events.failed'));
        break;
      }
      all = res.rslt_set.data_totalcount;
      next = res.rslt_set.data_list.length === 0 ? all : next + res.rslt_set.data_list.length;
      found = res.rslt_set.data_list.filter((e) => !seen.has(e.event_sn));
    }
    setOffset(next);
    setTotal(all);
    setBusy(false);
    if (found.length > 0) {
      setMore((m) => [...m, ...found]);
      setFocusSn(found[0]?.event_sn ?? null);
    }
  }

  return (
    <section aria-labelledby="schedule-events" className="mt-5" data-schedule-events={shown.length}>
      <h2 id="schedule-events" className="text-sm font-bold text-neutral-700">
        {t('events.title')}
      </h2>
      <ul ref={listRef} className="-mx-4 mt-2 flex snap-x gap-2 overflow-x-auto px-4 pb-1">
        {shown.map((event) => (
          <li key={event.event_sn} className="w-64 max-w-[80%] shrink-0 snap-start">
            <Link
              to={eventPath(event.event_sn)}
              className="flex h-full items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-2.5 hover:border-amber-400 focus-visible:outline-2 focus-visible:outline-brand"
              data-schedule-event={event.event_sn}
            >
              {event.banner ? (
                <img src={event.banner} alt="" className="size-12 shrink-0 rounded-lg bg-white object-cover" />
              ) : (
                <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-white text-amber-600">
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  >
                    <path d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z" />
                  </svg>
                </span>
              )}
              <span className="min-w-0">
                <span className="line-clamp-2 text-sm font-semibold text-neutral-900">{event.title}</span>
                <span className="block text-xs text-neutral-600 tabular-nums">
                  {t('events.period', { from: labels.short(kstDay(event.start_date)), to: labels.short(kstDay(event.end_date)) })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {done ? (
        <p role="status" className="mt-2 text-center text-xs text-neutral-500" data-schedule-events-end>
          {t('events.none')}
        </p>
      ) : (
        <MoreButton onMore={() => void loadMore()} busy={busy} error={error} label={t('events.more')} busyLabel={t('events.loading')} />
      )}
    </section>
  );
}

/** A note where a list has nothing (SPEC §8 'no results or no data'). */
export function EmptyNote({ name, text, className = '' }: { name: string; text: string; className?: string }) {
  return (
    <p className={`rounded-xl bg-neutral-50 px-4 py-5 text-center text-sm text-neutral-600 ${className}`} data-empty={name}>
      {text}
    </p>
  );
}
