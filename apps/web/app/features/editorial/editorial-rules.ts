import {
  COMMUNITY_REFUSAL_PARAMS,
  type CommunityRefusal,
  EDITORIAL_REFUSAL_PARAMS,
  EVENT_PHASES,
  type EventPhase,
  EventReplyProcSchema,
  isCommunityRefusal,
  type Lang,
  MAGAZINE_CATEGORIES,
  type MagazineCategory,
  MagazineReportSchema,
  resultMessage,
} from '@byeol/contract';
import { kstDate } from '../../lib/format';

/**
 * The editorial pages' rules on the web (issue 21, docs/editorial.md): their paths, what their URLs ask for
 * (a magazine category, an event phase, a page), what the reply and report forms refuse before sending
 * (the contract's schemas, so the same codes and messages as the server) and how periods show in KST.
 */

/** Articles per page of /magazine (a grid of 2, 3 or 4 across). */
export const MAGAZINE_PAGE_SIZE = 12;
/** Events per page of /sub/event. */
export const EVENT_PAGE_SIZE = 10;
/** Replies per page under an event. */
export const EVENT_REPLY_PAGE_SIZE = 20;
/** The last page a URL may ask for (the calls' offset stops at 100,000). */
const MAX_PAGE = 1000;

const positiveInt = (value: string | null): number => {
  const n = Number(value ?? '');
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

export const isMagazineCategory = (value: string | null): value is MagazineCategory =>
  (MAGAZINE_CATEGORIES as readonly (string | null)[]).includes(value);
export const isEventPhase = (value: string | null): value is EventPhase => (EVENT_PHASES as readonly (string | null)[]).includes(value);

/** What /magazine's URL asks for: `?category=` (one of MAGAZINE_CATEGORIES, none for all) and `?page=`. */
export interface MagazineQuery {
  category: MagazineCategory | null;
  page: number;
}

export function magazineQueryOf(params: URLSearchParams): MagazineQuery {
  const category = params.get('category');
  return { category: isMagazineCategory(category) ? category : null, page: Math.min(positiveInt(params.get('page')) || 1, MAX_PAGE) };
}

/** The list call's input for a query. */
export function magazineRequest(query: MagazineQuery) {
  return {
    ...(query.category ? { category: query.category } : {}),
    offset: (query.page - 1) * MAGAZINE_PAGE_SIZE,
    limit: MAGAZINE_PAGE_SIZE,
  };
}

/** What /sub/event's URL asks for: `?phase=` (running when absent) and `?page=`. */
export interface EventQuery {
  phase: EventPhase;
  page: number;
}

export function eventQueryOf(params: URLSearchParams): EventQuery {
  const phase = params.get('phase');
  return { phase: isEventPhase(phase) ? phase : 'running', page: Math.min(positiveInt(params.get('page')) || 1, MAX_PAGE) };
}

export function eventRequest(query: EventQuery) {
  return { phase: query.phase, offset: (query.page - 1) * EVENT_PAGE_SIZE, limit: EVENT_PAGE_SIZE };
}

/** `/sub/event` with the phase and the page (running and page 1 left out). */
export function eventListPath(query: Partial<EventQuery> = {}): string {
  const params = new URLSearchParams();
  if (query.phase && query.phase !== 'running') params.set('phase', query.phase);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const qs = params.toString();
  return qs ? `/sub/event?${qs}` : '/sub/event';
}

export const eventPath = (eventSn: number) => `/sub/event/${eventSn}`;

/** The pages a total spans (at least one). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** A route parameter that names a row: a positive safe integer, or 0. */
export const snOf = (raw: string | undefined): number => positiveInt(raw ?? null);

/**
 * An event's period in KST ('2026.11.22 10:00 ~ 2026.12.03 23:59'). An end at midnight KST is shown as the
 * minute before (the day it closes), which is how a period entered as days reads.
 */
export function eventPeriod(start: string, end: string): { start: string; end: string } {
  const endMs = new Date(end).getTime();
  const shown = kstDate(end, true).endsWith(' 00:00') ? new Date(endMs - 60_000).toISOString() : end;
  return { start: kstDate(start, true), end: kstDate(shown, true) };
}

/** Characters as the server counts them (code points: an emoji is one). */
export { charCount } from '@byeol/contract';

export type ReplyRefusal = keyof typeof EDITORIAL_REFUSAL_PARAMS;
const isReplyRefusal = (code: string): code is ReplyRefusal => Object.hasOwn(EDITORIAL_REFUSAL_PARAMS, code);

/** What the event reply form refuses before sending (EVENT_REPLY_REQUIRED, EVENT_REPLY_LENGTH), or null. */
export function eventReplyRefusal(content: string): ReplyRefusal | null {
  const checked = EventReplyProcSchema.safeParse({ mode: 'insert', event_sn: 1, content });
  if (checked.success) return null;
  const code = checked.error.issues.find((issue) => issue.path[0] === 'content')?.message ?? '';
  return isReplyRefusal(code) ? code : null;
}

/** A reply refusal's message in `lang`, its placeholders ({max}) filled as the server fills them. */
export const replyRefusalMessage = (code: ReplyRefusal, lang: Lang) => resultMessage(code, lang, EDITORIAL_REFUSAL_PARAMS[code]);

export type ReportField = 'report_type' | 'content';

/** What the article report form refuses before sending, per field (REPORT_TYPE_REQUIRED, REPORT_CONTENT_…), or null. */
export function magazineReportRefusals(reportType: string, content: string): Partial<Record<ReportField, CommunityRefusal>> | null {
  const checked = MagazineReportSchema.safeParse({ mi_sn: 1, report_type: reportType || undefined, content });
  if (checked.success) return null;
  const found: Partial<Record<ReportField, CommunityRefusal>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === 'report_type' || field === 'content') && !found[field] && isCommunityRefusal(issue.message))
      found[field] = issue.message;
  }
  return found.report_type || found.content ? found : null;
}

export const reportRefusalMessage = (code: CommunityRefusal, lang: Lang) => resultMessage(code, lang, COMMUNITY_REFUSAL_PARAMS[code]);
