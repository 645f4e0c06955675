import { z } from 'zod';
import { endpoint, NoBodySchema } from './endpoints.js';
import type { ListSet } from './envelope.js';
import { type AdminPaymentOrder, PAYMENT_METHODS, PAYMENT_STATES, PaymentOrderRefSchema } from './payments.js';

/**
 * The operator console (/admin, docs/admin.md): read calls over other modules' tables for operators and GMs.
 * The console's actions use the owning modules' calls (payments: deposit_confirm, deposit_reject,
 * payment_product_save, payment_refund; wallet: wallet_grant); every one of them writes an audit row that
 * `/admin/audit_list` reads back.
 */

/** Rows per page of every console list. */
export const ADMIN_PAGE_SIZE = 20;

/** A KST calendar day as the console's date filters send it. */
const KstDay = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/);

/** Text filters: empty means "any". */
const Filter = (max: number) => z.string().trim().max(max).default('');

const Paging = {
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
};

/** POST /admin/dashboard: the console's first screen (and its role gate: a viewer is refused here). */
export interface AdminDashboard {
  /** The operator's own account. */
  user_key: number;
  nick: string;
  role: 'operator' | 'gm';
  /** Bank deposit orders waiting for an operator (within their deadline). */
  pending_deposits: number;
  /** Orders paid since midnight KST, and their KRW total. */
  today_paid_orders: number;
  today_paid_price: number;
  /** Reports not yet complete (received or in progress) and questions waiting for an answer (issue 19). */
  open_reports: number;
  waiting_questions: number;
}

/**
 * POST /admin/payment_order_list: every order (each method), newest first. `member` matches a login ID
 * exactly (case ignored) or a part of a nickname; the dates are KST days, both ends included.
 */
export const AdminOrderListSchema = z.object({
  order_no: Filter(40),
  member: Filter(64),
  state: z.enum(PAYMENT_STATES).or(z.literal('')).default(''),
  method: z.enum(PAYMENT_METHODS).or(z.literal('')).default(''),
  date_from: KstDay.default(''),
  date_to: KstDay.default(''),
  ...Paging,
});
export type AdminOrderListReq = z.infer<typeof AdminOrderListSchema>;

/** POST /admin/payment_order_detail: one order with its audit trail. */
export const AdminOrderRefSchema = PaymentOrderRefSchema;

/** Where an audit row comes from: the payments', the operator grants', the item catalogue's or the ranking settings' audit. */
export const ADMIN_AUDIT_SOURCES = [
  'payment',
  'wallet_grant',
  'item',
  'ranking',
  'community',
  'policy',
  'editorial',
  'concert',
  'stars',
  'levels',
] as const;
export type AdminAuditSource = (typeof ADMIN_AUDIT_SOURCES)[number];

/**
 * The actions the audit knows today (payments: docs/payments.md; `wallet_grant`: docs/wallet-ledger.md).
 * The filter accepts any action name, so actions later modules add are listed without a contract change.
 */
export const ADMIN_AUDIT_ACTIONS = [
  'deposit_confirm',
  'deposit_reject',
  'webhook_confirm',
  'card_confirm',
  'refund',
  'product_save',
  'wallet_grant',
  'item_save',
  'ranking_setting_save',
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
  'magazine_save',
  'event_save',
  'site_switch',
  'site_footer',
] as const;

/** POST /admin/audit_list: every audited operator action, newest first; `actor` as `member` above. */
export const AdminAuditListSchema = z.object({
  action: z
    .string()
    .trim()
    .regex(/^[a-z_]{0,40}$/)
    .default(''),
  actor: Filter(64),
  ...Paging,
});
export type AdminAuditListReq = z.infer<typeof AdminAuditListSchema>;

/** What an audited action changed. */
export interface AdminAuditTarget {
  kind:
    | 'order'
    | 'product'
    | 'member'
    | 'item'
    | 'post'
    | 'reply'
    | 'report'
    | 'qna'
    | 'notice'
    | 'faq'
    | 'policy'
    | 'magazine'
    | 'event'
    | 'site';
  sn: number;
  /** The order number, the package number, the member's nick and ID, or the item's number and Korean name. */
  label: string;
}

/** One audited action. */
export interface AdminAuditEntry {
  /** `payment:<audit_sn>`, `wallet_grant:<txn_id>` or `item:<audit_sn>`: unique over the sources. */
  audit_id: string;
  source: AdminAuditSource;
  action: string;
  /** 0: the system (the bank's notification, demo funding). */
  actor_user_key: number;
  actor_id: string;
  actor_nick: string;
  target: AdminAuditTarget | null;
  /** The row before (null when created) and after; a grant shows the member's balance before and after. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  /** ISO 8601. */
  created_at: string;
}

/** POST /admin/payment_order_detail: one order with its audit trail. */
export interface AdminPaymentOrderDetail {
  order: AdminPaymentOrder;
  audit: AdminAuditEntry[];
}

/** The operator console's read calls, declared once for the server, the web and the tests. */
export const adminEndpoints = {
  /** A POST without a body: the gate of every /admin page. */
  dashboard: endpoint<AdminDashboard>()({
    method: 'POST',
    path: '/admin/dashboard',
    request: NoBodySchema,
    tags: ['admin'],
    summary: "The console's first screen: pending deposits and today's paid orders (operators, GMs)",
  }),
  orderList: endpoint<ListSet<AdminPaymentOrder>>()({
    method: 'POST',
    path: '/admin/payment_order_list',
    request: AdminOrderListSchema,
    tags: ['admin'],
    summary: 'Orders of every method by order number, member, state, method and KST placed dates, newest first (operators, GMs)',
  }),
  orderDetail: endpoint<AdminPaymentOrderDetail>()({
    method: 'POST',
    path: '/admin/payment_order_detail',
    request: AdminOrderRefSchema,
    tags: ['admin'],
    summary: 'One order with its audit trail (operators, GMs)',
  }),
  auditList: endpoint<ListSet<AdminAuditEntry>>()({
    method: 'POST',
    path: '/admin/audit_list',
    request: AdminAuditListSchema,
    tags: ['admin'],
    summary: 'Every audited operator action (payments and grants) with actor, time, target and before/after, newest first',
  }),
} as const;
