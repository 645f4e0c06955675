import { DEFAULT_LANG, DEFAULT_LOCALE, localeOf } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import '../i18n/all';
import { dateFormat, formatNumber, fromNow, kstDate, numberFormat } from './format';

describe('formatNumber', () => {
  it('groups thousands in every language', () => {
    expect(formatNumber(1234567, 'ko')).toBe('1,234,567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'ja')).toBe('1,234,567');
    expect(formatNumber(1234567, 'zh-CN')).toBe('1,234,567');
  });
});

describe('formatNumber by hand (whole numbers) and Intl agree', () => {
  it('for every language, the default locale and numbers of every length, signs included', () => {
    const values = [0, 7, -7, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -1_234_567, 2 ** 31, Number.MAX_SAFE_INTEGER];
    for (let n = 1; n < 1e15; n *= 7) values.push(n, -n - 1);
    for (const lang of ['ko', 'en', 'ja', 'zh-CN', undefined, 'fr']) {
      for (const v of values) expect(formatNumber(v, lang), `${v} in ${lang}`).toBe(numberFormat(lang).format(v));
    }
    // Fractions go to Intl.
    expect(formatNumber(1234.5, 'ko')).toBe('1,234.5');
  });
});

describe('fromNow (SPEC §9 thresholds)', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const S = 1000;
  const M = 60 * S;
  const H = 60 * M;
  const D = 24 * H;

  it('switches unit exactly at the thresholds', () => {
    expect(fromNow(ago(44 * S), 'en', now)).toBe('a few seconds ago');
    expect(fromNow(ago(45 * S), 'en', now)).toBe('a minute ago');
    expect(fromNow(ago(89 * S), 'en', now)).toBe('a minute ago');
    expect(fromNow(ago(90 * S), 'en', now)).toBe('2 minutes ago');
    expect(fromNow(ago(44 * M), 'en', now)).toBe('44 minutes ago');
    expect(fromNow(ago(45 * M), 'en', now)).toBe('an hour ago');
    expect(fromNow(ago(21 * H), 'en', now)).toBe('21 hours ago');
    expect(fromNow(ago(22 * H), 'en', now)).toBe('a day ago');
    expect(fromNow(ago(25 * D), 'en', now)).toBe('25 days ago');
    expect(fromNow(ago(26 * D), 'en', now)).toBe('a month ago');
  });

  it('counts months and years on the calendar, past and future (the same answers dayjs gave)', () => {
    const end = new Date('2026-03-31T03:00:00Z');
    const before = (days: number) => new Date(end.getTime() - days * D);
    const cases: [number, string, string][] = [
      [26, 'a month ago', '한 달 전'],
      [45, 'a month ago', '한 달 전'],
      [46, '2 months ago', '2달 전'],
      [75, '3 months ago', '3달 전'],
      [300, '10 months ago', '10달 전'],
      [320, 'a year ago', '일 년 전'],
      [400, 'a year ago', '일 년 전'],
      [550, '2 years ago', '2년 전'],
      [1000, '3 years ago', '3년 전'],
      [-30, 'in a month', '한 달 후'],
    ];
    for (const [days, en, ko] of cases) {
      expect(fromNow(before(days), 'en', end), `${days} days`).toBe(en);
      expect(fromNow(before(days), 'ko', end), `${days} days`).toBe(ko);
    }
    expect(fromNow(new Date(end.getTime() + 3 * M), 'en', end)).toBe('in 3 minutes');
  });

  it('speaks the viewer language', () => {
    expect(fromNow(ago(3 * M), 'ko', now)).toBe('3분 전');
    expect(fromNow(ago(3 * M), 'ja', now)).toBe('3分前');
    expect(fromNow(ago(3 * M), 'zh-CN', now)).toBe('3 分钟前');
  });
});

describe('the default locale where no language applies (SPEC §9: en-US; the interface default stays ko)', () => {
  it('formats numbers and dates in en-US for a missing or unsupported language', () => {
    for (const lang of [undefined, null, '', 'fr', 'zh', 'EN', 'xx-YY']) {
      expect(formatNumber(1234567.5, lang), String(lang)).toBe('1,234,567.5');
      expect(numberFormat(lang).resolvedOptions().locale).toBe('en-US');
      expect(dateFormat(lang, { timeZone: 'UTC' }).resolvedOptions().locale).toBe('en-US');
      expect(dateFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-03-05T00:00:00Z'))).toBe('March 5, 2026');
    }
    expect(fromNow(new Date('2026-01-01T11:57:00Z'), 'fr', new Date('2026-01-01T12:00:00Z'))).toBe('3 minutes ago');
  });

  it('keeps each supported language its own locale', () => {
    expect(localeOf('ko')).toBe('ko-KR');
    expect(localeOf('ja')).toBe('ja-JP');
    expect(localeOf('zh-CN')).toBe('zh-CN');
    expect(localeOf('en')).toBe('en-US');
    expect(localeOf('de')).toBe(DEFAULT_LOCALE);
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(DEFAULT_LANG).toBe('ko');
    expect(dateFormat('ko', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-03-05T00:00:00Z'))).toBe('2026년 3월 5일');
    // A decimal in German would read 1.234.567,5: a supported language never borrows another's.
    expect(formatNumber(1234567.5, 'ja')).toBe('1,234,567.5');
  });
});

describe('kstDate', () => {
  it('writes dates in KST the same on the server and in the browser', () => {
    expect(kstDate('2026-11-22T07:05:00Z')).toBe('2026.11.22');
    expect(kstDate('2026-11-22T15:05:00Z', true)).toBe('2026.11.23 00:05');
    expect(kstDate('not a date')).toBe('');
  });
});
