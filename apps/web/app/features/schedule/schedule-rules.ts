import {
  EDITORIAL_LIMITS,
  EDITORIAL_REFUSAL_PARAMS,
  type Lang,
  type ResultCodeName,
  resultMessage,
  SCHEDULE_BJ_KINDS,
  type ScheduleBjKind,
  type ScheduleItem,
  ScheduleProcSchema,
} from '@byeol/contract';

/**
 * The broadcast schedule's rules on the web (issue 21, docs/editorial.md "The schedule"): KST calendar days
 * computed by hand (the site's day is Korean time whatever the browser's zone), what /sub/schedule's URL
 * asks for (`?view=week|month&from=YYYY-MM-DD&kind=`), the range each view loads, and what the BJ's planning
 * form refuses before sending (the contract's schema and codes, so the same messages as the server).
 */

/** KST is UTC+9 all year (no daylight saving). */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ScheduleView = 'week' | 'month';
export type ScheduleKind = 'all' | ScheduleBjKind;
export const SCHEDULE_KINDS: readonly ScheduleKind[] = ['all', ...SCHEDULE_BJ_KINDS];
/** Days of the week view. */
export const WEEK_DAYS = 7;
/** The planning form's duration presets, in minutes. */
export const DURATION_PRESETS = [60, 90, 120, 180] as const;
export const DEFAULT_DURATION = 120;

const two = (n: number) => String(n).padStart(2, '0');

/** A UTC-midnight Date of a `YYYY-MM-DD` day (day arithmetic only), or null when it is no calendar day. */
function dateOf(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) || dayOf(d) !== day ? null : d;
}

const dayOf = (d: Date) => `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export const isDay = (value: string): boolean => dateOf(value) !== null;

/** The KST day (`YYYY-MM-DD`) of an instant (ms since the epoch, or ISO 8601). */
export function kstDay(at: number | string): string {
  const ms = typeof at === 'number' ? at : new Date(at).getTime();
  return dayOf(new Date(ms + KST_OFFSET_MS));
}

/** `day` plus `n` days (n may be negative). */
export function addDays(day: string, n: number): string {
  const d = dateOf(day);
  return d ? dayOf(new Date(d.getTime() + n * DAY_MS)) : day;
}

/** The parts of a day: year, month (1–12), date, weekday (0 Sunday … 6 Saturday). */
export function partsOf(day: string): { year: number; month: number; date: number; weekday: number } {
  const d = dateOf(day) ?? new Date(0);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** The first day of `day`'s month. */
export const monthStartOf = (day: string) => `${day.slice(0, 8)}01`;

/** The first day of the month `n` months after the month that starts on `first`. */
export function addMonths(first: string, n: number): string {
  const { year, month } = partsOf(first);
  const d = new Date(Date.UTC(year, month - 1 + n, 1));
  return dayOf(d);
}

/** Days in `first`'s month. */
export function daysInMonth(first: string): number {
  const { year, month } = partsOf(first);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The calendar of a month: from the Monday on or before its 1st, whole weeks until its last day (5 or 6; a
 * February that fits in 4 still shows 5, so the grid keeps its height).
 */
export function monthGrid(first: string): { from: string; days: number } {
  const lead = (partsOf(first).weekday + 6) % 7;
  const weeks = Math.max(5, Math.ceil((lead + daysInMonth(first)) / 7));
  return { from: addDays(first, -lead), days: weeks * 7 };
}

/** What /sub/schedule's URL asks for; `from` is a week's first day, or the 1st of the month shown. */
export interface ScheduleQuery {
  view: ScheduleView;
  from: string;
  kind: ScheduleKind;
}

/** Reads `?view=`, `?from=` and `?kind=`; anything else (or a day that is no date) falls back to this week from `today`. */
export function scheduleQueryOf(params: URLSearchParams, today: string): ScheduleQuery {
  const view: ScheduleView = params.get('view') === 'month' ? 'month' : 'week';
  const kindParam = params.get('kind') ?? '';
  const kind = (SCHEDULE_KINDS as readonly string[]).includes(kindParam) ? (kindParam as ScheduleKind) : 'all';
  const asked = params.get('from') ?? '';
  const day = isDay(asked) ? asked : today;
  return { view, kind, from: view === 'month' ? monthStartOf(day) : day };
}

/** The days the view loads (POST /sub/schedule_list `from` and `days`). */
export function rangeOf(query: ScheduleQuery): { from: string; days: number } {
  return query.view === 'month' ? monthGrid(query.from) : { from: query.from, days: WEEK_DAYS };
}

/** The days of a range, in order. */
export const daysOf = (range: { from: string; days: number }): string[] =>
  Array.from({ length: range.days }, (_, i) => addDays(range.from, i));

/**
 * `/sub/schedule` with what differs from the default (this week from today, every kind): the week view's
 * `from` is left out when it is today, the month view's when it is this month.
 */
export function schedulePath(query: ScheduleQuery, today: string): string {
  const params = new URLSearchParams();
  if (query.view === 'month') {
    params.set('view', 'month');
    if (query.from !== monthStartOf(today)) params.set('from', query.from);
  } else if (query.from !== today) params.set('from', query.from);
  if (query.kind !== 'all') params.set('kind', query.kind);
  const qs = params.toString();
  return qs ? `/sub/schedule?${qs}` : '/sub/schedule';
}

/** The same view `n` weeks or months later (earlier when negative). */
export function shifted(query: ScheduleQuery, n: number): ScheduleQuery {
  return { ...query, from: query.view === 'month' ? addMonths(query.from, n) : addDays(query.from, n * WEEK_DAYS) };
}

/** The other view around the same days: a week's month, or a month's week (from today when today is in it). */
export function switched(query: ScheduleQuery, view: ScheduleView, today: string): ScheduleQuery {
  if (view === query.view) return query;
  if (view === 'month') return { ...query, view, from: monthStartOf(query.from) };
  return { ...query, view, from: monthStartOf(today) === query.from ? today : query.from };
}

/** Whether the query shows the current week (from today) or the current month. */
export const isCurrent = (query: ScheduleQuery, today: string) =>
  query.view === 'month' ? query.from === monthStartOf(today) : query.from === today;

/** `HH:mm` in KST of an instant. */
export function kstTime(iso: string): string {
  const d = new Date(new Date(iso).getTime() + KST_OFFSET_MS);
  return Number.isNaN(d.getTime()) ? '' : `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** `HH:mm` in KST of a slot's end. */
