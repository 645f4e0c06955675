import { isLang, type Lang, localeOf, RELATIVE_TIME_THRESHOLDS } from '@byeol/contract';
import { i18nFor } from '../i18n';

/*
 * Numbers and dates are formatted in the viewer's language; where no language applies (none given, or one
 * the site does not support) in SPEC §9's default locale en-US (DEFAULT_LOCALE), never the runtime's own,
 * which differs between the server and each browser. The interface's default language stays ko.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

/** An Intl.NumberFormat for a language (en-US where none applies); one per locale. */
export function numberFormat(lang: Lang | string | null | undefined): Intl.NumberFormat {
  const locale = localeOf(lang);
  let f = numberFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale);
    numberFormats.set(locale, f);
  }
  return f;
}

/**
 * Numbers with thousands separators in the viewer's language (SPEC §1), en-US where none applies.
 * Whole numbers (every count and amount the site shows) are grouped by hand: ko, en, ja, zh-CN and en-US
 * all group by three with ',' (format.test.ts compares with Intl), and a browser's first
 * Intl.NumberFormat loads its locale data on the main thread (24–40 ms on a fast machine, measured in
 * Chromium): more than the rest of hydrating the home page's numbers. Anything else goes to Intl.
 */
export function formatNumber(value: number, lang: Lang | string | null | undefined): string {
  if (!Number.isSafeInteger(value)) return numberFormat(lang).format(value);
  const digits = String(Math.abs(value));
  let out = digits.length > 3 ? digits.replace(/\B(?=(\d{3})+$)/g, ',') : digits;
  if (value < 0) out = `-${out}`;
  return out;
}

/** An Intl.DateTimeFormat for a language (en-US where none applies) with the given options. */
export function dateFormat(lang: Lang | string | null | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(localeOf(lang), options);
}

/** The site's day is in Korean time (KST, UTC+9, no daylight saving; docs/wallet-ledger.md). */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

const UNIT_MS = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/** `t` moved by `n` calendar months, the day kept or cut to the month's last (Jan 31 + 1 month = Feb 28). */
function addMonths(t: number, n: number): number {
  const d = new Date(t);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + n;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  d.setUTCFullYear(year, month, Math.min(d.getUTCDate(), last));
  return d.getTime();
}

/** `a − b` in calendar months with the fraction (moment.js's monthDiff), on the clock given (KST here). */
function monthsBetween(a: number, b: number): number {
  if (new Date(a).getUTCDate() < new Date(b).getUTCDate()) return -monthsBetween(b, a);
  const da = new Date(a);
  const db = new Date(b);
  const whole = (db.getUTCFullYear() - da.getUTCFullYear()) * 12 + (db.getUTCMonth() - da.getUTCMonth());
  const anchor = addMonths(a, whole);
  const before = b - anchor < 0;
  const anchor2 = addMonths(a, whole + (before ? -1 : 1));
  return -(whole + (b - anchor) / (before ? anchor - anchor2 : anchor2 - anchor)) || 0;
}

/**
 * "3분 전", "2 hours ago"… with the SPEC §9 thresholds, in English where no language applies. `now` makes
 * server and client agree. The thresholds work as in moment.js and dayjs (the unit whose rounded count is
 * within its limit; a count of 1 takes the previous step's words), and months are counted on the KST
 * calendar, so a server and a browser in other time zones say the same. The words are the `common`
 * namespace's relativeTime texts.
 */
export function fromNow(date: string | Date, lang: Lang | string | null | undefined, now: Date | number = Date.now()): string {
  const { t } = i18nFor(isLang(lang) ? lang : 'en');
  const at = new Date(date).getTime() + KST_OFFSET_MS;
  const from = new Date(now).getTime() + KST_OFFSET_MS;
  let diff = 0;
  let phrase = '';
  for (const [i, threshold] of RELATIVE_TIME_THRESHOLDS.entries()) {
    let step: (typeof RELATIVE_TIME_THRESHOLDS)[number] = threshold;
    if ('d' in step) {
      diff =
        step.d === 'month' ? monthsBetween(at, from) : step.d === 'year' ? monthsBetween(at, from) / 12 : (at - from) / UNIT_MS[step.d];
    }
    const count = Math.round(Math.abs(diff));
    if (!('r' in step) || count <= step.r) {
      if (count <= 1 && i > 0) step = RELATIVE_TIME_THRESHOLDS[i - 1] ?? step;
      phrase = t(`relativeTime.${step.l}`, { n: count });
      break;
    }
  }
  return t(diff > 0 ? 'relativeTime.future' : 'relativeTime.past', { phrase });
}

/**
 * A date ('2026.11.22') or date and time ('2026.11.22 16:05') in KST, built by hand: Intl's output for
 * the same locale differs between Node and browsers (spaces, AM/PM marks), which breaks hydration.
 */
export function kstDate(iso: string, withTime = false): string {
  const d = new Date(new Date(iso).getTime() + KST_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getUTCFullYear()}.${two(d.getUTCMonth() + 1)}.${two(d.getUTCDate())}`;
  return withTime ? `${date} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}` : date;
}

/** A duration as h:mm:ss (or m:ss under an hour), as players show it. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** '82', '01012345678' → '010-1234-5678'; another country's number as '+1 5551234567'. */
export function formatPhone(countryNum: string, phoneNo: string): string {
  if (!phoneNo) return '';
  if (countryNum === '82' || countryNum === '') {
    const m = /^(01\d)(\d{3,4})(\d{4})$/.exec(phoneNo);
    return m ? `${m[1]}-${m[2]}-${m[3]}` : phoneNo;
  }
  return `+${countryNum} ${phoneNo}`;
}
