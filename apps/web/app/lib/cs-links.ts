import type { ReportTarget } from '@byeol/contract';

/**
 * Paths of the customer centre and the policies (SPEC §2), for the pages here and for the features that link
 * to them (the footer, the join's agreements, the board's report action).
 */

/** A policy in the version in effect. */
export const policyPath = (id: number | string) => `/sub/policy/${encodeURIComponent(String(id))}`;

/** Every published version of a policy or service guide. */
export const policyHistoryPath = (id: number | string) => `${policyPath(id)}/history`;

/** One version of a policy (replaced, in effect or announced). */
export const policyVersionPath = (id: number | string, ver: number) => `${policyPath(id)}/old/${ver}`;

/** A service guide in the version in effect, or version `ver`. */
export const serviceGuidePath = (id: number | string, ver?: number) =>
  `/sub/terms/${encodeURIComponent(String(id))}${ver ? `?ver=${ver}` : ''}`;

/** A version of a policy (`kind` policy) or of a service guide, as the history links to it. */
export const versionPathOf = (kind: 'policy' | 'service', id: number, ver: number) =>
  kind === 'service' ? serviceGuidePath(id, ver) : policyVersionPath(id, ver);

export const CS_PATHS = {
  notice: '/cs/notice',
  faq: '/cs/faq',
  ask: '/cs/qna/question',
  answers: '/cs/qna/answer',
  reports: '/cs/report',
  reportForm: '/cs/report/form',
} as const;
export type CsTab = keyof typeof CS_PATHS;

/**
 * The report form (`/cs/report/form`), about `target` when given (`?target_type=&target_key=`); a chat line's
 * report names its author's login ID and quotes the line (`&quote=`).
 */
export function reportFormPath(target?: { type: ReportTarget; key: string | number; quote?: string }): string {
  if (!target) return CS_PATHS.reportForm;
  const query = new URLSearchParams({ target_type: target.type, target_key: String(target.key) });
  if (target.type === 'chat' && target.quote) query.set('quote', target.quote);
  return `${CS_PATHS.reportForm}?${query}`;
}
