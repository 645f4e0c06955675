import { type EndpointInput, editorialEndpoints } from '@byeol/contract';
import { send } from '../../lib/answer';
import { api } from '../../lib/api';
import type { ScheduleKind } from './schedule-rules';

/**
 * The schedule's calls from the browser (packages/contract/src/editorial.ts). Each resolves an envelope, never
 * throws: a refusal carries its message in the caller's language (rslt_msg), a network failure `fallback`.
 */

export type ScheduleProcInput = EndpointInput<typeof editorialEndpoints.scheduleProc>;

/** POST /sub/schedule_detail_list: every planned broadcast of one KST day (the month view's day list). */
export function scheduleDay(day: string, kind: ScheduleKind, fallback: string) {
  return send(() => api.call(editorialEndpoints.scheduleDetail, { day, bj_kind: kind }), fallback);
}

/** Events per "more events" page of the schedule's strip. */
export const EVENT_PAGE_SIZE = 10;

/** POST /sub/schedule_event_more: running and upcoming events, soonest first, a page from `offset`. */
export function scheduleEventMore(offset: number, fallback: string) {
  return send(() => api.call(editorialEndpoints.scheduleEventMore, { offset, limit: EVENT_PAGE_SIZE }), fallback);
}

/** GET /mypage/schedule_html without an ID: the signed-in BJ's own upcoming slots. */
export function mySchedule(fallback: string) {
  return send(() => api.call(editorialEndpoints.scheduleHtml, { id: '' }), fallback);
}

/** POST /mypage/schedule_proc: plan (insert), change (update) or cancel one of the BJ's broadcasts. */
export function saveSlot(input: ScheduleProcInput, fallback: string) {
  return send(() => api.call(editorialEndpoints.scheduleProc, input), fallback);
}
