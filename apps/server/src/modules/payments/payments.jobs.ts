import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { type CardReconcileDeps, type ReconcileOutcome, reconcileCardOrder } from './payments.card.js';
import { pendingCardOrders } from './payments.repository.js';

/** Orders written expired per statement (each statement is its own short transaction). */
const EXPIRE_BATCH = 1_000;

/**
 * The expiry job (docs/payments.md): pending orders past their deadline become `expired`. Idempotent (an
 * expired order no longer matches) and safe beside a completion: rows locked by a confirmation in progress
 * are skipped (`skip locked`) and the state is checked again by the update, so an order is never both paid
 * and expired. Reads already show such orders as expired before the job runs. Card orders are left to the
 * reconcile job, which expires them only after the PG said it holds no approved payment for them.
 */
export async function expirePaymentOrders(db: Db, now: Date = new Date()): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const { rows } = await db.execute<{ sn: string }>(sql`
      update user_payment_log set state = 'expired', closed_at = now()
      where user_payment_log_sn in (
        select user_payment_log_sn from user_payment_log
        where state = 'pending' and method <> 'card' and deadline_at <= ${now.toISOString()}::timestamptz
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

/** The card reconcile job's timing (docs/payments.md, "Reconcile job"). */
export const CARD_RECONCILE = {
  /** How often it runs in each api process. */
  everyMs: 2 * 60_000,
  /** Orders younger than this are left alone: their buyer may still be at the checkout or confirming. */
  minAgeMs: 5 * 60_000,
  /** Orders read per query. */
  batch: 100,
} as const;

export type ReconcileRun = Record<ReconcileOutcome | 'failed', number>;

/**
 * The card reconcile job (docs/payments.md, "Reconcile job"): every pending card order placed at least
 * `CARD_RECONCILE.minAgeMs` ago is checked with the PG (`reconcileCardOrder`): an approved payment the
 * browser never confirmed (or whose database step failed) is credited exactly once, one approved with
 * another amount is cancelled at the PG, the rest expire after their deadline. Idempotent and safe in
 * several processes (each order is handled under its row lock, `skip locked`, and credited under the
 * ledger key `payment:<sn>`). An order whose check fails (the PG unreachable…) is logged and retried at
 * the next run.
 */
export async function reconcileCardOrders(deps: CardReconcileDeps, now: Date = new Date()): Promise<ReconcileRun> {
  const run: ReconcileRun = { paid: 0, mismatch_refunded: 0, expired: 0, unpaid: 0, skipped: 0, failed: 0 };
  const placedBefore = new Date(now.getTime() - CARD_RECONCILE.minAgeMs);
  let after = 0;
  for (;;) {
    const sns = await pendingCardOrders(deps.db, placedBefore, after, CARD_RECONCILE.batch);
    for (const sn of sns) {
      try {
        run[await reconcileCardOrder(deps, sn, now)] += 1;
      } catch (err) {
        run.failed += 1;
        deps.log.error({ err, user_payment_log_sn: sn }, 'reconcile: the card order could not be checked; retried at the next run');
      }
    }
    if (sns.length < CARD_RECONCILE.batch) return run;
    after = sns[sns.length - 1] as number;
  }
}
