import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPool } from '../../platform/db.js';
import { createTestDatabase, type TestDatabase } from '../../testing/database.js';
import { tableReads } from '../../testing/stats.js';
import { findSessions } from './users.session.js';
import { userSummary } from './users.summary.js';

/**
 * The reads of every signed-in request (the session lookup, user_info's summary) find their rows by key
 * however the statistics stood when a connection planned them (migration 0040, decision 016). A database
 * of its own: its tables' statistics are this file's to set.
 */
let tdb: TestDatabase;
let pool: pg.Pool;
let db: Db;
let members: number[] = [];
let bj = 0;

beforeAll(async () => {
  tdb = await createTestDatabase('byeol_user_plans');
  // One connection: the plans under test are the ones it keeps, and its statistics counts are all in.
  pool = openPool(tdb.url, 1);
  db = drizzle({ client: pool });
  await pool.query(`insert into users (id, nick) select 'planfan' || g, 'planfan' || g from generate_series(1, 200) g`);
  await pool.query(`insert into users (id, nick, type_cd, role) values ('planbj', 'planbj', 'bj', 'bj')`);
  members = (await pool.query(`select user_key from users where id like 'planfan%' order by user_key`)).rows.map((r) => Number(r.user_key));
  bj = Number((await pool.query(`select user_key from users where id = 'planbj'`)).rows[0].user_key);
  await pool.query(
    `insert into wallet_account (kind, user_key, currency, balance) select 'wallet', user_key, 'STAR', 1000 + user_key from users`,
  );
  // A new install: the database analysed before anyone signed in, gained a level or bought an item.
  await pool.query('analyze');
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await tdb?.drop();
});

const reads = (table: string) => tableReads(pool, table);

/** What each counter of `reads` grew by while `work` ran. */
async function grewBy<T>(tables: string[], work: () => Promise<T>) {
  const before = await Promise.all(tables.map(reads));
  const answer = await work();
  const after = await Promise.all(tables.map(reads));
  const growth = Object.fromEntries(
    tables.map((t, i) => {
      const [a, b] = [after[i] as Awaited<ReturnType<typeof reads>>, before[i] as Awaited<ReturnType<typeof reads>>];
      return [t, { seq: a.seq - b.seq, idx: a.idx - b.idx, entries: a.entries - b.entries }];
    }),
  );
  return { answer, growth };
}

describe('the session lookup on a user_session that grew after it was planned', () => {
  it('finds each token and its account by key, and answers only live sessions of active accounts', async () => {
    // Planned over a few turns of lookups while user_session looked empty (PostgreSQL keeps one generic
    // plan after five): cookies of nobody.
    for (let turn = 0; turn < 8; turn++) {
      const found = await findSessions(
        db,
        Array.from({ length: 10 }, (_, i) => `nobody-${turn}-${i}`),
      );
      expect(found.size).toBe(0);
    }
    // Then members sign in: 100 sessions each, 20,000 in all, a tenth of them expired.
    await pool.query(
      `insert into user_session (token_hash, user_key, expires_at)
       select 'plan-' || m || '-' || g, m, now() + case when g % 10 = 0 then interval '-1 hour' else interval '1 day' end
       from unnest($1::bigint[]) m, generate_series(1, 100) g`,
      [members],
    );
    const closed = members[199] as number;
    await pool.query(`update users set state = 'closed', closed_at = now() where user_key = $1`, [closed]);

    const live = members.slice(20, 30).map((m) => `plan-${m}-1`);
    const expired = members.slice(30, 32).map((m) => `plan-${m}-10`);
    const ofClosed = [`plan-${closed}-1`, `plan-${closed}-2`];
    const { answer, growth } = await grewBy(['user_session', 'users'], () =>
      findSessions(db, [...live, ...expired, ...ofClosed, 'forged-1', 'forged-2']),
    );
    expect([...answer.keys()].sort()).toEqual([...live].sort());
    for (const [i, hash] of live.entries()) {
      const found = answer.get(hash);
      expect(found?.account.userKey).toBe(members[20 + i]);
      expect(found?.account.id).toBe(`planfan${21 + i}`);
      expect(found?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    }
    // Sixteen tokens, sixteen probes of the key (and one per account found): not 20,000 sessions read.
    expect(growth.user_session?.seq).toBe(0);
    expect(growth.users?.seq).toBe(0);
    expect(growth.user_session?.entries).toBeLessThanOrEqual(16);
    expect(growth.users?.entries).toBeLessThanOrEqual(14);
  });
});

describe("user_info's summary on tables that grew after it was planned", () => {
  it("reads each member's levels and items by key, and answers them right", async () => {
    // Planned over eight turns of ten page views while levels and items looked empty.
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
    // One turn's page views, as user_info batches them: 20 members and the BJ in one call.
    const asked = [...members.slice(10, 30), bj];
    const { answer, growth } = await grewBy(['level_state', 'user_item'], () => Promise.all(asked.map((m) => userSummary(db, m))));
    expect(answer).toEqual([
      ...members.slice(10, 30).map((m) => ({ star_cnt: 1000 + m, cubic_cnt: 0, item_cnt: 40, vip_level: 1 + (m % 5), bj_level_v2: 0 })),
      { star_cnt: 1000 + bj, cubic_cnt: 0, item_cnt: 0, vip_level: 0, bj_level_v2: 7 },
    ]);
    // Each member's levels and items by key: not a read of 20,201 levels and 16,000 items per member, nor
    // of every member's unexpired items through the expiry index.
    expect(growth.level_state?.seq).toBe(0);
    expect(growth.user_item?.seq).toBe(0);
    expect(growth.level_state?.idx).toBeGreaterThan(0);
    expect(growth.level_state?.entries).toBeLessThanOrEqual(2 * asked.length);
    expect(growth.user_item?.entries).toBeLessThanOrEqual(80 * asked.length);
  });
});
