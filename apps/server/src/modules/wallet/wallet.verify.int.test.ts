import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectExternal, type Database } from '../../platform/db.js';
import { createTestDatabase, type TestDatabase } from '../../testing/database.js';
import { users } from '../users/users.tables.js';
import { LedgerService } from './wallet.service.js';
import { verifyLedger } from './wallet.verify.js';

/**
 * The ledger check finds what it must find. It breaks the ledger on purpose, so it runs on a database of
 * its own (the integration database is shared with files whose checks must pass).
 */
let testDb: TestDatabase;
let database: Database;
let ledger: LedgerService;
const people: number[] = [];
let bj = 0;

beforeAll(async () => {
  testDb = await createTestDatabase('byeol_wallet_verify');
  database = await connectExternal(testDb.url, 4);
  ledger = new LedgerService({ db: database.db, pool: database.pool });
  const rows = await database.db
    .insert(users)
    .values([
      { id: 'v1', nick: 'v1' },
      { id: 'v2', nick: 'v2' },
      { id: 'bj', nick: 'bj', typeCd: 'bj' },
    ])
    .returning({ userKey: users.userKey });
  people.push(...rows.map((r) => r.userKey));
  bj = people[2] as number;
  for (const u of people.slice(0, 2)) await ledger.grant(0, u, 'STAR', 100, 'setup', randomUUID());
  for (let i = 0; i < 10; i++) await ledger.gift(people[i % 2] as number, bj, 3, randomUUID());
}, 60_000);

afterAll(async () => {
  await ledger?.close();
  await database?.close();
  await testDb?.drop();
});

const sql = (text: string, params: unknown[] = []) => database.pool.query(text, params);

describe('verifyLedger', () => {
  it('passes on an exact ledger and reports what it read', async () => {
    const r = await verifyLedger(database.pool, { full: true, advance: false });
    expect(r).toMatchObject({ ok: true, mode: 'full', from_txn_id: 0, txns_checked: 12, drift: [], supply: { STAR: 0 } });
  });

  it('moves its checkpoint only past transactions that can no longer change, and stays exact', async () => {
    const first = await verifyLedger(database.pool);
    // The first run only marks a pending point: nothing was final yet when it looked.
    expect(first).toMatchObject({ ok: true, advanced_to: null, from_txn_id: 0 });
    // Final once every transaction of the cluster that was running at the first look has ended (other
    // test databases share the server's transaction ids, so this may take a few runs).
    let advanced: number | null = null;
    for (let i = 0; i < 100 && advanced === null; i++) {
      const again = await verifyLedger(database.pool);
      expect(again.ok).toBe(true);
      advanced = again.advanced_to;
      if (advanced === null) await new Promise((r) => setTimeout(r, 100));
    }
    expect(advanced).toBe(12);
    await ledger.gift(people[0] as number, bj, 1, randomUUID());
    const third = await verifyLedger(database.pool);
    expect(third).toMatchObject({ ok: true, mode: 'incremental', from_txn_id: 12, txns_checked: 1 });
    const { rows } = await sql('select sum(total)::int as s from wallet_verify_sum');
    expect(rows[0].s).toBe(0);
  });

  it('finds a balance that differs from its entries', async () => {
    await sql("update wallet_account set balance = balance + 5 where user_key = $1 and kind = 'wallet'", [people[1]]);
    const r = await verifyLedger(database.pool, { advance: false });
    expect(r.ok).toBe(false);
    expect(r.drift).toEqual([expect.objectContaining({ user_key: people[1], kind: 'wallet', currency: 'STAR' })]);
    expect(r.drift[0]?.balance).toBe((r.drift[0]?.entries ?? 0) + 5);
    expect(r.supply.STAR).toBe(5);
    await sql("update wallet_account set balance = balance - 5 where user_key = $1 and kind = 'wallet'", [people[1]]);
    expect((await verifyLedger(database.pool, { advance: false })).ok).toBe(true);
  });

  it('finds a transaction whose entries do not sum to zero, and a done one without its legs', async () => {
    const g = await ledger.gift(people[0] as number, bj, 2, randomUUID());
    await sql('update wallet_entry set amount = amount + 1, balance_after = balance_after + 1 where txn_id = $1 and leg = 1', [g.txn_id]);
    await sql("update wallet_account set balance = balance + 1 where user_key = $1 and kind = 'earnings'", [bj]);
    const r = await verifyLedger(database.pool, { advance: false });
    expect(r).toMatchObject({ ok: false, unbalanced_count: 1, unbalanced: [g.txn_id], drift: [] });
    await sql('update wallet_entry set amount = amount - 1, balance_after = balance_after - 1 where txn_id = $1 and leg = 1', [g.txn_id]);
    await sql("update wallet_account set balance = balance - 1 where user_key = $1 and kind = 'earnings'", [bj]);
    expect((await verifyLedger(database.pool, { advance: false })).ok).toBe(true);
  });

  it('full mode also proves the checkpoint', async () => {
    await sql('update wallet_verify_sum set total = total + 1 where account_id = (select min(account_id) from wallet_verify_sum)');
    // Incremental trusts the checkpoint sum, so it sees a drift on that account; full mode names the checkpoint.
    expect((await verifyLedger(database.pool, { advance: false })).ok).toBe(false);
    const r = await verifyLedger(database.pool, { full: true, advance: false });
    expect(r).toMatchObject({ ok: false, checkpoint_drift: 1, drift: [] });
    await sql('update wallet_verify_sum set total = total - 1 where account_id = (select min(account_id) from wallet_verify_sum)');
    expect((await verifyLedger(database.pool, { full: true })).ok).toBe(true);
  });

  it('the database itself refuses a user balance below zero', async () => {
    await expect(sql("update wallet_account set balance = -1 where user_key = $1 and kind = 'wallet'", [people[0]])).rejects.toMatchObject({
      code: '23514',
      constraint: 'wallet_account_user_not_negative',
    });
  });
});
