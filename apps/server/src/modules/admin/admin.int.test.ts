import type { AdminAuditEntry, AdminDashboard, AdminPaymentProduct, PaymentOrder } from '@byeol/contract';
import { adminEndpoints, paymentsEndpoints, ResultCode, walletEndpoints } from '@byeol/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { type Account, buildViewer, newKey } from '../../testing/builders.js';
import { buildAccount, sql, unique } from '../../testing/members.js';
import { buildProduct, confirm, operator, operatorKey, placed, setBankAccount, TEST_BANK_ACCOUNT } from '../payments/payments.fixtures.js';
import { verifyLedger } from '../wallet/wallet.verify.js';

/**
 * The operator console's calls (docs/admin.md) against the real HTTP server and PostgreSQL. Other files share
 * the database: every assertion is about this file's own members and orders.
 */
let t: TestApp;
let star: AdminPaymentProduct;
let cubic: AdminPaymentProduct;

beforeAll(async () => {
  t = await startTestApp();
  await setBankAccount(t, TEST_BANK_ACCOUNT);
  star = await buildProduct(t);
  cubic = await buildProduct(t, { currency: 'CUBIC', amount: '300', bonus: '0', price: '3300' });
});

afterEach(async () => {
  const report = await verifyLedger(t.database.pool);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true, drift: [], unbalanced_count: 0 });
});

afterAll(async () => {
  await t?.close();
});

const CALLS = ['/v1/admin/dashboard', '/v1/admin/payment_order_list', '/v1/admin/payment_order_detail', '/v1/admin/audit_list'];

async function orders(body: Record<string, string>) {
  const res = await t.call(adminEndpoints.orderList, body, { cookie: await operator(t) });
  expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
  return res.body.rslt_set;
}

async function audit(body: Record<string, string>) {
  const res = await t.call(adminEndpoints.auditList, body, { cookie: await operator(t) });
  expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
  return res.body.rslt_set;
}

/** A viewer with a recognisable nick and three orders: one paid, one rejected, one pending (CUBIC). */
async function buyerWithOrders(): Promise<{ buyer: Account; paid: PaymentOrder; rejected: PaymentOrder; pending: PaymentOrder }> {
  const buyer = await buildAccount(t, { nick: unique('콘솔').slice(0, 12) });
  const paid = await placed(t, buyer.cookie, star.product_sn);
  const rejected = await placed(t, buyer.cookie, star.product_sn);
  const pending = await placed(t, buyer.cookie, cubic.product_sn);
  expect((await confirm(t, paid)).body.rslt_cd).toBe(0);
  const reject = await t.call(
    paymentsEndpoints.adminDepositReject,
    { user_payment_log_sn: String(rejected.user_payment_log_sn), reason: '입금 없음' },
    { cookie: await operator(t) },
  );
  expect(reject.body.rslt_cd).toBe(0);
  return { buyer, paid, rejected, pending };
}

describe('roles', () => {
  it('answers the sign-in refusal to anonymous callers and FORBIDDEN to viewers and BJs; operators and GMs pass', async () => {
    const viewer = await buildViewer(t);
    const bj = await buildAccount(t, { typeCd: 'bj', role: 'bj' });
    const gm = await buildAccount(t, { role: 'gm' });
    const body = { user_payment_log_sn: '1' };
    for (const path of CALLS) {
      expect((await t.post(path, body)).body.rslt_cd, path).toBe(ResultCode.LOGIN_REQUIRED);
      for (const who of [viewer, bj]) {
        const res = await t.post(path, body, { cookie: who.cookie });
        expect(res.body.rslt_cd, path).toBe(ResultCode.FORBIDDEN);
        expect(res.body.rslt_set).not.toHaveProperty('data_list');
      }
    }
    const mine = await t.post<AdminDashboard>('/v1/admin/dashboard', {}, { cookie: gm.cookie });
    expect(mine.body.rslt_cd).toBe(0);
    expect(mine.body.rslt_set).toMatchObject({ user_key: gm.userKey, nick: gm.nick, role: 'gm' });
    const asOperator = await t.post<AdminDashboard>('/v1/admin/dashboard', {}, { cookie: await operator(t) });
    expect(asOperator.body.rslt_set.role).toBe('operator');
  });
});

