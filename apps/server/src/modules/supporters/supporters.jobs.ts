import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { type PgClient, PgError } from '../payments/pg/pg.js';
import {
  deferCharge,
  failAuto,
  insertJobCharge,
  markChargeFailed,
  markChargePaid,
  renewAuto,
  type SupporterRow,
} from './supporters.repository.js';
import { orderName } from './supporters.service.js';

/** Supports charged per run at most (the next run goes on). */
const CHARGE_BATCH = 500;
/** How long a support waits when the provider did not answer its charge. */
const DEFER_MS = 15 * 60_000;

export interface ChargeRunResult {
  charged: number;
  failed: number;
  lapsed: number;
  /** Not charged this run: the provider did not answer (asked again DEFER_MS later). */
  deferred: number;
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
export async function chargeDueSupporters(
  db: Db,
  pg: PgClient,
  now: Date = new Date(),
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<ChargeRunResult> {
  const result: ChargeRunResult = { charged: 0, failed: 0, lapsed: 0, deferred: 0 };
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
      const idempotencyKey = `supporter:${sub.supporter_sn}:${periodNo}:${attempt}`;
      try {
        const payment = await pg.chargeBillingKey({
          billingKey: sub.billing_key as string,
          customerKey: sub.customer_key,
          orderId: `SA${sub.supporter_sn}-${periodNo}-${attempt}`,
          orderName: orderName(sub.bj_nick, 'auto'),
          amount: sub.price,
          idempotencyKey,
        });
        if (payment.totalAmount !== sub.price) {
          // Never keep money for a month not given: the charge is cancelled at the provider and counts as refused.
          log?.error(
            { supporter_sn: sub.supporter_sn, charged: payment.totalAmount, price: sub.price },
            'auto-pay charged a wrong amount; cancelled',
          );
          await pg.cancel({ paymentKey: payment.paymentKey, reason: 'amount mismatch', idempotencyKey: `${idempotencyKey}:cancel` });
          await markChargeFailed(tx, chargeSn, { code: 'AMOUNT_MISMATCH', message: `charged ${payment.totalAmount}, price ${sub.price}` });
          return failAuto(tx, sub.supporter_sn, now);
        }
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
        if (err instanceof PgError && err.code !== 'PG_UNREACHABLE' && err.status < 500) {
          await markChargeFailed(tx, chargeSn, { code: err.code, message: err.message });
          return failAuto(tx, sub.supporter_sn, now);
        }
        // Unreachable or a fault at the provider: nothing is known to be charged, so no charge row stays and
        // the try is not counted; the support waits DEFER_MS (so it does not hold up the others of this run)
        // and is asked again with the same idempotency key (the provider answers its first answer).
        log?.warn({ err, supporter_sn: sub.supporter_sn }, 'auto-pay charge deferred: the provider did not answer');
        await deferCharge(tx, chargeSn, sub.supporter_sn, new Date(now.getTime() + DEFER_MS));
        return 'deferred' as const;
      }
    });
    if (outcome === 'none') break;
    if (outcome === 'charged') result.charged += 1;
    else if (outcome === 'deferred') result.deferred += 1;
    else if (outcome === 'retry') result.failed += 1;
    else result.lapsed += 1;
  }
  return result;
}
