import { BOARD_LIMITS } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../lib/paging';
import {
  BOARD_PAGE_SIZE,
  boardListPath,
  LAST_OFFSET_PAGE,
  listDate,
  listQueryOf,
  listRequest,
  newerPageRedirect,
  newerPath,
  pagesOf,
  postRefusals,
  refusalMessage,
  replyRefusal,
  reportRefusals,
  showsOlder,
} from './board-rules';

const q = (s: string) => listQueryOf(new URLSearchParams(s));

describe('board paging', () => {
  it('reads the page, the keyword and the keyset from the URL', () => {
    expect(q('')).toEqual({ keyword: '', page: 1, lastSn: 0, firstSn: 0 });
    expect(q('page=3&keyword=%20하늘%20')).toEqual({ keyword: '하늘', page: 3, lastSn: 0, firstSn: 0 });
    expect(q('page=-2')).toEqual({ keyword: '', page: 1, lastSn: 0, firstSn: 0 });
    expect(q('page=abc')).toEqual({ keyword: '', page: 1, lastSn: 0, firstSn: 0 });
    expect(q('page=99999').page).toBe(LAST_OFFSET_PAGE);
    expect(q('last_sn=120&page=4')).toEqual({ keyword: '', page: 0, lastSn: 120, firstSn: 0 });
    expect([...q(`keyword=${'가'.repeat(80)}`).keyword]).toHaveLength(BOARD_LIMITS.keywordMax);
  });

  it('goes back one keyset page with first_sn ("newer"), and to the first page once the newest are reached', () => {
    // first_sn wins over last_sn and the page number.
    expect(q('first_sn=500&last_sn=120&page=4')).toEqual({ keyword: '', page: 0, lastSn: 0, firstSn: 500 });
    expect(q('first_sn=abc')).toEqual({ keyword: '', page: 1, lastSn: 0, firstSn: 0 });
    expect(listRequest({ keyword: 'x', page: 0, lastSn: 0, firstSn: 500 })).toEqual({
      search_keyword: 'x',
      offset: 0,
      limit: BOARD_PAGE_SIZE,
      last_sn: 0,
      first_sn: 500,
    });
    expect(boardListPath({ keyword: '별', firstSn: 500, lastSn: 9 })).toBe('/bbs?keyword=%EB%B3%84&first_sn=500');

    // A page past page 101 (reached by "older") offers "newer": the posts just newer than its first row.
    const deep = { keyword: '', page: 0, lastSn: 9_000, firstSn: 0 };
    expect(newerPath(deep, 9_040)).toBe('/bbs?first_sn=9040');
    // From a "newer" page, again: one more page back, keeping the keyword.
    expect(newerPath({ keyword: '정국', page: 0, lastSn: 0, firstSn: 9_040 }, 9_090)).toBe(
      `/bbs?keyword=${encodeURIComponent('정국')}&first_sn=9090`,
    );
    // A numbered page has "previous" instead; an empty keyset page offers only "first".
    expect(newerPath({ keyword: '', page: 3, lastSn: 0, firstSn: 0 }, 100)).toBeNull();
    expect(newerPath(deep, undefined)).toBeNull();
    // A "newer" page is a keyset page: older shows when it is full.
    expect(showsOlder({ keyword: '', page: 0, lastSn: 0, firstSn: 9_040 }, 0, BOARD_PAGE_SIZE)).toBe(true);

    // A "newer" page that came back short has reached the top: the first page shows those posts.
    expect(newerPageRedirect({ keyword: '', page: 0, lastSn: 0, firstSn: 9_090 }, BOARD_PAGE_SIZE - 1)).toBe('/bbs');
    expect(newerPageRedirect({ keyword: '별', page: 0, lastSn: 0, firstSn: 9_090 }, 0)).toBe('/bbs?keyword=%EB%B3%84');
    expect(newerPageRedirect({ keyword: '', page: 0, lastSn: 0, firstSn: 9_090 }, BOARD_PAGE_SIZE)).toBeNull();
    expect(newerPageRedirect({ keyword: '', page: 0, lastSn: 9_000, firstSn: 0 }, 3)).toBeNull();
  });

  it('asks for an offset within offsetMax, then by last_sn', () => {
    expect(listRequest({ keyword: '', page: 2, lastSn: 0, firstSn: 0 })).toMatchObject({ offset: BOARD_PAGE_SIZE, last_sn: 0 });
    expect(listRequest({ keyword: '', page: LAST_OFFSET_PAGE, lastSn: 0, firstSn: 0 }).offset).toBeLessThanOrEqual(BOARD_LIMITS.offsetMax);
    expect(listRequest({ keyword: 'x', page: 0, lastSn: 77, firstSn: 0 })).toMatchObject({ offset: 0, last_sn: 77, search_keyword: 'x' });
  });

  it('builds list paths without defaults', () => {
    expect(boardListPath()).toBe('/bbs');
    expect(boardListPath({ page: 1, keyword: '' })).toBe('/bbs');
    expect(boardListPath({ page: 2, keyword: '별 빛' })).toBe('/bbs?keyword=%EB%B3%84+%EB%B9%9B&page=2');
    expect(boardListPath({ lastSn: 5, page: 3 })).toBe('/bbs?last_sn=5');
  });

  it('numbers the pages reached by offset and offers older ones past them', () => {
    expect(pagesOf(0)).toEqual({ pages: 1, hasOlder: false });
    expect(pagesOf(41)).toEqual({ pages: 3, hasOlder: false });
    expect(pagesOf(BOARD_PAGE_SIZE * LAST_OFFSET_PAGE + 1)).toEqual({ pages: LAST_OFFSET_PAGE, hasOlder: true });
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    const many = BOARD_PAGE_SIZE * (LAST_OFFSET_PAGE + 3);
    expect(showsOlder({ keyword: '', page: LAST_OFFSET_PAGE, lastSn: 0, firstSn: 0 }, many, BOARD_PAGE_SIZE)).toBe(true);
    expect(showsOlder({ keyword: '', page: LAST_OFFSET_PAGE - 1, lastSn: 0, firstSn: 0 }, many, BOARD_PAGE_SIZE)).toBe(false);
    expect(showsOlder({ keyword: '', page: 0, lastSn: 9, firstSn: 0 }, many, BOARD_PAGE_SIZE)).toBe(true);
    expect(showsOlder({ keyword: '', page: 0, lastSn: 9, firstSn: 0 }, many, 3)).toBe(false);
  });
});

