import {
  BOARD_LIMITS,
  BoardInsertSchema,
  BoardReplyInsertSchema,
  COMMUNITY_REFUSAL_PARAMS,
  type CommunityRefusal,
  findPersonalInfo,
  isCommunityRefusal,
  type Lang,
  ReportProcSchema,
  type ReportTarget,
  resultMessage,
} from '@byeol/contract';
import { kstDate } from '../../lib/format';

/**
 * The board's rules on the web (issue 19, SPEC §2 /bbs): its paging (page numbers while the offset is within
 * BOARD_LIMITS.offsetMax, then "older" by the last post's number and "newer" by the first's), what the forms refuse before sending (the
 * contract's schemas and its personal-data patterns, so the same codes as the server), and how dates show.
 */

/** Posts per page of the list. */
export const BOARD_PAGE_SIZE = 20;
/** Comments per page under a post. */
export const REPLY_PAGE_SIZE = 20;
/** The last page reached by offset; past it, pages are reached with `last_sn` (keyset paging). */
export const LAST_OFFSET_PAGE = Math.floor(BOARD_LIMITS.offsetMax / BOARD_PAGE_SIZE) + 1;

/**
 * What the list's URL asks for: `?keyword=` (trimmed), `?page=` (1-based), `?last_sn=` (older than that post)
 * or `?first_sn=` (the page just newer than that post).
 */
export interface ListQuery {
  keyword: string;
  page: number;
  /** 0 unless the page is reached by keyset ("older" past the last offset page). */
  lastSn: number;
  /** 0 unless the page is reached by keyset going back ("newer" from a keyset page); wins over lastSn. */
  firstSn: number;
}

/** The page is reached by keyset (either way), not by a page number. */
export const isKeysetPage = (query: ListQuery): boolean => query.lastSn > 0 || query.firstSn > 0;

const positiveInt = (value: string | null): number => {
  const n = Number(value ?? '');
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

export function listQueryOf(params: URLSearchParams): ListQuery {
  const keyword = [...(params.get('keyword') ?? '').trim()].slice(0, BOARD_LIMITS.keywordMax).join('');
  const firstSn = positiveInt(params.get('first_sn'));
  const lastSn = firstSn ? 0 : positiveInt(params.get('last_sn'));
  const page = lastSn || firstSn ? 0 : Math.min(positiveInt(params.get('page')) || 1, LAST_OFFSET_PAGE);
  return { keyword, page, lastSn, firstSn };
}

/** The list call's paging for a query: an offset for a numbered page, `last_sn` or `first_sn` past them. */
export function listRequest(query: ListQuery) {
  return isKeysetPage(query)
    ? {
        search_keyword: query.keyword,
        offset: 0,
        limit: BOARD_PAGE_SIZE,
        last_sn: query.firstSn ? 0 : query.lastSn,
        first_sn: query.firstSn,
      }
    : {
        search_keyword: query.keyword,
        offset: (query.page - 1) * BOARD_PAGE_SIZE,
        limit: BOARD_PAGE_SIZE,
        last_sn: 0,
        first_sn: 0,
      };
}

/**
 * A "newer" page that came back short has reached the newest posts: the list's first page shows them (with
 * its page numbers) instead of a short keyset page. Answers where to send the reader, or null to stay.
 */
export function newerPageRedirect(query: ListQuery, rows: number): string | null {
  return query.firstSn > 0 && rows < BOARD_PAGE_SIZE ? boardListPath({ keyword: query.keyword }) : null;
}

/** `/bbs` with the keyword and the page (page 1 and an empty keyword left out). */
export function boardListPath(query: Partial<ListQuery> = {}): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.firstSn) params.set('first_sn', String(query.firstSn));
  else if (query.lastSn) params.set('last_sn', String(query.lastSn));
  else if (query.page && query.page > 1) params.set('page', String(query.page));
  const qs = params.toString();
  return qs ? `/bbs?${qs}` : '/bbs';
}

export const boardPostPath = (boardSn: number) => `/bbs/detail/${boardSn}`;
export const boardFormPath = (boardSn?: number) => (boardSn ? `/bbs/form?board_sn=${boardSn}` : '/bbs/form');

