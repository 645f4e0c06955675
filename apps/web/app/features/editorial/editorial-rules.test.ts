import { EDITORIAL_LIMITS, resultMessage } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { magazineListPath } from '../../lib/links';
import {
  EVENT_PAGE_SIZE,
  eventListPath,
  eventPeriod,
  eventQueryOf,
  eventReplyRefusal,
  eventRequest,
  MAGAZINE_PAGE_SIZE,
  magazineQueryOf,
  magazineReportRefusals,
  magazineRequest,
  pageCount,
  replyRefusalMessage,
  snOf,
} from './editorial-rules';

describe('the magazine list query', () => {
  it('reads a known category and a page, and ignores anything else', () => {
    expect(magazineQueryOf(new URLSearchParams('category=interview&page=3'))).toEqual({ category: 'interview', page: 3 });
    expect(magazineQueryOf(new URLSearchParams('category=gossip&page=-2'))).toEqual({ category: null, page: 1 });
    expect(magazineQueryOf(new URLSearchParams('page=99999999')).page).toBe(1000);
  });

  it('asks for the page by offset and writes the path back without defaults', () => {
    expect(magazineRequest({ category: 'news', page: 2 })).toEqual({
      category: 'news',
      offset: MAGAZINE_PAGE_SIZE,
      limit: MAGAZINE_PAGE_SIZE,
    });
    expect(magazineRequest({ category: null, page: 1 })).toEqual({ offset: 0, limit: MAGAZINE_PAGE_SIZE });
    expect(magazineListPath()).toBe('/magazine');
    expect(magazineListPath({ category: 'guide', page: 1 })).toBe('/magazine?category=guide');
    expect(magazineListPath({ category: null, page: 4 })).toBe('/magazine?page=4');
  });
});

describe('the event list query', () => {
  it('defaults to the running events and keeps the phase in the path only when it is another', () => {
    expect(eventQueryOf(new URLSearchParams(''))).toEqual({ phase: 'running', page: 1 });
    expect(eventQueryOf(new URLSearchParams('phase=ended&page=2'))).toEqual({ phase: 'ended', page: 2 });
    expect(eventQueryOf(new URLSearchParams('phase=past')).phase).toBe('running');
    expect(eventRequest({ phase: 'upcoming', page: 3 })).toEqual({
      phase: 'upcoming',
      offset: 2 * EVENT_PAGE_SIZE,
      limit: EVENT_PAGE_SIZE,
    });
    expect(eventListPath({ phase: 'running', page: 1 })).toBe('/sub/event');
    expect(eventListPath({ phase: 'ended', page: 2 })).toBe('/sub/event?phase=ended&page=2');
  });
});

describe('paging and route numbers', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });

  it('takes only a positive whole number from a route parameter', () => {
    expect(snOf('42')).toBe(42);
    expect(snOf('0')).toBe(0);
    expect(snOf('4.5')).toBe(0);
    expect(snOf('abc')).toBe(0);
    expect(snOf(undefined)).toBe(0);
  });
});

describe('an event period in KST', () => {
  it('shows both ends in Korean time', () => {
    // 01:00 UTC is 10:00 KST; 14:59 UTC is 23:59 KST.
    expect(eventPeriod('2026-11-22T01:00:00.000Z', '2026-12-03T14:59:00.000Z')).toEqual({
      start: '2026.11.22 10:00',
      end: '2026.12.03 23:59',
    });
  });

  it('shows an end at midnight KST as the last minute of the day before', () => {
    expect(eventPeriod('2026-11-22T01:00:00.000Z', '2026-12-03T15:00:00.000Z').end).toBe('2026.12.03 23:59');
  });
});

describe('the refusals shown before sending', () => {
  it('refuses an empty or too long event reply with the server’s codes and messages', () => {
    expect(eventReplyRefusal('   ')).toBe('EVENT_REPLY_REQUIRED');
    expect(eventReplyRefusal('😀'.repeat(EDITORIAL_LIMITS.replyMax))).toBeNull();
    expect(eventReplyRefusal('가'.repeat(EDITORIAL_LIMITS.replyMax + 1))).toBe('EVENT_REPLY_LENGTH');
    expect(replyRefusalMessage('EVENT_REPLY_LENGTH', 'ko')).toBe(
      resultMessage('EVENT_REPLY_LENGTH', 'ko', { max: EDITORIAL_LIMITS.replyMax }),
    );
    expect(replyRefusalMessage('EVENT_REPLY_LENGTH', 'en')).toContain(String(EDITORIAL_LIMITS.replyMax));
  });

  it('requires an article report’s type and content', () => {
    expect(magazineReportRefusals('', '')).toEqual({ report_type: 'REPORT_TYPE_REQUIRED', content: 'REPORT_CONTENT_REQUIRED' });
    expect(magazineReportRefusals('spam', '')).toEqual({ content: 'REPORT_CONTENT_REQUIRED' });
    expect(magazineReportRefusals('spam', '광고 글입니다')).toBeNull();
    expect(magazineReportRefusals('spam', 'a'.repeat(1001))).toEqual({ content: 'REPORT_CONTENT_LENGTH' });
  });
});