describe('board refusals before sending', () => {
  it('names the field codes of the contract', () => {
    expect(postRefusals('', '  ')).toEqual({ title: 'BOARD_TITLE_REQUIRED', content: 'BOARD_CONTENT_REQUIRED' });
    expect(postRefusals('가'.repeat(BOARD_LIMITS.titleMax + 1), 'ok')).toEqual({ title: 'BOARD_TITLE_LENGTH' });
    expect(postRefusals('제목', '내용')).toBeNull();
    // An emoji is one character, as the server counts.
    expect(postRefusals('😀'.repeat(BOARD_LIMITS.titleMax), '내용')).toBeNull();
  });

  it('finds personal data in a post or a comment', () => {
    expect(postRefusals('제목', '연락 주세요 010-1234-5678')).toEqual({ content: 'BOARD_PERSONAL_INFO' });
    expect(postRefusals('메일 fan@example.com', '내용')).toEqual({ title: 'BOARD_PERSONAL_INFO' });
    expect(replyRefusal('01012345678')).toBe('BOARD_PERSONAL_INFO');
    expect(replyRefusal('')).toBe('BOARD_REPLY_REQUIRED');
    expect(replyRefusal('가'.repeat(BOARD_LIMITS.replyMax + 1))).toBe('BOARD_REPLY_LENGTH');
    expect(replyRefusal('좋아요')).toBeNull();
  });

  it('fills the placeholders of a refusal as the server does', () => {
    for (const lang of ['ko', 'en', 'ja', 'zh-CN'] as const) {
      expect(refusalMessage('BOARD_TITLE_LENGTH', lang)).toContain(String(BOARD_LIMITS.titleMax));
      expect(refusalMessage('BOARD_REPLY_LENGTH', lang)).toContain(String(BOARD_LIMITS.replyMax));
      expect(refusalMessage('BOARD_PERSONAL_INFO', lang)).not.toMatch(/\{\w+\}/);
    }
  });

  it('requires a report type and content', () => {
    const target = { type: 'post' as const, key: '12' };
    expect(reportRefusals(target, '', '')).toEqual({ report_type: 'REPORT_TYPE_REQUIRED', content: 'REPORT_CONTENT_REQUIRED' });
    expect(reportRefusals(target, 'spam', '광고')).toBeNull();
    expect(reportRefusals(target, 'spam', '가'.repeat(1001))).toEqual({ content: 'REPORT_CONTENT_LENGTH' });
  });
});

describe('list dates', () => {
  it('shows the time for today (KST) and the date otherwise', () => {
    const now = Date.parse('2026-11-22T05:00:00Z'); // 14:00 KST
    expect(listDate('2026-11-22T01:05:00Z', now)).toBe('10:05');
    // 23:30 UTC on the 21st is 08:30 KST on the 22nd: today in Korea.
    expect(listDate('2026-11-21T23:30:00Z', now)).toBe('08:30');
    expect(listDate('2026-11-21T14:00:00Z', now)).toBe('2026.11.21');
  });
});
