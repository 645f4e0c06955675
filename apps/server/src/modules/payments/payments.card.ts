import type {
  AdminPaymentOrder,
  CardConfirmReq,
  CardOrderReq,
  CardOrderStart,
  Lang,
  PaymentOrder,
  PaymentReceipt,
  PaymentRefundReq,
  PaymentSuccessCheck,
} from '@byeol/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { SiteService } from '../site/site.service.js';
import type { SessionUser } from '../users/users.session.js';
import { applyInTx, walletCounts } from '../wallet/index.js';
import type { LedgerService } from '../wallet/wallet.service.js';
import {
  auditView,
  closeOrder,
  customerKeyOf,
  findOrder,
  findOrderByKey,
  findOrderByNo,
  findProduct,
  lockedBalance,
  lockPendingCardOrder,
  markCardPaid,
  markRefunded,
  type OrderRow,
  productName,
  toOrder,
  writeAudit,
} from './payments.repository.js';
import { type PaymentsService, placeOrder, postPurchase, refusalOf, requireProductSn } from './payments.service.js';
import { TEST_PG_PREFIX } from './pg/index.js';
import { type PgClient, PgError, type PgPayment } from './pg/pg.js';

export interface CardPaymentsDeps {
  db: Db;
  site: SiteService;
  ledger: Pick<LedgerService, 'resolve'>;
  pg: PgClient;
  orders: PaymentsService;
  log: FastifyBaseLogger;
}

/** The refusal for a provider's error: its own refusal (declined…) or "unavailable" for faults and timeouts. */
function pgRefusal(err: PgError, name: 'PAYMENT_PG_REFUSED' | 'PAYMENT_PG_REFUND_FAILED'): AppError {
  if (err.code === 'PG_UNREACHABLE' || err.status >= 500) return new AppError('PAYMENT_PG_UNAVAILABLE');
  return new AppError(name, { message: err.message, pg_code: err.code });
}

const approvedAt = (p: PgPayment) => {
  const at = p.approvedAt ? new Date(p.approvedAt) : new Date();
  return Number.isNaN(at.getTime()) ? new Date() : at;
};

/** The accounts a purchase credit of this order posts between: the currency's grant account → the buyer's wallet. */
async function purchaseAccounts(ledger: CardPaymentsDeps['ledger'], row: OrderRow) {
  const [from, to] = await ledger.resolve([
    { kind: 'grant', currency: row.currency },
    { kind: 'wallet', userKey: row.user_key, currency: row.currency },
  ]);
  return { from: from.accountId, to: to.accountId };
}

const AUDIT_ACTION = { pg: 'card_confirm', webhook: 'webhook_confirm', reconcile: 'reconcile_confirm' } as const;

/**
 * The one credit of a card order the PG approved, inside the caller's transaction holding the pending row:
 * the `purchase` posting (key `payment:<sn>`, as the bank path), the order paid with the payment key, and
 * the audit. Every completion path (confirmation, webhook, reconcile job) runs it.
 */
async function creditCardPayment(
  tx: Tx,
  row: OrderRow,
  payment: PgPayment,
  accounts: { from: number; to: number },
  by: { actor: number; via: 'pg' | 'webhook' | 'reconcile' },
): Promise<void> {
  if (payment.totalAmount !== row.price) throw new AppError('PAYMENT_PG_MISMATCH');
  const sn = row.user_payment_log_sn;
  const txnId = await postPurchase(tx, row, accounts, { via: by.via, payment_key: payment.paymentKey });
  await markCardPaid(tx, sn, {
    txnId,
    paymentKey: payment.paymentKey,
    cardNo: payment.card?.number ?? '',
    amount: payment.totalAmount,
    approvedAt: approvedAt(payment),
    // The contract's confirmed_by: the reconcile job's proof is the PG's own DONE, as for the confirmation.
    confirmedBy: by.via === 'webhook' ? 'webhook' : 'pg',
  });
  const after = await findOrder(tx, sn);
  await writeAudit(tx, {
    actor: by.via === 'pg' ? by.actor : 0,
    action: AUDIT_ACTION[by.via],
    orderSn: sn,
    before: auditView(row),
    after: auditView(after as OrderRow),
  });
}

