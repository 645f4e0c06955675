import { communityEndpoints, type EndpointInput } from '@byeol/contract';
import { send } from '../../lib/answer';
import { api } from '../../lib/api';
import { REPLY_PAGE_SIZE } from './board-rules';

/**
 * The board calls of issue 19 from the browser (packages/contract/src/community.ts). Each resolves an
 * envelope, never throws: a refusal carries its message in the caller's language (rslt_msg), a network
 * failure `fallback`.
 */

export type BoardInsertInput = EndpointInput<typeof communityEndpoints.boardInsert>;
export type ReportInput = EndpointInput<typeof communityEndpoints.reportProc>;

/** A page of a post's comments (the post itself comes along; no view is counted). */
export function boardReplies(boardSn: number, offset: number, fallback: string) {
  return send(() => api.call(communityEndpoints.boardInfo, { board_sn: boardSn, view_yn: 'N', offset, limit: REPLY_PAGE_SIZE }), fallback);
}

/** A new post (board_sn 0) or an edit of the caller's own; `files` lists the upload numbers in order. */
export function savePost(input: BoardInsertInput, fallback: string) {
  return send(() => api.call(communityEndpoints.boardInsert, input), fallback);
}

export function deletePost(boardSn: number, fallback: string) {
  return send(() => api.call(communityEndpoints.boardDelete, { board_sn: boardSn }), fallback);
}

export function writeReply(boardSn: number, content: string, fallback: string) {
  return send(() => api.call(communityEndpoints.replyInsert, { board_sn: boardSn, content }), fallback);
}

export function deleteReply(replySn: number, fallback: string) {
  return send(() => api.call(communityEndpoints.replyDelete, { reply_sn: replySn }), fallback);
}

/** POST /user/report_proc: a post, a comment, a member, a chat line (with `quote`), a broadcast… */
export function sendReport(input: ReportInput, fallback: string) {
  return send(() => api.call(communityEndpoints.reportProc, input), fallback);
}
