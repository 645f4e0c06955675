import { randomBytes } from 'node:crypto';
import {
  type AdminSupporterPlan,
  type AdminSupporterPlanSaveReq,
  ChatEvent,
  detailsMonths,
  ITEM_LIMITS,
  kstMonthRange,
  SUPPORTER_LIMITS,
  type Supporter,
  type SupporterBj,
  type SupporterCharge,
  type SupporterChatEventData,
  type SupporterDetailsExtra,
  type SupporterPlan,
  type SupportersBillingConfirmReq,
  type SupportersCheckout,
  type SupportersConfirmReq,
  type SupportersRequestReq,
  type SupporterType,
} from '@byeol/contract';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { publishRoomEvent } from '../chat/chat.events.js';
import { createChatStore } from '../chat/index.js';
import { type PgClient, PgError, type PgPayment } from '../payments/pg/pg.js';
import type { SiteService } from '../site/site.service.js';
import type { SessionUser } from '../users/users.session.js';
import { requireAmount } from '../wallet/wallet.rules.js';
import {
  type ChargeRow,
  cancelAuto,
  extendRegular,
  findCharge,
  findPlan,
  findSupporter,
  hasActiveAuto,
  insertAuto,
  insertCheckoutCharge,
  listBjs,
  listCharges,
  listPlans,
  listSupporters,
  liveVodKey,
  markChargeFailed,
  markChargePaid,
  savePlan,
  supporterView,
  toAdminPlan,
  toCharge,
  toPlan,
  writeAudit,
} from './supporters.repository.js';

/** Where the provider sends the browser back after the checkout (our return pages). */
export const RETURN_PATHS = { success: '/pg/supporters/success', fail: '/pg/supporters/fail' } as const;

/** The provider's refusal as the member sees it (declined card and the like), or a fault when it cannot be reached. */
export function pgRefusal(err: unknown): AppError {
  if (err instanceof PgError) {
    if (err.code === 'PG_UNREACHABLE' || err.status >= 500) return new AppError('SUPPORTER_PG_UNAVAILABLE');
    return new AppError('SUPPORTER_PAYMENT_REFUSED', { message: err.message.slice(0, 200) });
  }
  throw err;
}

const cardLabelOf = (card: { number: string } | null) => card?.number ?? '';

/**
 * Supporters (docs/supporters.md): plans, the checkout of a regular month or an auto-pay registration, the
 * confirmations that verify the order on our side before the provider is asked, the lists and the
 * cancellation. Every approved payment is one `supporter_charge` row with its payment key, written in the
 * same transaction as the support it pays for; the charge row is locked for the whole confirmation, so a
 * second confirmation waits and then finds it paid.
 */
