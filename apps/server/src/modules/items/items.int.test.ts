import {
  type AdminAuditEntry,
  ITEM_LIMITS,
  itemsEndpoints,
  type ListSet,
  ResultCode,
  resultMessage,
  type UserInfoSet,
  walletEndpoints,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { balancesOf, buildBj, buildViewer, fund, liveRoom, newKey, txnsOfKey } from '../../testing/builders.js';
import { buildAccount, sql } from '../../testing/members.js';
import { verifyLedger } from '../wallet/wallet.verify.js';
import { bought, buildItem, deal, itemRow, useItem } from './items.fixtures.js';
import { expireItems } from './items.jobs.js';

/**
 * The store and items against the real HTTP server and PostgreSQL (docs/items.md). Other files share the
 * database: every assertion is about this file's own users and items; the ledger check covers everything.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const code = (name: keyof typeof ResultCode) => ResultCode[name];

async function ledgerOk() {
  const report = await verifyLedger(t.database.pool);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true, drift: [], unbalanced_count: 0 });
}

async function sinkBalance(): Promise<number> {
  const [row] = await sql<{ balance: string }>(t, `select balance from wallet_account where kind = 'sink' and currency = 'CUBIC'`);
  return Number(row?.balance ?? 0);
}

describe('catalogue', () => {
  it('lists items on sale in the caller language, by category, paginated; operators see every item and language', async () => {
    const category = 'badge';
    const a = await buildItem(t, { category, name_ko: '배지 A', name_en: 'Badge A', sort: '1' });
    const b = await buildItem(t, { category, name_ko: '배지 B', name_en: '', sort: '2' });
    const off = await buildItem(t, { category, name_ko: '배지 C', on_sale_yn: 'N', sort: '3' });

    const en = await t.call(itemsEndpoints.storeList, { category, limit: '60' }, { lang: 'en' });
    expect(en.body.rslt_cd).toBe(0);
    const mine = en.body.rslt_set.data_list.filter((i) => [a.item_sn, b.item_sn, off.item_sn].includes(i.item_sn));
    expect(mine.map((i) => i.name)).toEqual(['Badge A', '배지 B']);
    expect(mine[0]).toMatchObject({
      category,
      price: 100,
      validity_days: 30,
      uses_per_day: 3,
      refund_yn: 'Y',
      gift_yn: 'Y',
      on_sale_yn: 'Y',
    });
    expect(en.body.rslt_set.data_list.every((i) => i.category === category)).toBe(true);
    // SPEC §7: the list is save_item_info (data_list, the same rows, beside it).
    expect(en.body.rslt_set.save_item_info).toEqual(en.body.rslt_set.data_list);

    const page = await t.call(itemsEndpoints.storeList, { category, limit: '1', offset: '1' });
    expect(page.body.rslt_set.data_list).toHaveLength(1);
    expect(page.body.rslt_set.data_totalcount).toBe(en.body.rslt_set.data_totalcount);

    const ja = await t.call(itemsEndpoints.storeDetail, { item_sn: String(a.item_sn) }, { lang: 'ja' });
    expect(ja.body.rslt_set).toMatchObject({ item_sn: a.item_sn, name: 'テストアイテム', description: '설명' });
    // SPEC §7: the detail is save_item_detail (its fields also at the top).
    expect(ja.body.rslt_set.save_item_detail).toMatchObject({ item_sn: a.item_sn, name: 'テストアイテム' });
    // Off sale: still shown by its detail (owners follow it), marked.
    const offDetail = await t.call(itemsEndpoints.storeDetail, { item_sn: String(off.item_sn) });
    expect(offDetail.body.rslt_set).toMatchObject({ item_sn: off.item_sn, on_sale_yn: 'N' });
    const missing = await t.call(itemsEndpoints.storeDetail, { item_sn: '2000000000' }, { lang: 'en' });
    expect(missing.body).toMatchObject({ rslt_cd: code('ITEM_NOT_FOUND'), rslt_msg: resultMessage('ITEM_NOT_FOUND', 'en') });
    for (const item_sn of ['2147483648', String(2 ** 31)]) {
      expect((await t.call(itemsEndpoints.storeDetail, { item_sn })).body.rslt_cd).toBe(code('ITEM_NOT_FOUND'));
    }
    expect((await t.call(itemsEndpoints.storeDetail, { item_sn: 'x' })).body.rslt_cd).toBe(code('INVALID_INPUT'));

    const operator = await buildAccount(t, { role: 'operator' });
    const all = await t.call(itemsEndpoints.adminList, { category, limit: '60' }, { cookie: operator.cookie });
    const adminOff = all.body.rslt_set.data_list.find((i) => i.item_sn === off.item_sn);
    expect(adminOff).toMatchObject({
      on_sale_yn: 'N',
      names: { ko: '배지 C', en: 'Test item', ja: 'テストアイテム', 'zh-CN': '测试道具' },
    });
  });

  it('lets only operators save items, and checks what they save', async () => {
    const viewer = await buildViewer(t);
    const form = {
      category: 'sticker',
      name_ko: '스티커',
      price: '10',
      validity_days: '1',
      uses_per_day: '0',
      refund_yn: 'N',
      gift_yn: 'N',
    };
    expect((await t.call(itemsEndpoints.adminSave, form, { cookie: viewer.cookie })).body.rslt_cd).toBe(code('FORBIDDEN'));
    expect((await t.call(itemsEndpoints.adminSave, form)).body.rslt_cd).toBe(code('LOGIN_REQUIRED'));
    expect((await t.call(itemsEndpoints.adminList, {}, { cookie: viewer.cookie })).body.rslt_cd).toBe(code('FORBIDDEN'));
    const operator = await buildAccount(t, { role: 'operator' });
    const save = (over: Record<string, string>) => t.call(itemsEndpoints.adminSave, { ...form, ...over }, { cookie: operator.cookie });
    expect((await save({ price: '0' })).body).toMatchObject({ rslt_cd: code('INVALID_INPUT'), rslt_set: { field: 'price' } });
    expect((await save({ category: 'weapon' })).body.rslt_cd).toBe(code('INVALID_INPUT'));
    expect((await save({ image_url: 'javascript:alert(1)' })).body).toMatchObject({
      rslt_cd: code('INVALID_INPUT'),
      rslt_set: { field: 'image_url' },
    });
    expect((await save({ item_sn: '2000000000' })).body.rslt_cd).toBe(code('ITEM_NOT_FOUND'));
    expect((await save({ item_sn: '99999999999' })).body.rslt_cd).toBe(code('ITEM_NOT_FOUND'));
    const created = (await save({})).body.rslt_set;
    expect(created).toMatchObject({ category: 'sticker', names: { ko: '스티커' }, refund_yn: 'N', gift_yn: 'N', on_sale_yn: 'Y' });
    const updated = await save({
      item_sn: String(created.item_sn),
      price: '20',
      on_sale_yn: 'N',
      image_url: 'https://cdn.example.com/a.png',
    });
    expect(updated.body.rslt_set).toMatchObject({
      item_sn: created.item_sn,
      price: 20,
      on_sale_yn: 'N',
      image_url: 'https://cdn.example.com/a.png',
    });
    // Each save is in the console's audit log with the item before and after; the refused ones left nothing.
    const audit = await t.post<ListSet<AdminAuditEntry>>('/v1/admin/audit_list', { actor: operator.id }, { cookie: operator.cookie });
    expect(audit.body.rslt_set.data_list).toMatchObject([
      {
        source: 'item',
        action: 'item_save',
        actor_user_key: operator.userKey,
        target: { kind: 'item', sn: created.item_sn, label: `#${created.item_sn} 스티커` },
        before: { price: 10, on_sale_yn: 'Y' },
        after: { price: 20, on_sale_yn: 'N' },
      },
      { source: 'item', action: 'item_save', before: null, after: { item_sn: created.item_sn, price: 10 } },
    ]);
  });
});

describe('item_deal_proc', () => {
  it('buys cnt items: price × cnt CUBIC to the sink, in one ledger transaction with the items', async () => {
    const item = await buildItem(t, { price: '150' });
    const viewer = await buildViewer(t, { cubic: 1_000 });
    const sinkBefore = await sinkBalance();
    const res = await deal(t, viewer.cookie, { item_sn: String(item.item_sn), cnt: '3' });
    expect(res.body.rslt_cd).toBe(0);
    const set = res.body.rslt_set;
    expect(set).toMatchObject({ item_sn: item.item_sn, cnt: 3, total: 450, balance: 550, gift_user_key: null });
    expect(set.user_item_sns).toHaveLength(3);
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(550);
    expect((await sinkBalance()) - sinkBefore).toBeGreaterThanOrEqual(450);
    const rows = await sql<{ state: string; user_key: string; txn_id: string; price: number }>(
      t,
      'select state, user_key, txn_id, price from user_item where txn_id = $1',
      [set.txn_id],
    );
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.state === 'unused' && Number(r.user_key) === viewer.userKey && r.price === 150)).toBe(true);
    await ledgerOk();
  });

  it('refuses every bad count with its own message and moves nothing', async () => {
    const item = await buildItem(t);
    const viewer = await buildViewer(t, { cubic: 1_000 });
    const cases: Array<[string, keyof typeof ResultCode]> = [
      ['0', 'WALLET_AMOUNT_TOO_SMALL'],
      ['-1', 'WALLET_AMOUNT_TOO_SMALL'],
      ['1.5', 'WALLET_AMOUNT_NOT_WHOLE'],
      ['1e9', 'WALLET_AMOUNT_NOT_WHOLE'],
      ['1000000000', 'WALLET_AMOUNT_TOO_LARGE'],
      [String(ITEM_LIMITS.countMax + 1), 'WALLET_AMOUNT_TOO_LARGE'],
      ['abc', 'WALLET_AMOUNT_NOT_NUMBER'],
      ['', 'REQUIRED'],
    ];
    for (const [cnt, name] of cases) {
      const res = await deal(t, viewer.cookie, { item_sn: String(item.item_sn), cnt }, { lang: 'en' });
      expect(res.body.rslt_cd, `cnt ${cnt}`).toBe(code(name));
      expect(res.body.rslt_msg).toBe(resultMessage(name, 'en', { field: 'cnt', min: 1, max: ITEM_LIMITS.countMax }));
    }
    expect((await deal(t, viewer.cookie, { item_sn: '999999999' })).body.rslt_cd).toBe(code('ITEM_NOT_FOUND'));
    expect((await deal(t, viewer.cookie, { item_sn: 'abc' })).body.rslt_cd).toBe(code('ITEM_NOT_FOUND'));
    expect((await deal(t, viewer.cookie, { item_sn: '99999999999' })).body.rslt_cd).toBe(code('ITEM_NOT_FOUND'));
    expect((await deal(t, viewer.cookie, { item_sn: '' })).body.rslt_cd).toBe(code('REQUIRED'));
    expect((await deal(t, viewer.cookie, { item_sn: String(item.item_sn), idempotency_key: 'x' })).body.rslt_cd).toBe(
      code('INVALID_INPUT'),
    );
    const off = await buildItem(t, { on_sale_yn: 'N' });
    expect((await deal(t, viewer.cookie, { item_sn: String(off.item_sn) })).body.rslt_cd).toBe(code('ITEM_NOT_ON_SALE'));
    expect((await deal(t, '', { item_sn: String(item.item_sn) })).body.rslt_cd).toBe(code('LOGIN_REQUIRED'));
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(1_000);
    expect(await sql(t, 'select 1 from user_item where user_key = $1', [viewer.userKey])).toHaveLength(0);
  });

  it('answers WALLET_INSUFFICIENT with the site term when short, stores the refusal under its key, creates nothing', async () => {
    const item = await buildItem(t, { price: '300' });
    const viewer = await buildViewer(t, { cubic: 500 });
    const key = newKey();
    const res = await deal(t, viewer.cookie, { item_sn: String(item.item_sn), cnt: '2', idempotency_key: key }, { lang: 'en' });
    expect(res.body).toMatchObject({
      rslt_cd: code('WALLET_INSUFFICIENT'),
      rslt_msg: resultMessage('WALLET_INSUFFICIENT', 'en', { currency: 'CUBIC' }),
    });
    // The same key again: the same refusal, even once funded.
    await fund(t, viewer.userKey, 'CUBIC', 1_000);
    const again = await deal(t, viewer.cookie, { item_sn: String(item.item_sn), cnt: '2', idempotency_key: key });
    expect(again.body.rslt_cd).toBe(code('WALLET_INSUFFICIENT'));
    expect(await txnsOfKey(t, viewer.userKey, key)).toEqual([expect.objectContaining({ state: 'refused' })]);
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(1_500);
    expect(await sql(t, 'select 1 from user_item where user_key = $1', [viewer.userKey])).toHaveLength(0);
    // A new user action (a new key) fits now.
    expect((await deal(t, viewer.cookie, { item_sn: String(item.item_sn), cnt: '2' })).body.rslt_set.balance).toBe(900);
    await ledgerOk();
  });

  it('a retry with the same key answers the first purchase; the key for another purchase is refused', async () => {
    const item = await buildItem(t, { price: '10' });
    const viewer = await buildViewer(t, { cubic: 100 });
    const key = newKey();
    const first = await deal(t, viewer.cookie, { item_sn: String(item.item_sn), cnt: '2', idempotency_key: key });
    const second = await t.call(
      itemsEndpoints.deal,
      { item_sn: String(item.item_sn), cnt: '2' },
      { cookie: viewer.cookie, headers: { 'Idempotency-Key': key } },
    );
    expect(second.body.rslt_set).toEqual(first.body.rslt_set);
    const other = await deal(t, viewer.cookie, { item_sn: String(item.item_sn), cnt: '3', idempotency_key: key });
    expect(other.body.rslt_cd).toBe(code('WALLET_KEY_REUSED'));
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(80);
  });

  it('the same key 20 times at once: one purchase, one set of items', async () => {
    const item = await buildItem(t, { price: '7' });
    const viewer = await buildViewer(t, { cubic: 1_000 });
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deal(t, viewer.cookie, { item_sn: String(item.item_sn), cnt: '4', idempotency_key: key })),
    );
    const sets = answers.map((a) => a.body);
    expect(sets.every((b) => b.rslt_cd === 0)).toBe(true);
    const txnIds = new Set(sets.map((b) => b.rslt_set.txn_id));
    expect(txnIds.size).toBe(1);
    expect(new Set(sets.map((b) => JSON.stringify(b.rslt_set.user_item_sns))).size).toBe(1);
    expect(await sql(t, 'select 1 from user_item where user_key = $1', [viewer.userKey])).toHaveLength(4);
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(1_000 - 28);
    await ledgerOk();
  });

  it('gifts: the receiver owns sponsored items; not giftable, yourself and unknown receivers are refused', async () => {
    const item = await buildItem(t, { price: '50' });
    const buyer = await buildViewer(t, { cubic: 500 });
    const receiver = await buildViewer(t);
    const res = await deal(t, buyer.cookie, { item_sn: String(item.item_sn), cnt: '2', gift_id: receiver.id, message: '축하해요' });
    expect(res.body.rslt_set).toMatchObject({ gift_user_key: receiver.userKey, total: 100, balance: 400 });
    for (const sn of res.body.rslt_set.user_item_sns) {
      expect(await itemRow(t, sn)).toMatchObject({ user_key: String(receiver.userKey), sponsor_user_key: String(buyer.userKey) });
    }
    const received = await t.call(itemsEndpoints.list, { box: 'gift_received' }, { cookie: receiver.cookie });
    expect(received.body.rslt_set.data_list).toHaveLength(2);
    expect(received.body.rslt_set.data_list[0]).toMatchObject({
      sponsor: { user_key: buyer.userKey, nick: buyer.nick },
      refundable_now_yn: 'N',
    });
    const sent = await t.call(itemsEndpoints.list, { box: 'gift_sent' }, { cookie: buyer.cookie });
    expect(sent.body.rslt_set.data_list[0]).toMatchObject({ receiver: { user_key: receiver.userKey, nick: receiver.nick } });
    expect((await t.call(itemsEndpoints.summary, {}, { cookie: receiver.cookie })).body.rslt_set.counters).toEqual({
      sponsored: 2,
      expired: 0,
      in_use: 0,
      unused: 2,
    });

    const noGift = await buildItem(t, { gift_yn: 'N' });
    expect((await deal(t, buyer.cookie, { item_sn: String(noGift.item_sn), gift_id: receiver.id })).body.rslt_cd).toBe(
      code('ITEM_NOT_GIFTABLE'),
    );
    expect((await deal(t, buyer.cookie, { item_sn: String(item.item_sn), gift_id: buyer.id })).body.rslt_cd).toBe(code('WALLET_SELF_GIFT'));
    expect((await deal(t, buyer.cookie, { item_sn: String(item.item_sn), gift_id: 'nobody_here_xyz' })).body.rslt_cd).toBe(
      code('WALLET_USER_NOT_FOUND'),
    );
    const bj = await buildBj(t);
    const ended = await liveRoom(t, bj.userKey, 'ended');
    expect((await deal(t, buyer.cookie, { item_sn: String(item.item_sn), gift_id: receiver.id, vod_key: ended })).body.rslt_cd).toBe(
      code('ITEM_NOT_LIVE_ROOM'),
    );
    expect((await balancesOf(t, buyer.userKey)).CUBIC).toBe(400);
  });
});

describe('item_use and suspend_user_item', () => {
  it('uses up to the daily limit, then ITEM_DAILY_LIMIT with the limit; stops and resumes; logs each use', async () => {
    const item = await buildItem(t, { uses_per_day: '2' });
    const viewer = await buildViewer(t, { cubic: 500 });
    const sn = await bought(t, viewer.cookie, item.item_sn);
    const first = await useItem(t, viewer.cookie, sn);
    expect(first.body.rslt_set).toMatchObject({
      user_item_sn: sn,
      state: 'in_use',
      uses_today: 1,
      uses_per_day: 2,
      refundable_now_yn: 'N',
    });
    expect(first.body.rslt_set.last_used_at).not.toBeNull();

    const stop = await t.call(itemsEndpoints.suspend, { user_item_sn: String(sn) }, { cookie: viewer.cookie });
    expect(stop.body.rslt_set.state).toBe('stopped');
    const stopAgain = await t.call(itemsEndpoints.suspend, { user_item_sn: String(sn) }, { cookie: viewer.cookie, lang: 'en' });
    expect(stopAgain.body).toMatchObject({ rslt_cd: code('ITEM_NOT_IN_USE'), rslt_msg: resultMessage('ITEM_NOT_IN_USE', 'en') });

    expect((await useItem(t, viewer.cookie, sn)).body.rslt_set).toMatchObject({ state: 'in_use', uses_today: 2 });
    const over = await t.call(itemsEndpoints.use, { user_item_sn: String(sn) }, { cookie: viewer.cookie, lang: 'en' });
    expect(over.body).toMatchObject({ rslt_cd: code('ITEM_DAILY_LIMIT'), rslt_msg: resultMessage('ITEM_DAILY_LIMIT', 'en', { max: 2 }) });
    expect(await sql(t, 'select 1 from user_item_use where user_item_sn = $1', [sn])).toHaveLength(2);

    // A new KST day: the count starts again.
    await sql(t, `update user_item set use_day = use_day - 1 where user_item_sn = $1`, [sn]);
    expect((await useItem(t, viewer.cookie, sn)).body.rslt_set).toMatchObject({ uses_today: 1 });
    const unused = await bought(t, viewer.cookie, item.item_sn);
    expect((await t.call(itemsEndpoints.suspend, { user_item_sn: String(unused) }, { cookie: viewer.cookie })).body.rslt_cd).toBe(
      code('ITEM_NOT_IN_USE'),
    );
  });

  it("refuses someone else's item, an expired one, a refunded one, bad numbers; nothing is counted", async () => {
    const item = await buildItem(t);
    const owner = await buildViewer(t, { cubic: 500 });
    const other = await buildViewer(t);
    const sn = await bought(t, owner.cookie, item.item_sn);
    expect((await useItem(t, other.cookie, sn)).body.rslt_cd).toBe(code('ITEM_USER_NOT_FOUND'));
    expect((await t.call(itemsEndpoints.suspend, { user_item_sn: String(sn) }, { cookie: other.cookie })).body.rslt_cd).toBe(
      code('ITEM_USER_NOT_FOUND'),
    );
    expect((await useItem(t, owner.cookie, 9_999_999_999)).body.rslt_cd).toBe(code('ITEM_USER_NOT_FOUND'));
    for (const bad of ['0', '-1', '1.5', 'abc']) {
      expect((await t.call(itemsEndpoints.use, { user_item_sn: bad }, { cookie: owner.cookie })).body.rslt_cd).toBe(code('INVALID_INPUT'));
    }
    expect((await t.call(itemsEndpoints.use, {}, { cookie: owner.cookie })).body.rslt_cd).toBe(code('REQUIRED'));

    // Past its validity: expired on read, before the job runs.
    await sql(t, `update user_item set expires_at = now() - interval '1 second' where user_item_sn = $1`, [sn]);
    expect((await useItem(t, owner.cookie, sn)).body.rslt_cd).toBe(code('ITEM_EXPIRED'));
    expect(await itemRow(t, sn)).toMatchObject({ state: 'unused', uses_today: 0 });
    const active = await t.call(itemsEndpoints.list, { box: 'active' }, { cookie: owner.cookie });
    expect(active.body.rslt_set.data_list).toHaveLength(0);
    const expired = await t.call(itemsEndpoints.list, { box: 'expired' }, { cookie: owner.cookie });
    expect(expired.body.rslt_set.data_list).toEqual([expect.objectContaining({ user_item_sn: sn, state: 'expired' })]);

    const refunded = await bought(t, owner.cookie, item.item_sn);
    const r = await t.call(itemsEndpoints.refund, { user_item_sn: String(refunded), idempotency_key: newKey() }, { cookie: owner.cookie });
    expect(r.body.rslt_cd).toBe(0);
    expect((await useItem(t, owner.cookie, refunded)).body.rslt_cd).toBe(code('ITEM_USED_UP'));
    expect(await sql(t, 'select 1 from user_item_use where user_key = $1', [owner.userKey])).toHaveLength(0);
  });

  it('a one-off item is used up by its first use', async () => {
    const item = await buildItem(t, { single_use_yn: 'Y', uses_per_day: '0' });
    expect(item.single_use_yn).toBe('Y');
    const viewer = await buildViewer(t, { cubic: 500 });
    const sn = await bought(t, viewer.cookie, item.item_sn);
    expect((await useItem(t, viewer.cookie, sn)).body.rslt_set).toMatchObject({ state: 'used', uses_today: 1 });
    expect((await useItem(t, viewer.cookie, sn)).body.rslt_cd).toBe(code('ITEM_USED_UP'));
    expect((await t.call(itemsEndpoints.suspend, { user_item_sn: String(sn) }, { cookie: viewer.cookie })).body.rslt_cd).toBe(
      code('ITEM_NOT_IN_USE'),
    );
    const refund = await t.call(itemsEndpoints.refund, { user_item_sn: String(sn), idempotency_key: newKey() }, { cookie: viewer.cookie });
    expect(refund.body.rslt_cd).toBe(code('ITEM_REFUND_AFTER_USE'));
    const expired = await t.call(itemsEndpoints.list, { box: 'expired' }, { cookie: viewer.cookie });
    expect(expired.body.rslt_set.data_list.map((i) => [i.user_item_sn, i.state])).toEqual([[sn, 'used']]);
    expect(await sql(t, 'select 1 from user_item_use where user_item_sn = $1', [sn])).toHaveLength(1);
  });

  it('two concurrent uses at the limit: exactly one passes', async () => {
    const item = await buildItem(t, { uses_per_day: '1' });
    const viewer = await buildViewer(t, { cubic: 500 });
    for (let round = 0; round < 3; round++) {
      const sn = await bought(t, viewer.cookie, item.item_sn);
      const answers = await Promise.all(Array.from({ length: 8 }, () => useItem(t, viewer.cookie, sn)));
      expect(answers.filter((a) => a.body.rslt_cd === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.body.rslt_cd === code('ITEM_DAILY_LIMIT'))).toHaveLength(7);
      expect(await sql(t, 'select 1 from user_item_use where user_item_sn = $1', [sn])).toHaveLength(1);
      expect(await itemRow(t, sn)).toMatchObject({ uses_today: 1 });
    }
  });
});

describe('item_refund_proc', () => {
  it('gives the price back for an unused item within the window, once', async () => {
    const item = await buildItem(t, { price: '120' });
    const viewer = await buildViewer(t, { cubic: 500 });
    const sn = await bought(t, viewer.cookie, item.item_sn);
    expect((await t.call(itemsEndpoints.list, {}, { cookie: viewer.cookie })).body.rslt_set.data_list[0]).toMatchObject({
      user_item_sn: sn,
      refundable_now_yn: 'Y',
    });
    const key = newKey();
    const refund = () => t.call(itemsEndpoints.refund, { user_item_sn: String(sn), idempotency_key: key }, { cookie: viewer.cookie });
    const first = await refund();
    expect(first.body.rslt_set).toMatchObject({ user_item_sn: sn, amount: 120, balance: 500 });
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(500);
    expect(await itemRow(t, sn)).toMatchObject({ state: 'refunded' });
    // The same key: the first answer; another key: used up.
    expect((await refund()).body.rslt_set).toEqual(first.body.rslt_set);
    const other = await t.call(itemsEndpoints.refund, { user_item_sn: String(sn), idempotency_key: newKey() }, { cookie: viewer.cookie });
    expect(other.body.rslt_cd).toBe(code('ITEM_USED_UP'));
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(500);
    const history = await t.call(walletEndpoints.detailsCubic, {}, { cookie: viewer.cookie });
    expect(history.body.rslt_set.data_list.slice(0, 2).map((e) => [e.kind, e.amount])).toEqual([
      ['refund', 120],
      ['item', -120],
    ]);
    await ledgerOk();
  });

  it('concurrent refunds of one item with different keys pay once', async () => {
    const item = await buildItem(t, { price: '90' });
    const viewer = await buildViewer(t, { cubic: 90 });
    const sn = await bought(t, viewer.cookie, item.item_sn);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call(itemsEndpoints.refund, { user_item_sn: String(sn), idempotency_key: newKey() }, { cookie: viewer.cookie }),
      ),
    );
    expect(answers.filter((a) => a.body.rslt_cd === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.rslt_cd === code('ITEM_USED_UP'))).toHaveLength(9);
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(90);
  });

  it('refuses after use, past the window, not refundable, gifts, and others’ items; moves nothing', async () => {
    const item = await buildItem(t, { price: '40' });
    const viewer = await buildViewer(t, { cubic: 1_000 });
    const refund = (sn: number, cookie = viewer.cookie, lang: 'ko' | 'en' = 'ko') =>
      t.call(itemsEndpoints.refund, { user_item_sn: String(sn), idempotency_key: newKey() }, { cookie, lang });

    const used = await bought(t, viewer.cookie, item.item_sn);
    await useItem(t, viewer.cookie, used);
    expect((await refund(used)).body.rslt_cd).toBe(code('ITEM_REFUND_AFTER_USE'));
    await t.call(itemsEndpoints.suspend, { user_item_sn: String(used) }, { cookie: viewer.cookie });
    expect((await refund(used)).body.rslt_cd).toBe(code('ITEM_REFUND_AFTER_USE'));

    const old = await bought(t, viewer.cookie, item.item_sn);
    await sql(t, `update user_item set purchased_at = now() - make_interval(days => $2) where user_item_sn = $1`, [
      old,
      ITEM_LIMITS.refundDays,
    ]);
    const late = await refund(old, viewer.cookie, 'en');
    expect(late.body).toMatchObject({
      rslt_cd: code('ITEM_REFUND_WINDOW'),
      rslt_msg: resultMessage('ITEM_REFUND_WINDOW', 'en', { days: ITEM_LIMITS.refundDays }),
    });

    const noRefund = await buildItem(t, { refund_yn: 'N' });
    expect((await refund(await bought(t, viewer.cookie, noRefund.item_sn))).body.rslt_cd).toBe(code('ITEM_NOT_REFUNDABLE'));

    const friend = await buildViewer(t);
    const gift = await deal(t, viewer.cookie, { item_sn: String(item.item_sn), gift_id: friend.id });
    const giftSn = gift.body.rslt_set.user_item_sns[0] as number;
    expect((await refund(giftSn, friend.cookie)).body.rslt_cd).toBe(code('ITEM_NOT_REFUNDABLE'));
    expect((await refund(giftSn)).body.rslt_cd).toBe(code('ITEM_USER_NOT_FOUND'));

    const before = (await balancesOf(t, viewer.userKey)).CUBIC;
    expect((await refund(used)).body.rslt_cd).not.toBe(0);
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(before);
    expect(before).toBe(1_000 - 3 * 40 - Number(noRefund.price));
  });
});

describe('my items', () => {
  it('counts sponsored, expired, in use and unused; lists each box newest first, paginated', async () => {
    const item = await buildItem(t, { price: '10' });
    const viewer = await buildViewer(t, { cubic: 1_000 });
    const a = await bought(t, viewer.cookie, item.item_sn);
    const b = await bought(t, viewer.cookie, item.item_sn);
    const c = await bought(t, viewer.cookie, item.item_sn);
    await useItem(t, viewer.cookie, b);
    await sql(t, `update user_item set expires_at = now() - interval '1 minute' where user_item_sn = $1`, [c]);
    const summary = await t.call(itemsEndpoints.summary, {}, { cookie: viewer.cookie });
    expect(summary.body.rslt_set).toEqual({ counters: { sponsored: 0, expired: 1, in_use: 1, unused: 1 }, cubic_cnt: 970 });
    // user_info's summary_info.item_cnt (SPEC §3) counts the same active items on every page.
    const info = await t.get<UserInfoSet>('/v1/user/user_info', {}, { cookie: viewer.cookie });
    expect(info.body.rslt_set).toMatchObject({ user_info: { cubic_cnt: 970 }, summary_info: { item_cnt: 2 } });
    const active = await t.call(itemsEndpoints.list, { box: 'active', limit: '1' }, { cookie: viewer.cookie });
    expect(active.body.rslt_set).toMatchObject({ data_totalcount: 2, box: 'active' });
    expect(active.body.rslt_set.data_list.map((i) => i.user_item_sn)).toEqual([b]);
    const next = await t.call(itemsEndpoints.list, { box: 'active', limit: '1', offset: '1' }, { cookie: viewer.cookie });
    expect(next.body.rslt_set.data_list.map((i) => i.user_item_sn)).toEqual([a]);
    expect(next.body.rslt_set.data_list[0]).toMatchObject({
      item: { item_sn: item.item_sn, name: '테스트 아이템' },
      state: 'unused',
      sponsor: null,
      receiver: null,
      price: 10,
      uses_today: 0,
    });
    expect((await t.call(itemsEndpoints.summary)).body.rslt_cd).toBe(code('LOGIN_REQUIRED'));
    expect((await t.call(itemsEndpoints.list, { box: 'nope' }, { cookie: viewer.cookie })).body.rslt_cd).toBe(code('INVALID_INPUT'));
  });

  it('the expiry job moves items past their validity to expired, idempotently', async () => {
    const item = await buildItem(t);
    const viewer = await buildViewer(t, { cubic: 500 });
    const sns = [await bought(t, viewer.cookie, item.item_sn), await bought(t, viewer.cookie, item.item_sn)];
    const fresh = await bought(t, viewer.cookie, item.item_sn);
    await useItem(t, viewer.cookie, sns[1] as number);
    await sql(t, `update user_item set expires_at = now() - interval '1 hour' where user_item_sn = any($1::bigint[])`, [sns]);
    const [first, second] = await Promise.all([expireItems(t.database.db), expireItems(t.database.db)]);
    expect((first?.expired ?? 0) + (second?.expired ?? 0)).toBeGreaterThanOrEqual(2);
    for (const sn of sns) expect(await itemRow(t, sn)).toMatchObject({ state: 'expired' });
    expect(await itemRow(t, fresh)).toMatchObject({ state: 'unused' });
    const stamps = () =>
      sql(t, 'select user_item_sn, state, updated_at from user_item where user_item_sn = any($1::bigint[]) order by 1', [sns]);
    const before = await stamps();
    await expireItems(t.database.db);
    expect(await stamps()).toEqual(before);
    expect((await t.call(itemsEndpoints.summary, {}, { cookie: viewer.cookie })).body.rslt_set.counters).toMatchObject({
      expired: 2,
      unused: 1,
    });
  });

  it('item_history: the uses of this month and the offered previous months, newest first', async () => {
    const item = await buildItem(t, { name_en: 'History item', uses_per_day: '0' });
    const viewer = await buildViewer(t, { cubic: 500 });
    const sn = await bought(t, viewer.cookie, item.item_sn);
    await useItem(t, viewer.cookie, sn);
    await useItem(t, viewer.cookie, sn);
    const now = await t.call(itemsEndpoints.history, {}, { cookie: viewer.cookie, lang: 'en' });
    expect(now.body.rslt_cd).toBe(0);
    expect(now.body.rslt_set.data_totalcount).toBe(2);
    expect(now.body.rslt_set.data_list[0]).toMatchObject({ user_item_sn: sn, item_sn: item.item_sn, name: 'History item', vod_key: null });
    expect(now.body.rslt_set.months).toHaveLength(ITEM_LIMITS.detailsMonthsDefault + 1);
    expect(now.body.rslt_set.month).toBe(now.body.rslt_set.months[0]);
    // Move the older use into the middle of the previous (KST) month.
    const previous = now.body.rslt_set.months[1] as string;
    await sql(t, 'update user_item_use set used_at = $2::timestamptz where use_sn = $1', [
      now.body.rslt_set.data_list[1]?.use_sn,
      `${previous}-15T12:00:00+09:00`,
    ]);
    const prev = await t.call(itemsEndpoints.history, { month: previous }, { cookie: viewer.cookie });
    expect(prev.body.rslt_set.data_list.map((u) => u.user_item_sn)).toEqual([sn]);
    const current = await t.call(itemsEndpoints.history, {}, { cookie: viewer.cookie });
    expect(current.body.rslt_set.data_totalcount).toBe(1);
    const tooOld = await t.call(itemsEndpoints.history, { month: '2001-01' }, { cookie: viewer.cookie, lang: 'en' });
    expect(tooOld.body).toMatchObject({
      rslt_cd: code('WALLET_MONTH_OUT_OF_RANGE'),
      rslt_msg: resultMessage('WALLET_MONTH_OUT_OF_RANGE', 'en', { months: ITEM_LIMITS.detailsMonthsDefault }),
    });
    expect((await t.call(itemsEndpoints.history, { month: '2026-13' }, { cookie: viewer.cookie })).body.rslt_cd).toBe(
      code('INVALID_INPUT'),
    );
  });
});

describe('money', () => {
  it('leaves the ledger exact after everything above', async () => {
    await ledgerOk();
    const full = await verifyLedger(t.database.pool, { full: true });
    expect(full.ok, JSON.stringify(full)).toBe(true);
  });
});
