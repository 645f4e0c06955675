import { sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../platform/db.js';
import { TurnLoader } from '../../platform/turn-loader.js';

/**
 * What user_info carries besides the account row, for every page view: the wallet's STAR and CUBIC, the VIP
 * grade and BJ level, and SPEC §3 summary_info.item_cnt (active items: unused, in use or stopped, within their
 * validity). Read by the database function `user_summaries` (migration 0040), which finds every row by its
 * key however the tables' statistics stood when a connection planned it; one prepared statement calls it
 * (built once per database handle), as the session lookup is.
 *
 * Batched per turn of the event loop (platform/turn-loader.ts, as the session lookup is): the look-ups asked
 * for while the same batch of sockets is being read go to PostgreSQL as one call, each member once. Under
 * load every page view asks for this, and a round trip per request (a socket write and a backend wake-up
 * each) was most of what user_info cost (CPU profile, issue 20); alone, a look-up waits only for the end of
 * its own turn.
 */
function prepareSummary(db: Db) {
  const column = (name: string) => sql<number>`${sql.identifier(name)}`.mapWith(Number);
  return db
    .select({
      user_key: column('user_key'),
      star_cnt: column('star_cnt'),
      cubic_cnt: column('cubic_cnt'),
      item_cnt: column('item_cnt'),
      vip_level: column('vip_level'),
      bj_level_v2: column('bj_level_v2'),
    })
    .from(sql`user_summaries(${sql.placeholder('userKeys')}::bigint[])`)
    .prepare('byeol_user_summaries');
}

export interface UserSummary {
  star_cnt: number;
  cubic_cnt: number;
  item_cnt: number;
  vip_level: number;
  bj_level_v2: number;
}

const EMPTY: UserSummary = { star_cnt: 0, cubic_cnt: 0, item_cnt: 0, vip_level: 0, bj_level_v2: 0 };

/** One loader per database handle: the members asked for in one turn, in one statement. */
const loaderOf = perDatabase((db) => {
  const statement = prepareSummary(db);
  return new TurnLoader<number, UserSummary>(String, async (userKeys) => {
    const rows = await statement.execute({ userKeys: `{${userKeys.join(',')}}` });
    return new Map(rows.map(({ user_key, ...summary }) => [String(user_key), summary]));
  });
});

export async function userSummary(db: Db, userKey: number): Promise<UserSummary> {
  return (await loaderOf(db).get(userKey)) ?? EMPTY;
}
