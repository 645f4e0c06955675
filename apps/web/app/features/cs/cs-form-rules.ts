import { type CommunityRefusal, isCommunityRefusal, QnaProcSchema, ReportProcSchema } from '@byeol/contract';

/**
 * What the customer centre's question and report forms refuse before sending (issue 19): the contract's
 * schemas, so the same code and message as the server. Apart from cs-rules.ts, which every page loads (the
 * re-agreement dialog reads it): the schemas, and zod with them, load with these forms only (issue 20).
 */

export type QnaField = 'category' | 'title' | 'content';
export type QnaRefusals = Partial<Record<QnaField, CommunityRefusal>>;

/** The refusals of a question before sending, per field (QNA_CATEGORY_REQUIRED, BOARD_TITLE_…, BOARD_CONTENT_…). */
export function qnaRefusals(input: { category: string; title: string; content: string }): QnaRefusals {
  const checked = QnaProcSchema.safeParse({ mode: 'save', ...input, files: '' });
  if (checked.success) return {};
  const found: QnaRefusals = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === 'category' || field === 'title' || field === 'content') && !found[field]) {
      found[field] = isCommunityRefusal(issue.message) ? issue.message : field === 'category' ? 'QNA_CATEGORY_REQUIRED' : undefined;
    }
  }
  return found;
}

/** Why a report's target key is refused before sending (missing, or not a number or login ID), or null. */
export function targetKeyRefusal(key: string): 'target_required' | 'target_invalid' | null {
  if (key.trim() === '') return 'target_required';
  return ReportProcSchema.shape.target_key.safeParse(key).success ? null : 'target_invalid';
}