/** What the reconcile job did with one order. */
export type ReconcileOutcome = 'paid' | 'mismatch_refunded' | 'expired' | 'unpaid' | 'skipped';

export type CardReconcileDeps = Pick<CardPaymentsDeps, 'db' | 'ledger' | 'pg' | 'log'>;

/**
 * A pending card order the PG may still be expected to pay at its deadline is expired only this long after
 * it: a confirmation that started before the deadline has finished at the PG by then (its call times out
 * after 10 s), so the last check sees its outcome.
 */
export const CARD_EXPIRY_GRACE_MS = 5 * 60_000;

/**
 * The reconcile job's step for one pending card order (docs/payments.md, "Reconcile job"), in one
 * transaction holding the order row (`skip locked`: another process or a confirmation working on it wins;
 * it is looked at again next run). The PG is asked for the payment of the order number:
 *
 * - DONE with the order's price: credited through the confirmation's own path (`payment:<sn>`), once;
 * - DONE with another amount: nothing credited; logged loudly, cancelled at the PG (full refund,
 *   idempotency key `mismatch:<sn>:<paymentKey>`) and audited (`pg_mismatch_refund`); the order stays
 *   pending and expires;
 * - anything else (no payment, authenticated but never approved, aborted, cancelled): untouched until
 *   `CARD_EXPIRY_GRACE_MS` past its deadline, then expired.
 */
export async function reconcileCardOrder(d: CardReconcileDeps, sn: number, now: Date = new Date()): Promise<ReconcileOutcome> {
  const peek = await findOrder(d.db, sn);
  if (peek?.method !== 'card' || peek.state !== 'pending') return 'skipped';
  const accounts = await purchaseAccounts(d.ledger, peek);
  return d.db.transaction(async (tx: Tx): Promise<ReconcileOutcome> => {
    const row = await lockPendingCardOrder(tx, sn);
    if (!row) return 'skipped';
    let payment: PgPayment | null = null;
    try {
      payment = await d.pg.getPaymentByOrderId(row.order_no);
    } catch (err) {
      if (!(err instanceof PgError) || err.code !== 'NOT_FOUND_PAYMENT') throw err;
    }
    if (payment && payment.orderId !== row.order_no) {
      throw new Error(`the PG answered payment ${payment.paymentKey} of order ${payment.orderId} for order ${row.order_no}`);
    }
    if (payment?.status === 'DONE') {
      if (payment.totalAmount === row.price) {
        await creditCardPayment(tx, row, payment, accounts, { actor: 0, via: 'reconcile' });
        d.log.warn(
          { user_payment_log_sn: sn, payment_key: payment.paymentKey },
          'reconcile: a card payment the PG approved was never recorded here; credited now',
        );
        return 'paid';
      }
      await refundMismatch(d, tx, row, payment);
      return 'mismatch_refunded';
    }
    if (new Date(row.deadline_at).getTime() + CARD_EXPIRY_GRACE_MS <= now.getTime()) {
      await closeOrder(tx, sn, 'expired');
      return 'expired';
    }
    return 'unpaid';
  });
}

/**
 * A payment the PG approved for one of our orders with an amount other than its price: no goods for it.
 * Cancelled in full at the PG (before the audit commits; a refusal rolls everything back and the next run
 * retries), audited with what the PG charged.
 */
async function refundMismatch(d: CardReconcileDeps, tx: Tx, row: OrderRow, payment: PgPayment): Promise<void> {
  const sn = row.user_payment_log_sn;
  d.log.error(
    { user_payment_log_sn: sn, order_no: row.order_no, payment_key: payment.paymentKey, pg_amount: payment.totalAmount, price: row.price },
    'CARD PAYMENT AMOUNT MISMATCH: the PG approved another amount than the order price; nothing credited, cancelling it at the PG',
  );
  let status = 'CANCELED';
  try {
    const cancelled = await d.pg.cancel({
      paymentKey: payment.paymentKey,
      reason: '결제 금액이 주문 금액과 달라 취소합니다 (amount does not match the order)',
      idempotencyKey: `mismatch:${sn}:${payment.paymentKey}`,
    });
    status = cancelled.status;
  } catch (err) {
    if (!(err instanceof PgError) || err.code !== 'ALREADY_CANCELED_PAYMENT') throw err;
  }
  await writeAudit(tx, {
    actor: 0,
    action: 'pg_mismatch_refund',
    orderSn: sn,
    before: auditView(row),
    after: {
      ...auditView(row),
      pg_payment_key: payment.paymentKey,
      pg_amount: payment.totalAmount,
      pg_status: status,
      reason: 'amount_mismatch',
    },
  });
}

