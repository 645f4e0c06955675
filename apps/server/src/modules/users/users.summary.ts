import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { users } from './users.tables.js';

/**
 * What user_info carries besides the account row, for every page view: the wallet's STAR and CUBIC, the VIP
 * grade and BJ level, and SPEC §3 summary_info.item_cnt (active items: unused, in use or stopped, within their validity). One
 * prepared statement (built once per database handle, planned once per connection), as the session
 * lookup is.
 */
/** The account row's key, qualified: inside a subquery a bare user_key would be the subquery's own. */
const OWNER = sql.raw('"users"."user_key"');

const prepared = new WeakMap<Db, ReturnType<typeof prepareSummary>>();
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
    .where(eq(users.userKey, sql.placeholder('userKey')))
    .prepare('byeol_user_summary');
}

export interface UserSummary {
  star_cnt: number;
  cubic_cnt: number;
  item_cnt: number;
  vip_level: number;
  bj_level_v2: number;
}

export async function userSummary(db: Db, userKey: number): Promise<UserSummary> {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareSummary(db);
    prepared.set(db, statement);
  }
  const [row] = await statement.execute({ userKey });
  return row ?? { star_cnt: 0, cubic_cnt: 0, item_cnt: 0, vip_level: 0, bj_level_v2: 0 };
}
