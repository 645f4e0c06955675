import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPool } from '../../platform/db.js';
import { createTestDatabase, type TestDatabase } from '../../testing/database.js';
import { statsCounters, tableReads } from '../../testing/stats.js';
import type { Posting } from './wallet.batcher.js';
import { applyOnPool } from './wallet.repository.js';

/**
 * The ledger's functions read by key however the statistics stood when a connection planned them
 * (migration 0039). A database of its own: its tables' statistics are this file's to set, and no other
 * session reads its fan_club.
 */
let tdb: TestDatabase;
let pool: pg.Pool;
let bj = 0;
let earnings = 0;
const payers: Array<{ userKey: number; account: number }> = [];

beforeAll(async () => {
  tdb = await createTestDatabase('byeol_plans');
  // One connection: the plans under test are the ones this connection keeps.
  pool = openPool(tdb.url, 1);
  await pool.query(`insert into users (id, nick, type_cd, role) values ('plansbj', 'plansbj', 'bj', 'bj')`);
  await pool.query(`insert into users (id, nick) select 'planspay' || g, 'planspay' || g from generate_series(1, 40) g`);
  bj = Number((await pool.query(`select user_key from users where id = 'plansbj'`)).rows[0].user_key);
  earnings = Number(
    (await pool.query(`insert into wallet_account (kind, user_key, currency) values ('earnings', $1, 'STAR') returning account_id`, [bj]))
      .rows[0].account_id,
  );
  // Wallets opened with their STAR (this database is only for plans: no ledger check runs on it).
  const { rows } = await pool.query(
    `insert into wallet_account (kind, user_key, currency, balance)
     select 'wallet', user_key, 'STAR', 1000000 from users where id like 'planspay%' order by user_key
     returning user_key, account_id`,
  );
  for (const r of rows) payers.push({ userKey: Number(r.user_key), account: Number(r.account_id) });
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await tdb?.drop();
});

const gift = (payer: { userKey: number; account: number }): Posting => ({
  actor: payer.userKey,
  key: randomUUID(),
  fingerprint: 'plans',
  kind: 'gift',
  currency: 'STAR',
  from: payer.account,
  fromSystem: false,
  amount: 10,
  meta: { bj_user_key: bj, vod_key: 'plans' },
  credits: [{ account: earnings, amount: 10 }],
});

/** fan_club's sequential and index scans and inserted rows so far. */
const fanClubScans = () => tableReads(pool, 'fan_club');

/** Index entries read through wallet_txn's (actor, key) index so far, and wallet_txn's inserted rows. */
const idemKeyReads = () =>
  statsCounters<'read' | 'inserted'>(
    pool,
    `select coalesce(i.idx_tup_read, 0) as read, t.n_tup_ins as inserted
     from pg_stat_user_indexes i join pg_stat_user_tables t on t.relid = i.relid
     where i.indexrelname = 'wallet_txn_idem_key'`,
  );

describe('a ledger that grows after its statements were planned', () => {
  it("checks each posting's key by one probe: a gift does not read every earlier transaction", async () => {
    // A fresh connection plans wallet_apply while wallet_txn is analysed as nearly empty…
    await pool.query('analyze wallet_txn');
    const fresh = openPool(tdb.url, 1);
    try {
      for (const payer of payers.slice(30, 36)) await applyOnPool(fresh, [gift(payer)]);
      // …then the ledger grows by 20,000 transactions (rows of their own: this database is only for plans).
      const payer = payers[39] as (typeof payers)[number];
      await pool.query(
        `insert into wallet_txn (kind, state, actor_user_key, idem_key, fingerprint, currency, amount, from_account_id, payer_balance, meta)
         select 'gift', 'done', $1, 'bulk' || g, 'plans', 'STAR', 1, $2, 0, '{}' from generate_series(1, 20000) g`,
        [payer.userKey, payer.account],
      );
      const before = await idemKeyReads();
      const batch = payers.slice(30, 40).map(gift);
      const answers = await applyOnPool(fresh, batch);
      expect(answers.map((a) => a.outcome)).toEqual(batch.map(() => 'new'));
      // A replay is still found: the same key again answers the stored transaction.
      const [again] = await applyOnPool(fresh, [batch[0] as Posting]);
      expect(again).toMatchObject({ outcome: 'replay', txnId: answers[0]?.txnId });
      // That connection's counts are sent when it goes idle after this request.
      await fresh.query('select pg_stat_force_next_flush()');
      await expect
        .poll(async () => (await idemKeyReads()).inserted - before.inserted, { timeout: 10_000, interval: 100 })
        .toBeGreaterThanOrEqual(10);
      // Eleven postings, eleven probes: a few entries read, not the 20,000 of the ledger.
      expect((await idemKeyReads()).read - before.read).toBeLessThan(100);
    } finally {
      await fresh.end();
    }
  });
});

describe("a BJ's fan club that grows after the ledger's statements were planned", () => {
  it('is still looked up by key: a gift does not read the whole fan club', async () => {
    // A new install: the fan club analysed while empty, and this connection plans (and keeps) its
    // statements on that, over a few gifts by new fans.
    await pool.query('analyze fan_club');
    for (const payer of payers.slice(0, 10)) {
      const [applied] = await applyOnPool(pool, [gift(payer)]);
      expect(applied).toMatchObject({ outcome: 'new', state: 'done', fanJoined: true });
    }
    // Then the club grows to 20,000 fans (by the next autovacuum, nothing has told the planner).
    await pool.query(
      `insert into fan_club (bj_user_key, user_key, fan_no, joined_txn_id, joined_at)
       select $1, 1000000 + g, 100000 + g, 0, now() from generate_series(1, 20000) g`,
      [bj],
    );
    const before = await fanClubScans();
    // New fans' gifts and a returning fan's, in batches as the batcher sends them.
    const batch = [...payers.slice(10, 30).map(gift), gift(payers[0] as (typeof payers)[number])];
    const answers = await applyOnPool(pool, batch);
    expect(answers.map((a) => a.fanJoined)).toEqual([...batch.slice(0, 20).map(() => true), false]);
    // Statistics arrive when the backend goes idle: wait until this batch's 20 new fans are counted, then
    // compare. Each probe of a fan by (BJ, member) is an index scan; none read the table through.
    await expect
      .poll(async () => (await fanClubScans()).inserted - before.inserted, { timeout: 10_000, interval: 100 })
      .toBeGreaterThanOrEqual(20);
    const after = await fanClubScans();
    expect(after.seq - before.seq).toBe(0);
    expect(after.idx - before.idx).toBeGreaterThan(0);
  });
});
