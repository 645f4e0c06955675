import { sql } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';

/** A valid ticket of this member for this concert. */
export async function concertTicketHeld(db: Exec, concertSn: number, userKey: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from concert_ticket where concert_sn = ${concertSn} and user_key = ${userKey} and state = 'valid' limit 1`,
  );
  return rows.length > 0;
}
