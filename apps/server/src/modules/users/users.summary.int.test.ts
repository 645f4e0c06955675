import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPool } from '../../platform/db.js';
import { createTestDatabase, type TestDatabase } from '../../testing/database.js';
import { statsCounters } from '../../testing/stats.js';
import { userSummary } from './users.summary.js';

/**
 * user_info's summary reads by key however the statistics stood when a connection planned it (migration
 * 0040). A database of its own: its tables' statistics are this file's to set.
 */
let tdb: TestDatabase;
let pool: pg.Pool;
let members: number[] = [];
let bj = 0;

beforeAll(async () => {
  tdb = await createTestDatabase('byeol_summary_plans');
  // One connection: the plan under test is the one it keeps, and its statistics counts are all in.
  pool = openPool(tdb.url, 1);
  await pool.query(`insert into users (id, nick) select 'sumfan' || g, 'sumfan' || g from generate_series(1, 200) g`);
  await pool.query(`insert into users (id, nick, type_cd, role) values ('sumbj', 'sumbj', 'bj', 'bj')`);
  members = (await pool.query(`select user_key from users where id like 'sumfan%' order by user_key`)).rows.map((r) => Number(r.user_key));
  bj = Number((await pool.query(`select user_key from users where id = 'sumbj'`)).rows[0].user_key);
  await pool.query(
    `insert into wallet_account (kind, user_key, currency, balance) select 'wallet', user_key, 'STAR', 1000 + user_key from users`,
  );
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await tdb?.drop();
});

/** level_state's and user_item's sequential and index scans so far. */
const scans = () =>
  statsCounters<'level_seq' | 'level_idx' | 'item_seq' | 'item_idx'>(
    pool,
    `select l.seq_scan as level_seq, coalesce(l.idx_scan, 0) as level_idx, i.seq_scan as item_seq, coalesce(i.idx_scan, 0) as item_idx
     from pg_stat_user_tables l, pg_stat_user_tables i where l.relname = 'level_state' and i.relname = 'user_item'`,
  );

describe('user_info summary on tables that grew after it was planned', () => {
  it("reads each member's levels and items by key, and answers them right", async () => {
    const db = drizzle({ client: pool });
    // A new install: the database analysed while levels and items were empty, and this connection plans
    // the summary on that over a few turns of page views (after five, PostgreSQL keeps one generic plan).
    await pool.query('analyze');
    for (let turn = 0; turn < 8; turn++) {
      const asked = members.slice(100 + turn * 10, 110 + turn * 10);
      const answers = await Promise.all(asked.map((m) => userSummary(db, m)));
      expect(answers).toEqual(asked.map((m) => ({ star_cnt: 1000 + m, cubic_cnt: 0, item_cnt: 0, vip_level: 0, bj_level_v2: 0 })));
    }
    // Then the experience job and the store fill them (autovacuum has not analysed them since): every member
    // a fan of 100 broadcasters, VIP grades, the BJ's level, and items (some expired or used up).
    await pool.query(
      `insert into level_state (user_key, ladder, bj_user_key, xp, level)
       select m, 'fan', 100000 + b, 10, 1 from unnest($1::bigint[]) m, generate_series(1, 100) b`,
      [members],
    );
    await pool.query(
      `insert into level_state (user_key, ladder, bj_user_key, xp, level) select m, 'vip', 0, 100, 1 + m % 5 from unnest($1::bigint[]) m`,
      [members],
    );
    await pool.query(`insert into level_state (user_key, ladder, bj_user_key, xp, level) values ($1, 'bj', 0, 5000, 7)`, [bj]);
    const item = Number(
      (
        await pool.query(
          `insert into store_item (category, names, descriptions, price, validity_days) values ('sticker', '{}', '{}', 100, 30) returning item_sn`,
        )
      ).rows[0].item_sn,
    );
    await pool.query(
      `insert into user_item (user_key, item_sn, state, txn_id, price, expires_at)
       select m, $2, s.state, 0, 100, now() + s.ahead * interval '1 day'
       from unnest($1::bigint[]) m, generate_series(1, 20) g,
            (values ('unused', 10), ('in_use', 10), ('used', 10), ('unused', -1)) as s(state, ahead)`,
      [members, item],
    );
    const before = await scans();
    // One turn's page views, as user_info batches them: 20 members and the BJ in one call.
    const asked = [...members.slice(10, 30), bj];
    const answers = await Promise.all(asked.map((m) => userSummary(db, m)));
    expect(answers).toEqual([
      ...members.slice(10, 30).map((m) => ({ star_cnt: 1000 + m, cubic_cnt: 0, item_cnt: 40, vip_level: 1 + (m % 5), bj_level_v2: 0 })),
      { star_cnt: 1000 + bj, cubic_cnt: 0, item_cnt: 0, vip_level: 0, bj_level_v2: 7 },
    ]);
    const after = await scans();
    // Each member's level and items by key: not a read of 20,000 levels and 16,000 items per member.
    expect(after.level_seq - before.level_seq).toBe(0);
    expect(after.item_seq - before.item_seq).toBe(0);
    expect(after.level_idx - before.level_idx).toBeGreaterThan(0);
    expect(after.item_idx - before.item_idx).toBeGreaterThan(0);
  });
});
