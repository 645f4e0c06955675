import { type ListSet, ResultCode, type StatementEntry, type UserInfoSet, walletEndpoints } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { startTestApp, type TestApp } from '../../testing/app.js';
import {
  type Account,
  balancesOf,
  buildBj,
  buildOperator,
  buildViewer,
  fund,
  ledgerOf,
  liveRoom,
  newKey,
  txnsOfKey,
} from '../../testing/builders.js';
import type { Posting } from './wallet.batcher.js';
import { applyOnPool, findAccount } from './wallet.repository.js';
import { LedgerService } from './wallet.service.js';
import { verifyLedger } from './wallet.verify.js';

/**
 * The ledger against the real HTTP server and PostgreSQL (docs/wallet-ledger.md). Other files share the
 * database: every assertion is about this file's own users, and the ledger check covers everything.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The AppError code a promise rejects with. */
async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'resolved';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe('transfers', () => {
  it('moves an amount between two wallets as one balanced pair of entries', async () => {
    const a = await buildViewer(t, { star: 100 });
    const b = await buildViewer(t);
    const ledger = ledgerOf(t);
    const r = await ledger.transfer({
      from: { kind: 'wallet', userKey: a.userKey, currency: 'STAR' },
      to: { kind: 'wallet', userKey: b.userKey, currency: 'STAR' },
      amount: 30,
      currency: 'STAR',
      kind: 'transfer',
      idempotencyKey: newKey(),
      actorUserKey: a.userKey,
      meta: { note: 'test' },
    });
    expect(r).toMatchObject({ kind: 'transfer', currency: 'STAR', amount: 30, balance: 70, receiver_balance: 30, replayed: false });
    expect(await balancesOf(t, a.userKey)).toEqual({ STAR: 70, CUBIC: 0, earnings: 0 });
    expect(await balancesOf(t, b.userKey)).toEqual({ STAR: 30, CUBIC: 0, earnings: 0 });
    const { rows } = await t.database.pool.query(
      'select leg, amount::int, balance_after::int from wallet_entry where txn_id = $1 order by leg',
      [r.txn_id],
    );
    expect(rows).toEqual([
      { leg: 0, amount: -30, balance_after: 70 },
      { leg: 1, amount: 30, balance_after: 30 },
    ]);
  });

  it('keeps currencies apart: one account per currency, a transfer in one currency only', async () => {
    const a = await buildViewer(t, { star: 10, cubic: 20 });
    expect(await balancesOf(t, a.userKey)).toEqual({ STAR: 10, CUBIC: 20, earnings: 0 });
    const ledger = ledgerOf(t);
    // A STAR transfer into a CUBIC account is refused before anything is written.
    expect(
      await codeOf(
        ledger.transfer({
          from: { kind: 'wallet', userKey: a.userKey, currency: 'STAR' },
          to: { kind: 'sink', currency: 'CUBIC' },
          amount: 1,
          currency: 'STAR',
          kind: 'item',
          idempotencyKey: newKey(),
          actorUserKey: a.userKey,
        }),
      ),
    ).toBe('INVALID_INPUT');
    const spent = await ledger.transfer({
      from: { kind: 'wallet', userKey: a.userKey, currency: 'CUBIC' },
      to: { kind: 'sink', currency: 'CUBIC' },
      amount: 15,
      currency: 'CUBIC',
      kind: 'item',
      idempotencyKey: newKey(),
      actorUserKey: a.userKey,
    });
    expect(spent.balance).toBe(5);
    expect(await balancesOf(t, a.userKey)).toEqual({ STAR: 10, CUBIC: 5, earnings: 0 });
  });

  it('refuses an insufficient transfer, moves nothing, and answers a retry of its key the same', async () => {
    const a = await buildViewer(t, { star: 5 });
    const b = await buildViewer(t);
    const ledger = ledgerOf(t);
    const key = newKey();
    const req = {
      from: { kind: 'wallet' as const, userKey: a.userKey, currency: 'STAR' as const },
      to: { kind: 'wallet' as const, userKey: b.userKey, currency: 'STAR' as const },
      amount: 6,
      currency: 'STAR' as const,
      kind: 'transfer' as const,
      idempotencyKey: key,
      actorUserKey: a.userKey,
    };
    expect(await codeOf(ledger.transfer(req))).toBe('WALLET_INSUFFICIENT');
    expect(await balancesOf(t, a.userKey)).toMatchObject({ STAR: 5 });
    expect(await txnsOfKey(t, a.userKey, key)).toEqual([expect.objectContaining({ state: 'refused' })]);
    await fund(t, a.userKey, 'STAR', 10);
    // The key's answer was a refusal and stays one; a new user action (a new key) goes through.
    expect(await codeOf(ledger.transfer(req))).toBe('WALLET_INSUFFICIENT');
    expect((await ledger.transfer({ ...req, idempotencyKey: newKey() })).balance).toBe(9);
  });

  it('charges a key once: a retry replays the first answer; the key for another request is refused', async () => {
    const a = await buildViewer(t, { star: 50 });
    const bj = await buildBj(t);
    const ledger = ledgerOf(t);
    const key = newKey();
    const first = await ledger.gift(a.userKey, bj.userKey, 10, key);
    const again = await ledger.gift(a.userKey, bj.userKey, 10, key);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await balancesOf(t, a.userKey)).toMatchObject({ STAR: 40 });
    expect(await codeOf(ledger.gift(a.userKey, bj.userKey, 11, key))).toBe('WALLET_KEY_REUSED');
    expect(await balancesOf(t, a.userKey)).toMatchObject({ STAR: 40 });
    // Keys are per actor: another viewer may use the same string.
    const other = await buildViewer(t, { star: 10 });
    expect((await ledger.gift(other.userKey, bj.userKey, 10, key)).balance).toBe(0);
  });
});

