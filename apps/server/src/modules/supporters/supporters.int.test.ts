import {
  type AdminSupporterPlan,
  ChatEvent,
  type ChatRoomBusEvent,
  chatRoomChannel,
  ResultCode,
  supportersEndpoints,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { type Account, buildBj, buildOperator, buildViewer, liveRoom, newKey } from '../../testing/builders.js';
import { sql } from '../../testing/members.js';
import { createPgClient } from '../payments/pg/index.js';
import { type RunningTestPg, startTestPg } from '../payments/pg/test-pg.js';
import { chargeDueSupporters } from './supporters.jobs.js';

/**
 * Supporters against the real HTTP server, PostgreSQL and the test PG on a random port, reached through
 * the real Toss adapter (docs/supporters.md). The browser's part of the checkout is the test PG's own Pay
 * form (`pay`, `authorizeBilling`).
 */
let t: TestApp;
let testPg: RunningTestPg;
let plan: AdminSupporterPlan;
let bj: Account;
const MONTH_MS = 28 * 86_400_000;

const pgEnv = () => ({
  PG_PROVIDER: 'toss',
  TOSS_API_BASE: testPg.baseUrl,
  TOSS_SECRET_KEY: testPg.secretKey,
  TOSS_CLIENT_KEY: testPg.clientKey,
});
const pgClient = () => createPgClient(pgEnv() as never, '');

beforeAll(async () => {
  testPg = await startTestPg();
  t = await startTestApp({ env: pgEnv() });
  const operator = await buildOperator(t);
  const saved = await t.call(supportersEndpoints.adminPlanSave, { price: '5500', sort: '1' }, { cookie: operator.cookie });
  expect(saved.body.rslt_cd).toBe(0);
  plan = saved.body.rslt_set;
  bj = await buildBj(t);
});

afterAll(async () => {
  await t?.close();
  await testPg?.close();
});

const code = (name: keyof typeof ResultCode) => ResultCode[name];

async function request(who: Account, type: 'regular' | 'auto', over: Record<string, string> = {}) {
  return t.call(
    supportersEndpoints.request,
    { bj_user_key: String(bj.userKey), plan_sn: String(plan.plan_sn), type, ...over },
    { cookie: who.cookie, headers: { 'Idempotency-Key': newKey() } },
  );
}

async function checkout(who: Account, type: 'regular' | 'auto') {
  const res = await request(who, type);
  expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
  return res.body.rslt_set;
}

/** A regular month paid through the checkout: the test PG's Pay form, then our confirmation. */
async function payRegular(who: Account) {
  const c = await checkout(who, 'regular');
  const { paymentKey } = await testPg.pay(c.order_id, c.amount, { successUrl: c.success_url, failUrl: c.fail_url });
  const res = await t.call(
    supportersEndpoints.confirm,
    { payment_key: paymentKey, order_id: c.order_id, amount: String(c.amount) },
    { cookie: who.cookie },
  );
  return { c, paymentKey, res };
}

/** An auto-pay registered through the billing checkout and its first month charged. */
async function registerAuto(who: Account) {
  const c = await checkout(who, 'auto');
  const authKey = await testPg.authorizeBilling(c.customer_key);
  const res = await t.call(
    supportersEndpoints.billingConfirm,
    { order_id: c.order_id, auth_key: authKey, customer_key: c.customer_key },
    { cookie: who.cookie },
  );
  expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
  return { c, charge: res.body.rslt_set };
}

async function supportsOf(who: Account) {
  const res = await t.call(supportersEndpoints.mySupports, {}, { cookie: who.cookie });
  expect(res.body.rslt_cd).toBe(0);
  return res.body.rslt_set.data_list;
}

async function chargesOf(supporterSn: number) {
  return sql<{ state: string; period_no: number; attempt: number; payment_key: string | null; amount: number }>(
    t,
    'select state, period_no, attempt, payment_key, amount from supporter_charge where supporter_sn = $1 order by charge_sn',
    [supporterSn],
  );
}

async function subRow(sn: number) {
  const [row] = await sql<{ state: string; paid_until: Date; next_charge_at: Date | null; fail_cnt: number; billing_key: string | null }>(
    t,
    'select state, paid_until, next_charge_at, fail_cnt, billing_key from supporter where supporter_sn = $1',
    [sn],
  );
  return row as NonNullable<typeof row>;
}

describe('plans and broadcasters', () => {
  it('lists the plans on sale and finds a BJ by nick', async () => {
    const viewer = await buildViewer(t);
    const plans = await t.call(supportersEndpoints.planList, {}, { cookie: viewer.cookie });
    expect(plans.body.rslt_set.data_list).toContainEqual({ plan_sn: plan.plan_sn, price: 5500 });
    const found = await t.call(supportersEndpoints.bjList, { nick: bj.nick.slice(0, 6).toUpperCase() });
    expect(found.body.rslt_set.data_list.map((b) => b.user_key)).toContain(bj.userKey);
    const one = await t.call(supportersEndpoints.bjList, { bj_user_key: String(viewer.userKey) });
    expect(one.body.rslt_set.data_totalcount).toBe(0);
  });

  it('refuses plan changes to members and audits an operator’s', async () => {
    const viewer = await buildViewer(t);
    const refused = await t.call(supportersEndpoints.adminPlanSave, { price: '1000' }, { cookie: viewer.cookie });
    expect(refused.body.rslt_cd).toBe(code('FORBIDDEN'));
    const audit = await sql<{ action: string; after: { price: number } }>(
      t,
      'select action, after from supporter_audit where plan_sn = $1',
      [plan.plan_sn],
    );
    expect(audit).toEqual([{ action: 'plan_save', after: expect.objectContaining({ price: 5500 }) }]);
  });
});

describe('regular supporters', () => {
  it('pays one month, and paying again extends it by a month', async () => {
    const viewer = await buildViewer(t);
    const vodKey = await liveRoom(t, bj.userKey);
    const events: ChatRoomBusEvent[] = [];
    const off = await t.bus.subscribe(chatRoomChannel(vodKey), (m) => events.push(m as ChatRoomBusEvent));
    const before = Date.now();
    const first = await payRegular(viewer);
    expect(first.res.body.rslt_cd, first.res.body.rslt_msg).toBe(0);
    expect(first.res.body.rslt_set).toMatchObject({ state: 'paid', amount: 5500, type: 'regular', period_no: 1 });
    expect(first.c.success_url).toContain('/pg/supporters/success?order_id=');
    const [support] = await supportsOf(viewer);
    expect(support).toMatchObject({ type: 'regular', state: 'active', periods: 1, bj: { user_key: bj.userKey } });
    const until = new Date(support?.paid_until as string).getTime();
    expect(until).toBeGreaterThan(before + MONTH_MS);
    expect(until).toBeLessThan(Date.now() + 32 * 86_400_000);

    const second = await payRegular(viewer);
    expect(second.res.body.rslt_cd).toBe(0);
    const [extended] = await supportsOf(viewer);
    expect(extended?.periods).toBe(2);
    expect(new Date(extended?.paid_until as string).getTime()).toBeGreaterThan(until + MONTH_MS);
    // Each payment is one row with its provider key, and the provider holds each payment once.
    const rows = await chargesOf(support?.supporter_sn as number);
    expect(rows.map((r) => [r.state, r.payment_key])).toEqual([
      ['paid', first.paymentKey],
      ['paid', second.paymentKey],
    ]);
    expect(testPg.payment(first.paymentKey)?.status).toBe('DONE');

    await expect.poll(() => events.length).toBe(2);
    expect(events[0]?.push).toMatchObject({
      code: ChatEvent.SUPPORTER_JOIN,
      by: { user_key: viewer.userKey, nick: viewer.nick },
      data: { type: 'regular', nick: viewer.nick, periods: 1 },
    });
    await off();

    const details = await t.call(supportersEndpoints.detailsRegular, { offset: '0', limit: '1' }, { cookie: viewer.cookie });
    expect(details.body.rslt_set.data_totalcount).toBe(2);
    expect(details.body.rslt_set.data_list[0]?.order_id).toBe(second.c.order_id);
    const auto = await t.call(supportersEndpoints.detailsAuto, {}, { cookie: viewer.cookie });
    expect(auto.body.rslt_set.data_totalcount).toBe(0);
    const old = await t.call(supportersEndpoints.detailsRegular, { month: '2001-01' }, { cookie: viewer.cookie });
    expect(old.body.rslt_cd).toBe(code('SUPPORTER_MONTH_OUT_OF_RANGE'));
  });

  it('refuses a second confirmation, a tampered amount, an unknown and another member’s order, changing nothing', async () => {
    const viewer = await buildViewer(t);
    const other = await buildViewer(t);
    const c = await checkout(viewer, 'regular');
    const { paymentKey } = await testPg.pay(c.order_id, c.amount);
    const confirm = (who: Account, over: Record<string, string> = {}) =>
      t.call(
        supportersEndpoints.confirm,
        { payment_key: paymentKey, order_id: c.order_id, amount: String(c.amount), ...over },
        { cookie: who.cookie },
      );

    expect((await confirm(viewer, { amount: '100' })).body.rslt_cd).toBe(code('SUPPORTER_AMOUNT_MISMATCH'));
    expect((await confirm(other)).body.rslt_cd).toBe(code('SUPPORTER_ORDER_OTHER_USER'));
    expect((await confirm(viewer, { order_id: 'S20000101-99999999' })).body.rslt_cd).toBe(code('SUPPORTER_ORDER_NOT_FOUND'));
    expect((await supportsOf(viewer)).length).toBe(0);
    expect(testPg.payment(paymentKey)?.status).toBe('IN_PROGRESS');

    const [a, b] = await Promise.all([confirm(viewer), confirm(viewer)]);
    expect([a.body.rslt_cd, b.body.rslt_cd].sort()).toEqual([0, code('SUPPORTER_ORDER_ALREADY_PAID')]);
    expect((await confirm(viewer)).body.rslt_cd).toBe(code('SUPPORTER_ORDER_ALREADY_PAID'));
    const [support] = await supportsOf(viewer);
    expect(support?.periods).toBe(1);
    expect((await chargesOf(support?.supporter_sn as number)).length).toBe(1);
  });

  it('refuses supporting oneself, a member who is no BJ and a login-less call', async () => {
    const viewer = await buildViewer(t);
    expect((await request(bj, 'regular')).body.rslt_cd).toBe(code('SUPPORTER_SELF'));
    expect((await request(viewer, 'regular', { bj_user_key: String(viewer.userKey + 0) })).body.rslt_cd).toBe(code('SUPPORTER_SELF'));
    const plain = await buildViewer(t);
    expect((await request(viewer, 'regular', { bj_user_key: String(plain.userKey) })).body.rslt_cd).toBe(code('SUPPORTER_BJ_NOT_FOUND'));
    const anon = await t.call(supportersEndpoints.request, {
      bj_user_key: String(bj.userKey),
      plan_sn: String(plan.plan_sn),
      type: 'regular',
    });
    expect(anon.body.rslt_cd).toBe(code('LOGIN_REQUIRED'));
  });

  it('marks a declined card failed and lets the member start again', async () => {
    const viewer = await buildViewer(t);
    const c = await checkout(viewer, 'regular');
    const { paymentKey } = await testPg.pay(c.order_id, c.amount);
    testPg.failNext('confirm');
    const res = await t.call(
      supportersEndpoints.confirm,
      { payment_key: paymentKey, order_id: c.order_id, amount: String(c.amount) },
      { cookie: viewer.cookie },
    );
    expect(res.body.rslt_cd).toBe(code('SUPPORTER_PAYMENT_REFUSED'));
    const again = await t.call(
      supportersEndpoints.confirm,
      { payment_key: paymentKey, order_id: c.order_id, amount: String(c.amount) },
      { cookie: viewer.cookie },
    );
    expect(again.body.rslt_cd).toBe(code('SUPPORTER_ORDER_FAILED'));
    expect((await supportsOf(viewer)).length).toBe(0);
    expect((await payRegular(viewer)).res.body.rslt_cd).toBe(0);
  });
});

describe('auto-pay supporters', () => {
  it('registers the card, charges the first month at once and keeps the billing key on the server', async () => {
    const viewer = await buildViewer(t);
    const { c, charge } = await registerAuto(viewer);
    expect(charge).toMatchObject({ state: 'paid', type: 'auto', period_no: 1, amount: 5500 });
    const [support] = await supportsOf(viewer);
    expect(support).toMatchObject({ type: 'auto', state: 'active', periods: 1, fail_cnt: 0 });
    expect(support?.next_charge_at).toBe(support?.paid_until);
    const row = await subRow(support?.supporter_sn as number);
    expect(row.billing_key).toBeTruthy();
    expect(JSON.stringify([c, charge, support])).not.toContain(row.billing_key as string);
    // A second auto-pay for the same BJ is refused while one is active.
    expect((await request(viewer, 'auto')).body.rslt_cd).toBe(code('SUPPORTER_AUTO_EXISTS'));
    // The billing confirmation of someone else's order, or with another customer key, changes nothing.
    const other = await buildViewer(t);
    const c2 = await checkout(other, 'auto');
    const authKey = await testPg.authorizeBilling(c2.customer_key);
    const forged = await t.call(
      supportersEndpoints.billingConfirm,
      { order_id: c2.order_id, auth_key: authKey, customer_key: 'sup_forged_customer' },
      { cookie: other.cookie },
    );
    expect(forged.body.rslt_cd).toBe(code('SUPPORTER_CUSTOMER_MISMATCH'));
    const stolen = await t.call(
      supportersEndpoints.billingConfirm,
      { order_id: c2.order_id, auth_key: authKey, customer_key: c2.customer_key },
      { cookie: viewer.cookie },
    );
    expect(stolen.body.rslt_cd).toBe(code('SUPPORTER_ORDER_OTHER_USER'));
    expect((await supportsOf(other)).length).toBe(0);
  });

  it('charges a due support exactly once when the job runs twice at the same time, then again a month later', async () => {
    const viewer = await buildViewer(t);
    await registerAuto(viewer);
    const [support] = await supportsOf(viewer);
    const sn = support?.supporter_sn as number;
    const due = new Date(new Date(support?.next_charge_at as string).getTime() + 1_000);
    const pg = pgClient();

    await chargeDueSupporters(t.database.db, pg, new Date(due.getTime() - 60_000));
    expect((await chargesOf(sn)).length).toBe(1);

    await Promise.all([chargeDueSupporters(t.database.db, pg, due), chargeDueSupporters(t.database.db, pg, due)]);
    await chargeDueSupporters(t.database.db, pg, due);
    const rows = await chargesOf(sn);
    expect(rows.map((r) => [r.state, r.period_no])).toEqual([
      ['paid', 1],
      ['paid', 2],
    ]);
    const after = await subRow(sn);
    expect(after.paid_until.getTime()).toBeGreaterThan(new Date(support?.paid_until as string).getTime() + MONTH_MS);
    expect(after.next_charge_at?.getTime()).toBe(after.paid_until.getTime());
    expect(testPg.payment(rows[1]?.payment_key as string)).toMatchObject({ status: 'DONE', totalAmount: 5500 });

    const details = await t.call(supportersEndpoints.detailsAuto, {}, { cookie: viewer.cookie });
    expect(details.body.rslt_set.data_list.map((d) => d.period_no)).toEqual([2, 1]);
  });

  it('retries a declined charge a day later, three times, then lapses', async () => {
    const viewer = await buildViewer(t);
    await registerAuto(viewer);
    const [support] = await supportsOf(viewer);
    const sn = support?.supporter_sn as number;
    const pg = pgClient();
    const due = new Date(support?.next_charge_at as string).getTime();
    // Supports of earlier tests due before this one are charged first, so the refusals below hit this one.
    await chargeDueSupporters(t.database.db, pg, new Date(due - 1));
    let at = new Date(due + 1_000);
    for (let i = 1; i <= 4; i++) {
      testPg.failNext('charge');
      await chargeDueSupporters(t.database.db, pg, at);
      const row = await subRow(sn);
      if (i < 4) {
        expect(row).toMatchObject({ state: 'active', fail_cnt: i });
        expect(row.next_charge_at?.getTime()).toBe(at.getTime() + 24 * 3600_000);
        // Not due before the day has passed.
        await chargeDueSupporters(t.database.db, pg, new Date(at.getTime() + 3600_000));
        expect((await chargesOf(sn)).length).toBe(1 + i);
        at = new Date(at.getTime() + 24 * 3600_000);
      } else {
        expect(row).toMatchObject({ state: 'lapsed', fail_cnt: 4, next_charge_at: null, billing_key: null });
      }
    }
    const rows = await chargesOf(sn);
    expect(rows.map((r) => [r.state, r.period_no, r.attempt])).toEqual([
      ['paid', 1, 0],
      ['failed', 2, 1],
      ['failed', 2, 2],
      ['failed', 2, 3],
      ['failed', 2, 4],
    ]);
    await chargeDueSupporters(t.database.db, pg, new Date(at.getTime() + 40 * 86_400_000));
    expect((await chargesOf(sn)).length).toBe(5);
    // The first month stays paid; the support shows lapsed (no more charges) until it ends.
    const [shown] = await supportsOf(viewer);
    expect(shown).toMatchObject({ state: 'lapsed', next_charge_at: null, paid_until: support?.paid_until });
  });

  it('stops charging once cancelled; the paid month stays', async () => {
    const viewer = await buildViewer(t);
    await registerAuto(viewer);
    const [support] = await supportsOf(viewer);
    const sn = support?.supporter_sn as number;
    const other = await buildViewer(t);
    const foreign = await t.call(supportersEndpoints.cancelAuto, { supporter_sn: String(sn) }, { cookie: other.cookie });
    expect(foreign.body.rslt_cd).toBe(code('SUPPORTER_NOT_FOUND'));

    const res = await t.call(supportersEndpoints.cancelAuto, { supporter_sn: String(sn) }, { cookie: viewer.cookie });
    expect(res.body.rslt_cd).toBe(0);
    expect(res.body.rslt_set).toMatchObject({ state: 'cancelled', paid_until: support?.paid_until, next_charge_at: null });
    expect(JSON.stringify(res.body)).not.toContain('billing');
    const twice = await t.call(supportersEndpoints.cancelAuto, { supporter_sn: String(sn) }, { cookie: viewer.cookie });
    expect(twice.body.rslt_cd).toBe(code('SUPPORTER_NOT_AUTO_ACTIVE'));

    await chargeDueSupporters(t.database.db, pgClient(), new Date(Date.now() + 40 * 86_400_000));
    expect((await chargesOf(sn)).length).toBe(1);
    // The BJ sees the supporters of the month.
    const mine = await t.call(supportersEndpoints.mySupporters, { current_yn: 'Y', limit: '100' }, { cookie: bj.cookie });
    expect(mine.body.rslt_set.data_list.find((s) => s.supporter_sn === sn)).toMatchObject({
      state: 'cancelled',
      user: { nick: viewer.nick },
    });
    expect((await t.call(supportersEndpoints.mySupporters, {}, { cookie: viewer.cookie })).body.rslt_cd).toBe(code('FORBIDDEN'));
    // A new auto-pay may start again after cancelling.
    await registerAuto(viewer);
  });

  it('a charge the provider does not answer waits and does not hold up the other due supports; it is charged once later', async () => {
    const first = await buildViewer(t);
    const second = await buildViewer(t);
    await registerAuto(first);
    await registerAuto(second);
    const [a] = await supportsOf(first);
    const [b] = await supportsOf(second);
    const snA = a?.supporter_sn as number;
    const snB = b?.supporter_sn as number;
    const pg = pgClient();
    const dueA = new Date(a?.next_charge_at as string).getTime();
    // Supports of earlier tests due before these two are charged first, so the fault below hits the first of them.
    await chargeDueSupporters(t.database.db, pg, new Date(dueA - 1));
    const at = new Date(new Date(b?.next_charge_at as string).getTime() + 1_000);
    testPg.failNext('charge', { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '내부 시스템 처리 작업이 실패했습니다.', status: 500 });
    const run = await chargeDueSupporters(t.database.db, pg, at);
    expect(run).toMatchObject({ charged: 1, deferred: 1, failed: 0 });
    expect((await chargesOf(snB)).map((r) => r.state)).toEqual(['paid', 'paid']);
    // Not a refusal: no charge row, no try counted; the support waits a quarter of an hour.
    expect((await chargesOf(snA)).map((r) => r.state)).toEqual(['paid']);
    const waiting = await subRow(snA);
    expect(waiting).toMatchObject({ state: 'active', fail_cnt: 0 });
    expect(waiting.next_charge_at?.getTime()).toBe(at.getTime() + 15 * 60_000);
    await chargeDueSupporters(t.database.db, pg, new Date(at.getTime() + 60_000));
    expect((await chargesOf(snA)).length).toBe(1);
    await chargeDueSupporters(t.database.db, pg, new Date(at.getTime() + 16 * 60_000));
    await chargeDueSupporters(t.database.db, pg, new Date(at.getTime() + 17 * 60_000));
    expect((await chargesOf(snA)).map((r) => [r.state, r.period_no])).toEqual([
      ['paid', 1],
      ['paid', 2],
    ]);
  });
});
