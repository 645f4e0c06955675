import { randomBytes } from 'node:crypto';
import {
  type AdminPaymentOrder,
  type AdminPaymentProduct,
  type CashReceiptType,
  type Currency,
  PAYMENT_LIMITS,
  type PaymentMethod,
  type PaymentOrder,
  type PaymentProduct,
  type PaymentState,
} from '@byeol/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';

/** The site's names for the two currencies in one language (SPEC §3 site terms). */
export interface CurrencyTerms {
  CURRENCY_NAME: string;
  CURRENCY_ITEM_NAME: string;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export const currencyName = (terms: CurrencyTerms, currency: Currency) =>
  currency === 'CUBIC' ? terms.CURRENCY_ITEM_NAME : terms.CURRENCY_NAME;

/** '스타 1,000 (+100)': what the panel and the order lists call a package. */
export function productName(terms: CurrencyTerms, currency: Currency, amount: number, bonus: number): string {
  return `${currencyName(terms, currency)} ${fmt(amount)}${bonus > 0 ? ` (+${fmt(bonus)})` : ''}`;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

// ---- products ------------------------------------------------------------------------------------------

export interface ProductRow {
  product_sn: number;
  currency: Currency;
  amount: number;
  bonus: number;
  price: number;
  on_sale: boolean;
  sort: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const PRODUCT_COLUMNS = sql.raw('product_sn, currency, amount, bonus, price, on_sale, sort, created_at, updated_at');

export function toProduct(r: ProductRow, terms: CurrencyTerms): PaymentProduct {
  return {
    product_sn: r.product_sn,
    currency: r.currency,
    currency_nm: currencyName(terms, r.currency),
    product_nm: productName(terms, r.currency, r.amount, r.bonus),
    amount: r.amount,
    bonus: r.bonus,
    price: r.price,
  };
}

export function toAdminProduct(r: ProductRow): AdminPaymentProduct {
  return {
    product_sn: r.product_sn,
    currency: r.currency,
    amount: r.amount,
    bonus: r.bonus,
    price: r.price,
    on_sale_yn: r.on_sale ? 'Y' : 'N',
    sort: r.sort,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export async function findProduct(db: Exec, productSn: number, lock = false): Promise<ProductRow | undefined> {
  const { rows } = await db.execute<ProductRow & Record<string, unknown>>(
    sql`select ${PRODUCT_COLUMNS} from payment_product where product_sn = ${productSn}${lock ? sql` for update` : sql``}`,
  );
  return rows[0];
}

export async function listProducts(
  db: Exec,
  q: { currency?: Currency | undefined; onSaleOnly: boolean; offset: number; limit: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (q.currency) where.push(sql`currency = ${q.currency}`);
  if (q.onSaleOnly) where.push(sql`on_sale`);
  const cond = sql.join(where, sql` and `);
  const { rows } = await db.execute<ProductRow & { total: number } & Record<string, unknown>>(
    sql`select ${PRODUCT_COLUMNS}, count(*) over ()::int as total from payment_product where ${cond}
        order by currency desc, sort, price, product_sn offset ${q.offset} limit ${q.limit}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export interface ProductValues {
  currency: Currency;
  amount: number;
  bonus: number;
  price: number;
  onSale: boolean;
  sort: number;
}

export async function insertProduct(db: Exec, v: ProductValues, isDemo = false): Promise<ProductRow> {
  const { rows } = await db.execute<ProductRow & Record<string, unknown>>(
    sql`insert into payment_product (currency, amount, bonus, price, on_sale, sort, is_demo)
        values (${v.currency}, ${v.amount}, ${v.bonus}, ${v.price}, ${v.onSale}, ${v.sort}, ${isDemo})
        returning ${PRODUCT_COLUMNS}`,
  );
  return rows[0] as ProductRow;
}

export async function updateProduct(db: Exec, productSn: number, v: ProductValues): Promise<ProductRow | undefined> {
  const { rows } = await db.execute<ProductRow & Record<string, unknown>>(
    sql`update payment_product set currency = ${v.currency}, amount = ${v.amount}, bonus = ${v.bonus}, price = ${v.price},
          on_sale = ${v.onSale}, sort = ${v.sort}, updated_at = now()
        where product_sn = ${productSn} returning ${PRODUCT_COLUMNS}`,
  );
  return rows[0];
}

// ---- orders --------------------------------------------------------------------------------------------

export interface OrderRow {
  user_payment_log_sn: number;
  order_no: string;
  user_key: number;
  product_sn: number;
  currency: Currency;
  amount: number;
  bonus: number;
  price: number;
  method: PaymentMethod;
  /** As stored; `state_now` reads a pending order past its deadline as expired. */
  state: PaymentState;
  state_now: PaymentState;
  idem_key: string;
  depositor_nm: string;
  bank_account_nm: string;
  cash_receipt_type: CashReceiptType;
  cash_receipt_no: string;
  deadline_at: Date | string;
  txn_id: number | null;
  deposited_nm: string | null;
  deposited_amount: number | null;
  deposited_at: Date | string | null;
  confirmed_by: 'operator' | 'webhook' | 'pg' | null;
  bank_tx_id: string | null;
  pg_payment_key: string | null;
  card_no: string;
  paid_at: Date | string | null;
  closed_at: Date | string | null;
  refund_txn_id: number | null;
  refunded_by: number | null;
  refund_reason: string | null;
  refunded_at: Date | string | null;
  created_at: Date | string;
}

/** A pending order past its deadline is expired for every reader, before the job writes it (`o`: the order). */
export const STATE_NOW = sql.raw(`(case when o.state = 'pending' and o.deadline_at <= now() then 'expired' else o.state end)`);

/** Every column of `OrderRow`, from `user_payment_log o` (the console's order search reads them too). */
export const ORDER_COLUMNS = sql.raw(`o.user_payment_log_sn::float8 as user_payment_log_sn, o.order_no, o.user_key::float8 as user_key,
  o.product_sn, o.currency, o.amount, o.bonus, o.price, o.method, o.state,
  (case when o.state = 'pending' and o.deadline_at <= now() then 'expired' else o.state end) as state_now,
  o.idem_key, o.depositor_nm, o.bank_account_nm, o.cash_receipt_type, o.cash_receipt_no, o.deadline_at, o.txn_id::float8 as txn_id,
  o.deposited_nm, o.deposited_amount, o.deposited_at, o.confirmed_by, o.bank_tx_id, o.pg_payment_key, o.card_no, o.paid_at, o.closed_at,
  o.refund_txn_id::float8 as refund_txn_id, o.refunded_by::float8 as refunded_by, o.refund_reason, o.refunded_at, o.created_at`);

const mask = (no: string) => (no === '' ? '' : `${'*'.repeat(Math.max(0, no.length - 4))}${no.slice(-4)}`);

export function toOrder(r: OrderRow, terms: CurrencyTerms): PaymentOrder {
  return {
    user_payment_log_sn: r.user_payment_log_sn,
    order_no: r.order_no,
    product_sn: r.product_sn,
    product_nm: productName(terms, r.currency, r.amount, r.bonus),
    currency: r.currency,
    currency_nm: currencyName(terms, r.currency),
    amount: r.amount + r.bonus,
    bonus: r.bonus,
    price: r.price,
    method: r.method,
    state: r.state_now,
    depositor_nm: r.depositor_nm,
    bank_account_nm: r.bank_account_nm,
    cash_receipt_type: r.cash_receipt_type,
    cash_receipt_no: mask(r.cash_receipt_no),
    created_at: iso(r.created_at),
    deadline_at: iso(r.deadline_at),
    paid_at: isoOrNull(r.paid_at),
    txn_id: r.txn_id,
    card_no: r.card_no,
    refunded_at: isoOrNull(r.refunded_at),
  };
}

export function toAdminOrder(r: OrderRow & { id: string; nick: string }, terms: CurrencyTerms): AdminPaymentOrder {
  return {
    ...toOrder(r, terms),
    user_key: r.user_key,
    id: r.id,
    nick: r.nick,
    deposited_nm: r.deposited_nm,
    deposited_amount: r.deposited_amount,
    deposited_at: isoOrNull(r.deposited_at),
    confirmed_by: r.confirmed_by,
    pg_payment_key: r.pg_payment_key,
    refund_reason: r.refund_reason,
    refund_txn_id: r.refund_txn_id,
  };
}

/** The row as the audit keeps it (JSON: dates as ISO strings). */
export function auditView(r: OrderRow): Record<string, unknown> {
  const { state_now: _, idem_key: __, ...rest } = r;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

export async function findOrder(db: Exec, sn: number, lock = false): Promise<OrderRow | undefined> {
  const { rows } = await db.execute<OrderRow & Record<string, unknown>>(
    sql`select ${ORDER_COLUMNS} from user_payment_log o where o.user_payment_log_sn = ${sn}${lock ? sql` for update` : sql``}`,
  );
  return rows[0];
}

export async function findOrderByNo(db: Exec, orderNo: string): Promise<OrderRow | undefined> {
  const { rows } = await db.execute<OrderRow & Record<string, unknown>>(
    sql`select ${ORDER_COLUMNS} from user_payment_log o where o.order_no = ${orderNo}`,
  );
  return rows[0];
}

export async function findOrderByKey(db: Exec, userKey: number, key: string): Promise<OrderRow | undefined> {
  const { rows } = await db.execute<OrderRow & Record<string, unknown>>(
    sql`select ${ORDER_COLUMNS} from user_payment_log o where o.user_key = ${userKey} and o.idem_key = ${key}`,
  );
  return rows[0];
}

export async function findOrderByPaymentKey(db: Exec, paymentKey: string): Promise<OrderRow | undefined> {
  const { rows } = await db.execute<OrderRow & Record<string, unknown>>(
    sql`select ${ORDER_COLUMNS} from user_payment_log o where o.pg_payment_key = ${paymentKey}`,
  );
  return rows[0];
}

export async function findOrderByBankTx(db: Exec, bankTxId: string): Promise<OrderRow | undefined> {
  const { rows } = await db.execute<OrderRow & Record<string, unknown>>(
    sql`select ${ORDER_COLUMNS} from user_payment_log o where o.bank_tx_id = ${bankTxId}`,
  );
  return rows[0];
}

/** A depositor name compared the way banks vary it: no spaces, case-insensitive. */
export const depositorKey = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/** Pending orders (within their deadline) with this depositor and price: at most two, to tell one from several. */
export async function matchPending(db: Exec, depositor: string, price: number): Promise<number[]> {
  const { rows } = await db.execute<{ sn: number }>(
    sql`select user_payment_log_sn::float8 as sn from user_payment_log
        where state = 'pending' and deadline_at > now() and price = ${price}
          and lower(regexp_replace(depositor_nm, '\\s+', '', 'g')) = ${depositorKey(depositor)}
        order by user_payment_log_sn limit 2`,
  );
  return rows.map((r) => r.sn);
}

/** The depositor name of a member's latest bank deposit order, or '' (the deposit form starts from it). */
export async function lastDepositor(db: Exec, userKey: number): Promise<string> {
  const { rows } = await db.execute<{ depositor_nm: string }>(
    sql`select depositor_nm from user_payment_log
        where user_key = ${userKey} and method = 'bankbook' and depositor_nm <> ''
        order by user_payment_log_sn desc limit 1`,
  );
  return rows[0]?.depositor_nm ?? '';
}

/** Pending orders of a member within their deadline. */
export async function pendingCount(db: Exec, userKey: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from user_payment_log where user_key = ${userKey} and state = 'pending' and deadline_at > now()`,
  );
  return rows[0]?.n ?? 0;
}

export interface NewOrder {
  userKey: number;
  product: ProductRow;
  method: PaymentMethod;
  idemKey: string;
  depositorNm: string;
  bankAccountNm: string;
  cashReceiptType: CashReceiptType;
  cashReceiptNo: string;
}

/**
 * Places an order: its number is 'D' (bank deposit) or 'C' (card) + the KST day + its serial, its deadline
 * PAYMENT_LIMITS away (72 hours for a deposit, 30 minutes for a card checkout). Answers undefined when the
 * member's key already placed one (the caller answers that one).
 */
export async function insertOrder(db: Exec, o: NewOrder): Promise<number | undefined> {
  const { rows } = await db.execute<{ sn: number }>(sql`
    with s as (select nextval(pg_get_serial_sequence('user_payment_log', 'user_payment_log_sn')) as sn)
    insert into user_payment_log (user_payment_log_sn, order_no, user_key, product_sn, currency, amount, bonus, price, method,
      idem_key, depositor_nm, bank_account_nm, cash_receipt_type, cash_receipt_no, deadline_at)
    select s.sn, ${o.method === 'card' ? 'C' : 'D'} || to_char(now() at time zone 'Asia/Seoul', 'YYYYMMDD') || '-' || lpad(s.sn::text, 8, '0'),
      ${o.userKey}, ${o.product.product_sn}, ${o.product.currency}, ${o.product.amount}, ${o.product.bonus}, ${o.product.price},
      ${o.method}, ${o.idemKey}, ${o.depositorNm}, ${o.bankAccountNm}, ${o.cashReceiptType}, ${o.cashReceiptNo},
      now() + ${o.method === 'card' ? sql`make_interval(mins => ${PAYMENT_LIMITS.cardDeadlineMinutes})` : sql`make_interval(hours => ${PAYMENT_LIMITS.depositDeadlineHours})`}
    from s
    on conflict (user_key, idem_key) do nothing
    returning user_payment_log_sn::float8 as sn`);
  return rows[0]?.sn;
}

export async function listOrders(
  db: Exec,
  q: { userKey?: number; method?: PaymentMethod; state?: PaymentState | undefined; offset: number; limit: number; oldestFirst?: boolean },
): Promise<{ rows: Array<OrderRow & { id: string; nick: string }>; total: number }> {
  const where: SQL[] = [sql`true`];
  if (q.userKey !== undefined) where.push(sql`o.user_key = ${q.userKey}`);
  if (q.method) where.push(sql`o.method = ${q.method}`);
  if (q.state) where.push(sql`${STATE_NOW} = ${q.state}`);
  const order = q.oldestFirst ? sql`o.user_payment_log_sn` : sql`o.user_payment_log_sn desc`;
  const { rows } = await db.execute<OrderRow & { id: string; nick: string; total: number } & Record<string, unknown>>(
    sql`select ${ORDER_COLUMNS}, u.id, u.nick, count(*) over ()::int as total
        from user_payment_log o join users u on u.user_key = o.user_key
        where ${sql.join(where, sql` and `)} order by ${order} offset ${q.offset} limit ${q.limit}`,
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * Pending card orders placed at or before `placedBefore`, after `afterSn`, oldest first: the reconcile job's
 * candidates (docs/payments.md, "Reconcile job").
 */
export async function pendingCardOrders(db: Exec, placedBefore: Date, afterSn: number, limit: number): Promise<number[]> {
  const { rows } = await db.execute<{ sn: number }>(sql`
    select user_payment_log_sn::float8 as sn from user_payment_log
    where state = 'pending' and method = 'card' and created_at <= ${placedBefore.toISOString()}::timestamptz
      and user_payment_log_sn > ${afterSn}
    order by user_payment_log_sn limit ${limit}`);
  return rows.map((r) => r.sn);
}

/**
 * Locks a pending card order for the rest of the transaction, or answers undefined when it is no longer
 * pending or another transaction (another process' reconcile, a confirmation) holds it (`skip locked`).
 */
export async function lockPendingCardOrder(db: Exec, sn: number): Promise<OrderRow | undefined> {
  const { rows } = await db.execute<OrderRow & Record<string, unknown>>(sql`
    select ${ORDER_COLUMNS} from user_payment_log o
    where o.user_payment_log_sn = ${sn} and o.state = 'pending' and o.method = 'card'
    for update skip locked`);
  return rows[0];
}

/** pending → a final state (not paid: see markPaid); answers whether it moved. */
export async function closeOrder(db: Exec, sn: number, state: 'cancelled' | 'rejected' | 'expired'): Promise<boolean> {
  const { rows } = await db.execute(
    sql`update user_payment_log set state = ${state}, closed_at = now() where user_payment_log_sn = ${sn} and state = 'pending' returning 1`,
  );
  return rows.length === 1;
}

export async function markPaid(
  db: Exec,
  sn: number,
  p: {
    txnId: number;
    depositedNm: string;
    depositedAmount: number;
    depositedAt: Date;
    confirmedBy: 'operator' | 'webhook';
    bankTxId: string | null;
  },
): Promise<void> {
  await db.execute(sql`
    update user_payment_log set state = 'paid', txn_id = ${p.txnId}, deposited_nm = ${p.depositedNm},
      deposited_amount = ${p.depositedAmount}, deposited_at = ${p.depositedAt.toISOString()}::timestamptz,
      confirmed_by = ${p.confirmedBy}, bank_tx_id = ${p.bankTxId}, paid_at = now(), closed_at = now()
    where user_payment_log_sn = ${sn} and state = 'pending'`);
}

/** A card order paid: its credit, the PG's payment key and masked card, what the PG charged. */
export async function markCardPaid(
  db: Exec,
  sn: number,
  p: { txnId: number; paymentKey: string; cardNo: string; amount: number; approvedAt: Date; confirmedBy: 'pg' | 'webhook' },
): Promise<void> {
  await db.execute(sql`
    update user_payment_log set state = 'paid', txn_id = ${p.txnId}, pg_payment_key = ${p.paymentKey}, card_no = ${p.cardNo},
      deposited_amount = ${p.amount}, deposited_at = ${p.approvedAt.toISOString()}::timestamptz, confirmed_by = ${p.confirmedBy},
      paid_at = now(), closed_at = now()
    where user_payment_log_sn = ${sn} and state = 'pending'`);
}

/** paid → refunded with the reversal's transaction. */
export async function markRefunded(db: Exec, sn: number, p: { refundTxnId: number; by: number; reason: string }): Promise<void> {
  await db.execute(sql`
    update user_payment_log set state = 'refunded', refund_txn_id = ${p.refundTxnId}, refunded_by = ${p.by},
      refund_reason = ${p.reason}, refunded_at = now()
    where user_payment_log_sn = ${sn} and state = 'paid'`);
}

/** The balance of a wallet account, locked until the transaction ends (nothing spends it meanwhile). */
export async function lockedBalance(db: Exec, accountId: number): Promise<number> {
  const { rows } = await db.execute<{ balance: number }>(
    sql`select balance::float8 as balance from wallet_account where account_id = ${accountId} for update`,
  );
  return rows[0]?.balance ?? 0;
}

/** The member's opaque key at the card PG, created on first use (docs/payments.md). */
export async function customerKeyOf(db: Exec, userKey: number): Promise<string> {
  const fresh = `cus_${randomBytes(18).toString('base64url')}`;
  const { rows } = await db.execute<{ customer_key: string }>(sql`
    with ins as (
      insert into payment_pg_customer (user_key, customer_key) values (${userKey}, ${fresh})
      on conflict (user_key) do nothing returning customer_key)
    select customer_key from ins union all select customer_key from payment_pg_customer where user_key = ${userKey} limit 1`);
  return rows[0]?.customer_key as string;
}

export async function writeAudit(
  db: Exec,
  a: {
    actor: number;
    action:
      | 'product_save'
      | 'deposit_confirm'
      | 'deposit_reject'
      | 'webhook_confirm'
      | 'card_confirm'
      | 'reconcile_confirm'
      | 'pg_mismatch_refund'
      | 'refund';
    orderSn?: number;
    productSn?: number;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
  },
): Promise<void> {
  await db.execute(sql`
    insert into payment_audit (actor_user_key, action, user_payment_log_sn, product_sn, before, after)
    values (${a.actor}, ${a.action}, ${a.orderSn ?? null}, ${a.productSn ?? null},
      ${a.before === null ? null : JSON.stringify(a.before)}::jsonb, ${JSON.stringify(a.after)}::jsonb)`);
}