/**
 * Card payments through the PG (docs/payments.md, "Card payments") and refunds of any paid order.
 *
 * Confirmation checks the order on our side before the provider is called (owner, pending, the amount
 * the checkout sent back equal to the stored price), asks the provider to approve it, and then in one
 * database transaction credits the order exactly as the bank path does (`purchase`, key `payment:<sn>`).
 * The webhook re-fetches the payment from the provider and acts only on its answer. A refund reverses
 * the credit exactly (kind `refund`, key `refund:<sn>`) and, for a card order, only after the provider
 * cancelled the charge.
 */
export class CardPaymentsService {
  constructor(private readonly d: CardPaymentsDeps) {}

  private get db() {
    return this.d.db;
  }

  private async terms(lang: Lang) {
    return (await this.d.site.info(lang)).site_terms;
  }

  /** /pg/pg_request: a pending card order (30 minutes) and what the browser needs to open the checkout. */
  async request(user: SessionUser, req: CardOrderReq, key: string, origin: string, lang: Lang): Promise<CardOrderStart> {
    const productSn = requireProductSn(req.product_sn);
    let row = await findOrderByKey(this.db, user.userKey, key);
    if (!row) {
      const product = await findProduct(this.db, productSn);
      if (!product) throw new AppError('PAYMENT_PRODUCT_NOT_FOUND');
      if (!product.on_sale) throw new AppError('PAYMENT_PRODUCT_NOT_ON_SALE');
      row = await placeOrder(this.db, {
        userKey: user.userKey,
        product,
        method: 'card',
        idemKey: key,
        depositorNm: '',
        bankAccountNm: '',
        cashReceiptType: 'none',
        cashReceiptNo: '',
      });
    }
    // A retry with the key answers the same order; the key of another request is refused.
    if (row.method !== 'card' || row.product_sn !== productSn) throw new AppError('WALLET_KEY_REUSED');
    const terms = await this.terms(lang);
    const checkout = this.d.pg.checkout('payment');
    return {
      order: toOrder(row, terms),
      checkout: {
        provider: checkout.provider,
        client_key: checkout.clientKey,
        // The test PG's page is on this site: the origin the browser is on.
        checkout_url: checkout.provider === 'test' ? `${origin}${TEST_PG_PREFIX}/checkout` : checkout.checkoutUrl,
        order_id: row.order_no,
        amount: row.price,
        order_name: productName(terms, row.currency, row.amount, row.bonus),
        customer_key: await customerKeyOf(this.db, user.userKey),
        success_url: `${origin}/pg/success`,
        fail_url: `${origin}/pg/fail`,
      },
    };
  }

