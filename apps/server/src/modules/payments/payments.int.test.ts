import {
  type AdminPaymentProduct,
  normalizeBizNo,
  PAYMENT_LIMITS,
  type PaymentOrder,
  paymentsEndpoints,
  ResultCode,
  type SiteInfo,
  walletEndpoints,
} from '@byeol/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { balancesOf, buildViewer, newKey } from '../../testing/builders.js';
import { buildAccount, sql } from '../../testing/members.js';
import { verifyLedger } from '../wallet/wallet.verify.js';
import {
  buildProduct,
  confirm,
  depositOrder,
  expectRefused,
  notify,
  operator,
  operatorKey,
  placed,
  setBankAccount,
  sign,
  TEST_BANK_ACCOUNT,
  WEBHOOK_SECRET,
} from './payments.fixtures.js';
import { expirePaymentOrders } from './payments.jobs.js';

/**
 * Packages and bank deposit orders against the real HTTP server and PostgreSQL (docs/payments.md). Other
 * files share the database: every assertion is about this file's own users, packages and orders; the
 * ledger check after each test covers everything.
 */
let t: TestApp;
let star: AdminPaymentProduct;
let cubic: AdminPaymentProduct;
let terms: SiteInfo['site_terms'];

beforeAll(async () => {
  t = await startTestApp({ env: { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  await setBankAccount(t, TEST_BANK_ACCOUNT);
  star = await buildProduct(t);
  cubic = await buildProduct(t, { currency: 'CUBIC', amount: '5000', bonus: '0', price: '55000' });
  terms = (await t.get<SiteInfo>('/v1/pubapi/api_site_cache_info')).body.rslt_set.site_terms;
});

afterEach(async () => {
  const report = await verifyLedger(t.database.pool);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true, drift: [], unbalanced_count: 0 });
});

afterAll(async () => {
  await t?.close();
});

const code = (name: keyof typeof ResultCode) => ResultCode[name];

async function orderRow(sn: number) {
  const [row] = await sql<{ state: string; txn_id: string | null; closed_at: Date | null; deposited_amount: number | null }>(
    t,
    'select state, txn_id, closed_at, deposited_amount from user_payment_log where user_payment_log_sn = $1',
    [sn],
  );
  return row;
}

async function purchasesOf(sn: number) {
  return sql<{ txn_id: string; kind: string; amount: string; currency: string }>(
    t,
    `select txn_id, kind, amount, currency from wallet_txn where meta->>'user_payment_log_sn' = $1`,
    [String(sn)],
  );
}

/** The order is paid and credited exactly once: the buyer's balance of its currency and one purchase transaction. */
async function expectCreditedOnce(userKey: number, order: PaymentOrder, balance: number) {
  expect((await balancesOf(t, userKey))[order.currency]).toBe(balance);
  const purchases = await purchasesOf(order.user_payment_log_sn);
  expect(purchases).toEqual([{ txn_id: expect.any(String), kind: 'purchase', amount: String(order.amount), currency: order.currency }]);
  expect((await orderRow(order.user_payment_log_sn))?.state).toBe('paid');
  return purchases[0] as { txn_id: string };
}

async function auditOf(sn: number) {
  return sql<{
    actor_user_key: string;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
    created_at: Date;
  }>(t, 'select actor_user_key, action, before, after, created_at from payment_audit where user_payment_log_sn = $1 order by audit_sn', [
    sn,
  ]);
}

describe('packages', () => {
  it('operators create and change packages (audited); viewers see the ones on sale in the site terms', async () => {
    expect(star).toMatchObject({ currency: 'STAR', amount: 1000, bonus: 100, price: 110000, on_sale_yn: 'Y' });
    const off = await buildProduct(t, { amount: '7', bonus: '0', price: '770', on_sale_yn: 'N' });

    const list = await t.call(paymentsEndpoints.productList, { currency: 'STAR' });
    expect(list.body.rslt_cd).toBe(0);
    const mine = list.body.rslt_set.data_list.find((p) => p.product_sn === star.product_sn);
    expect(mine).toEqual({
      product_sn: star.product_sn,
      currency: 'STAR',
      currency_nm: terms.CURRENCY_NAME,
      product_nm: `${terms.CURRENCY_NAME} 1,000 (+100)`,
      amount: 1000,
      bonus: 100,
      price: 110000,
    });
    expect(list.body.rslt_set.data_list.some((p) => p.product_sn === off.product_sn)).toBe(false);
    expect(list.body.rslt_set.data_list.every((p) => p.currency === 'STAR')).toBe(true);
    const cubics = await t.call(paymentsEndpoints.productList, { currency: 'CUBIC' });
    expect(cubics.body.rslt_set.data_list.find((p) => p.product_sn === cubic.product_sn)?.currency_nm).toBe(terms.CURRENCY_ITEM_NAME);

    const admin = await t.call(paymentsEndpoints.adminProductList, { limit: '100' }, { cookie: await operator(t) });
    expect(admin.body.rslt_set.data_list.some((p) => p.product_sn === off.product_sn && p.on_sale_yn === 'N')).toBe(true);

    const changed = await buildProduct(t, { product_sn: String(off.product_sn), amount: '8', bonus: '1', price: '880' });
    expect(changed).toMatchObject({ product_sn: off.product_sn, amount: 8, bonus: 1, price: 880, on_sale_yn: 'Y' });
    const audit = await sql<{ action: string; before: { amount: number } | null; after: { amount: number } }>(
      t,
      'select action, before, after from payment_audit where product_sn = $1 order by audit_sn',
      [off.product_sn],
    );
    expect(audit.map((a) => [a.action, a.before?.amount ?? null, a.after.amount])).toEqual([
      ['product_save', null, 7],
      ['product_save', 7, 8],
    ]);
  });

  it('refuses viewers and bad amounts with their own codes, changing nothing', async () => {
    const viewer = await buildAccount(t);
    const res = await t.call(
      paymentsEndpoints.adminProductSave,
      { currency: 'STAR', amount: '10', price: '1100' },
      { cookie: viewer.cookie },
    );
    expect(res.body.rslt_cd).toBe(code('FORBIDDEN'));
    const list = await t.call(paymentsEndpoints.adminProductList, {}, { cookie: viewer.cookie });
    expect(list.body.rslt_cd).toBe(code('FORBIDDEN'));
    const op = await operator(t);
    const cases: Array<[Record<string, string>, keyof typeof ResultCode]> = [
      [{ amount: '1.5' }, 'WALLET_AMOUNT_NOT_WHOLE'],
      [{ amount: '0' }, 'WALLET_AMOUNT_TOO_SMALL'],
      [{ price: 'abc' }, 'WALLET_AMOUNT_NOT_NUMBER'],
      [{ price: '99999999999' }, 'WALLET_AMOUNT_TOO_LARGE'],
      [{ bonus: '-1' }, 'WALLET_AMOUNT_TOO_SMALL'],
      [{ product_sn: '2000000000' }, 'PAYMENT_PRODUCT_NOT_FOUND'],
    ];
    for (const [over, name] of cases) {
      const r = await t.call(
        paymentsEndpoints.adminProductSave,
        { currency: 'STAR', amount: '10', price: '1100', ...over },
        { cookie: op },
      );
      expect(r.body.rslt_cd, JSON.stringify(over)).toBe(code(name));
    }
  });
});

describe('bank deposit orders', () => {
  it('places a pending order with the bank account, price, order number and a 72 h deadline; its popup is the owner’s only', async () => {
    const viewer = await buildAccount(t);
    const before = Date.now();
    const res = await depositOrder(t, viewer.cookie, {
      product_sn: String(star.product_sn),
      depositor_nm: ' 홍 길동 ',
      cash_receipt_type: 'income',
      cash_receipt_no: '010-1234-5678',
    });
    expect(res.body.rslt_cd).toBe(0);
    const order = res.body.rslt_set;
    expect(order).toMatchObject({
      product_sn: star.product_sn,
      product_nm: `${terms.CURRENCY_NAME} 1,000 (+100)`,
      currency: 'STAR',
      amount: 1100,
      bonus: 100,
      price: 110000,
      method: 'bankbook',
      state: 'pending',
      depositor_nm: '홍 길동',
      bank_account_nm: TEST_BANK_ACCOUNT,
      cash_receipt_type: 'income',
      cash_receipt_no: '*******5678',
      paid_at: null,
      txn_id: null,
    });
    expect(order.order_no).toMatch(/^D\d{8}-\d{8}$/);
    const deadline = new Date(order.deadline_at).getTime() - new Date(order.created_at).getTime();
    expect(deadline).toBe(PAYMENT_LIMITS.depositDeadlineHours * 3600_000);
    expect(new Date(order.created_at).getTime()).toBeGreaterThanOrEqual(before - 5_000);

    const popup = await t.call(
      paymentsEndpoints.depositOrderView,
      { user_payment_log_sn: String(order.user_payment_log_sn) },
      {
        cookie: viewer.cookie,
      },
    );
    expect(popup.body.rslt_set).toEqual(order);
    const other = await buildAccount(t);
    const foreign = await t.call(
      paymentsEndpoints.depositOrderView,
      { user_payment_log_sn: String(order.user_payment_log_sn) },
      {
        cookie: other.cookie,
        lang: 'en',
      },
    );
    expect(foreign.body.rslt_cd).toBe(code('PAYMENT_ORDER_OTHER_USER'));
    expectRefused(foreign.body, 'PAYMENT_ORDER_OTHER_USER', 'en');
    expect(JSON.stringify(foreign.body)).not.toContain(TEST_BANK_ACCOUNT);
    const unknown = await t.call(paymentsEndpoints.depositOrderView, { user_payment_log_sn: '9007199254740000' }, { cookie: other.cookie });
    expect(unknown.body.rslt_cd).toBe(code('PAYMENT_ORDER_NOT_FOUND'));
    const signedOut = await t.call(paymentsEndpoints.depositOrderView, { user_payment_log_sn: String(order.user_payment_log_sn) });
    expect(signedOut.body.rslt_cd).toBe(code('LOGIN_REQUIRED'));
  });

  it('a retry with the same key answers the same order; the key for another request is refused', async () => {
    const viewer = await buildAccount(t);
    const key = newKey();
    const body = {
      product_sn: String(cubic.product_sn),
      idempotency_key: key,
      cash_receipt_type: 'expense',
      cash_receipt_no: '124-81-00998',
    };
    expect(normalizeBizNo('124-81-00998')).toBe('1248100998');
    const [a, b] = await Promise.all([depositOrder(t, viewer.cookie, body), depositOrder(t, viewer.cookie, body)]);
    expect(a.body.rslt_cd).toBe(0);
    expect(b.body.rslt_set).toEqual(a.body.rslt_set);
    const again = await depositOrder(t, viewer.cookie, body);
    expect(again.body.rslt_set).toEqual(a.body.rslt_set);
    const reused = await depositOrder(t, viewer.cookie, { ...body, depositor_nm: '김철수' });
    expect(reused.body.rslt_cd).toBe(code('WALLET_KEY_REUSED'));
    const [{ n }] = (await sql<{ n: number }>(t, 'select count(*)::int as n from user_payment_log where user_key = $1', [
      viewer.userKey,
    ])) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('refuses each bad input with its own code and message, placing nothing', async () => {
    const viewer = await buildAccount(t);
    const sn = String(star.product_sn);
    const off = await buildProduct(t, { amount: '3', price: '330', on_sale_yn: 'N' });
    const cases: Array<[Record<string, string>, keyof typeof ResultCode, Record<string, string | number>]> = [
      [{ depositor_nm: '   ' }, 'REQUIRED', { field: 'depositor_nm' }],
      [{ depositor_nm: '<script>' }, 'PAYMENT_DEPOSITOR_INVALID', { max: PAYMENT_LIMITS.depositorMax }],
      [{ depositor_nm: '가'.repeat(21) }, 'PAYMENT_DEPOSITOR_INVALID', { max: PAYMENT_LIMITS.depositorMax }],
      [{ cash_receipt_type: 'income', cash_receipt_no: '' }, 'PAYMENT_RECEIPT_PHONE_INVALID', {}],
      [{ cash_receipt_type: 'income', cash_receipt_no: '02-123-4567' }, 'PAYMENT_RECEIPT_PHONE_INVALID', {}],
      [{ cash_receipt_type: 'expense', cash_receipt_no: '124-81-00999' }, 'PAYMENT_RECEIPT_BIZ_NO_INVALID', {}],
      [{ cash_receipt_type: 'expense', cash_receipt_no: '12345' }, 'PAYMENT_RECEIPT_BIZ_NO_INVALID', {}],
      [{ cash_receipt_type: 'card' }, 'INVALID_INPUT', { field: 'cash_receipt_type' }],
      [{ product_sn: '2000000000' }, 'PAYMENT_PRODUCT_NOT_FOUND', {}],
      [{ product_sn: 'x' }, 'PAYMENT_PRODUCT_NOT_FOUND', {}],
      [{ product_sn: String(off.product_sn) }, 'PAYMENT_PRODUCT_NOT_ON_SALE', {}],
      [{ idempotency_key: '' }, 'REQUIRED', { field: 'idempotency_key' }],
    ];
    for (const [over, name, params] of cases) {
      const res = await depositOrder(t, viewer.cookie, { product_sn: sn, ...over }, 'en');
      expect(res.body.rslt_cd, JSON.stringify(over)).toBe(code(name));
      expectRefused(res.body, name, 'en', params);
    }
    const signedOut = await t.call(paymentsEndpoints.depositOrder, { product_sn: sn, depositor_nm: '홍길동', idempotency_key: newKey() });
    expect(signedOut.body.rslt_cd).toBe(code('LOGIN_REQUIRED'));
    const rows = await sql(t, 'select 1 from user_payment_log where user_key = $1', [viewer.userKey]);
    expect(rows).toHaveLength(0);
  });

  it(`holds at most ${PAYMENT_LIMITS.pendingMax} pending orders per member, also when asked at once`, async () => {
    const viewer = await buildAccount(t);
    const results = await Promise.all(
      Array.from({ length: PAYMENT_LIMITS.pendingMax + 3 }, () => depositOrder(t, viewer.cookie, { product_sn: String(star.product_sn) })),
    );
    expect(results.filter((r) => r.body.rslt_cd === 0)).toHaveLength(PAYMENT_LIMITS.pendingMax);
    const refused = results.filter((r) => r.body.rslt_cd !== 0);
    expect(refused.map((r) => r.body.rslt_cd)).toEqual([7207, 7207, 7207]);
    expectRefused(refused[0]?.body as never, 'PAYMENT_TOO_MANY_PENDING', 'ko', { max: PAYMENT_LIMITS.pendingMax });
    // Cancelling one makes room for one more.
    const first = results.find((r) => r.body.rslt_cd === 0)?.body.rslt_set as PaymentOrder;
    await t.call(paymentsEndpoints.depositCancel, { user_payment_log_sn: String(first.user_payment_log_sn) }, { cookie: viewer.cookie });
    expect((await depositOrder(t, viewer.cookie, { product_sn: String(star.product_sn) })).body.rslt_cd).toBe(0);
  });

  it('refuses orders while the site has no bank account', async () => {
    const viewer = await buildAccount(t);
    await setBankAccount(t, '');
    try {
      const res = await depositOrder(t, viewer.cookie, { product_sn: String(star.product_sn) });
      expect(res.body.rslt_cd).toBe(code('PAYMENT_BANK_UNAVAILABLE'));
    } finally {
      await setBankAccount(t, TEST_BANK_ACCOUNT);
    }
  });

  it('the viewer cancels a pending order of theirs; another member cannot; a cancelled order is never credited', async () => {
    const viewer = await buildViewer(t);
    const order = await placed(t, viewer.cookie, star.product_sn);
    const other = await buildAccount(t);
    const ref = { user_payment_log_sn: String(order.user_payment_log_sn) };
    const foreign = await t.call(paymentsEndpoints.depositCancel, ref, { cookie: other.cookie });
    expect(foreign.body.rslt_cd).toBe(code('PAYMENT_ORDER_OTHER_USER'));
    const res = await t.call(paymentsEndpoints.depositCancel, ref, { cookie: viewer.cookie });
    expect(res.body.rslt_cd).toBe(0);
    expect(res.body.rslt_set.state).toBe('cancelled');
    const again = await t.call(paymentsEndpoints.depositCancel, ref, { cookie: viewer.cookie });
    expect(again.body.rslt_cd).toBe(code('PAYMENT_ORDER_CANCELLED'));
    const late = await confirm(t, order);
    expect(late.body.rslt_cd).toBe(code('PAYMENT_ORDER_CANCELLED'));
    expect((await balancesOf(t, viewer.userKey)).STAR).toBe(0);
    expect(await purchasesOf(order.user_payment_log_sn)).toHaveLength(0);
  });

  it('/mypage/payment_bankbook and /mypage/payment list the caller’s orders with their states, newest first, paged', async () => {
    const viewer = await buildViewer(t);
    const a = await placed(t, viewer.cookie, star.product_sn);
    const b = await placed(t, viewer.cookie, cubic.product_sn);
    const c = await placed(t, viewer.cookie, star.product_sn);
    await t.call(paymentsEndpoints.depositCancel, { user_payment_log_sn: String(b.user_payment_log_sn) }, { cookie: viewer.cookie });
    expect((await confirm(t, c)).body.rslt_cd).toBe(0);
    await placed(t, (await buildAccount(t)).cookie, star.product_sn);

    const bankbook = await t.call(paymentsEndpoints.myDeposits, {}, { cookie: viewer.cookie });
    expect(bankbook.body.rslt_set.data_totalcount).toBe(3);
    expect(bankbook.body.rslt_set.data_list.map((o) => [o.user_payment_log_sn, o.state])).toEqual([
      [c.user_payment_log_sn, 'paid'],
      [b.user_payment_log_sn, 'cancelled'],
      [a.user_payment_log_sn, 'pending'],
    ]);
    const all = await t.call(paymentsEndpoints.myOrders, { limit: '2', offset: '1' }, { cookie: viewer.cookie });
    expect(all.body.rslt_set.data_totalcount).toBe(3);
    expect(all.body.rslt_set.data_list.map((o) => o.order_no)).toEqual([b.order_no, a.order_no]);
    expect(all.body.rslt_set.data_list[0]).toMatchObject({
      method: 'bankbook',
      price: 55000,
      product_nm: `${terms.CURRENCY_ITEM_NAME} 5,000`,
    });
    const pending = await t.call(paymentsEndpoints.myOrders, { state: 'pending' }, { cookie: viewer.cookie });
    expect(pending.body.rslt_set.data_list.map((o) => o.user_payment_log_sn)).toEqual([a.user_payment_log_sn]);
    expect((await t.call(paymentsEndpoints.myOrders, {})).body.rslt_cd).toBe(code('LOGIN_REQUIRED'));
  });
});

describe('operator confirmation', () => {
  it('checks depositor, amount and date against the order, then credits amount + bonus once, audited', async () => {
    const viewer = await buildViewer(t);
    const order = await placed(t, viewer.cookie, star.product_sn, { depositor_nm: '홍길동' });
    const wrong: Array<[Record<string, string>, keyof typeof ResultCode]> = [
      [{ depositor_nm: '김철수' }, 'PAYMENT_DEPOSITOR_MISMATCH'],
      [{ amount: '11000' }, 'PAYMENT_AMOUNT_MISMATCH'],
      [{ amount: '110001' }, 'PAYMENT_AMOUNT_MISMATCH'],
      [{ amount: '110000.5' }, 'WALLET_AMOUNT_NOT_WHOLE'],
      [{ deposited_at: new Date(Date.now() - 3600_000).toISOString() }, 'PAYMENT_DEPOSIT_DATE_INVALID'],
      [{ deposited_at: new Date(Date.now() + 3600_000).toISOString() }, 'PAYMENT_DEPOSIT_DATE_INVALID'],
      [{ deposited_at: 'yesterday' }, 'INVALID_INPUT'],
    ];
    for (const [over, name] of wrong) {
      const res = await confirm(t, order, over);
      expect(res.body.rslt_cd, JSON.stringify(over)).toBe(code(name));
    }
    const viewerTry = await confirm(t, order, {}, viewer.cookie);
    expect(viewerTry.body.rslt_cd).toBe(code('FORBIDDEN'));
    expect((await balancesOf(t, viewer.userKey)).STAR).toBe(0);
    expect(await purchasesOf(order.user_payment_log_sn)).toHaveLength(0);

    // The statement shows minutes in Korean time; spaces in the name differ.
    const kst = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    const ok = await t.call(
      paymentsEndpoints.adminDepositConfirm,
      { user_payment_log_sn: String(order.user_payment_log_sn), depositor_nm: '홍 길 동', amount: '110000', deposited_at: kst },
      { cookie: await operator(t) },
    );
    expect(ok.body.rslt_cd).toBe(0);
    expect(ok.body.rslt_set).toMatchObject({ state: 'paid', confirmed_by: 'operator', deposited_amount: 110000, user_key: viewer.userKey });
    expect((await expectCreditedOnce(viewer.userKey, order, 1100)).txn_id).toBe(String(ok.body.rslt_set.txn_id));

    const twice = await confirm(t, order);
    expect(twice.body.rslt_cd).toBe(code('PAYMENT_ORDER_ALREADY_PAID'));
    await expectCreditedOnce(viewer.userKey, order, 1100);

    const audit = await auditOf(order.user_payment_log_sn);
    expect(audit).toHaveLength(1);
    const [entry] = audit;
    expect(entry?.action).toBe('deposit_confirm');
    expect(entry?.before).toMatchObject({ state: 'pending', txn_id: null });
    expect(entry?.after).toMatchObject({
      state: 'paid',
      txn_id: ok.body.rslt_set.txn_id,
      deposited_nm: '홍 길 동',
      confirmed_by: 'operator',
    });
    expect(Number(entry?.actor_user_key)).toBe(await operatorKey(t));
    expect(Date.now() - new Date(entry?.created_at as Date).getTime()).toBeLessThan(60_000);
    // The viewer's statement shows the purchase.
    const details = await t.call(walletEndpoints.detailsStar, {}, { cookie: viewer.cookie });
    expect(details.body.rslt_set.data_list[0]).toMatchObject({ kind: 'purchase', amount: 1100 });
  });

  it('an operator rejects a pending order (audited with the reason); it can no longer be confirmed', async () => {
    const viewer = await buildViewer(t);
    const order = await placed(t, viewer.cookie, cubic.product_sn);
    const ref = { user_payment_log_sn: String(order.user_payment_log_sn), reason: '입금 내역 없음' };
    expect((await t.call(paymentsEndpoints.adminDepositReject, ref, { cookie: viewer.cookie })).body.rslt_cd).toBe(code('FORBIDDEN'));
    const res = await t.call(paymentsEndpoints.adminDepositReject, ref, { cookie: await operator(t) });
    expect(res.body.rslt_set.state).toBe('rejected');
    expect((await confirm(t, order)).body.rslt_cd).toBe(code('PAYMENT_ORDER_REJECTED'));
    expect((await t.call(paymentsEndpoints.adminDepositReject, ref, { cookie: await operator(t) })).body.rslt_cd).toBe(
      code('PAYMENT_ORDER_REJECTED'),
    );
    const audit = await auditOf(order.user_payment_log_sn);
    expect(audit.map((a) => [a.action, a.before?.state, a.after.state, a.after.reason])).toEqual([
      ['deposit_reject', 'pending', 'rejected', '입금 내역 없음'],
    ]);
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(0);
  });

  it('the pending list shows orders oldest first with their owner', async () => {
    const viewer = await buildAccount(t);
    const order = await placed(t, viewer.cookie, star.product_sn);
    const list = await t.call(paymentsEndpoints.adminDepositList, { limit: '100' }, { cookie: await operator(t) });
    expect(list.body.rslt_cd).toBe(0);
    const sns = list.body.rslt_set.data_list.map((o) => o.user_payment_log_sn);
    expect([...sns].sort((x, y) => x - y)).toEqual(sns);
    const total = list.body.rslt_set.data_totalcount;
    const last = await t.call(paymentsEndpoints.adminDepositList, { limit: '1', offset: String(total - 1) }, { cookie: await operator(t) });
    expect(last.body.rslt_set.data_list[0]).toMatchObject({
      user_payment_log_sn: order.user_payment_log_sn,
      id: viewer.id,
      state: 'pending',
    });
  });
});

describe('bank deposit webhook', () => {
  it('a signed notification pays the named order once; a repeat of it is refused and credits nothing', async () => {
    const viewer = await buildViewer(t);
    const order = await placed(t, viewer.cookie, cubic.product_sn, { depositor_nm: '이영희' });
    const payload = {
      bank_tx_id: `tx-${newKey()}`,
      order_no: order.order_no,
      depositor_nm: '이영희',
      amount: 55000,
      deposited_at: new Date().toISOString(),
    };
    const res = await notify(t, payload);
    expect(res.status).toBe(200);
    expect(res.body.rslt_cd).toBe(0);
    expect(res.body.rslt_set).toMatchObject({ state: 'paid' });
    expect((await balancesOf(t, viewer.userKey)).CUBIC).toBe(5000);
    const repeat = await notify(t, payload);
    expect(repeat.body.rslt_cd).toBe(code('PAYMENT_ORDER_ALREADY_PAID'));
    const otherTx = await notify(t, { ...payload, bank_tx_id: `tx-${newKey()}` });
    expect(otherTx.body.rslt_cd).toBe(code('PAYMENT_ORDER_ALREADY_PAID'));
    await expectCreditedOnce(viewer.userKey, order, 5000);
    const audit = await auditOf(order.user_payment_log_sn);
    expect(audit.map((a) => [a.action, Number(a.actor_user_key)])).toEqual([['webhook_confirm', 0]]);
  });

  it('a forged or missing signature is refused (401) and credits nothing', async () => {
    const viewer = await buildViewer(t);
    const order = await placed(t, viewer.cookie, star.product_sn);
    const payload = {
      bank_tx_id: `tx-${newKey()}`,
      order_no: order.order_no,
      depositor_nm: '홍길동',
      amount: 110000,
      deposited_at: new Date().toISOString(),
    };
    const body = JSON.stringify(payload);
    for (const signature of [sign(body, 'someone-elses-secret-key'), sign(`${body} `), 'sha256=zz', '']) {
      const res = await notify(t, payload, signature);
      expect(res.status).toBe(401);
      expect(res.body.rslt_cd).toBe(code('PAYMENT_WEBHOOK_SIGNATURE'));
    }
    expect((await orderRow(order.user_payment_log_sn))?.state).toBe('pending');
    expect((await balancesOf(t, viewer.userKey)).STAR).toBe(0);
  });

  it('a tampered amount, an unknown order and an ambiguous deposit are refused; a unique depositor and price match pays', async () => {
    const viewer = await buildViewer(t);
    const name = `입금${Math.floor(Math.random() * 1e6)}`;
    const order = await placed(t, viewer.cookie, star.product_sn, { depositor_nm: name });
    const base = { depositor_nm: name, amount: 110000, deposited_at: new Date().toISOString() };
    const tampered = await notify(t, { ...base, bank_tx_id: `tx-${newKey()}`, order_no: order.order_no, amount: 1100 });
    expect(tampered.body.rslt_cd).toBe(code('PAYMENT_AMOUNT_MISMATCH'));
    const unknown = await notify(t, { ...base, bank_tx_id: `tx-${newKey()}`, order_no: 'D20000101-99999999' });
    expect(unknown.body.rslt_cd).toBe(code('PAYMENT_ORDER_NOT_FOUND'));
    const malformed = await notify(t, { bank_tx_id: '', amount: 'x' });
    expect(malformed.body.rslt_cd).toBe(code('INVALID_INPUT'));
    expect((await balancesOf(t, viewer.userKey)).STAR).toBe(0);

    const matched = await notify(t, { ...base, bank_tx_id: `tx-${newKey()}` });
    expect(matched.body.rslt_cd).toBe(0);
    expect(matched.body.rslt_set.user_payment_log_sn).toBe(order.user_payment_log_sn);
    expect((await balancesOf(t, viewer.userKey)).STAR).toBe(1100);

    // Two pending orders with the same depositor and price: left for an operator.
    const twin = await buildAccount(t);
    await placed(t, twin.cookie, star.product_sn, { depositor_nm: `${name}x` });
    await placed(t, twin.cookie, star.product_sn, { depositor_nm: `${name}x` });
    const ambiguous = await notify(t, { ...base, depositor_nm: `${name}x`, bank_tx_id: `tx-${newKey()}` });
    expect(ambiguous.body.rslt_cd).toBe(code('PAYMENT_DEPOSIT_UNMATCHED'));
  });

  it('an operator and the webhook completing one order at once credit it exactly once', async () => {
    const viewer = await buildViewer(t);
    const order = await placed(t, viewer.cookie, star.product_sn);
    const payload = {
      bank_tx_id: `tx-${newKey()}`,
      order_no: order.order_no,
      depositor_nm: '홍길동',
      amount: 110000,
      deposited_at: new Date().toISOString(),
    };
    const results = await Promise.all([confirm(t, order), notify(t, payload), confirm(t, order), notify(t, payload)]);
    const codes = results.map((r) => r.body.rslt_cd);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c !== 0).every((c) => c === code('PAYMENT_ORDER_ALREADY_PAID'))).toBe(true);
    await expectCreditedOnce(viewer.userKey, order, 1100);
  });
});

describe('expiry', () => {
  it('an order past its deadline reads expired, is refused by every path, and the job writes it once', async () => {
    const viewer = await buildViewer(t);
    const order = await placed(t, viewer.cookie, star.product_sn);
    const kept = await placed(t, viewer.cookie, cubic.product_sn);
    await sql(
      t,
      `update user_payment_log set created_at = now() - interval '73 hours', deadline_at = now() - interval '1 hour' where user_payment_log_sn = $1`,
      [order.user_payment_log_sn],
    );
    const ref = { user_payment_log_sn: String(order.user_payment_log_sn) };
    const popup = await t.call(paymentsEndpoints.depositOrderView, ref, { cookie: viewer.cookie });
    expect(popup.body.rslt_set.state).toBe('expired');
    const late = await confirm(t, order, { deposited_at: new Date(Date.now() - 2 * 3600_000).toISOString() });
    expect(late.body.rslt_cd).toBe(code('PAYMENT_ORDER_EXPIRED'));
    const hook = await notify(t, {
      bank_tx_id: `tx-${newKey()}`,
      order_no: order.order_no,
      depositor_nm: '홍길동',
      amount: 110000,
      deposited_at: new Date().toISOString(),
    });
    expect(hook.body.rslt_cd).toBe(code('PAYMENT_ORDER_EXPIRED'));
    expect((await t.call(paymentsEndpoints.depositCancel, ref, { cookie: viewer.cookie })).body.rslt_cd).toBe(
      code('PAYMENT_ORDER_EXPIRED'),
    );

    const first = await expirePaymentOrders(t.database.db);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const row = await orderRow(order.user_payment_log_sn);
    expect(row?.state).toBe('expired');
    await expirePaymentOrders(t.database.db);
    expect(await orderRow(order.user_payment_log_sn)).toEqual(row);
    expect((await orderRow(kept.user_payment_log_sn))?.state).toBe('pending');
    expect((await balancesOf(t, viewer.userKey)).STAR).toBe(0);
    expect(await purchasesOf(order.user_payment_log_sn)).toHaveLength(0);
  });
});
