import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';

/** Orders written expired per statement (each statement is its own short transaction). */
const EXPIRE_BATCH = 1_000;

/**
 * The expiry job (docs/payments.md): pending orders past their deadline become `expired`. Idempotent (an
 * expired order no longer matches) and safe beside a completion: rows locked by a confirmation in progress
 * are skipped (`skip locked`) and the state is checked again by the update, so an order is never both paid
 * and expired. Reads already show such orders as expired before the job runs.
 */
export async function expirePaymentOrders(db: Db, now: Date = new Date()): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const { rows } = await db.execute<{ sn: string }>(sql`
      update user_payment_log set state = 'expired', closed_at = now()
      where user_payment_log_sn in (
        select user_payment_log_sn from user_payment_log
        where state = 'pending' and deadline_at <= ${now.toISOString()}::timestamptz
        order by deadline_at
        limit ${EXPIRE_BATCH}
        for update skip locked
      )
      and state = 'pending'
      returning user_payment_log_sn as sn`);
    expired += rows.length;
    if (rows.length < EXPIRE_BATCH) return { expired };
  }
}
