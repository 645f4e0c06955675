import {
  type AdminPaymentOrder,
  type AdminPaymentProduct,
  type AdminPaymentProductSaveReq,
  CASH_RECEIPT_TYPES,
  type Currency,
  type DepositConfirmReq,
  type DepositOrderReq,
  type DepositWebhookReq,
  type FormBankbookSet,
  type Lang,
  normalizeBizNo,
  normalizeDepositor,
  normalizeReceiptPhone,
  PAYMENT_LIMITS,
  type PaymentMethod,
  type PaymentOrder,
  type PaymentProduct,
  type PaymentState,
} from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { AppError, required } from '../../platform/errors.js';
import type { SiteService } from '../site/site.service.js';
import type { SessionUser } from '../users/users.session.js';
import { applyInTx } from '../wallet/index.js';
import { requireAmount } from '../wallet/wallet.rules.js';
import type { LedgerService } from '../wallet/wallet.service.js';
import {
  auditView,
  type CurrencyTerms,
  closeOrder,
  depositorKey,
  findOrder,
  findOrderByBankTx,
  findOrderByKey,
  findOrderByNo,
  findProduct,
  insertOrder,
  insertProduct,
  lastDepositor,
  listOrders,
  listProducts,
  markPaid,
  matchPending,
  type NewOrder,
  type OrderRow,
  type ProductValues,
  pendingCount,
  toAdminOrder,
  toAdminProduct,
  toOrder,
  toProduct,
  updateProduct,
  writeAudit,
} from './payments.repository.js';

/** A deposit may be dated this long before its order was placed (a bank statement shows minutes). */
const DEPOSIT_EARLY_SLACK_MS = 60_000;
/** …and this far in the future (clocks of the bank and of this server differ a little). */
const DEPOSIT_CLOCK_SKEW_MS = 5 * 60_000;

/** A catalogue number as typed: digits only. */
export function requireProductSn(raw: string): number {
  const text = raw.trim();
  if (text === '') throw required('product_sn');
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2 ** 31 - 1) throw new AppError('PAYMENT_PRODUCT_NOT_FOUND');
  return Number(text);
}

/** 'YYYY-MM-DD HH:mm[:ss]' in Korean time, or ISO 8601 with an offset. */
export function parseDepositDate(raw: string): Date | null {
  const text = raw.trim();
  const kst = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (kst) {
    const [, y, mo, d, h, mi, s] = kst.map(Number) as number[];
    const at = new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s || 0) - 9 * 3600_000);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The refusal for an order that is no longer pending (or is past its deadline). */
export function refusalOf(state: PaymentState): AppError {
  switch (state) {
    case 'paid':
      return new AppError('PAYMENT_ORDER_ALREADY_PAID');
    case 'refunded':
      return new AppError('PAYMENT_ORDER_REFUNDED');
    case 'cancelled':
      return new AppError('PAYMENT_ORDER_CANCELLED');
    case 'rejected':
      return new AppError('PAYMENT_ORDER_REJECTED');
    default:
      return new AppError('PAYMENT_ORDER_EXPIRED');
  }
}

/**
 * Places an order (bank deposit or card) once per idempotency key: one member's orders are placed one at a
 * time, so the pending limit holds under concurrency (no key update: rows elsewhere that reference the member
 * are not held up). Answers the order placed, or the one the key placed before.
 */
