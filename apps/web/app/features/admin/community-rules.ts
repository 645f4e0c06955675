import {
  ADMIN_AUDIT_ACTIONS,
  AdminPolicyNoticeDaysSchema,
  type AdminReport,
  type ModerationAction,
  POLICY_LIMITS,
  POST_STATES,
  type PostState,
  type QnaState,
  REPORT_STATES,
  SANCTION_LIMITS,
} from '@byeol/contract';
import { admin } from './admin.i18n';
import { kstDay } from './admin-rules';

/**
 * The community console's rules (docs/community.md): which filters its lists take from the URL, which
 * moderation actions a row offers, the board restriction's period and the policy's effective date.
 */

export const POST_FILTERS = ['all', ...POST_STATES] as const;
export type PostFilter = (typeof POST_FILTERS)[number];
export const REPORT_FILTERS = ['open', 'all', ...REPORT_STATES] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];
export const QNA_FILTERS = ['waiting', 'all', 'answered', 'complete'] as const satisfies readonly ('all' | QnaState)[];
export type QnaFilter = (typeof QNA_FILTERS)[number];

/** `value` when it is one of `allowed`, else the first of them (the list's default). */
export function pick<T extends string>(allowed: readonly T[], value: string | null): T {
  return allowed.includes(value as T) ? (value as T) : (allowed[0] as T);
}

/**
 * What an operator may do to a post or comment in `state`: hide or delete a visible one, restore or delete a
 * hidden one; a deletion is final (the server answers NOT_FOUND for a deleted one).
 */
export function moderationActionsFor(state: PostState): ModerationAction[] {
  if (state === 'visible') return ['hide', 'delete'];
  if (state === 'hidden') return ['restore', 'delete'];
  return [];
}

/** The board restriction the console offers by default (days). */
export const RESTRICT_DAYS_DEFAULT = 3;
export const RESTRICT_DAYS_MAX = Math.floor(SANCTION_LIMITS.hoursMax / 24);

/** The sanction's hours for a period typed in whole days (1 to RESTRICT_DAYS_MAX), or null when it is not one. */
export function restrictHours(days: string): number | null {
  const raw = days.trim();
  if (!/^\d{1,5}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= RESTRICT_DAYS_MAX ? n * 24 : null;
}

/** A report the console can settle by hiding its target: an open report about a post or a comment. */
export function canHideTarget(report: Pick<AdminReport, 'target_type' | 'state'>): boolean {
  return (report.target_type === 'post' || report.target_type === 'reply') && report.state !== 'complete';
}

/** The number of the post or comment a report is about (its target_key), or null for other targets. */
export function reportTargetSn(report: Pick<AdminReport, 'target_type' | 'target_key'>): number | null {
  if (report.target_type !== 'post' && report.target_type !== 'reply') return null;
  return /^\d{1,15}$/.test(report.target_key) ? Number(report.target_key) : null;
}

const DAY_MS = 86_400_000;

/** The first effective date the publish form offers: the notice days after today (KST), as 'YYYY-MM-DD'. */
export function defaultEffectiveDate(now: number, days: number = POLICY_LIMITS.noticeDaysDefault): string {
  return kstDay(now + days * DAY_MS);
}

/** The site info's notice days, or the contract's default when an older server does not answer them. */
export function noticeDaysOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : POLICY_LIMITS.noticeDaysDefault;
}

/**
 * The notice period typed in /admin/site as the call takes it (whole days, 7 to 90), or the contract's refusal
 * the server would answer (POLICY_NOTICE_DAYS_RANGE, shown before sending).
 */
export function parseNoticeDays(value: string): { days: number } | { refusal: 'POLICY_NOTICE_DAYS_RANGE' } {
  const raw = value.trim();
  const checked = /^\d{1,5}$/.test(raw) ? AdminPolicyNoticeDaysSchema.safeParse({ days: raw }) : null;
  return checked?.success ? { days: checked.data.days } : { refusal: 'POLICY_NOTICE_DAYS_RANGE' };
}

/** The actions the community module audits (docs/community.md). */
export const COMMUNITY_AUDIT_ACTIONS = [
  'post_hide',
  'post_restore',
  'post_delete',
  'reply_hide',
  'reply_restore',
  'reply_delete',
  'report_update',
  'qna_answer',
  'notice_save',
  'notice_delete',
  'faq_save',
  'faq_delete',
  'policy_publish',
  'policy_notice_days',
] as const;

/** Every action the audit screen filters by: the contract's, then the community's. */
export const AUDIT_ACTIONS: readonly string[] = [...new Set<string>([...ADMIN_AUDIT_ACTIONS, ...COMMUNITY_AUDIT_ACTIONS])];

/**
 * The actions and target kinds the console's texts name. An action or kind the server adds before the texts
 * do is shown as the server names it (the unit test asks for a label of every one the contract lists).
 */
export type LabelledAuditAction = keyof typeof admin.ko.action;
export const isLabelledAction = (action: string): action is LabelledAuditAction => Object.hasOwn(admin.ko.action, action);
export type AuditTargetKind = keyof typeof admin.ko.targetKind;
export const AUDIT_TARGET_KINDS = Object.keys(admin.ko.targetKind) as AuditTargetKind[];
export const isLabelledTargetKind = (kind: string): kind is AuditTargetKind => Object.hasOwn(admin.ko.targetKind, kind);
