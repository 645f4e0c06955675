import type { CashReceiptType, Currency, PaymentMethod, PaymentState } from '@byeol/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * Payments (docs/payments.md): the STAR and CUBIC packages, the orders (`user_payment_log`, SPEC §3's
 * user_payment_log_sn) and the audit of every operator action. The currency itself moves only through
 * the ledger: a paid order carries the `purchase` transaction (wallet_txn) that credited it.
 */

/** A package sold for real money, managed by operators (`/admin/payment_product_save`). */
export const paymentProduct = pgTable(
  'payment_product',
  {
    productSn: serial('product_sn').primaryKey(),
    /** STAR or CUBIC. */
    currency: text('currency').$type<Currency>().notNull(),
    /** Currency credited for the price… */
    amount: integer('amount').notNull(),
    /** …plus this bonus (0: none). */
    bonus: integer('bonus').notNull().default(0),
    /** KRW. */
    price: integer('price').notNull(),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Demo content (demo seed); never in production. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_product_list_idx').on(t.onSale, t.currency, t.sort, t.productSn),
    check('payment_product_currency', sql`${t.currency} in ('STAR', 'CUBIC')`),
    check('payment_product_amount_positive', sql`${t.amount} > 0 and ${t.bonus} >= 0 and ${t.price} > 0`),
  ],
);

/**
 * One order (SPEC §3: order number, product, amount, date, method, depositor, bank account, cash
 * receipt). The package is copied in (amount, bonus, price), so an operator changing it later does not
 * change what an order pays or credits. `pending` ends exactly once in paid, cancelled, expired or
 * rejected; a paid order's `txn_id` is its one ledger credit.
 */
export const userPaymentLog = pgTable(
  'user_payment_log',
  {
    userPaymentLogSn: bigserial('user_payment_log_sn', { mode: 'number' }).primaryKey(),
    /** 'D' + the KST day + the serial number: what the viewer quotes to the help desk. */
    orderNo: text('order_no').notNull(),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'restrict' }),
    productSn: integer('product_sn')
      .notNull()
      .references(() => paymentProduct.productSn, { onDelete: 'restrict' }),
    currency: text('currency').$type<Currency>().notNull(),
    amount: integer('amount').notNull(),
    bonus: integer('bonus').notNull(),
    /** KRW to pay. */
    price: integer('price').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    state: text('state').$type<PaymentState>().notNull().default('pending'),
    /** The idempotency key of the call that placed it (a retry answers this order). */
    idemKey: text('idem_key').notNull(),
    depositorNm: text('depositor_nm').notNull(),
    /** The site footer's `bank_account_nm` when the order was placed. */
    bankAccountNm: text('bank_account_nm').notNull(),
    cashReceiptType: text('cash_receipt_type').$type<CashReceiptType>().notNull().default('none'),
    /** Digits of the phone (income) or business number (expense); '' with none. */
    cashReceiptNo: text('cash_receipt_no').notNull().default(''),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    /** The purchase transaction that credited it (paid). */
    txnId: bigint('txn_id', { mode: 'number' }),
    /** What was deposited, as confirmed by an operator or the bank's notification. */
    depositedNm: text('deposited_nm'),
    depositedAmount: integer('deposited_amount'),
    depositedAt: timestamp('deposited_at', { withTimezone: true }),
    /** operator | webhook | pg (the card checkout's confirmation). */
    confirmedBy: text('confirmed_by'),
    /** The bank's id of the deposit (webhook): one deposit pays one order. */
    bankTxId: text('bank_tx_id'),
    /** Card orders: the PG's payment key (set when the PG approved it): one payment pays one order. */
    pgPaymentKey: text('pg_payment_key'),
    /** Card orders: the card number as the PG masks it. */
    cardNo: text('card_no').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Refunded orders: the reversal (refund transaction), who refunded it (0: the PG's notification) and why. */
    refundTxnId: bigint('refund_txn_id', { mode: 'number' }),
    refundedBy: bigint('refunded_by', { mode: 'number' }),
    refundReason: text('refund_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** When it left `pending` (paid, cancelled, expired, rejected). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_payment_log_order_no').on(t.orderNo),
    unique('user_payment_log_idem_key').on(t.userKey, t.idemKey),
    unique('user_payment_log_bank_tx_id').on(t.bankTxId),
    unique('user_payment_log_pg_payment_key').on(t.pgPaymentKey),
    // The caller's orders, newest first (/mypage/payment…).
    index('user_payment_log_user_idx').on(t.userKey, t.userPaymentLogSn.desc()),
    // The expiry job and the operators' pending list.
    index('user_payment_log_pending_idx').on(t.deadlineAt).where(sql`${t.state} = 'pending'`),
    check('user_payment_log_state', sql`${t.state} in ('pending', 'paid', 'cancelled', 'expired', 'rejected', 'refunded')`),
    // Credited exactly when paid (or paid and then refunded); reversed exactly when refunded.
    check('user_payment_log_paid_txn', sql`(${t.state} in ('paid', 'refunded')) = (${t.txnId} is not null)`),
    check('user_payment_log_refund_txn', sql`(${t.state} = 'refunded') = (${t.refundTxnId} is not null)`),
  ],
);

/**
 * A member's key at the card PG (Toss' customerKey): random and opaque, so the PG never learns the login id
 * or the user key; created on first use and then stable (auto-pay billing keys are bound to it).
 */
export const paymentPgCustomer = pgTable('payment_pg_customer', {
  userKey: bigint('user_key', { mode: 'number' })
    .primaryKey()
    .references(() => users.userKey, { onDelete: 'cascade' }),
  customerKey: text('customer_key').notNull().unique('payment_pg_customer_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every operator action on payments (and each webhook completion): who, when, what before and after. */
export const paymentAudit = pgTable(
  'payment_audit',
  {
    auditSn: bigserial('audit_sn', { mode: 'number' }).primaryKey(),
    /** The operator or GM; 0 for the bank's notification (webhook). */
    actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
    /** product_save | deposit_confirm | deposit_reject | webhook_confirm | card_confirm | reconcile_confirm | pg_mismatch_refund | refund. */
    action: text('action').notNull(),
    userPaymentLogSn: bigint('user_payment_log_sn', { mode: 'number' }),
    productSn: integer('product_sn'),
    /** The row before (null when created) and after the action. */
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_audit_order_idx').on(t.userPaymentLogSn, t.auditSn),
    index('payment_audit_actor_idx').on(t.actorUserKey, t.createdAt),
  ],
);