export async function placeOrder(db: Db, o: NewOrder): Promise<OrderRow> {
  const sn = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where user_key = ${o.userKey} for no key update`);
    const raced = await findOrderByKey(tx, o.userKey, o.idemKey);
    if (raced) return raced.user_payment_log_sn;
    if ((await pendingCount(tx, o.userKey)) >= PAYMENT_LIMITS.pendingMax) {
      throw new AppError('PAYMENT_TOO_MANY_PENDING', { max: PAYMENT_LIMITS.pendingMax });
    }
    return insertOrder(tx, o);
  });
  const row = sn === undefined ? await findOrderByKey(db, o.userKey, o.idemKey) : await findOrder(db, sn);
  if (!row) throw new Error('the order just placed is missing');
  return row;
}

/**
 * The credit of a paid order: kind `purchase`, from the currency's grant account to the buyer's wallet,
 * amount + bonus, posted by the system under the key `payment:<sn>` (so no second completion path, bank or
 * card, can ever credit an order twice). Answers the transaction id; refuses a replay as already paid.
 */
export async function postPurchase(
  tx: Tx,
  row: OrderRow,
  accounts: { from: number; to: number },
  meta: Record<string, unknown>,
): Promise<number> {
  const sn = row.user_payment_log_sn;
  const credit = row.amount + row.bonus;
  const [applied] = await applyInTx(tx, [
    {
      actor: 0,
      key: `payment:${sn}`,
      fingerprint: `purchase:${accounts.from}:${accounts.to}:${row.currency}:${credit}:${sn}`,
      kind: 'purchase',
      currency: row.currency,
      from: accounts.from,
      fromSystem: true,
      amount: credit,
      meta: { user_payment_log_sn: sn, order_no: row.order_no, price: row.price, ...meta },
      credits: [{ account: accounts.to, amount: credit }],
    },
  ]);
  if (!applied) throw new Error('wallet_apply answered nothing');
  if (applied.outcome !== 'new') throw new AppError('PAYMENT_ORDER_ALREADY_PAID');
  if (applied.state !== 'done') throw new Error('a credit from the grant account was refused');
  return applied.txnId;
}

interface Deposit {
  name: string;
  amount: number;
  at: Date;
}

/**
 * Packages and bank deposit orders (docs/payments.md). An order is credited exactly once: the completion
 * locks the order row, checks it is still pending and that the deposit matches it, and posts the
 * `purchase` transaction (grant account → the buyer's wallet, amount + bonus) with the ledger key
 * `payment:<sn>` in the same database transaction as the order becoming paid and its audit row.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly site: SiteService,
    /** Resolves the accounts a credit posts to (its cache and per-turn lookups). */
    private readonly ledger: Pick<LedgerService, 'resolve'>,
  ) {}

  private async terms(lang: Lang): Promise<CurrencyTerms> {
    return (await this.site.info(lang)).site_terms;
  }

  // ---- the deposit form -----------------------------------------------------------------------------

  /**
   * POST /popup/form_bankbook (issue 15): what the bank deposit form needs in one answer: the account to pay
   * into, the packages on sale, the depositor name to start from (the member's last deposit order's, else the
   * verified name when a bank could print it, else ''), the cash receipt choices, the deadline and how many
   * more orders the member may place now.
   */
  async formBankbook(member: { userKey: number; realName: string }, lang: Lang, currency: Currency | undefined): Promise<FormBankbookSet> {
    const [info, products, last, pending] = await Promise.all([
      this.site.info(lang),
      this.productList(lang, currency),
      lastDepositor(this.db, member.userKey),
      pendingCount(this.db, member.userKey),
    ]);
    const bankAccountNm = info.site_footer.bank_account_nm.trim();
    return {
      bank_yn: bankAccountNm === '' ? 'N' : 'Y',
      bank_account_nm: bankAccountNm,
      product_list: products,
      depositor_nm: last || normalizeDepositor(member.realName) || '',
      depositor_max: PAYMENT_LIMITS.depositorMax,
      cash_receipt_types: [...CASH_RECEIPT_TYPES],
      deadline_hours: PAYMENT_LIMITS.depositDeadlineHours,
      pending_left: Math.max(0, PAYMENT_LIMITS.pendingMax - pending),
    };
  }

  // ---- products --------------------------------------------------------------------------------------

  async productList(lang: Lang, currency: Currency | undefined): Promise<PaymentProduct[]> {
    const [terms, { rows }] = await Promise.all([
      this.terms(lang),
      listProducts(this.db, { currency, onSaleOnly: true, offset: 0, limit: 100 }),
    ]);
    return rows.map((r) => toProduct(r, terms));
  }

  async adminProductList(q: { currency?: Currency | undefined; offset: number; limit: number }) {
    const { rows, total } = await listProducts(this.db, { ...q, onSaleOnly: false });
    return { list: rows.map(toAdminProduct), total };
  }

  async adminProductSave(operator: SessionUser, req: AdminPaymentProductSaveReq): Promise<AdminPaymentProduct> {
    const values: ProductValues = {
      currency: req.currency,
      amount: requireAmount(req.amount, { min: 1, max: PAYMENT_LIMITS.amountMax }, 'amount'),
      bonus: requireAmount(req.bonus, { min: 0, max: PAYMENT_LIMITS.amountMax }, 'bonus'),
      price: requireAmount(req.price, { min: 1, max: PAYMENT_LIMITS.priceMax }, 'price'),
      onSale: req.on_sale_yn === 'Y',
      sort: req.sort,
    };
    return this.db.transaction(async (tx) => {
      const before = req.product_sn === undefined ? undefined : await findProduct(tx, req.product_sn, true);
      if (req.product_sn !== undefined && !before) throw new AppError('PAYMENT_PRODUCT_NOT_FOUND');
      const row = before ? await updateProduct(tx, before.product_sn, values) : await insertProduct(tx, values);
      if (!row) throw new AppError('PAYMENT_PRODUCT_NOT_FOUND');
      const after = toAdminProduct(row);
      await writeAudit(tx, {
        actor: operator.userKey,
        action: 'product_save',
        productSn: row.product_sn,
        before: before ? { ...toAdminProduct(before) } : null,
        after: { ...after },
      });
      return after;
    });
  }

  // ---- bank deposit orders ---------------------------------------------------------------------------

  /**
   * Places a bank deposit order for one package: pending, with the site's bank account, the price and a
   * deadline. A retry with the same key answers the same order; the key for another request is refused.
   */
  async depositOrder(user: SessionUser, req: DepositOrderReq, key: string, lang: Lang): Promise<PaymentOrder> {
    const productSn = requireProductSn(req.product_sn);
    if (req.depositor_nm.trim() === '') throw required('depositor_nm');
    const depositor = normalizeDepositor(req.depositor_nm);
    if (depositor === null) throw new AppError('PAYMENT_DEPOSITOR_INVALID', { field: 'depositor_nm', max: PAYMENT_LIMITS.depositorMax });
    let receiptNo = '';
    if (req.cash_receipt_type === 'income') {
      receiptNo = normalizeReceiptPhone(req.cash_receipt_no) ?? '';
      if (receiptNo === '') throw new AppError('PAYMENT_RECEIPT_PHONE_INVALID', { field: 'cash_receipt_no' });
    } else if (req.cash_receipt_type === 'expense') {
      receiptNo = normalizeBizNo(req.cash_receipt_no) ?? '';
      if (receiptNo === '') throw new AppError('PAYMENT_RECEIPT_BIZ_NO_INVALID', { field: 'cash_receipt_no' });
    }
    const request = { productSn, depositor, type: req.cash_receipt_type, receiptNo };

    const prior = await findOrderByKey(this.db, user.userKey, key);
    if (prior) return this.replayOrder(prior, request, lang);

    const product = await findProduct(this.db, productSn);
    if (!product) throw new AppError('PAYMENT_PRODUCT_NOT_FOUND');
    if (!product.on_sale) throw new AppError('PAYMENT_PRODUCT_NOT_ON_SALE');
    const bankAccountNm = (await this.site.info('ko')).site_footer.bank_account_nm.trim();
    if (bankAccountNm === '') throw new AppError('PAYMENT_BANK_UNAVAILABLE');

    const row = await placeOrder(this.db, {
      userKey: user.userKey,
      product,
      method: 'bankbook',
      idemKey: key,
      depositorNm: depositor,
      bankAccountNm,
      cashReceiptType: req.cash_receipt_type,
      cashReceiptNo: receiptNo,
    });
    return this.replayOrder(row, request, lang);
  }

  private async replayOrder(
    row: OrderRow,
    request: { productSn: number; depositor: string; type: string; receiptNo: string },
    lang: Lang,
  ): Promise<PaymentOrder> {
    const same =
      row.product_sn === request.productSn &&
      row.depositor_nm === request.depositor &&
      row.cash_receipt_type === request.type &&
      row.cash_receipt_no === request.receiptNo;
    if (!same) throw new AppError('WALLET_KEY_REUSED');
    return toOrder(row, await this.terms(lang));
  }

  /** One of the caller's orders (the completion popup). */
  async ownOrder(user: SessionUser, sn: number, lang: Lang): Promise<PaymentOrder> {
    const row = await findOrder(this.db, sn);
    if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    if (row.user_key !== user.userKey) throw new AppError('PAYMENT_ORDER_OTHER_USER');
    return toOrder(row, await this.terms(lang));
  }

  async myOrders(
    user: SessionUser,
    q: { method?: PaymentMethod; state?: PaymentState | undefined; offset: number; limit: number },
    lang: Lang,
  ): Promise<{ list: PaymentOrder[]; total: number }> {
    const [terms, { rows, total }] = await Promise.all([this.terms(lang), listOrders(this.db, { ...q, userKey: user.userKey })]);
    return { list: rows.map((r) => toOrder(r, terms)), total };
  }

  /** The caller cancels a pending order of theirs. */
  async cancel(user: SessionUser, sn: number, lang: Lang): Promise<PaymentOrder> {
    await this.db.transaction(async (tx) => {
      const row = await findOrder(tx, sn, true);
      if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      if (row.user_key !== user.userKey) throw new AppError('PAYMENT_ORDER_OTHER_USER');
      if (row.state_now !== 'pending') throw refusalOf(row.state_now);
      await closeOrder(tx, sn, 'cancelled');
    });
    return this.ownOrder(user, sn, lang);
  }

  // ---- operators -------------------------------------------------------------------------------------

  async adminDeposits(
    q: { state: PaymentState; offset: number; limit: number },
    lang: Lang,
  ): Promise<{ list: AdminPaymentOrder[]; total: number }> {
    const [terms, { rows, total }] = await Promise.all([
      this.terms(lang),
      listOrders(this.db, { ...q, method: 'bankbook', oldestFirst: q.state === 'pending' }),
    ]);
    return { list: rows.map((r) => toAdminOrder(r, terms)), total };
  }

  /** An operator confirms the deposit seen on the bank statement: checked against the order, credited once. */
  async confirm(operator: SessionUser, req: DepositConfirmReq, lang: Lang): Promise<AdminPaymentOrder> {
    const deposit = this.depositOf(req.depositor_nm, req.amount, req.deposited_at);
    await this.complete(req.user_payment_log_sn, deposit, { actor: operator.userKey, via: 'operator', bankTxId: null });
    return this.adminOrder(req.user_payment_log_sn, lang);
  }

  /** An operator rejects a pending order (no matching deposit arrived); nothing is credited. */
  async reject(operator: SessionUser, sn: number, reason: string, lang: Lang): Promise<AdminPaymentOrder> {
    await this.db.transaction(async (tx) => {
      const row = await findOrder(tx, sn, true);
      if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      if (row.state_now !== 'pending') throw refusalOf(row.state_now);
      await closeOrder(tx, sn, 'rejected');
      const after = await findOrder(tx, sn);
      await writeAudit(tx, {
        actor: operator.userKey,
        action: 'deposit_reject',
        orderSn: sn,
        before: auditView(row),
        after: { ...auditView(after as OrderRow), reason },
      });
    });
    return this.adminOrder(sn, lang);
  }

  /**
   * The bank's deposit notification (already verified as signed). The order is the one named by
   * `order_no`, or else the single pending order with this depositor and price; a notification the bank
   * repeats (same `bank_tx_id`) is refused as already paid and credits nothing.
   */
  async webhook(req: DepositWebhookReq, lang: Lang): Promise<AdminPaymentOrder> {
    const deposit = this.depositOf(req.depositor_nm, req.amount, req.deposited_at);
    if (await findOrderByBankTx(this.db, req.bank_tx_id)) throw new AppError('PAYMENT_ORDER_ALREADY_PAID');
    let sn: number;
    if (req.order_no) {
      const row = await findOrderByNo(this.db, req.order_no);
      if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      sn = row.user_payment_log_sn;
    } else {
      const found = await matchPending(this.db, deposit.name, deposit.amount);
      if (found.length !== 1) throw new AppError('PAYMENT_DEPOSIT_UNMATCHED');
      sn = found[0] as number;
    }
    try {
      await this.complete(sn, deposit, { actor: 0, via: 'webhook', bankTxId: req.bank_tx_id });
    } catch (err) {
      // The same bank deposit raced in on another order or process: it paid once.
      if ((err as { code?: string }).code === '23505') throw new AppError('PAYMENT_ORDER_ALREADY_PAID');
      throw err;
    }
    return this.adminOrder(sn, lang);
  }

  private depositOf(name: string, amount: unknown, at: string): Deposit {
    if (name.trim() === '') throw required('depositor_nm');
    const depositor = normalizeDepositor(name);
    if (depositor === null) throw new AppError('PAYMENT_DEPOSITOR_INVALID', { field: 'depositor_nm', max: PAYMENT_LIMITS.depositorMax });
    const value = requireAmount(amount, { min: 1, max: PAYMENT_LIMITS.priceMax }, 'amount');
    if (at.trim() === '') throw required('deposited_at');
    const when = parseDepositDate(at);
    if (!when) throw new AppError('INVALID_INPUT', { field: 'deposited_at' });
    return { name: depositor, amount: value, at: when };
  }

  /** pending → paid with its one ledger credit, in one database transaction with the audit row. */
  private async complete(sn: number, deposit: Deposit, by: { actor: number; via: 'operator' | 'webhook'; bankTxId: string | null }) {
    const peek = await findOrder(this.db, sn);
    if (!peek) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    const [from, to] = await this.ledger.resolve([
      { kind: 'grant', currency: peek.currency },
      { kind: 'wallet', userKey: peek.user_key, currency: peek.currency },
    ]);
    await this.db.transaction(async (tx: Tx) => {
      const row = await findOrder(tx, sn, true);
      if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      if (row.method !== 'bankbook') throw new AppError('PAYMENT_NOT_BANKBOOK_ORDER');
      if (row.state_now !== 'pending') throw refusalOf(row.state_now);
      if (depositorKey(deposit.name) !== depositorKey(row.depositor_nm)) throw new AppError('PAYMENT_DEPOSITOR_MISMATCH');
      if (deposit.amount !== row.price) throw new AppError('PAYMENT_AMOUNT_MISMATCH');
      const at = deposit.at.getTime();
      if (
        at < new Date(row.created_at).getTime() - DEPOSIT_EARLY_SLACK_MS ||
        at > new Date(row.deadline_at).getTime() ||
        at > Date.now() + DEPOSIT_CLOCK_SKEW_MS
      ) {
        throw new AppError('PAYMENT_DEPOSIT_DATE_INVALID');
      }
      const txnId = await postPurchase(tx, row, { from: from.accountId, to: to.accountId }, { via: by.via, operator_user_key: by.actor });
      await markPaid(tx, sn, {
        txnId,
        depositedNm: deposit.name,
        depositedAmount: deposit.amount,
        depositedAt: deposit.at,
        confirmedBy: by.via,
        bankTxId: by.bankTxId,
      });
      const after = await findOrder(tx, sn);
      await writeAudit(tx, {
        actor: by.actor,
        action: by.via === 'operator' ? 'deposit_confirm' : 'webhook_confirm',
        orderSn: sn,
        before: auditView(row),
        after: auditView(after as OrderRow),
      });
    });
  }

  async adminOrder(sn: number, lang: Lang): Promise<AdminPaymentOrder> {
    const [terms, row] = await Promise.all([this.terms(lang), findOrder(this.db, sn)]);
    if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    const { rows } = await this.db.execute<{ id: string; nick: string }>(sql`select id, nick from users where user_key = ${row.user_key}`);
    return toAdminOrder({ ...row, id: rows[0]?.id ?? '', nick: rows[0]?.nick ?? '' }, terms);
  }
}