  /**
   * /pg/pg_confirm: the checkout came back with paymentKey, orderId and amount. Everything the browser sent
   * is checked against the stored order before the provider is called; a second confirmation with the same
   * payment key answers the paid order (the page may retry), with another key it is refused.
   */
  async confirm(user: SessionUser, req: CardConfirmReq, lang: Lang): Promise<PaymentOrder> {
    const row = await findOrderByNo(this.db, req.order_id);
    if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    if (row.user_key !== user.userKey) throw new AppError('PAYMENT_ORDER_OTHER_USER');
    if (row.method !== 'card') throw new AppError('PAYMENT_NOT_CARD_ORDER');
    if (row.state_now === 'paid' && row.pg_payment_key === req.payment_key) return toOrder(row, await this.terms(lang));
    if (row.state_now !== 'pending') throw refusalOf(row.state_now);
    if (req.amount !== row.price) {
      this.d.log.warn(
        { user_payment_log_sn: row.user_payment_log_sn, sent: req.amount, price: row.price },
        'card confirmation with a tampered amount',
      );
      throw new AppError('PAYMENT_CARD_AMOUNT_MISMATCH');
    }
    const sn = row.user_payment_log_sn;
    let payment: PgPayment;
    try {
      payment = await this.d.pg.confirm({
        paymentKey: req.payment_key,
        orderId: row.order_no,
        amount: row.price,
        // Per order and payment: a retry never approves twice; a new checkout after a decline is a new request.
        idempotencyKey: `confirm:${sn}:${req.payment_key}`,
      });
    } catch (err) {
      if (!(err instanceof PgError)) throw err;
      if (err.code !== 'ALREADY_PROCESSED_PAYMENT') {
        this.d.log.info({ user_payment_log_sn: sn, pg_code: err.code, pg_message: err.message }, 'the PG refused a card confirmation');
        throw pgRefusal(err, 'PAYMENT_PG_REFUSED');
      }
      // Approved before (a retry whose first answer was lost): the provider's current view decides.
      payment = await this.d.pg.getPayment(req.payment_key).catch((e: unknown) => {
        throw e instanceof PgError ? pgRefusal(e, 'PAYMENT_PG_REFUSED') : e;
      });
    }
    if (payment.status !== 'DONE' || payment.orderId !== row.order_no || payment.totalAmount !== row.price) {
      this.d.log.error(
        {
          user_payment_log_sn: sn,
          payment_key: req.payment_key,
          pg_status: payment.status,
          pg_order: payment.orderId,
          pg_amount: payment.totalAmount,
        },
        'the PG answered a payment that does not match the order; nothing credited',
      );
      throw new AppError('PAYMENT_PG_MISMATCH');
    }
    try {
      await this.complete(sn, payment, { actor: user.userKey, via: 'pg' });
    } catch (err) {
      const now = await findOrder(this.db, sn);
      // The webhook completed it meanwhile with this payment: the same outcome.
      if (now?.state_now === 'paid' && now.pg_payment_key === payment.paymentKey) return toOrder(now, await this.terms(lang));
      if (!(err instanceof AppError)) {
        this.d.log.error(
          { err, user_payment_log_sn: sn, payment_key: payment.paymentKey },
          'CARD CHARGED BUT NOT CREDITED: the PG approved the payment and the database step failed; the webhook or a re-confirmation applies it',
        );
      }
      throw err;
    }
    return this.d.orders.ownOrder(user, sn, lang);
  }

  /**
   * pending → paid for a payment the provider approved (confirm or webhook), in one transaction: the credit,
   * the order and its audit. A pending order is completed even if its deadline passed while the buyer was at
   * the checkout: the provider took the money. Answers false when this payment already paid it.
   */
  private async complete(sn: number, payment: PgPayment, by: { actor: number; via: 'pg' | 'webhook' }): Promise<boolean> {
    const peek = await findOrder(this.db, sn);
    if (!peek) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    const accounts = await purchaseAccounts(this.d.ledger, peek);
    return this.db.transaction(async (tx: Tx) => {
      const row = await findOrder(tx, sn, true);
      if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      if (row.pg_payment_key === payment.paymentKey && row.state !== 'pending') return false;
      if (row.state !== 'pending') throw refusalOf(row.state);
      await creditCardPayment(tx, row, payment, accounts, by);
      return true;
    });
  }

  /** /sub/store_payment_success_check/{sn}: whether the owner's order is credited, and the balance now. */
  async successCheck(user: SessionUser, sn: number): Promise<PaymentSuccessCheck> {
    const row = await findOrder(this.db, sn);
    if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    if (row.user_key !== user.userKey) throw new AppError('PAYMENT_ORDER_OTHER_USER');
    const counts = await walletCounts(this.db, user.userKey);
    return {
      user_payment_log_sn: sn,
      state: row.state_now,
      credited: row.state_now === 'paid',
      currency: row.currency,
      amount: row.amount + row.bonus,
      bonus: row.bonus,
      balance: row.currency === 'STAR' ? counts.star_cnt : counts.cubic_cnt,
    };
  }

