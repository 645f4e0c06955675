import { type Lang, localeOf, RELATIVE_TIME_THRESHOLDS } from '@byeol/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime, { thresholds: RELATIVE_TIME_THRESHOLDS.map((t) => ({ ...t })) });

const numberFormats = new Map<Lang, Intl.NumberFormat>();

/** Numbers with thousands separators in the viewer's language (SPEC §1). */
export function formatNumber(value: number, lang: Lang): string {
  let f = numberFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(localeOf(lang));
    numberFormats.set(lang, f);
  }
  return f.format(value);
}

const dayjsLocale: Record<Lang, string> = { ko: 'ko', en: 'en', ja: 'ja', 'zh-CN': 'zh-cn' };

/** "3분 전", "2 hours ago"… with the SPEC §9 thresholds. `now` makes server and client agree. */
export function fromNow(date: string | Date, lang: Lang, now: Date | number = Date.now()): string {
  return dayjs(date).locale(dayjsLocale[lang]).from(dayjs(now));
}

/** The site's day is in Korean time (KST, UTC+9, no daylight saving; docs/wallet-ledger.md). */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

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