export class SupportersService {
  private readonly chat;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly site: SiteService,
    private readonly pg: PgClient,
  ) {
    this.chat = createChatStore(db);
  }

  /** The site switch `supporters` (SPEC §1): off refuses every member call. */
  async requireEnabled(): Promise<void> {
    if ((await this.site.info('ko')).site_setting.supporters_yn !== 'Y') throw new AppError('SUPPORTER_DISABLED');
  }

  // ---- plans and broadcasters ------------------------------------------------------------------------

  async planList(): Promise<SupporterPlan[]> {
    return (await listPlans(this.db, { onSaleOnly: true, offset: 0, limit: 100 })).rows.map(toPlan);
  }

  async adminPlanList(q: { offset: number; limit: number }) {
    const { rows, total } = await listPlans(this.db, { onSaleOnly: false, ...q });
    return { list: rows.map(toAdminPlan), total };
  }

  async adminPlanSave(operator: SessionUser, req: AdminSupporterPlanSaveReq): Promise<AdminSupporterPlan> {
    const values = {
      price: requireAmount(req.price, { min: 100, max: SUPPORTER_LIMITS.priceMax }, 'price'),
      onSale: req.on_sale_yn === 'Y',
      sort: req.sort,
    };
    return this.db.transaction(async (tx) => {
      const before = req.plan_sn === undefined ? undefined : await findPlan(tx, req.plan_sn, true);
      if (req.plan_sn !== undefined && !before) throw new AppError('SUPPORTER_PLAN_NOT_FOUND');
      const row = await savePlan(tx, req.plan_sn, values);
      if (!row) throw new AppError('SUPPORTER_PLAN_NOT_FOUND');
      const after = toAdminPlan(row);
      await writeAudit(tx, {
        actor: operator.userKey,
        action: 'plan_save',
        planSn: row.plan_sn,
        before: before ? { ...toAdminPlan(before) } : null,
        after: { ...after },
      });
      return after;
    });
  }

  bjList(q: {
    nick: string;
    bj_user_key?: number | undefined;
    offset: number;
    limit: number;
  }): Promise<{ list: SupporterBj[]; total: number }> {
    return listBjs(this.db, { nick: q.nick, userKey: q.bj_user_key, offset: q.offset, limit: q.limit });
  }

  // ---- checkout --------------------------------------------------------------------------------------

  /**
   * /pg/pg_supporters_request: a pending charge for one month of `plan` for the BJ, and the checkout. A
   * retry with the same key answers the same charge; the key sent for another request is refused.
   */
  async request(user: SessionUser, req: SupportersRequestReq, key: string, origin: string): Promise<SupportersCheckout> {
    await this.requireEnabled();
    const prior = await findCharge(this.db, { userKey: user.userKey, idemKey: key });
    if (prior) return this.checkoutOf(prior, req, origin);
    if (req.bj_user_key === user.userKey) throw new AppError('SUPPORTER_SELF');
    const { list } = await listBjs(this.db, { nick: '', userKey: req.bj_user_key, offset: 0, limit: 1 });
    if (list.length === 0) throw new AppError('SUPPORTER_BJ_NOT_FOUND');
    const plan = await findPlan(this.db, req.plan_sn);
    if (!plan) throw new AppError('SUPPORTER_PLAN_NOT_FOUND');
    if (!plan.on_sale) throw new AppError('SUPPORTER_PLAN_NOT_ON_SALE');
    if (req.type === 'auto' && (await hasActiveAuto(this.db, user.userKey, req.bj_user_key))) throw new AppError('SUPPORTER_AUTO_EXISTS');
    await insertCheckoutCharge(this.db, {
      userKey: user.userKey,
      bjUserKey: req.bj_user_key,
      type: req.type,
      planSn: plan.plan_sn,
      amount: plan.price,
      idemKey: key,
      // Toss: 2–300 characters, not guessable (for auto-pay it names the member's registered card).
      customerKey: `sup_${randomBytes(18).toString('base64url')}`,
    });
    const row = await findCharge(this.db, { userKey: user.userKey, idemKey: key });
    if (!row) throw new Error('the charge just placed is missing');
    return this.checkoutOf(row, req, origin);
  }

  private checkoutOf(row: ChargeRow & { bj_nick: string }, req: SupportersRequestReq, origin: string): SupportersCheckout {
    if (row.bj_user_key !== req.bj_user_key || row.plan_sn !== req.plan_sn || row.type !== req.type) {
      throw new AppError('WALLET_KEY_REUSED');
    }
    const checkout = this.pg.checkout(row.type === 'auto' ? 'billing' : 'payment');
    const back = (path: string) => {
      const url = new URL(path, origin);
      url.searchParams.set('order_id', row.order_no);
      url.searchParams.set('type', row.type);
      return url.href;
    };
    return {
      charge_sn: row.charge_sn,
      type: row.type,
      provider: checkout.provider,
      client_key: checkout.clientKey,
      checkout_url: checkout.checkoutUrl,
      order_id: row.order_no,
      amount: row.amount,
      order_name: orderName(row.bj_nick, row.type),
      customer_key: row.customer_key,
      success_url: back(RETURN_PATHS.success),
      fail_url: back(RETURN_PATHS.fail),
    };
  }

  /** The caller's charge, locked, still pending and of `type`; every refusal changes nothing. */
  private async pendingCharge(tx: Db, user: SessionUser, orderId: string, type: SupporterType) {
    const row = await findCharge(tx, { orderNo: orderId }, true);
    if (!row) throw new AppError('SUPPORTER_ORDER_NOT_FOUND');
    if (row.user_key !== user.userKey) throw new AppError('SUPPORTER_ORDER_OTHER_USER');
    if (row.type !== type) throw new AppError('SUPPORTER_ORDER_TYPE');
    if (row.state_now === 'paid') throw new AppError('SUPPORTER_ORDER_ALREADY_PAID');
    if (row.state_now === 'expired') throw new AppError('SUPPORTER_ORDER_EXPIRED');
    if (row.state_now === 'failed') throw new AppError('SUPPORTER_ORDER_FAILED');
    return row;
  }

  /**
   * A regular month's checkout came back: the order is checked on our side (the caller's, pending, the
   * amount it was placed for), then the provider approves it, and the charge becomes paid with the support
   * extended by one month, in one transaction.
   */
  async confirm(user: SessionUser, req: SupportersConfirmReq): Promise<SupporterCharge> {
    const done = await this.db.transaction(async (tx) => {
      const row = await this.pendingCharge(tx as unknown as Db, user, req.order_id, 'regular');
      if (req.amount !== row.amount) throw new AppError('SUPPORTER_AMOUNT_MISMATCH');
      let payment: PgPayment;
      try {
        payment = await this.pg.confirm({
          paymentKey: req.payment_key,
          orderId: row.order_no,
          amount: row.amount,
          idempotencyKey: `supporter-confirm:${row.charge_sn}`,
        });
      } catch (err) {
        return { failed: pgRefusal(err), row };
      }
      if (payment.orderId !== row.order_no || payment.totalAmount !== row.amount) throw new AppError('SUPPORTER_AMOUNT_MISMATCH');
      const support = await extendRegular(tx, {
        userKey: user.userKey,
        bjUserKey: row.bj_user_key,
        planSn: row.plan_sn,
        price: row.amount,
      });
      await markChargePaid(tx, row.charge_sn, {
        paymentKey: payment.paymentKey,
        cardLabel: cardLabelOf(payment.card),
        supporterSn: support.sn,
        periodNo: support.periods,
        from: support.from,
        to: support.to,
        provider: payment,
      });
      return { failed: null, row, periods: support.periods };
    });
    return this.settle(user, done, 'regular');
  }

  /**
   * An auto-pay registration came back with the provider's authKey: the order is checked on our side (the
   * caller's, pending, the customer key we issued for it), the billing key is issued and kept server-side,
   * the first month is charged at once, and the support starts, in one transaction.
   */
  async confirmBilling(user: SessionUser, req: SupportersBillingConfirmReq): Promise<SupporterCharge> {
    const done = await this.db.transaction(async (tx) => {
      const row = await this.pendingCharge(tx as unknown as Db, user, req.order_id, 'auto');
      if (req.customer_key !== row.customer_key) throw new AppError('SUPPORTER_CUSTOMER_MISMATCH');
      if (await hasActiveAuto(tx, user.userKey, row.bj_user_key)) throw new AppError('SUPPORTER_AUTO_EXISTS');
      let payment: PgPayment;
      let billing: { billingKey: string; card: { number: string } | null };
      try {
        billing = await this.pg.issueBillingKey({ authKey: req.auth_key, customerKey: row.customer_key });
        payment = await this.pg.chargeBillingKey({
          billingKey: billing.billingKey,
          customerKey: row.customer_key,
          orderId: row.order_no,
          orderName: orderName(row.bj_nick, 'auto'),
          amount: row.amount,
          idempotencyKey: `supporter-first:${row.charge_sn}`,
        });
      } catch (err) {
        return { failed: pgRefusal(err), row };
      }
      if (payment.orderId !== row.order_no || payment.totalAmount !== row.amount) throw new AppError('SUPPORTER_AMOUNT_MISMATCH');
      const support = await insertAuto(tx, {
        userKey: user.userKey,
        bjUserKey: row.bj_user_key,
        planSn: row.plan_sn,
        price: row.amount,
        billingKey: billing.billingKey,
        customerKey: row.customer_key,
        cardLabel: cardLabelOf(payment.card ?? billing.card),
      });
      await markChargePaid(tx, row.charge_sn, {
        paymentKey: payment.paymentKey,
        cardLabel: cardLabelOf(payment.card ?? billing.card),
        supporterSn: support.sn,
        periodNo: 1,
        from: support.from,
        to: support.to,
        provider: payment,
      });
      return { failed: null, row, periods: 1 };
    });
    return this.settle(user, done, 'auto');
  }

  /**
   * After a confirmation's transaction: a provider refusal marks the charge failed and is answered; a paid
   * charge is announced in the BJ's room (220) and answered.
   */
  private async settle(
    user: SessionUser,
    done: { failed: AppError | null; row: ChargeRow; periods?: number },
    type: SupporterType,
  ): Promise<SupporterCharge> {
    if (done.failed) {
      await markChargeFailed(this.db, done.row.charge_sn, { code: done.failed.code, message: String(done.failed.params.message ?? '') });
      throw done.failed;
    }
    await this.announce(user, done.row.bj_user_key, type, done.periods ?? 1);
    return this.chargeOf(user, done.row.order_no);
  }

  /** One of the caller's charges (the return pages). */
  async chargeOf(user: SessionUser, orderId: string): Promise<SupporterCharge> {
    const row = await findCharge(this.db, { orderNo: orderId });
    if (!row) throw new AppError('SUPPORTER_ORDER_NOT_FOUND');
    if (row.user_key !== user.userKey) throw new AppError('SUPPORTER_ORDER_OTHER_USER');
    return toCharge(row);
  }

  /**
   * Supporter join (220) in the BJ's room when they are live: `by` the supporter (as the room shows them),
   * `data` the type and the months supported. A member's own payment raises it, not the monthly renewals.
   */
  private async announce(user: SessionUser, bjUserKey: number, type: SupporterType, periods: number): Promise<void> {
    const vodKey = await liveVodKey(this.db, bjUserKey);
    if (!vodKey) return;
    const data: SupporterChatEventData = { type, nick: user.nick, user_key: user.userKey, periods };
    const by = await this.chat.lookupUser({ bjUserKey, bjOwnerUserKey: 0 }, user.userKey);
    await publishRoomEvent(this.bus, vodKey, {
      code: ChatEvent.SUPPORTER_JOIN,
      ts: Date.now(),
      ...(by ? { by } : {}),
      data: data as unknown as Record<string, unknown>,
    });
  }

  // ---- lists and cancellation ------------------------------------------------------------------------

  mySupports(
    user: SessionUser,
    q: { current_yn: 'Y' | 'N'; offset: number; limit: number },
  ): Promise<{ list: Supporter[]; total: number }> {
    return listSupporters(this.db, { userKey: user.userKey, current: q.current_yn === 'Y', offset: q.offset, limit: q.limit });
  }

  /** A BJ's supporters (the caller must be a broadcaster account). */
  async mySupporters(user: SessionUser, q: { current_yn: 'Y' | 'N'; offset: number; limit: number }) {
    return listSupporters(this.db, { bjUserKey: user.userKey, current: q.current_yn === 'Y', offset: q.offset, limit: q.limit });
  }

  /** Stops an auto-pay: no further charge, the billing key is dropped, the paid month stays. */
  async cancelAuto(user: SessionUser, sn: number): Promise<Supporter> {
    await this.db.transaction(async (tx) => {
      const row = await findSupporter(tx, sn, true);
      if (!row || row.user_key !== user.userKey) throw new AppError('SUPPORTER_NOT_FOUND');
      if (row.type !== 'auto' || row.state !== 'active') throw new AppError('SUPPORTER_NOT_AUTO_ACTIVE');
      await cancelAuto(tx, sn);
    });
    return (await supporterView(this.db, sn)) as Supporter;
  }

  /** The details lists: the caller's charges of one type by KST month (the months offered as in details_star). */
  async details(user: SessionUser, type: SupporterType, q: { month?: string | undefined; offset: number; limit: number }) {
    const back = ITEM_LIMITS.detailsMonthsDefault;
    const months = detailsMonths(Date.now(), back);
    if (q.month !== undefined && !months.includes(q.month)) throw new AppError('SUPPORTER_MONTH_OUT_OF_RANGE', { months: back });
    const range = q.month === undefined ? undefined : kstMonthRange(q.month);
    const { list, total } = await listCharges(this.db, { userKey: user.userKey, type, range, offset: q.offset, limit: q.limit });
    const extra: SupporterDetailsExtra = { type, months, month: q.month ?? '' };
    return { list, total, extra };
  }
}

/** What the provider's checkout and the card statement call a charge. */
export function orderName(bjNick: string, type: SupporterType): string {
  return `${type === 'auto' ? '정기 서포터즈' : '서포터즈'} ${bjNick}`.slice(0, 100);
}