  /**
   * /mypage/payment_receipt: the PG's receipt (card sales slip) of the owner's paid or refunded card order,
   * asked from the PG each time (no stored copy, no migration). Only an http(s) URL is passed on: the page
   * opens it in a new window.
   */
  async receipt(user: SessionUser, sn: number): Promise<PaymentReceipt> {
    const row = await findOrder(this.db, sn);
    if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    if (row.user_key !== user.userKey) throw new AppError('PAYMENT_ORDER_OTHER_USER');
    if (row.method !== 'card') throw new AppError('PAYMENT_NOT_CARD_ORDER');
    if (row.state_now !== 'paid' && row.state_now !== 'refunded') throw new AppError('PAYMENT_RECEIPT_NOT_PAID');
    if (!row.pg_payment_key) throw new Error(`card order ${sn} is ${row.state_now} without a payment key`);
    let payment: PgPayment;
    try {
      payment = await this.d.pg.getPayment(row.pg_payment_key);
    } catch (err) {
      if (!(err instanceof PgError)) throw err;
      this.d.log.warn({ user_payment_log_sn: sn, pg_code: err.code }, 'the PG answered no payment for a receipt');
      throw new AppError('PAYMENT_PG_UNAVAILABLE');
    }
    const url = payment.receiptUrl ? URL.parse(payment.receiptUrl) : null;
    if (payment.orderId !== row.order_no || !url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      this.d.log.error(
        { user_payment_log_sn: sn, pg_order: payment.orderId, receipt_url: payment.receiptUrl },
        'the PG answered no usable receipt for a card order',
      );
      throw new AppError('PAYMENT_PG_UNAVAILABLE');
    }
    return { user_payment_log_sn: sn, receipt_url: url.href };
  }

  /**
   * Toss' PAYMENT_STATUS_CHANGED for `paymentKey` (the body itself is never trusted): the payment is
   * fetched from the provider and only its answer counts. DONE pays a pending order of ours with that
   * price once; CANCELED reverses a paid order we have not refunded yet (a refund made at the provider's
   * console), unless the buyer spent it (then it is logged for an operator).
   */
  async webhook(paymentKey: string): Promise<{ user_payment_log_sn: number | null; action: string }> {
    let payment: PgPayment;
    try {
      payment = await this.d.pg.getPayment(paymentKey);
    } catch (err) {
      if (err instanceof PgError && err.status < 500 && err.code !== 'PG_UNREACHABLE') {
        this.d.log.warn({ payment_key: paymentKey, pg_code: err.code }, 'PG webhook for a payment the PG does not know');
        throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      }
      throw err instanceof PgError ? new AppError('PAYMENT_PG_UNAVAILABLE', {}, 503) : err;
    }
    const row = await findOrderByNo(this.db, payment.orderId);
    if (row?.method !== 'card') {
      this.d.log.warn({ payment_key: paymentKey, order_id: payment.orderId }, 'PG webhook for an order that is not one of our card orders');
      throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    }
    const sn = row.user_payment_log_sn;
    if (payment.status === 'DONE') {
      if (row.pg_payment_key === payment.paymentKey) return { user_payment_log_sn: sn, action: 'none' };
      if (row.state !== 'pending' || payment.totalAmount !== row.price) {
        this.d.log.error(
          { user_payment_log_sn: sn, state: row.state, payment_key: paymentKey, pg_amount: payment.totalAmount, price: row.price },
          'the PG reports a payment DONE that cannot pay this order; an operator must cancel it at the PG',
        );
        return { user_payment_log_sn: sn, action: 'none' };
      }
      const paid = await this.complete(sn, payment, { actor: 0, via: 'webhook' });
      return { user_payment_log_sn: sn, action: paid ? 'paid' : 'none' };
    }
    if (payment.status === 'CANCELED' && row.state === 'paid' && row.pg_payment_key === payment.paymentKey) {
      try {
        await this.reverse(sn, { actor: 0, reason: 'cancelled at the PG', cancelAtPg: false });
        return { user_payment_log_sn: sn, action: 'refunded' };
      } catch (err) {
        this.d.log.error(
          { err, user_payment_log_sn: sn },
          'the PG cancelled a paid card order that could not be reversed here; an operator must act',
        );
        return { user_payment_log_sn: sn, action: 'none' };
      }
    }
    this.d.log.info({ user_payment_log_sn: sn, pg_status: payment.status }, 'PG webhook: nothing to do');
    return { user_payment_log_sn: sn, action: 'none' };
  }

