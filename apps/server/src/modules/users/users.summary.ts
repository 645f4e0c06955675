import { sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../platform/db.js';
import { TurnLoader } from '../../platform/turn-loader.js';
import { users } from './users.tables.js';

/**
 * What user_info carries besides the account row, for every page view: the wallet's STAR and CUBIC, the VIP
 * grade and BJ level, and SPEC §3 summary_info.item_cnt (active items: unused, in use or stopped, within their validity). One
 * prepared statement (built once per database handle, planned once per connection), as the session
 * lookup is.
 *
 * Batched per turn of the event loop (platform/turn-loader.ts, as the session lookup is): the look-ups asked
 * for while the same batch of sockets is being read go to PostgreSQL as one statement (`user_key = any($1)`),
 * each member once. Under load every page view
 * asks for this, and a round trip per request (a socket write and a backend wake-up each) was most of what
 * user_info cost (CPU profile, issue 20); alone, a look-up waits only for the end of its own turn.
 */
/** The account row's key, qualified: inside a subquery a bare user_key would be the subquery's own. */
const OWNER = sql.raw('"users"."user_key"');

function prepareSummary(db: Db) {
  const balance = (currency: 'STAR' | 'CUBIC') =>
    sql<number>`coalesce((select w.balance from wallet_account w where w.user_key = ${OWNER} and w.kind = 'wallet' and w.currency = ${sql.raw(`'${currency}'`)}), 0)`.mapWith(
      Number,
    );
  const level = (ladder: 'vip' | 'bj') =>
    sql<number>`coalesce((select l.level from level_state l where l.user_key = ${OWNER} and l.ladder = ${sql.raw(`'${ladder}'`)} and l.bj_user_key = 0), ${sql.raw(ladder === 'vip' ? '0' : '1')})`.mapWith(
      Number,
    );
  return db
    .select({
      user_key: users.userKey,
      star_cnt: balance('STAR'),
      cubic_cnt: balance('CUBIC'),
      item_cnt:
        sql<number>`(select count(*) from user_item i where i.user_key = ${OWNER} and i.state in ('unused', 'in_use', 'stopped') and i.expires_at > now())`.mapWith(
          Number,
        ),
      // The VIP grade and the BJ level as the experience job last set them (docs/progression.md).
      vip_level: level('vip'),
      bj_level_v2: sql<number>`case when "users"."type_cd" = 'bj' then ${level('bj')} else 0 end`.mapWith(Number),
    })
    .from(users)
    .where(sql`${users.userKey} = any(${sql.placeholder('userKeys')}::bigint[])`)
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