/** The pages a total spans, counting only those reached by offset (the rest are "older"). */
export function pagesOf(total: number): { pages: number; hasOlder: boolean } {
  const all = Math.max(1, Math.ceil(total / BOARD_PAGE_SIZE));
  return { pages: Math.min(all, LAST_OFFSET_PAGE), hasOlder: all > LAST_OFFSET_PAGE };
}

/**
 * Whether "older" (keyset) shows under a page: on the last numbered page when more posts lie beyond it, and
 * on a keyset page that came back full.
 */
export function showsOlder(query: ListQuery, total: number, rows: number): boolean {
  if (isKeysetPage(query)) return rows >= BOARD_PAGE_SIZE;
  return query.page === LAST_OFFSET_PAGE && pagesOf(total).hasOlder && rows >= BOARD_PAGE_SIZE;
}

/**
 * Where "newer" leads from a keyset page (the page just before it: the posts newer than its first one), or null
 * on a numbered page (it has "previous") and on an empty keyset page (only "first" then).
 */
export function newerPath(query: ListQuery, firstShown: number | undefined): string | null {
  if (!isKeysetPage(query) || !firstShown) return null;
  return boardListPath({ keyword: query.keyword, firstSn: firstShown });
}

/** Characters as the server counts them (code points: an emoji is one). */
export { charCount } from '@byeol/contract';

export type PostField = 'title' | 'content';
/** A refusal the form shows before sending: a schema code of the contract, or personal data found. */
export type PostRefusal = CommunityRefusal | 'BOARD_PERSONAL_INFO';

/** A refusal's message in `lang`, with its placeholders ({max}) filled as the server fills them. */
export function refusalMessage(code: PostRefusal, lang: Lang): string {
  return code === 'BOARD_PERSONAL_INFO' ? resultMessage(code, lang) : resultMessage(code, lang, COMMUNITY_REFUSAL_PARAMS[code]);
}

/** What the post form refuses before sending, per field (the first refusal of each), or null. */
export function postRefusals(title: string, content: string): Partial<Record<PostField, PostRefusal>> | null {
  const found: Partial<Record<PostField, PostRefusal>> = {};
  const checked = BoardInsertSchema.safeParse({ title, content });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0];
      if ((field === 'title' || field === 'content') && !found[field] && isCommunityRefusal(issue.message)) found[field] = issue.message;
    }
  }
  if (!found.title && findPersonalInfo(title)) found.title = 'BOARD_PERSONAL_INFO';
  if (!found.content && findPersonalInfo(content)) found.content = 'BOARD_PERSONAL_INFO';
  return found.title || found.content ? found : null;
}

/** What the comment form refuses before sending (required, too long, personal data), or null. */
export function replyRefusal(content: string): PostRefusal | null {
  const checked = BoardReplyInsertSchema.safeParse({ board_sn: 1, content });
  if (!checked.success) {
    const code = checked.error.issues.find((issue) => issue.path[0] === 'content')?.message ?? '';
    if (isCommunityRefusal(code)) return code;
  }
  return findPersonalInfo(content) ? 'BOARD_PERSONAL_INFO' : null;
}

export type ReportField = 'report_type' | 'content';

/** What the report form refuses before sending, per field (REPORT_TYPE_REQUIRED, REPORT_CONTENT_…), or null. */
export function reportRefusals(
  target: { type: ReportTarget; key: string },
  reportType: string,
  content: string,
): Partial<Record<ReportField, CommunityRefusal>> | null {
  const checked = ReportProcSchema.safeParse({
    target_type: target.type,
    target_key: target.key,
    report_type: reportType || undefined,
    content,
  });
  if (checked.success) return null;
  const found: Partial<Record<ReportField, CommunityRefusal>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === 'report_type' || field === 'content') && !found[field] && isCommunityRefusal(issue.message))
      found[field] = issue.message;
  }
  return found.report_type || found.content ? found : null;
}

/** A list date in KST: the time for a post of today (KST), else the date ('2026.11.22'). */
export function listDate(iso: string, now: number): string {
  const full = kstDate(iso, true);
  const today = kstDate(new Date(now).toISOString());
  return full.startsWith(today) ? full.slice(11) : full.slice(0, 10);
}