  /** /admin/payment_refund: an operator refunds a paid order (card: at the PG first); the credit reversed exactly. */
  async refund(operator: SessionUser, req: PaymentRefundReq, lang: Lang): Promise<AdminPaymentOrder> {
    await this.reverse(req.user_payment_log_sn, { actor: operator.userKey, reason: req.reason, cancelAtPg: true });
    return this.d.orders.adminOrder(req.user_payment_log_sn, lang);
  }

  /**
   * paid → refunded: the buyer's wallet gives back exactly amount + bonus to the grant account (kind
   * `refund`, key `refund:<sn>`), in one transaction that holds the order and the wallet, so the balance
   * checked is the balance reversed. A card order is cancelled at the PG inside that transaction, before the
   * reversal commits: if the PG refuses, nothing moves.
   */
  private async reverse(sn: number, by: { actor: number; reason: string; cancelAtPg: boolean }): Promise<void> {
    const peek = await findOrder(this.db, sn);
    if (!peek) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    if (peek.state_now === 'refunded') throw new AppError('PAYMENT_ORDER_REFUNDED');
    if (peek.state_now !== 'paid') throw new AppError('PAYMENT_REFUND_NOT_PAID');
    const [wallet, grant] = await this.d.ledger.resolve([
      { kind: 'wallet', userKey: peek.user_key, currency: peek.currency },
      { kind: 'grant', currency: peek.currency },
    ]);
    await this.db.transaction(async (tx: Tx) => {
      const row = await findOrder(tx, sn, true);
      if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
      if (row.state === 'refunded') throw new AppError('PAYMENT_ORDER_REFUNDED');
      if (row.state !== 'paid') throw new AppError('PAYMENT_REFUND_NOT_PAID');
      const credit = row.amount + row.bonus;
      const balance = await lockedBalance(tx, wallet.accountId);
      if (balance < credit) throw new AppError('PAYMENT_REFUND_SPENT', { balance, amount: credit });
      if (by.cancelAtPg && row.method === 'card') {
        if (!row.pg_payment_key) throw new Error(`card order ${sn} is paid without a payment key`);
        try {
          await this.d.pg.cancel({ paymentKey: row.pg_payment_key, reason: by.reason, idempotencyKey: `refund:${sn}` });
        } catch (err) {
          // Cancelled before (at the PG's console, or a retry whose answer was lost): reverse it here too.
          if (!(err instanceof PgError)) throw err;
          if (err.code !== 'ALREADY_CANCELED_PAYMENT') {
            this.d.log.info({ user_payment_log_sn: sn, pg_code: err.code }, 'the PG refused a refund');
            throw pgRefusal(err, 'PAYMENT_PG_REFUND_FAILED');
          }
        }
      }
      const [applied] = await applyInTx(tx, [
        {
          actor: 0,
          key: `refund:${sn}`,
          fingerprint: `refund:${wallet.accountId}:${grant.accountId}:${row.currency}:${credit}:${sn}`,
          kind: 'refund',
          currency: row.currency,
          from: wallet.accountId,
          fromSystem: false,
          amount: credit,
          meta: {
            user_payment_log_sn: sn,
            order_no: row.order_no,
            price: row.price,
            method: row.method,
            reason: by.reason,
            operator_user_key: by.actor,
          },
          credits: [{ account: grant.accountId, amount: credit }],
        },
      ]);
      if (!applied) throw new Error('wallet_apply answered nothing');
      if (applied.outcome !== 'new') throw new AppError('PAYMENT_ORDER_REFUNDED');
      if (applied.state !== 'done') throw new Error('a refund from a wallet holding the amount was refused');
      await markRefunded(tx, sn, { refundTxnId: applied.txnId, by: by.actor, reason: by.reason });
      const after = await findOrder(tx, sn);
      await writeAudit(tx, {
        actor: by.actor,
        action: 'refund',
        orderSn: sn,
        before: auditView(row),
        after: { ...auditView(after as OrderRow), reason: by.reason },
      });
    });
  }
}