describe('gifts and the reward rate', () => {
  it('credits the BJ amount × 1.0 (SPEC §9) with no platform leg', async () => {
    const viewer = await buildViewer(t, { star: 1000 });
    const bj = await buildBj(t);
    const r = await ledgerOf(t).gift(viewer.userKey, bj.userKey, 250, newKey(), { vod_key: 'x' });
    expect(r).toMatchObject({ kind: 'gift', amount: 250, balance: 750, receiver_balance: 250 });
    expect(await balancesOf(t, bj.userKey)).toEqual({ STAR: 0, CUBIC: 0, earnings: 250 });
    const { rows } = await t.database.pool.query('select count(*)::int as n from wallet_entry where txn_id = $1', [r.txn_id]);
    expect(rows[0].n).toBe(2);
  });

  it('splits by another rate: the BJ gets amount × rate rounded down, the platform the remainder', async () => {
    const ledger = new LedgerService({ db: t.database.db, pool: t.database.pool, rewardRate: () => '0.7' });
    const viewer = await buildViewer(t, { star: 100 });
    const bj = await buildBj(t);
    const revenueBefore = await systemBalance('revenue', 'STAR');
    const r = await ledger.gift(viewer.userKey, bj.userKey, 15, newKey());
    expect(r.balance).toBe(85);
    expect((await balancesOf(t, bj.userKey)).earnings).toBe(10);
    const { rows } = await t.database.pool.query(
      'select e.leg, a.kind, e.amount::int from wallet_entry e join wallet_account a using (account_id) where e.txn_id = $1 order by e.leg',
      [r.txn_id],
    );
    expect(rows).toEqual([
      { leg: 0, kind: 'wallet', amount: -15 },
      { leg: 1, kind: 'earnings', amount: 10 },
      { leg: 2, kind: 'revenue', amount: 5 },
    ]);
    // Other files move revenue too; this gift added at least its 5.
    expect((await systemBalance('revenue', 'STAR')) - revenueBefore).toBeGreaterThanOrEqual(5);
    await ledger.close();
  });

  it('joins the fan club with the first gift of a batch that holds two of one new fan: one number, one "joined"', async () => {
    // The service's batcher sends one posting per payer per batch; a caller of wallet_apply_fan in its own
    // transaction (the demo seed, jobs) may send more, and the function must answer them exactly.
    const [other, viewer] = await Promise.all([buildViewer(t, { star: 100 }), buildViewer(t, { star: 100 })]);
    const bj = await buildBj(t);
    expect(await ledgerOf(t).gift(other.userKey, bj.userKey, 1, newKey())).toMatchObject({ fan_no: 1, fan_joined: true });
    const account = async (userKey: number, kind: 'wallet' | 'earnings') =>
      (await findAccount(t.database.db, { kind, userKey, currency: 'STAR' }))?.accountId as number;
    const [from, earnings] = [await account(viewer.userKey, 'wallet'), await account(bj.userKey, 'earnings')];
    const posting = (amount: number, key: string): Posting => ({
      actor: viewer.userKey,
      key,
      fingerprint: `test-${amount}`,
      kind: 'gift',
      currency: 'STAR',
      from,
      fromSystem: false,
      amount,
      meta: { bj_user_key: bj.userKey },
      credits: [{ account: earnings, amount }],
    });
    const [b, c] = await applyOnPool(t.database.pool, [posting(2, newKey()), posting(3, newKey())]);
    expect([b?.state, c?.state]).toEqual(['done', 'done']);
    expect(b).toMatchObject({ fanNo: 2, fanJoined: true });
    expect(c).toMatchObject({ fanNo: 2, fanJoined: false });
    // The club has the fan once, joined by the first of the two; a fan's later gift answers the same number.
    const { rows } = await t.database.pool.query(
      'select fan_no, joined_txn_id::int as txn from fan_club where bj_user_key = $1 order by fan_no',
      [bj.userKey],
    );
    expect(rows.slice(1)).toEqual([{ fan_no: 2, txn: b?.txnId }]);
    expect(await ledgerOf(t).gift(viewer.userKey, bj.userKey, 4, newKey())).toMatchObject({ fan_no: 2, fan_joined: false });
  });

  it('refuses a gift to yourself, to a non-BJ and outside the gift limits, moving nothing', async () => {
    const viewer = await buildViewer(t, { star: 100 });
    const notBj = await buildViewer(t);
    const bj = await buildBj(t);
    const ledger = ledgerOf(t);
    expect(await codeOf(ledger.gift(bj.userKey, bj.userKey, 1, newKey()))).toBe('WALLET_SELF_GIFT');
    expect(await codeOf(ledger.gift(viewer.userKey, notBj.userKey, 1, newKey()))).toBe('WALLET_NOT_BJ');
    expect(await codeOf(ledger.gift(viewer.userKey, 9_999_999_999, 1, newKey()))).toBe('WALLET_NOT_BJ');
    expect(await codeOf(ledger.gift(viewer.userKey, bj.userKey, 0, newKey()))).toBe('WALLET_AMOUNT_TOO_SMALL');
    expect(await codeOf(ledger.gift(viewer.userKey, bj.userKey, 100_001, newKey()))).toBe('WALLET_AMOUNT_TOO_LARGE');
    expect(await codeOf(ledger.gift(viewer.userKey, bj.userKey, 1.5, newKey()))).toBe('WALLET_AMOUNT_NOT_WHOLE');
    expect(await balancesOf(t, viewer.userKey)).toMatchObject({ STAR: 100 });
  });
});

