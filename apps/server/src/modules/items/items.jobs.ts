import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';

/** Items written expired per statement (each statement is its own short transaction). */
const EXPIRE_BATCH = 1_000;

/**
 * The expiry job (docs/items.md): unused, in-use and stopped items past `expires_at` become `expired`.
 * Idempotent (an expired item no longer matches) and safe with several processes: each batch takes only
 * rows nobody else has locked (`skip locked`), so two runs at once split the work instead of waiting or
 * writing a row twice. Reads already treat such items as expired before the job runs.
 */
export async function expireItems(db: Db, now: Date = new Date()): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const { rows } = await db.execute<{ user_item_sn: string }>(sql`
      update user_item set state = 'expired', updated_at = now()
      where user_item_sn in (
        select user_item_sn from user_item
        where state in ('unused', 'in_use', 'stopped') and expires_at <= ${now.toISOString()}::timestamptz
        order by expires_at
        limit ${EXPIRE_BATCH}
        for update skip locked
      )
      and state in ('unused', 'in_use', 'stopped')
      returning user_item_sn`);
    expired += rows.length;
    if (rows.length < EXPIRE_BATCH) return { expired };
  }
}
