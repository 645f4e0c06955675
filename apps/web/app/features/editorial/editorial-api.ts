import { type EndpointInput, editorialEndpoints } from '@byeol/contract';
import { send } from '../../lib/answer';
import { api } from '../../lib/api';
import { EVENT_REPLY_PAGE_SIZE } from './editorial-rules';

/**
 * The editorial calls of issue 21 from the browser (packages/contract/src/editorial.ts). Each resolves an
 * envelope, never throws: a refusal carries its message in the caller's language (rslt_msg), a network
 * failure `fallback`.
 */

export type MagazineReportInput = EndpointInput<typeof editorialEndpoints.magazineReport>;

/** Counts the caller's view of an article (a member's once per KST day) and answers its counters. */
export function countMagazineView(miSn: number, fallback: string) {
  return send(() => api.call(editorialEndpoints.magazineProcess, { mi_sn: miSn }), fallback);
}

/** Like (true) or unlike an article. */
export function likeMagazine(miSn: number, like: boolean, fallback: string) {
  return send(() => api.call(editorialEndpoints.magazineProc, { mi_sn: miSn, like_yn: like ? 'Y' : 'N' }), fallback);
}

/** Reports an article into the community's report queue (target magazine). */
export function reportMagazine(input: MagazineReportInput, fallback: string) {
  return send(() => api.call(editorialEndpoints.magazineReport, input), fallback);
}

/** A page of an event's replies, newest first (the event comes along). */
export function eventReplies(eventSn: number, offset: number, fallback: string) {
  return send(() => api.call(editorialEndpoints.eventContentInfo, { event_sn: eventSn, offset, limit: EVENT_REPLY_PAGE_SIZE }), fallback);
}

export function writeEventReply(eventSn: number, content: string, fallback: string) {
  return send(() => api.call(editorialEndpoints.eventReplyProc, { mode: 'insert', event_sn: eventSn, content }), fallback);
}

export function deleteEventReply(replySn: number, fallback: string) {
  return send(() => api.call(editorialEndpoints.eventReplyProc, { mode: 'delete', reply_sn: replySn }), fallback);
}
