import { kstMonthOf as kstMonth, detailsMonths as offeredMonths } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { validImageUrl } from './items.service.js';

describe('kstMonth and offeredMonths', () => {
  it('counts months in Korea: 15:00 UTC on the last day is already the next month', () => {
    expect(kstMonth(Date.parse('2026-11-30T14:59:59Z'))).toBe('2026-11');
    expect(kstMonth(Date.parse('2026-11-30T15:00:00Z'))).toBe('2026-12');
  });

  it('offers the current month and the previous ones across a year boundary, newest first', () => {
    expect(offeredMonths(Date.parse('2027-02-10T00:00:00Z'), 3)).toEqual(['2027-02', '2027-01', '2026-12', '2026-11']);
    expect(offeredMonths(Date.parse('2027-02-10T00:00:00Z'), 0)).toEqual(['2027-02']);
  });
});

describe('validImageUrl', () => {
  it('accepts our paths, http(s) and inline images; refuses scripts, protocol-relative and odd characters', () => {
    for (const ok of [
      '',
      '/items/a.svg',
      'https://cdn.example.com/a.png',
      'http://x.test/a',
      'data:image/svg+xml,%3Csvg%3E',
      'data:image/png;base64,AAA=',
    ]) {
      expect(validImageUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      '//evil.test/a.png',
      'data:text/html,<b>',
      'https://x.test/a b.png',
      'ftp://x.test/a',
      "/a'onerror='x",
    ]) {
      expect(validImageUrl(bad), bad).toBe(false);
    }
  });
});
