import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ITEM_CATEGORIES, LANGS } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BANK_ACCOUNT } from '../modules/payments/payments.demo.js';
import { seedSiteDefaults } from '../modules/site/site.repository.js';
import { verifyPassword } from '../modules/users/users.service.js';
import { verifyLedger } from '../modules/wallet/wallet.verify.js';
import { connectExternal, type Database } from '../platform/db.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { DEMO_OPERATOR, ensureDemoOperator } from './demo.operator.js';
import { DEMO_FUNDS, seedDemo } from './demo.seed.js';

/**
 * The real demo seed on a database of its own (it writes fixed IDs the shared integration database must
 * not get): run twice, it seeds once; what each module adds to the demo is checked here.
 */
let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase('byeol_demo_seed');
  database = await connectExternal(testDb.url, 2);
  await seedSiteDefaults(database.db);
  expect(await seedDemo(database.db)).toBe(true);
  expect(await seedDemo(database.db)).toBe(false);
}, 60_000);

afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

const q = async <T>(text: string) => (await database.pool.query(text)).rows as T[];

describe('demo seed', () => {
  it('seeds a catalogue over every category in four languages, and the funded fans own items', async () => {
    const items = await q<{ category: string; names: Record<string, string>; image_url: string; on_sale: boolean }>(
      'select category, names, image_url, on_sale from store_item where is_demo order by sort',
    );
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.length).toBeLessThanOrEqual(8);
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(ITEM_CATEGORIES));
    for (const item of items) {
      for (const lang of LANGS) expect(item.names[lang], `${item.names.ko} ${lang}`).toBeTruthy();
      // Inline images: shown offline, and short enough for an operator to save the item again.
      expect(item.image_url).toMatch(/^data:image\/svg\+xml,/);
      expect(item.image_url.length).toBeLessThanOrEqual(500);
      expect(item.on_sale).toBe(true);
    }

    const owned = await q<{ id: string; n: number; sponsored: number }>(`
      select u.id, count(*)::int as n, count(ui.sponsor_user_key)::int as sponsored
      from user_item ui join users u on u.user_key = ui.user_key
      where u.is_demo group by u.id order by u.id`);
    expect(owned).toEqual([
      { id: 'demo_fan1', n: 1, sponsored: 0 },
      { id: 'demo_fan2', n: 3, sponsored: 2 },
    ]);
    const wallets = await q<{ id: string; balance: string }>(`
      select u.id, a.balance from wallet_account a join users u on u.user_key = a.user_key
      where a.kind = 'wallet' and a.currency = 'CUBIC' and u.is_demo order by u.id`);
    expect(wallets.map((w) => [w.id, Number(w.balance)])).toEqual([
      ['demo_fan1', DEMO_FUNDS.CUBIC - 300 - 2 * 50],
      ['demo_fan2', DEMO_FUNDS.CUBIC - 80],
    ]);
    expect((await verifyLedger(database.pool, { full: true })).ok).toBe(true);
  });

  it('seeds channels that look alive: follows, fan clubs made by real gifts in the ledger, guest-book comments', async () => {
    const clubs = await q<{ id: string; members: number; top_no: number }>(`
      select u.id, count(*)::int as members, max(f.fan_no) as top_no
      from fan_club f join users u on u.user_key = f.bj_user_key group by u.id order by u.id`);
    expect(clubs).toEqual([
      { id: 'demo_haneul', members: 8, top_no: 8 },
      { id: 'demo_minji', members: 8, top_no: 8 },
    ]);
    // Every member joined by a paid gift of the ledger.
    const unpaid = await q<{ n: number }>(`
      select count(*)::int as n from fan_club f
      where not exists (select 1 from wallet_txn t where t.txn_id = f.joined_txn_id and t.kind = 'gift' and t.state = 'done')`);
    expect(unpaid[0]?.n).toBe(0);
    const followers = await q<{ id: string; n: number; counted: number }>(`
      select u.id, (select count(*)::int from channel_subscribe s where s.bj_user_key = u.user_key) as n, c.follower_cnt as counted
      from channel_stat c join users u on u.user_key = c.bj_user_key order by u.id`);
    expect(followers.length).toBe(3);
    for (const f of followers) expect(f.counted, f.id).toBe(f.n);
    expect(followers[0]?.n).toBe(8);
    const comments = await q<{ n: number }>('select count(*)::int as n from channel_comment');
    expect(comments[0]?.n).toBe(4);
  });

  it('seeds STAR and CUBIC packages on sale and a bank account for deposits', async () => {
    const products = await q<{ currency: string; amount: number; bonus: number; price: number; on_sale: boolean }>(
      'select currency, amount, bonus, price, on_sale from payment_product where is_demo order by sort',
    );
    expect(products.filter((p) => p.currency === 'STAR').length).toBeGreaterThanOrEqual(2);
    expect(products.filter((p) => p.currency === 'CUBIC').length).toBeGreaterThanOrEqual(2);
    expect(products.every((p) => p.on_sale && p.amount > 0 && p.price > 0 && p.bonus >= 0)).toBe(true);
    const [site] = await q<{ bank: string }>(`select footer->>'bank_account_nm' as bank from site where site_key = 1`);
    expect(site?.bank).toBe(DEMO_BANK_ACCOUNT);
  });

  it('makes a demo operator whose password only this installation knows, in an owner-only file, kept across starts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'byeol-demo-'));
    try {
      const first = await ensureDemoOperator(database.db, dataDir);
      expect(first.created).toBe(true);
      expect((await stat(first.file)).mode & 0o777).toBe(0o600);
      const password = /password: (\S+)/.exec(await readFile(first.file, 'utf8'))?.[1] as string;
      expect(password).not.toMatch(/Byeol!admin/);
      const [row] = await q<{ role: string; is_demo: boolean; password_hash: string }>(
        `select role, is_demo, password_hash from users where id = '${DEMO_OPERATOR.id}'`,
      );
      expect(row).toMatchObject({ role: 'operator', is_demo: true });
      expect(await verifyPassword(row?.password_hash as string, password)).toBe(true);
      // A second start keeps it; a wiped file gets a new password, and the old one stops working.
      expect((await ensureDemoOperator(database.db, dataDir)).created).toBe(false);
      expect(await readFile(first.file, 'utf8')).toContain(password);
      await rm(first.file);
      await ensureDemoOperator(database.db, dataDir);
      const renewed = /password: (\S+)/.exec(await readFile(first.file, 'utf8'))?.[1] as string;
      expect(renewed).not.toBe(password);
      const [after] = await q<{ password_hash: string }>(`select password_hash from users where id = '${DEMO_OPERATOR.id}'`);
      expect(await verifyPassword(after?.password_hash as string, password)).toBe(false);
      expect(await verifyPassword(after?.password_hash as string, renewed)).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
