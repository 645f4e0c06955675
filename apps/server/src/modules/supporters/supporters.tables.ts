import type { SupporterChargeState, SupporterType } from '@byeol/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * Supporters (docs/supporters.md): the plans, each member's support of a BJ (`supporter`) and every card
 * charge (`supporter_charge`, one row per provider payment, exactly once). KRW only: no STAR or CUBIC moves.
 */

/** A monthly price a member can support a BJ at, managed by operators (`/admin/supporter_plan_save`). */
export const supporterPlan = pgTable(
  'supporter_plan',
  {
    planSn: serial('plan_sn').primaryKey(),
    /** KRW per month. */
    price: integer('price').notNull(),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Demo content (demo seed); never in production. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('supporter_plan_list_idx').on(t.onSale, t.sort, t.price), check('supporter_plan_price_positive', sql`${t.price} > 0`)],
);

/** The supporting member and the supported BJ (fresh column builders for each table). */
const memberAndBj = () => ({
  userKey: bigint('user_key', { mode: 'number' })
    .notNull()
    .references(() => users.userKey, { onDelete: 'restrict' }),
  bjUserKey: bigint('bj_user_key', { mode: 'number' })
    .notNull()
    .references(() => users.userKey, { onDelete: 'restrict' }),
});

/**
 * One member's support of one BJ. Regular: one row per member and BJ, each payment extends `paid_until` by
 * a month. Auto: one row per registered card; `active` rows are charged at `next_charge_at` by the job
 * (at most one active auto-pay per member and BJ). The billing key never leaves the server.
 */
export const supporter = pgTable(
  'supporter',
  {
    supporterSn: bigserial('supporter_sn', { mode: 'number' }).primaryKey(),
    ...memberAndBj(),
    type: text('type').$type<SupporterType>().notNull(),
    /** The plan and its price when the support started (auto-pay keeps charging this price). */
    planSn: integer('plan_sn')
      .notNull()
      .references(() => supporterPlan.planSn, { onDelete: 'restrict' }),
    price: integer('price').notNull(),
    /** active | cancelled | lapsed (auto); regular rows stay active and end when `paid_until` passes. */
    state: text('state').$type<'active' | 'cancelled' | 'lapsed'>().notNull().default('active'),
    /** Months paid. */
    periods: integer('periods').notNull().default(0),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    /** Auto: when the job charges next (null: never again). */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** Auto: failed tries of the current period's charge. */
    failCnt: integer('fail_cnt').notNull().default(0),
    /** Auto: the provider's billing key (server side only; cleared when cancelled or lapsed). */
    billingKey: text('billing_key'),
    customerKey: text('customer_key').notNull().default(''),
    cardLabel: text('card_label').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supporter_one_regular').on(t.userKey, t.bjUserKey).where(sql`${t.type} = 'regular'`),
    uniqueIndex('supporter_one_active_auto').on(t.userKey, t.bjUserKey).where(sql`${t.type} = 'auto' and ${t.state} = 'active'`),
    index('supporter_user_idx').on(t.userKey, t.supporterSn.desc()),
    index('supporter_bj_idx').on(t.bjUserKey, t.paidUntil),
    // The monthly job: active auto-pay by due time.
    index('supporter_due_idx').on(t.nextChargeAt).where(sql`${t.state} = 'active' and ${t.nextChargeAt} is not null`),
    check('supporter_type', sql`${t.type} in ('regular', 'auto')`),
    check('supporter_state', sql`${t.state} in ('active', 'cancelled', 'lapsed')`),
  ],
);

/**
 * One card charge. Created pending by /pg/pg_supporters_request (the checkout) or by the monthly job, then
 * paid (with the provider's payment key, unique: a payment is recorded once) or failed. `order_no` is the
 * orderId the provider sees; the job's are derived from the support, period and try, so a crashed run
 * retried with the same idempotency key gets the provider's first answer.
 */
export const supporterCharge = pgTable(
  'supporter_charge',
  {
    chargeSn: bigserial('charge_sn', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    ...memberAndBj(),
    type: text('type').$type<SupporterType>().notNull(),
    planSn: integer('plan_sn')
      .notNull()
      .references(() => supporterPlan.planSn, { onDelete: 'restrict' }),
    /** KRW to charge (the plan's price when created). */
    amount: integer('amount').notNull(),
    state: text('state').$type<SupporterChargeState>().notNull().default('pending'),
    /** The member's idempotency key (checkout) or the job's `supporter:<sn>:<period>:<try>`. */
    idemKey: text('idem_key').notNull(),
    /** Auto: the customer key the billing checkout registers the card for. */
    customerKey: text('customer_key').notNull().default(''),
    supporterSn: bigint('supporter_sn', { mode: 'number' }).references(() => supporter.supporterSn, { onDelete: 'restrict' }),
    /** Which month of the support it pays (1 = the first; 0 until paid for checkouts). */
    periodNo: integer('period_no').notNull().default(0),
    /** Which try of that month (job charges; 0 for checkouts). */
    attempt: integer('attempt').notNull().default(0),
    paymentKey: text('payment_key'),
    cardLabel: text('card_label').notNull().default(''),
    periodFrom: timestamp('period_from', { withTimezone: true }),
    periodTo: timestamp('period_to', { withTimezone: true }),
    failCode: text('fail_code').notNull().default(''),
    failMsg: text('fail_msg').notNull().default(''),
    /** What the provider answered (the approved payment), for the help desk. */
    provider: jsonb('provider').$type<Record<string, unknown>>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('supporter_charge_order_no').on(t.orderNo),
    unique('supporter_charge_idem_key').on(t.userKey, t.idemKey),
    unique('supporter_charge_payment_key').on(t.paymentKey),
    index('supporter_charge_user_idx').on(t.userKey, t.type, t.createdAt.desc()),
    index('supporter_charge_supporter_idx').on(t.supporterSn, t.periodNo),
    check('supporter_charge_type', sql`${t.type} in ('regular', 'auto')`),
    check('supporter_charge_state', sql`${t.state} in ('pending', 'paid', 'failed', 'expired')`),
    check('supporter_charge_paid_key', sql`(${t.state} = 'paid') = (${t.paymentKey} is not null)`),
    check('supporter_charge_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Every operator action on supporter plans: who, when, before and after. */
export const supporterAudit = pgTable(
  'supporter_audit',
  {
    auditSn: bigserial('audit_sn', { mode: 'number' }).primaryKey(),
    actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
    /** plan_save. */
    action: text('action').notNull(),
    planSn: integer('plan_sn'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('supporter_audit_plan_idx').on(t.planSn, t.auditSn)],
);
