import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { type PgClient, PgError } from '../payments/pg/pg.js';
import { failAuto, insertJobCharge, markChargeFailed, markChargePaid, renewAuto, type SupporterRow } from './supporters.repository.js';
import { orderName } from './supporters.service.js';

/** Supports charged per run at most (the next run goes on). */
const CHARGE_BATCH = 500;

export interface ChargeRunResult {
  charged: number;
  failed: number;
  lapsed: number;
}

/**
 * The monthly auto-pay job (docs/supporters.md): each active auto-pay support due at `now` is charged once
 * for its next month. One support per transaction: its row is taken with `FOR UPDATE SKIP LOCKED` and held
 * while the provider answers, so a second run or another process skips it, and the due time is checked
 * again under the lock (a support just charged is no longer due). The provider sees an orderId and an
 * idempotency key made of the support, the month and the try: a run that crashed after the provider
 * charged gets the provider's first answer when it tries again, never a second charge. A refused charge
 * is tried again SUPPORTER_LIMITS.retryHours later, SUPPORTER_LIMITS.retryMax times, then the support lapses.
 */
export async function chargeDueSupporters(db: Db, pg: PgClient, now: Date = new Date()): Promise<ChargeRunResult> {
  const result: ChargeRunResult = { charged: 0, failed: 0, lapsed: 0 };
  for (let i = 0; i < CHARGE_BATCH; i++) {
    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<SupporterRow & { bj_nick: string } & Record<string, unknown>>(sql`
        select s.supporter_sn::float8 as supporter_sn, s.user_key::float8 as user_key, s.bj_user_key::float8 as bj_user_key,
          s.type, s.plan_sn, s.price, s.state, s.periods, s.paid_until, s.next_charge_at, s.fail_cnt, s.billing_key,
          s.customer_key, s.card_label, s.created_at, b.nick as bj_nick
        from supporter s join users b on b.user_key = s.bj_user_key
        where s.type = 'auto' and s.state = 'active' and s.billing_key is not null
          and s.next_charge_at <= ${now.toISOString()}::timestamptz
        order by s.next_charge_at
        limit 1
        for update of s skip locked`);
      const sub = rows[0];
      if (!sub) return 'none' as const;
      const periodNo = sub.periods + 1;
      const attempt = sub.fail_cnt + 1;
      const chargeSn = await insertJobCharge(tx, {
        orderNo: `SA${sub.supporter_sn}-${periodNo}-${attempt}`,
        sub,
        periodNo,
        attempt,
        idemKey: `supporter:${sub.supporter_sn}:${periodNo}:${attempt}`,
      });
      try {
        const payment = await pg.chargeBillingKey({
          billingKey: sub.billing_key as string,
          customerKey: sub.customer_key,
          orderId: `SA${sub.supporter_sn}-${periodNo}-${attempt}`,
          orderName: orderName(sub.bj_nick, 'auto'),
          amount: sub.price,
          idempotencyKey: `supporter:${sub.supporter_sn}:${periodNo}:${attempt}`,
        });
        if (payment.totalAmount !== sub.price) throw new Error(`the provider charged ${payment.totalAmount} instead of ${sub.price}`);
        const renewed = await renewAuto(tx, sub.supporter_sn);
        await markChargePaid(tx, chargeSn, {
          paymentKey: payment.paymentKey,
          cardLabel: payment.card?.number ?? sub.card_label,
          supporterSn: sub.supporter_sn,
          periodNo: renewed.periods,
          from: renewed.from,
          to: renewed.to,
          provider: payment,
        });
        return 'charged' as const;
      } catch (err) {
        // Unreachable or a fault at the provider: nothing is known to be charged, so nothing is written; the
        // next run asks again with the same idempotency key (the provider answers its first answer).
        if (!(err instanceof PgError) || err.code === 'PG_UNREACHABLE' || err.status >= 500) throw err;
        await markChargeFailed(tx, chargeSn, { code: err.code, message: err.message });
        return failAuto(tx, sub.supporter_sn, now);
      }
    });
    if (outcome === 'none') break;
    if (outcome === 'charged') result.charged += 1;
    else if (outcome === 'retry') result.failed += 1;
    else result.lapsed += 1;
  }
  return result;
}
