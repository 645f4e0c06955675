import { communityEndpoints, type EndpointInput, type FaqCategory } from '@byeol/contract';
import { send } from '../../lib/answer';
import { api } from '../../lib/api';
import { CS_PAGE_SIZE } from './cs-rules';

/**
 * The customer-centre and policy calls of issue 19 from the browser (packages/contract/src/community.ts).
 * Each resolves an envelope, never throws: a refusal carries its message in the caller's language
 * (rslt_msg), a network failure `fallback`.
 */

export function faqList(category: FaqCategory | undefined, keyword: string, offset: number, fallback: string) {
  return send(() => api.call(communityEndpoints.csFaq, { category, keyword, offset, limit: CS_PAGE_SIZE }), fallback);
}

export function myQuestions(offset: number, fallback: string) {
  return send(() => api.call(communityEndpoints.csQna, { offset, limit: CS_PAGE_SIZE }), fallback);
}

export function myReports(offset: number, fallback: string) {
  return send(() => api.call(communityEndpoints.csReport, { offset, limit: CS_PAGE_SIZE }), fallback);
}

export type QnaSaveInput = Omit<Extract<EndpointInput<typeof communityEndpoints.qnaProc>, { mode: 'save' }>, 'mode'>;

/** Ask a question: `files` lists the temp_file_sn of the member's fresh `qna` uploads, in order. */
export function askQuestion(input: QnaSaveInput, fallback: string) {
  return send(() => api.call(communityEndpoints.qnaProc, { mode: 'save', ...input }), fallback);
}

/** Remove one attachment of a question still waiting for its answer. */
export function removeQuestionFile(qnaSn: number, fileSn: number, fallback: string) {
  return send(() => api.call(communityEndpoints.qnaProc, { mode: 'file_delete', qna_sn: qnaSn, file_sn: fileSn }), fallback);
}

/** Close an answered question (the member's "resolved"). */
export function resolveQuestion(qnaSn: number, fallback: string) {
  return send(() => api.call(communityEndpoints.qnaProc, { mode: 'complete', qna_sn: qnaSn }), fallback);
}

export type ReportInput = EndpointInput<typeof communityEndpoints.reportProc>;

export function sendReport(input: ReportInput, fallback: string) {
  return send(() => api.call(communityEndpoints.reportProc, input), fallback);
}

/** The required policies the signed-in member has not agreed to in the version in effect. */
export function pendingPolicies(fallback: string) {
  return send(() => api.call(communityEndpoints.policyPending, {}), fallback);
}

export function agreePolicy(id: number, ver: number, fallback: string) {
  return send(() => api.call(communityEndpoints.policyAgree, { id, ver }), fallback);
}