export const slotEndTime = (slot: Pick<ScheduleItem, 'start_date' | 'duration_min'>) =>
  kstTime(new Date(new Date(slot.start_date).getTime() + slot.duration_min * 60_000).toISOString());

/** The slots grouped by their KST day, each group in the server's order (followed BJs first, then by time). */
export function byDay(items: readonly ScheduleItem[]): Map<string, ScheduleItem[]> {
  const groups = new Map<string, ScheduleItem[]>();
  for (const item of items) {
    const list = groups.get(item.day);
    if (list) list.push(item);
    else groups.set(item.day, [item]);
  }
  return groups;
}

/** A slot's start as the form's date and time inputs show it, in KST. */
export function startInputsOf(iso: string): { date: string; time: string } {
  return { date: kstDay(iso), time: kstTime(iso) };
}

/** The instant of a KST date and time typed in the form, or null when they are not a real time. */
export function kstInstant(date: string, time: string): number | null {
  if (!isDay(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  return new Date(`${date}T${time}:00+09:00`).getTime();
}

export type SlotField = 'title' | 'start' | 'duration';
/** What the planning form refuses before sending: the contract's codes, or the duration out of its range. */
export type SlotRefusal = Extract<
  ResultCodeName,
  'SCHEDULE_TITLE_REQUIRED' | 'SCHEDULE_TITLE_LENGTH' | 'SCHEDULE_DATE_INVALID' | 'SCHEDULE_IN_PAST'
>;

/** The form's field a refusal of POST /mypage/schedule_proc belongs under ('' when it is the form's). */
export function fieldOfRefusal(code: string, field: string | undefined): SlotField | '' {
  if (code === 'SCHEDULE_TITLE_REQUIRED' || code === 'SCHEDULE_TITLE_LENGTH') return 'title';
  if (code === 'SCHEDULE_IN_PAST' || code === 'SCHEDULE_OVERLAP' || code === 'SCHEDULE_DATE_INVALID') return 'start';
  if (field === 'title' || field === 'start') return field;
  if (field === 'duration_min') return 'duration';
  return '';
}

/** A refusal's message in `lang`, with its placeholders ({max}) filled as the server fills them. */
export function slotRefusalMessage(code: SlotRefusal, lang: Lang): string {
  const params: Record<string, number> = code === 'SCHEDULE_TITLE_LENGTH' ? EDITORIAL_REFUSAL_PARAMS.SCHEDULE_TITLE_LENGTH : {};
  return resultMessage(code, lang, params);
}

/** Whether a duration is one the server takes (whole minutes, 10 minutes to 24 hours). */
export const durationOk = (minutes: number) =>
  Number.isInteger(minutes) && minutes >= EDITORIAL_LIMITS.scheduleMinMinutes && minutes <= EDITORIAL_LIMITS.scheduleMaxMinutes;

/**
 * What the planning form refuses before sending, per field (the first of each), or null: the title by the
 * contract's schema, a start that is not a date or lies in the past (`now`), a duration out of range.
 */
export function slotRefusals(
  input: { title: string; date: string; time: string; duration: number },
  now: number,
): Partial<Record<SlotField, SlotRefusal | 'DURATION'>> | null {
  const found: Partial<Record<SlotField, SlotRefusal | 'DURATION'>> = {};
  const checked = ScheduleProcSchema.safeParse({ mode: 'insert', title: input.title, start: '2000-01-01T00:00', duration_min: 60 });
  if (!checked.success) {
    const issue = checked.error.issues.find((i) => i.path[0] === 'title');
    if (issue?.message === 'SCHEDULE_TITLE_REQUIRED' || issue?.message === 'SCHEDULE_TITLE_LENGTH') found.title = issue.message;
  }
  const at = kstInstant(input.date, input.time);
  if (at === null) found.start = 'SCHEDULE_DATE_INVALID';
  else if (at < now) found.start = 'SCHEDULE_IN_PAST';
  if (!durationOk(input.duration)) found.duration = 'DURATION';
  return Object.keys(found).length > 0 ? found : null;
}

/** `/channel/bj/{id}/schedule` is the channel's tab (lib/links channelPath); the events another page shows. */
export const eventPath = (eventSn: number) => `/sub/event/${eventSn}`;