describe('dashboard', () => {
  it("counts the pending deposits and today's paid orders (KST day) as the tables hold them", async () => {
    const buyer = await buildViewer(t);
    const order = await placed(t, buyer.cookie, star.product_sn);
    const counts = async () => {
      const [row] = await sql<{ pending: number; paid: number; price: number }>(
        t,
        `select (select count(*)::int from user_payment_log where state = 'pending' and method = 'bankbook' and deadline_at > now()) as pending,
                count(*)::int as paid, coalesce(sum(price), 0)::float8 as price
           from user_payment_log where (paid_at at time zone 'Asia/Seoul')::date = (now() at time zone 'Asia/Seoul')::date`,
      );
      const res = await t.post<AdminDashboard>('/v1/admin/dashboard', {}, { cookie: await operator(t) });
      const d = res.body.rslt_set;
      return (
        JSON.stringify([d.pending_deposits, d.today_paid_orders, d.today_paid_price]) ===
        JSON.stringify([row?.pending, row?.paid, row?.price])
      );
    };
    // Other files place and pay orders meanwhile: both reads agree once no one wrote in between.
    await expect.poll(counts, { timeout: 10_000 }).toBe(true);
    expect((await confirm(t, order)).body.rslt_cd).toBe(0);
    await expect.poll(counts, { timeout: 10_000 }).toBe(true);
    // An order paid yesterday (KST) is not today's.
    await sql(
      t,
      `update user_payment_log set paid_at = date_trunc('day', now() at time zone 'Asia/Seoul') at time zone 'Asia/Seoul' - interval '1 minute' where user_payment_log_sn = $1`,
      [order.user_payment_log_sn],
    );
    await expect.poll(counts, { timeout: 10_000 }).toBe(true);
  });
});

describe('orders search', () => {
  it('filters by member (login ID or part of the nick), order number, state, method and KST placed dates; newest first', async () => {
    const { buyer, paid, rejected, pending } = await buyerWithOrders();
    const all = await orders({ member: buyer.id.toUpperCase() });
    expect(all.data_totalcount).toBe(3);
    expect(all.data_list.map((o) => o.user_payment_log_sn)).toEqual([
      pending.user_payment_log_sn,
      rejected.user_payment_log_sn,
      paid.user_payment_log_sn,
    ]);
    expect(all.data_list[2]).toMatchObject({
      id: buyer.id,
      nick: buyer.nick,
      state: 'paid',
      confirmed_by: 'operator',
      user_key: buyer.userKey,
    });
    // The list (one query for the page) shows each order exactly as its detail (the payments module's reading).
    for (const listed of all.data_list) {
      const detail = await t.call(
        adminEndpoints.orderDetail,
        { user_payment_log_sn: String(listed.user_payment_log_sn) },
        { cookie: await operator(t) },
      );
      expect(listed).toEqual(detail.body.rslt_set.order);
    }
    expect((await orders({ member: buyer.nick.slice(2) })).data_totalcount).toBe(3);
    expect((await orders({ member: buyer.id, state: 'paid' })).data_list.map((o) => o.order_no)).toEqual([paid.order_no]);
    expect((await orders({ member: buyer.id, state: 'rejected' })).data_list.map((o) => o.order_no)).toEqual([rejected.order_no]);
    expect((await orders({ order_no: pending.order_no.toLowerCase() })).data_list.map((o) => o.user_payment_log_sn)).toEqual([
      pending.user_payment_log_sn,
    ]);
    expect((await orders({ member: buyer.id, method: 'card' })).data_totalcount).toBe(0);
    expect((await orders({ member: buyer.id, method: 'bankbook' })).data_totalcount).toBe(3);

    // Dates are KST days: an order placed at 23:30 KST yesterday belongs to yesterday only.
    const [{ today, yesterday } = { today: '', yesterday: '' }] = await sql<{ today: string; yesterday: string }>(
      t,
      `select to_char(now() at time zone 'Asia/Seoul', 'YYYY-MM-DD') as today,
              to_char((now() at time zone 'Asia/Seoul') - interval '1 day', 'YYYY-MM-DD') as yesterday`,
    );
    await sql(
      t,
      `update user_payment_log set created_at = ($2::date + time '23:30') at time zone 'Asia/Seoul' where user_payment_log_sn = $1`,
      [paid.user_payment_log_sn, yesterday],
    );
    const onDay = async (from: string, to: string) =>
      (await orders({ member: buyer.id, date_from: from, date_to: to })).data_list.map((o) => o.order_no);
    expect(await onDay(today, today)).toEqual([pending.order_no, rejected.order_no]);
    expect(await onDay(yesterday, yesterday)).toEqual([paid.order_no]);
    expect(await onDay(yesterday, '')).toHaveLength(3);
    expect(await onDay('', yesterday)).toEqual([paid.order_no]);
  });

  it('pages with offset and limit, and refuses a reversed or impossible date range', async () => {
    const { buyer } = await buyerWithOrders();
    const first = await orders({ member: buyer.id, limit: '2' });
    const second = await orders({ member: buyer.id, limit: '2', offset: '2' });
    expect(first.data_totalcount).toBe(3);
    expect(first.data_list).toHaveLength(2);
    expect(second.data_list).toHaveLength(1);
    const sns = [...first.data_list, ...second.data_list].map((o) => o.user_payment_log_sn);
    expect(new Set(sns).size).toBe(3);
    expect((await orders({ member: 'nobody-at-all-xyz' })).data_list).toEqual([]);

    const cookie = await operator(t);
    const reversed = await t.call(adminEndpoints.orderList, { date_from: '2026-03-02', date_to: '2026-03-01' }, { cookie, lang: 'en' });
    expect(reversed.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'date_to' } });
    const impossible = await t.call(adminEndpoints.orderList, { date_from: '2026-02-30' }, { cookie });
    expect(impossible.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'date_from' } });
    const badState = await t.call(adminEndpoints.orderList, { state: 'lost' }, { cookie });
    expect(badState.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
  });

  it('answers one order with its audit trail; an unknown order is refused', async () => {
    const { paid, rejected } = await buyerWithOrders();
    const cookie = await operator(t);
    const res = await t.call(adminEndpoints.orderDetail, { user_payment_log_sn: String(paid.user_payment_log_sn) }, { cookie });
    expect(res.body.rslt_cd).toBe(0);
    expect(res.body.rslt_set.order).toMatchObject({ order_no: paid.order_no, state: 'paid', deposited_amount: paid.price });
    expect(res.body.rslt_set.audit).toHaveLength(1);
    expect(res.body.rslt_set.audit[0]).toMatchObject({
      source: 'payment',
      action: 'deposit_confirm',
      actor_user_key: await operatorKey(t),
      target: { kind: 'order', sn: paid.user_payment_log_sn, label: paid.order_no },
      before: { state: 'pending' },
      after: { state: 'paid' },
    });
    const trail = await t.call(adminEndpoints.orderDetail, { user_payment_log_sn: String(rejected.user_payment_log_sn) }, { cookie });
    expect(trail.body.rslt_set.audit[0]).toMatchObject({ action: 'deposit_reject', after: { state: 'rejected', reason: '입금 없음' } });
    const unknown = await t.call(adminEndpoints.orderDetail, { user_payment_log_sn: String(2 ** 40) }, { cookie });
    expect(unknown.body.rslt_cd).toBe(ResultCode.PAYMENT_ORDER_NOT_FOUND);
  });
});

