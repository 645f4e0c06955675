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