async function systemBalance(kind: string, currency: string): Promise<number> {
  const { rows } = await t.database.pool.query(
    'select balance::bigint as b from wallet_account where kind = $1 and currency = $2 and user_key is null',
    [kind, currency],
  );
  return Number(rows[0]?.b ?? 0);
}

describe('operator grants (POST /v1/admin/wallet_grant)', () => {
  let operator: Account;
  let member: Account;

  beforeAll(async () => {
    operator = await buildOperator(t);
    member = await buildViewer(t);
  });

  const grant = (cookie: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.call(walletEndpoints.grant, form, { cookie, headers });

  it('is for operators and GMs only', async () => {
    const form = { user_key: String(member.userKey), currency: 'STAR', amount: '10', reason: 'event prize', idempotency_key: newKey() };
    expect((await t.call(walletEndpoints.grant, form)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await grant(member.cookie, form)).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    const bj = await buildBj(t);
    expect((await grant(bj.cookie, form)).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await balancesOf(t, member.userKey)).STAR).toBe(0);
    const gm = await buildOperator(t, 'gm');
    const res = await grant(gm.cookie, { ...form, idempotency_key: newKey() });
    expect(res.body.rslt_cd).toBe(0);
  });

  it('credits the wallet and writes the audit: who, when, why, before and after', async () => {
    const before = (await balancesOf(t, member.userKey)).CUBIC;
    const key = newKey();
    const res = await grant(
      operator.cookie,
      { id: member.id, currency: 'CUBIC', amount: '300', reason: '  이벤트 보상  ' },
      { 'Idempotency-Key': key },
    );
    expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
    expect(res.body.rslt_set).toMatchObject({
      user_key: member.userKey,
      currency: 'CUBIC',
      amount: 300,
      balance_before: before,
      balance_after: before + 300,
      reason: '이벤트 보상',
    });
    const { rows } = await t.database.pool.query('select * from wallet_grant_audit where txn_id = $1', [res.body.rslt_set.txn_id]);
    expect(rows).toEqual([
      expect.objectContaining({
        operator_user_key: String(operator.userKey),
        user_key: String(member.userKey),
        currency: 'CUBIC',
        amount: '300',
        reason: '이벤트 보상',
        balance_before: String(before),
        balance_after: String(before + 300),
      }),
    ]);
    expect(Math.abs(new Date(rows[0].created_at).getTime() - Date.now())).toBeLessThan(60_000);
    // A retry (the same key) answers the same and grants nothing more.
    const again = await grant(
      operator.cookie,
      { id: member.id, currency: 'CUBIC', amount: '300', reason: '이벤트 보상' },
      { 'Idempotency-Key': key },
    );
    expect(again.body).toEqual(res.body);
    expect((await balancesOf(t, member.userKey)).CUBIC).toBe(before + 300);
  });

  it('answers each bad field with its own envelope error and grants nothing', async () => {
    const member = await buildViewer(t);
    const base = { user_key: String(member.userKey), currency: 'STAR', amount: '10', reason: 'r', idempotency_key: newKey() };
    const cases: Array<[Record<string, string>, number, string?]> = [
      [{ amount: '0' }, ResultCode.WALLET_AMOUNT_TOO_SMALL],
      [{ amount: '-10' }, ResultCode.WALLET_AMOUNT_TOO_SMALL],
      [{ amount: '2.5' }, ResultCode.WALLET_AMOUNT_NOT_WHOLE],
      [{ amount: '1e9' }, ResultCode.WALLET_AMOUNT_NOT_WHOLE],
      [{ amount: '99999999999999999999' }, ResultCode.WALLET_AMOUNT_TOO_LARGE],
      [{ amount: '1000000001' }, ResultCode.WALLET_AMOUNT_TOO_LARGE],
      [{ amount: 'ten' }, ResultCode.WALLET_AMOUNT_NOT_NUMBER],
      [{ amount: '' }, ResultCode.REQUIRED, 'amount'],
      [{ currency: 'WON' }, ResultCode.INVALID_INPUT, 'currency'],
      [{ reason: '   ' }, ResultCode.REQUIRED, 'reason'],
      [{ idempotency_key: '' }, ResultCode.REQUIRED, 'idempotency_key'],
      [{ idempotency_key: 'bad key!' }, ResultCode.INVALID_INPUT, 'idempotency_key'],
      [{ user_key: '999999999999' }, ResultCode.WALLET_USER_NOT_FOUND],
      [{ user_key: 'abc' }, ResultCode.INVALID_INPUT, 'user_key'],
    ];
    for (const [over, code, field] of cases) {
      const res = await grant(operator.cookie, { ...base, ...over });
      expect(res.body.rslt_cd, JSON.stringify(over)).toBe(code);
      expect(res.body.rslt_msg).not.toBe('');
      if (field) expect((res.body.rslt_set as { field?: string }).field).toBe(field);
    }
    const en = await t.call(walletEndpoints.grant, { ...base, amount: '2.5' }, { cookie: operator.cookie, lang: 'en' });
    expect(en.body.rslt_msg).toBe('Enter the amount as a whole number, without a decimal point.');
    const ja = await t.call(walletEndpoints.grant, { ...base, amount: '0' }, { cookie: operator.cookie, lang: 'ja' });
    expect(ja.body.rslt_msg).toBe('数量は1以上で入力してください。');
    expect((await balancesOf(t, member.userKey)).STAR).toBe(0);
    expect(await txnsOfKey(t, operator.userKey, base.idempotency_key)).toEqual([]);
  });
});

describe('the gift call (POST /v1/star/user_star_use_proc)', () => {
  const send = (viewer: Account, form: Record<string, string>, lang?: 'ko' | 'en') =>
    t.call(walletEndpoints.gift, form, { cookie: viewer.cookie, ...(lang ? { lang } : {}) });

  it('gifts the BJ of a live room and answers the new balance', async () => {
    const viewer = await buildViewer(t, { star: 100 });
    const bj = await buildBj(t);
    const vodKey = await liveRoom(t, bj.userKey);
    const res = await send(viewer, { vod_key: vodKey, star_cnt: '40', message: '화이팅!', idempotency_key: newKey() });
    expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
    expect(res.body.rslt_set).toMatchObject({ vod_key: vodKey, bj_user_key: bj.userKey, star_cnt: 40, balance: 60 });
    expect((await balancesOf(t, bj.userKey)).earnings).toBe(40);
    const { rows } = await t.database.pool.query('select meta from wallet_txn where txn_id = $1', [res.body.rslt_set.txn_id]);
    expect(rows[0].meta).toEqual({ vod_key: vodKey, message: '화이팅!', bj_user_key: bj.userKey });
  });

  it('refuses what is not a gift: anonymous, unknown or offline room, yourself, bad amounts, too little STAR', async () => {
    const viewer = await buildViewer(t, { star: 10 });
    const bj = await buildBj(t);
    const live = await liveRoom(t, bj.userKey);
    const ended = await liveRoom(t, (await buildBj(t)).userKey, 'ended');
    const frozen = await liveRoom(t, (await buildBj(t)).userKey, 'frozen');
    const form = (over: Record<string, string>) => ({ vod_key: live, star_cnt: '5', idempotency_key: newKey(), ...over });

    expect((await t.call(walletEndpoints.gift, form({}))).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await send(viewer, form({ vod_key: 'nope-room' }))).body.rslt_cd).toBe(ResultCode.BROADCAST_NOT_FOUND);
    expect((await send(viewer, form({ vod_key: ended }))).body.rslt_cd).toBe(ResultCode.BROADCAST_ENDED);
    expect((await send(viewer, form({ vod_key: frozen }))).body.rslt_cd).toBe(ResultCode.BROADCAST_FROZEN);
    expect((await send(bj, form({}))).body.rslt_cd).toBe(ResultCode.WALLET_SELF_GIFT);
    for (const [amount, code] of [
      ['0', ResultCode.WALLET_AMOUNT_TOO_SMALL],
      ['-3', ResultCode.WALLET_AMOUNT_TOO_SMALL],
      ['1.5', ResultCode.WALLET_AMOUNT_NOT_WHOLE],
      ['100001', ResultCode.WALLET_AMOUNT_TOO_LARGE],
      ['1e99', ResultCode.WALLET_AMOUNT_NOT_WHOLE],
      ['x', ResultCode.WALLET_AMOUNT_NOT_NUMBER],
    ] as const) {
      const res = await send(viewer, form({ star_cnt: amount }));
      expect(res.body.rslt_cd, amount).toBe(code);
      expect(res.body.rslt_set).toMatchObject({ field: 'star_cnt' });
    }
    expect((await send(viewer, { vod_key: live, star_cnt: '1' })).body.rslt_cd).toBe(ResultCode.REQUIRED);

    const poor = await send(viewer, form({ star_cnt: '11' }));
    expect(poor.body.rslt_cd).toBe(ResultCode.WALLET_INSUFFICIENT);
    // The currency is named by the site term of the caller's language (SPEC §3 defaults: STAR).
    expect(poor.body.rslt_msg).toBe('STAR가 부족합니다.');
    expect((await send(viewer, form({ star_cnt: '11' }), 'en')).body.rslt_msg).toBe('You do not have enough STAR.');
    expect(await balancesOf(t, viewer.userKey)).toMatchObject({ STAR: 10 });
    expect((await balancesOf(t, bj.userKey)).earnings).toBe(0);
  });
});

