import {
  type AdminBoardPost,
  type AdminBoardReply,
  type AdminPolicyNoticeDaysSet,
  type AdminQna,
  type AdminReport,
  type AdminSavedSet,
  communityEndpoints,
  type EndpointInput,
  type ModerationAction,
  type PolicyHistorySet,
  type PolicyVersionSummary,
  type ReportAction,
  type Sanction,
  sanctionsEndpoints,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';

/**
 * The community console's actions from the browser (docs/community.md): moderation of posts and comments,
 * the report queue, answers to questions, notices, FAQ and policy versions; the board restriction is the
 * sanctions module's call. Each resolves an envelope, never throws (a network failure answers `fallback`).
 */

export function moderatePost(
  board_sn: number,
  action: ModerationAction,
  reason: string,
  fallback: string,
): Promise<Answer<AdminBoardPost>> {
  return send(() => api.call(communityEndpoints.adminPostProc, { board_sn, action, reason }), fallback);
}

export function moderateReply(
  reply_sn: number,
  action: ModerationAction,
  reason: string,
  fallback: string,
): Promise<Answer<AdminBoardReply>> {
  return send(() => api.call(communityEndpoints.adminReplyProc, { reply_sn, action, reason }), fallback);
}

/** A `board` sanction: no posts or comments for `hours`, with the reason the member sees. */
export function restrictMember(id: string, hours: number, reason: string, fallback: string): Promise<Answer<Sanction>> {
  return send(() => api.call(sanctionsEndpoints.save, { id, kind: 'board', hours, reason }), fallback);
}

export function updateReport(
  req: { report_sn: number; state: 'in_progress' | 'complete'; action?: ReportAction; action_memo?: string },
  fallback: string,
): Promise<Answer<AdminReport>> {
  return send(() => api.call(communityEndpoints.adminReportProc, req), fallback);
}

/**
 * "Hide and complete": one call hides the post or comment a report is about and completes the report with the
 * action `hidden` and the note to the reporter, in one transaction (a refusal leaves both as they were).
 */
export function hideAndComplete(report_sn: number, reason: string, memo: string, fallback: string): Promise<Answer<AdminReport>> {
  return send(
    () =>
      api.call(communityEndpoints.adminReportProc, {
        report_sn,
        state: 'complete',
        action: 'hidden',
        action_memo: memo,
        hide_target: 'Y',
        hide_reason: reason,
      }),
    fallback,
  );
}

export function answerQna(qna_sn: number, answer: string, fallback: string): Promise<Answer<AdminQna>> {
  return send(() => api.call(communityEndpoints.adminQnaAnswer, { qna_sn, answer }), fallback);
}

export function saveNotice(
  req: EndpointInput<typeof communityEndpoints.adminNoticeProc>,
  fallback: string,
): Promise<Answer<AdminSavedSet>> {
  return send(() => api.call(communityEndpoints.adminNoticeProc, req), fallback);
}

export function saveFaq(req: EndpointInput<typeof communityEndpoints.adminFaqProc>, fallback: string): Promise<Answer<AdminSavedSet>> {
  return send(() => api.call(communityEndpoints.adminFaqProc, req), fallback);
}

export function publishPolicy(
  req: { id: number; content: string; reason: string; effective_date: string },
  fallback: string,
): Promise<Answer<PolicyVersionSummary & { id: number }>> {
  return send(() => api.call(communityEndpoints.adminPolicyPublish, req), fallback);
}

/** The site's notice days for new policy versions (operators; audited). */
export function setPolicyNoticeDays(days: number, fallback: string): Promise<Answer<AdminPolicyNoticeDaysSet>> {
  return send(() => api.call(communityEndpoints.adminPolicyNoticeDays, { days }), fallback);
}

export function policyHistory(id: number, fallback: string): Promise<Answer<PolicyHistorySet>> {
  return send(() => api.call(communityEndpoints.policyHistory, { id }), fallback);
}