describe('audit log', () => {
  it('merges payment actions and grants newest first, filtered by action and actor, paged', async () => {
    // An operator of this test alone, so its actions are exactly the ones below.
    const op = await buildAccount(t, { role: 'operator' });
    const viewer = await buildViewer(t);
    const order = await placed(t, viewer.cookie, star.product_sn);
    expect((await confirm(t, order, {}, op.cookie)).body.rslt_cd).toBe(0);
    const grant = await t.call(
      walletEndpoints.grant,
      { id: viewer.id, currency: 'STAR', amount: '250', reason: '이벤트 보상', idempotency_key: newKey() },
      { cookie: op.cookie },
    );
    expect(grant.body.rslt_cd, grant.body.rslt_msg).toBe(0);
    const saved = await t.call(
      paymentsEndpoints.adminProductSave,
      { product_sn: String(cubic.product_sn), currency: 'CUBIC', amount: '300', bonus: '0', price: '3300', on_sale_yn: 'N' },
      { cookie: op.cookie },
    );
    expect(saved.body.rslt_cd).toBe(0);

    const mine = await audit({ actor: op.id });
    expect(mine.data_totalcount).toBe(3);
    expect(mine.data_list.map((e) => e.action)).toEqual(['product_save', 'wallet_grant', 'deposit_confirm']);
    expect(mine.data_list.every((e) => e.actor_user_key === op.userKey && e.actor_nick === op.nick)).toBe(true);
    const [product, granted, confirmed] = mine.data_list as [AdminAuditEntry, AdminAuditEntry, AdminAuditEntry];
    expect(product).toMatchObject({
      target: { kind: 'product', sn: cubic.product_sn },
      before: { on_sale_yn: 'Y' },
      after: { on_sale_yn: 'N' },
    });
    expect(granted).toMatchObject({
      source: 'wallet_grant',
      target: { kind: 'member', sn: viewer.userKey, label: `${viewer.nick} (${viewer.id})` },
      // The confirmed order credited 1,000 + 100 first.
      before: { balance: 1100 },
      after: { balance: 1350, amount: 250, currency: 'STAR', reason: '이벤트 보상' },
    });
    expect(confirmed).toMatchObject({ target: { kind: 'order', label: order.order_no }, after: { state: 'paid' } });
    expect(new Date(product.created_at).getTime()).toBeGreaterThanOrEqual(new Date(confirmed.created_at).getTime());

    expect((await audit({ actor: op.id, action: 'wallet_grant' })).data_list.map((e) => e.audit_id)).toEqual([granted.audit_id]);
    const page = await audit({ actor: op.id, limit: '2', offset: '2' });
    expect(page.data_list.map((e) => e.audit_id)).toEqual([confirmed.audit_id]);
    expect((await audit({ actor: op.id, action: 'refund' })).data_list).toEqual([]);
    const bad = await t.call(adminEndpoints.auditList, { action: 'DROP TABLE' }, { cookie: op.cookie });
    expect(bad.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
  });
});
