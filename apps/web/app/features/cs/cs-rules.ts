import { BOARD_LIMITS, CS_LIMITS, FAQ_CATEGORIES, type FaqCategory, REPORT_TARGETS, type ReportTarget, ResultCode } from '@byeol/contract';

/**
 * The customer centre's rules (issue 19): the query parameters the pages read and which pages never show
 * the re-agreement dialog. What the question and report forms refuse before sending is in cs-form-rules.ts
 * (the contract's schemas: zod loads with those forms, not with every page).
 */

/** Rows per page of the notices, the FAQ, the member's questions and reports. */
export const CS_PAGE_SIZE = 20;

/** Characters as the server counts them (code points: an emoji is one). */
export { charCount } from '@byeol/contract';

/** `?page=` of the notices: a whole number from 1 (anything else is the first page). */
export function pageOf(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** The pages of a pager around `page` (at most `span` numbers), for `total` rows of `size` per page. */
export function pagesAround(page: number, total: number, size = CS_PAGE_SIZE, span = 5): { pages: number[]; last: number } {
  const last = Math.max(1, Math.ceil(total / size));
  const start = Math.max(1, Math.min(page - Math.floor(span / 2), last - span + 1));
  const pages: number[] = [];
  for (let p = start; p <= Math.min(last, start + span - 1); p++) pages.push(p);
  return { pages, last };
}

/** `?category=` of the FAQ: one of FAQ_CATEGORIES, or undefined (all). */
export function faqCategoryOf(value: string | null | undefined): FaqCategory | undefined {
  return (FAQ_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as FaqCategory) : undefined;
}

/** `?keyword=` of the FAQ, trimmed and cut to the length the server accepts. */
export function faqKeywordOf(value: string | null | undefined): string {
  return [...(value ?? '').trim()].slice(0, BOARD_LIMITS.keywordMax).join('');
}

/** `?target_type=` of the report form: one of REPORT_TARGETS, or null. */
export function reportTargetOf(value: string | null | undefined): ReportTarget | null {
  return (REPORT_TARGETS as readonly string[]).includes(value ?? '') ? (value as ReportTarget) : null;
}

/**
 * `?quote=` of the report form: the chat line a chat report quotes, trimmed and cut to the contract's
 * CS_LIMITS.quoteMax characters (a real line is shorter: only a hand-made link is cut).
 */
export function reportQuoteOf(value: string | null | undefined): string {
  return [...(value ?? '').trim()].slice(0, CS_LIMITS.quoteMax).join('').trim();
}

/**
 * Pages that never show the re-agreement dialog: the OBS overlays (a browser source nobody can click in) and
 * the payment popups (small windows of their own; the opener shows it).
 */
export function isBarePath(pathname: string): boolean {
  return /\/effects(\/full)?\/?$/.test(pathname) || pathname.startsWith('/popup/');
}

/** Answers of the policy calls that mean there is no such policy, guide or version: the page is a 404. */
export const POLICY_MISSING: readonly number[] = [
  ResultCode.POLICY_NOT_FOUND,
  ResultCode.INVALID_INPUT,
  ResultCode.REQUIRED,
  ResultCode.NOT_FOUND,
];