describe('balances in user_info and statements', () => {
  it('user_info reads star_cnt and cubic_cnt from the ledger', async () => {
    const viewer = await buildViewer(t);
    const info = async () => (await t.get<UserInfoSet>('/v1/user/user_info', {}, { cookie: viewer.cookie })).body.rslt_set.user_info;
    expect(await info()).toMatchObject({ star_cnt: 0, cubic_cnt: 0 });
    await fund(t, viewer.userKey, 'STAR', 1234);
    await fund(t, viewer.userKey, 'CUBIC', 56);
    expect(await info()).toMatchObject({ star_cnt: 1234, cubic_cnt: 56 });
  });

  it('lists a wallet newest first, paged, and a BJ earnings statement', async () => {
    const viewer = await buildViewer(t, { star: 100 });
    const bj = await buildBj(t);
    const ledger = ledgerOf(t);
    for (const amount of [1, 2, 3, 4, 5]) await ledger.gift(viewer.userKey, bj.userKey, amount, newKey(), { n: amount });
    const page = async (who: Account, path: string, form: Record<string, string>) =>
      (await t.post<ListSet<StatementEntry>>(path, form, { cookie: who.cookie })).body;
    const first = await page(viewer, '/v1/mypage/details_star', { offset: '0', limit: '3' });
    expect(first.rslt_cd).toBe(0);
    expect(first.rslt_set.data_totalcount).toBe(6);
    expect(first.rslt_set.data_list.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['gift', -5, 85],
      ['gift', -4, 90],
      ['gift', -3, 94],
    ]);
    const rest = await page(viewer, '/v1/mypage/details_star', { offset: '3', limit: '3' });
    expect(rest.rslt_set.data_list.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['gift', -2, 97],
      ['gift', -1, 99],
      ['grant', 100, 100],
    ]);
    expect(rest.rslt_set.data_list[2]?.meta).toEqual({ reason: 'test funding' });
    const earnings = await page(bj, '/v1/mypage/details_star', { account: 'earnings' });
    expect(earnings.rslt_set.data_list.map((e) => e.amount)).toEqual([5, 4, 3, 2, 1]);
    expect(earnings.rslt_set.data_list[0]?.meta).toEqual({ n: 5, bj_user_key: bj.userKey });
    const cubic = await page(viewer, '/v1/mypage/details_cubic', {});
    expect(cubic.rslt_set).toMatchObject({ data_list: [], data_totalcount: 0 });
    expect((await t.call(walletEndpoints.detailsStar, {})).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
  });
});

describe('the ledger check', () => {
  it('passes after everything above, full and incremental', async () => {
    const full = await verifyLedger(t.database.pool, { full: true });
    expect(full, JSON.stringify(full)).toMatchObject({
      ok: true,
      drift: [],
      unbalanced_count: 0,
      orphan_entries: 0,
      supply: { STAR: 0, CUBIC: 0 },
    });
    expect(full.txns_checked).toBeGreaterThan(10);
    expect((await verifyLedger(t.database.pool)).ok).toBe(true);
  });
});
