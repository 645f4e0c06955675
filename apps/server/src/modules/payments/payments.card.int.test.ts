import type { AdminPaymentProduct, CardOrderStart, PaymentSuccessCheck } from '@byeol/contract';
import { paymentsEndpoints } from '@byeol/contract';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectExternal, type Database } from '../../platform/db.js';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { balancesOf, buildViewer, ledgerOf, newKey } from '../../testing/builders.js';
import { sql } from '../../testing/members.js';
import { LedgerService } from '../wallet/wallet.service.js';
import { verifyLedger } from '../wallet/wallet.verify.js';
import { buildProduct, confirm, expectRefused, operator, placed, setBankAccount, TEST_BANK_ACCOUNT } from './payments.fixtures.js';
import { expirePaymentOrders, reconcileCardOrders } from './payments.jobs.js';
import { type RunningTestPg, startTestPg } from './pg/test-pg.js';
import { createTossClient } from './pg/toss.js';

/**
 * Card payments (docs/payments.md, "Card payments"): the app runs the real Toss adapter (PG_PROVIDER=toss)
 * against the built-in test PG started standalone on a random port, a local server speaking Toss' API.
 */
let t: TestApp;
let pg: RunningTestPg;
let star: AdminPaymentProduct;

beforeAll(async () => {
  pg = await startTestPg();
  t = await startTestApp({
    env: {
      PG_PROVIDER: 'toss',
      TOSS_API_BASE: pg.baseUrl,
      TOSS_SECRET_KEY: pg.secretKey,
      TOSS_CLIENT_KEY: pg.clientKey,
      TOSS_WEBHOOK_SECRET: pg.webhookSecret,
    },
  });
  star = await buildProduct(t, { amount: '300', bonus: '30', price: '33000' });
});

afterEach(async () => {
  const report = await verifyLedger(t.database.pool);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true, drift: [], unbalanced_count: 0 });
});

afterAll(async () => {
  await t?.close();
  await pg?.close();
});

/** /pg/pg_request as `cookie` for the default package. */
async function cardOrder(cookie: string, productSn = star.product_sn): Promise<CardOrderStart> {
  const res = await t.call(paymentsEndpoints.cardRequest, { product_sn: String(productSn), idempotency_key: newKey() }, { cookie });
  if (res.body.rslt_cd !== 0) throw new Error(`pg_request failed: ${JSON.stringify(res.body)}`);
  return res.body.rslt_set;
}

/** What the success page sends after the checkout redirected back with paymentKey, orderId and amount. */
function pgConfirm(cookie: string, redirect: { paymentKey: string; orderId: string; amount: number | string }) {
  return t.call(
    paymentsEndpoints.cardConfirm,
    { payment_key: redirect.paymentKey, order_id: redirect.orderId, amount: String(redirect.amount) },
    { cookie },
  );
}

/** The buyer pays at the test PG's checkout (its Pay form) and comes back: the success redirect's query. */
async function payAtCheckout(start: CardOrderStart, opts: { cardNumber?: string } = {}) {
  const { paymentKey, redirect } = await pg.pay(start.checkout.order_id, start.checkout.amount, {
    orderName: start.checkout.order_name,
    successUrl: start.checkout.success_url,
    failUrl: start.checkout.fail_url,
    ...opts,
  });
  return {
    paymentKey,
    orderId: redirect.searchParams.get('orderId') as string,
    amount: Number(redirect.searchParams.get('amount')),
    redirect,
  };
}

const check = (cookie: string, sn: number) =>
  t.get<PaymentSuccessCheck>(`/v1/sub/store_payment_success_check/${sn}`, undefined, { cookie });

const purchases = (sn: number) =>
  sql<{ kind: string; amount: string; idem_key: string }>(
    t,
    `select kind, amount, idem_key from wallet_txn where meta->>'user_payment_log_sn' = $1 and state = 'done' order by txn_id`,
    [String(sn)],
  );

const refund = async (sn: number, reason = '고객 요청') =>
  t.call(paymentsEndpoints.adminRefund, { user_payment_log_sn: String(sn), reason }, { cookie: await operator(t) });

/** A buyer who paid one card order: its sn, payment key and their balances after. */
async function paidCardOrder() {
  const buyer = await buildViewer(t);
  const start = await cardOrder(buyer.cookie);
  const back = await payAtCheckout(start);
  const res = await pgConfirm(buyer.cookie, back);
  expect(res.body.rslt_cd, JSON.stringify(res.body)).toBe(0);
  return { buyer, sn: start.order.user_payment_log_sn, paymentKey: back.paymentKey, start };
}

describe('card orders and the checkout', () => {
  it('pg_request places a pending 30-minute card order and answers what the browser needs to open the checkout', async () => {
    const buyer = await buildViewer(t);
    const start = await cardOrder(buyer.cookie);
    expect(start.order).toMatchObject({ method: 'card', state: 'pending', price: 33000, amount: 330, bonus: 30, card_no: '' });
    expect(start.order.order_no).toMatch(/^C\d{8}-\d{8}$/);
    const minutes = (Date.parse(start.order.deadline_at) - Date.parse(start.order.created_at)) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
    expect(start.checkout).toMatchObject({
      provider: 'toss',
      client_key: pg.clientKey,
      checkout_url: '',
      order_id: start.order.order_no,
      amount: 33000,
      order_name: start.order.product_nm,
      success_url: `${t.url}/pg/success`,
      fail_url: `${t.url}/pg/fail`,
    });
    // The member's key at the PG is opaque and stable, never the login id.
    expect(start.checkout.customer_key).toMatch(/^cus_[\w-]{20,}$/);
    expect((await cardOrder(buyer.cookie)).checkout.customer_key).toBe(start.checkout.customer_key);
    expect((await cardOrder((await buildViewer(t)).cookie)).checkout.customer_key).not.toBe(start.checkout.customer_key);
  });

  it('redirect → confirm credits amount + bonus once; the success check and a retry by the page answer the paid order', async () => {
    const buyer = await buildViewer(t);
    const start = await cardOrder(buyer.cookie);
    const sn = start.order.user_payment_log_sn;
    expect((await check(buyer.cookie, sn)).body.rslt_set).toMatchObject({ state: 'pending', credited: false, balance: 0 });

    const back = await payAtCheckout(start);
    expect(back.redirect.origin + back.redirect.pathname).toBe(start.checkout.success_url);
    expect(back).toMatchObject({ orderId: start.order.order_no, amount: 33000 });
    const res = await pgConfirm(buyer.cookie, back);
    expect(res.body.rslt_cd).toBe(0);
    expect(res.body.rslt_set).toMatchObject({ state: 'paid', method: 'card', card_no: '43301234****123*' });
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 330 });
    expect((await check(buyer.cookie, sn)).body.rslt_set).toEqual({
      user_payment_log_sn: sn,
      state: 'paid',
      credited: true,
      currency: 'STAR',
      amount: 330,
      bonus: 30,
      balance: 330,
    });

    // The page retries the same confirmation: the paid order again, nothing more credited or charged.
    const callsBefore = pg.state.calls.confirm;
    const again = await pgConfirm(buyer.cookie, back);
    expect(again.body.rslt_set).toMatchObject({ state: 'paid', user_payment_log_sn: sn });
    expect(pg.state.calls.confirm).toBe(callsBefore);
    expect(await purchases(sn)).toEqual([{ kind: 'purchase', amount: '330', idem_key: `payment:${sn}` }]);
    expect(pg.payment(back.paymentKey)).toMatchObject({ status: 'DONE', totalAmount: 33000 });

    // Another payment key for the paid order is refused (7210), and the success check is the owner's only.
    expectRefused((await pgConfirm(buyer.cookie, { ...back, paymentKey: 'tpg_other' })).body, 'PAYMENT_ORDER_ALREADY_PAID');
    expectRefused((await check((await buildViewer(t)).cookie, sn)).body, 'PAYMENT_ORDER_OTHER_USER');
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 330 });
  });

  it('a tampered amount, an unknown order and another member’s order are refused before the PG is called; nothing credited', async () => {
    const buyer = await buildViewer(t);
    const start = await cardOrder(buyer.cookie);
    const back = await payAtCheckout(start);
    const calls = pg.state.calls.confirm;

    expectRefused((await pgConfirm(buyer.cookie, { ...back, amount: 100 })).body, 'PAYMENT_CARD_AMOUNT_MISMATCH');
    expectRefused((await pgConfirm(buyer.cookie, { ...back, orderId: 'C20000101-99999999' })).body, 'PAYMENT_ORDER_NOT_FOUND');
    expectRefused((await pgConfirm((await buildViewer(t)).cookie, back)).body, 'PAYMENT_ORDER_OTHER_USER');
    expect(pg.state.calls.confirm).toBe(calls);
    expect(pg.payment(back.paymentKey)?.status).toBe('IN_PROGRESS');
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 0 });
    expect((await check(buyer.cookie, start.order.user_payment_log_sn)).body.rslt_set.state).toBe('pending');
  });

  it('a card the PG declines leaves the order pending and credits nothing; a new checkout then pays it', async () => {
    const buyer = await buildViewer(t);
    const start = await cardOrder(buyer.cookie);
    const declined = await payAtCheckout(start, { cardNumber: '4000 0000 0000 0002' });
    const res = await pgConfirm(buyer.cookie, declined);
    expectRefused(res.body, 'PAYMENT_PG_REFUSED', 'ko', { message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.' });
    expect((await check(buyer.cookie, start.order.user_payment_log_sn)).body.rslt_set).toMatchObject({ state: 'pending', credited: false });

    pg.failNext('confirm', { code: 'PROVIDER_ERROR', message: '일시적인 오류가 발생했습니다.', status: 400 });
    const again = await payAtCheckout(start);
    expectRefused((await pgConfirm(buyer.cookie, again)).body, 'PAYMENT_PG_REFUSED', 'ko', { message: '일시적인 오류가 발생했습니다.' });
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 0 });

    const third = await payAtCheckout(start);
    expect((await pgConfirm(buyer.cookie, third)).body.rslt_set.state).toBe('paid');
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 330 });
  });

  it('the checkout page is marked as a test PG; Cancel goes to the fail URL like Toss', async () => {
    const buyer = await buildViewer(t);
    const { checkout } = await cardOrder(buyer.cookie);
    const query = new URLSearchParams({
      mode: 'payment',
      orderId: checkout.order_id,
      amount: String(checkout.amount),
      orderName: checkout.order_name,
      successUrl: checkout.success_url,
      failUrl: checkout.fail_url,
    });
    const html = await (await fetch(`${pg.checkoutUrl}?${query}`)).text();
    expect(html).toContain('TEST PG – no real money');
    expect(html).toContain(checkout.order_id);
    expect(html).toContain('33,000');
    const cancel = /<a class="cancel" href="([^"]+)"/.exec(html)?.[1]?.replace(/&#38;/g, '&') as string;
    const url = new URL(cancel);
    expect(url.origin + url.pathname).toBe(checkout.fail_url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ code: 'PAY_PROCESS_CANCELED', orderId: checkout.order_id });
  });
});

describe('Toss webhook', () => {
  it('a forged signature is refused (401); an unsigned forged DONE changes nothing; a signed DONE re-checked at the PG pays once', async () => {
    const buyer = await buildViewer(t);
    const start = await cardOrder(buyer.cookie);
    const sn = start.order.user_payment_log_sn;
    const back = await payAtCheckout(start);
    const hook = `${t.url}/hooks/payment/toss`;

    const forged = await pg.sendWebhook(hook, back.paymentKey, { secret: 'not-the-secret', override: { status: 'DONE' } });
    expect(forged.status).toBe(401);
    // Unsigned, claiming DONE: the PG says the payment is still IN_PROGRESS, so nothing happens.
    const unsigned = await pg.sendWebhook(hook, back.paymentKey, { secret: null, override: { status: 'DONE' } });
    expect(unsigned.status).toBe(200);
    expect((await check(buyer.cookie, sn)).body.rslt_set).toMatchObject({ state: 'pending', credited: false });

    // The payment was approved at the PG (say the browser closed before the confirmation): the webhook pays it.
    const approved = pg.state.confirm({ paymentKey: back.paymentKey, orderId: back.orderId, amount: back.amount });
    expect(approved.status).toBe(200);
    expect((await pg.sendWebhook(hook, back.paymentKey)).status).toBe(200);
    expect((await pg.sendWebhook(hook, back.paymentKey)).status).toBe(200);
    expect((await check(buyer.cookie, sn)).body.rslt_set).toMatchObject({ state: 'paid', credited: true, balance: 330 });
    expect(await purchases(sn)).toHaveLength(1);
    // The page's confirmation arriving afterwards answers the paid order.
    expect((await pgConfirm(buyer.cookie, back)).body.rslt_set.state).toBe('paid');
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 330 });
  });

  it('events other than PAYMENT_STATUS_CHANGED must be signed', async () => {
    const res = await fetch(`${t.url}/hooks/payment/toss`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventType: 'payout.changed', createdAt: '2026-01-01T00:00:00+09:00', data: {} }),
    });
    expect(res.status).toBe(401);
  });
});

describe('refunds', () => {
  it('refunds a card order at the PG and reverses the credit exactly (audited); a second refund is refused', async () => {
    const { buyer, sn, paymentKey } = await paidCardOrder();
    const res = await refund(sn);
    expect(res.body.rslt_cd, JSON.stringify(res.body)).toBe(0);
    expect(res.body.rslt_set).toMatchObject({ state: 'refunded', refund_reason: '고객 요청', pg_payment_key: paymentKey });
    expect(pg.payment(paymentKey)).toMatchObject({ status: 'CANCELED', balanceAmount: 0 });
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 0 });
    expect(await purchases(sn)).toEqual([
      { kind: 'purchase', amount: '330', idem_key: `payment:${sn}` },
      { kind: 'refund', amount: '330', idem_key: `refund:${sn}` },
    ]);
    const [audit] = await sql<{ action: string; after: { state: string; reason: string } }>(
      t,
      `select action, after from payment_audit where user_payment_log_sn = $1 and action = 'refund'`,
      [sn],
    );
    expect(audit?.after).toMatchObject({ state: 'refunded', reason: '고객 요청' });
    expectRefused((await refund(sn)).body, 'PAYMENT_ORDER_REFUNDED');
    expect((await check(buyer.cookie, sn)).body.rslt_set).toMatchObject({ state: 'refunded', credited: false });
    // A Toss CANCELED notification afterwards changes nothing more.
    expect((await pg.sendWebhook(`${t.url}/hooks/payment/toss`, paymentKey)).status).toBe(200);
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 0 });
  });

  it('is refused when the buyer spent the currency (nothing moves, the PG is not called); a PG refusal moves nothing either', async () => {
    const { buyer, sn, paymentKey } = await paidCardOrder();
    const friend = await buildViewer(t);
    await ledgerOf(t).transfer({
      from: { kind: 'wallet', userKey: buyer.userKey, currency: 'STAR' },
      to: { kind: 'wallet', userKey: friend.userKey, currency: 'STAR' },
      amount: 1,
      currency: 'STAR',
      kind: 'transfer',
      idempotencyKey: newKey(),
      actorUserKey: buyer.userKey,
    });
    const cancels = pg.state.calls.cancel;
    expectRefused((await refund(sn)).body, 'PAYMENT_REFUND_SPENT', 'ko', { balance: 329, amount: 330 });
    expect(pg.state.calls.cancel).toBe(cancels);
    expect(pg.payment(paymentKey)?.status).toBe('DONE');
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 329 });

    const other = await paidCardOrder();
    pg.failNext('cancel', { code: 'NOT_CANCELABLE_PAYMENT', message: '취소 할 수 없는 결제 입니다.', status: 403 });
    expectRefused((await refund(other.sn)).body, 'PAYMENT_PG_REFUND_FAILED', 'ko', { message: '취소 할 수 없는 결제 입니다.' });
    expect(await balancesOf(t, other.buyer.userKey)).toMatchObject({ STAR: 330 });
    expect((await check(other.buyer.cookie, other.sn)).body.rslt_set.state).toBe('paid');
  });

  it('refunds a bank deposit order without the PG (the money goes back outside); a pending order cannot be refunded', async () => {
    await setBankAccount(t, TEST_BANK_ACCOUNT);
    const buyer = await buildViewer(t);
    const order = await placed(t, buyer.cookie, star.product_sn);
    expectRefused((await refund(order.user_payment_log_sn)).body, 'PAYMENT_REFUND_NOT_PAID');
    expect((await confirm(t, order)).body.rslt_cd).toBe(0);
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 330 });
    const cancels = pg.state.calls.cancel;
    const res = await refund(order.user_payment_log_sn, '계좌로 환불 완료');
    expect(res.body.rslt_set).toMatchObject({ state: 'refunded', method: 'bankbook', refund_reason: '계좌로 환불 완료' });
    expect(pg.state.calls.cancel).toBe(cancels);
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 0 });
    // Viewers cannot refund.
    expect(
      (await t.call(paymentsEndpoints.adminRefund, { user_payment_log_sn: '1', reason: 'x' }, { cookie: buyer.cookie })).body.rslt_cd,
    ).not.toBe(0);
  });
});

describe('receipts', () => {
  const receipt = (cookie: string, sn: number) => t.call(paymentsEndpoints.receipt, { user_payment_log_sn: String(sn) }, { cookie });

  it("the owner of a paid card order gets the PG's receipt URL, and the test PG serves the slip with the amount", async () => {
    const { buyer, sn, paymentKey, start } = await paidCardOrder();
    const res = await receipt(buyer.cookie, sn);
    expect(res.body.rslt_cd, JSON.stringify(res.body)).toBe(0);
    expect(res.body.rslt_set).toEqual({ user_payment_log_sn: sn, receipt_url: `${pg.baseUrl}/receipt/${paymentKey}` });
    const slip = await fetch(res.body.rslt_set.receipt_url);
    expect(slip.status).toBe(200);
    expect(slip.headers.get('content-type')).toContain('text/html');
    const html = await slip.text();
    expect(html).toContain('TEST PG');
    expect(html).toContain('33,000원');
    expect(html).toContain(start.order.order_no);
    expect(html).toContain('43301234****123*');
    expect(html).not.toContain('data-receipt-cancelled');

    // Refunded: the same receipt, now marked cancelled.
    expect((await refund(sn)).body.rslt_cd).toBe(0);
    const again = await receipt(buyer.cookie, sn);
    expect(again.body.rslt_set.receipt_url).toBe(res.body.rslt_set.receipt_url);
    const cancelled = await (await fetch(again.body.rslt_set.receipt_url)).text();
    expect(cancelled).toContain('data-receipt-cancelled');
    expect(cancelled).toContain('취소 / Cancelled');
  });

  it('is refused for another member’s order, an unknown order, a pending order, a bank deposit order, and when the PG is unreachable', async () => {
    const { sn } = await paidCardOrder();
    const other = await buildViewer(t);
    const gets = pg.state.calls.get;
    const refused = await receipt(other.cookie, sn);
    expectRefused(refused.body, 'PAYMENT_ORDER_OTHER_USER');
    expect(JSON.stringify(refused.body)).not.toContain('receipt');
    expectRefused((await receipt(other.cookie, 2_000_000_000)).body, 'PAYMENT_ORDER_NOT_FOUND');
    const pending = await cardOrder(other.cookie);
    expectRefused((await receipt(other.cookie, pending.order.user_payment_log_sn)).body, 'PAYMENT_RECEIPT_NOT_PAID');
    await setBankAccount(t, TEST_BANK_ACCOUNT);
    const deposit = await placed(t, other.cookie, star.product_sn);
    expectRefused((await receipt(other.cookie, deposit.user_payment_log_sn)).body, 'PAYMENT_NOT_CARD_ORDER');
    expect(pg.state.calls.get).toBe(gets);
    // Signed out: refused.
    expect((await t.call(paymentsEndpoints.receipt, { user_payment_log_sn: String(sn) })).body.rslt_cd).not.toBe(0);

    // The PG unreachable: PAYMENT_PG_UNAVAILABLE, nothing else leaks.
    const { buyer: owner, sn: paid } = await paidCardOrder();
    const offline = await startTestApp({
      env: {
        PG_PROVIDER: 'toss',
        TOSS_API_BASE: 'http://127.0.0.1:9/v1-gone',
        TOSS_SECRET_KEY: pg.secretKey,
        TOSS_CLIENT_KEY: pg.clientKey,
      },
    });
    try {
      const res = await offline.call(paymentsEndpoints.receipt, { user_payment_log_sn: String(paid) }, { cookie: owner.cookie });
      expectRefused(res.body, 'PAYMENT_PG_UNAVAILABLE');
    } finally {
      await offline.close();
    }
  });
});

describe('PG_PROVIDER=test (development and the demo)', () => {
  it('the app mounts the test PG under /pg-test and walks the same redirect → confirm path through the Toss adapter', async () => {
    const dev = await startTestApp();
    try {
      const buyer = await buildViewer(dev);
      const product = await buildProduct(dev, { amount: '10', bonus: '0', price: '1100' });
      const res = await dev.call(
        paymentsEndpoints.cardRequest,
        { product_sn: String(product.product_sn) },
        {
          cookie: buyer.cookie,
          headers: { 'Idempotency-Key': newKey() },
        },
      );
      const { checkout, order } = res.body.rslt_set;
      expect(checkout).toMatchObject({ provider: 'test', checkout_url: `${dev.url}/pg-test/checkout` });
      const form = new URLSearchParams({
        mode: 'payment',
        orderId: checkout.order_id,
        amount: String(checkout.amount),
        orderName: checkout.order_name,
        successUrl: checkout.success_url,
        failUrl: checkout.fail_url,
        cardNumber: '4330123412341234',
      });
      const pay = await fetch(`${checkout.checkout_url}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
      expect(pay.status).toBe(303);
      const back = new URL(pay.headers.get('location') as string);
      expect(back.origin + back.pathname).toBe(`${dev.url}/pg/success`);
      const confirmed = await dev.call(
        paymentsEndpoints.cardConfirm,
        { payment_key: back.searchParams.get('paymentKey') as string, order_id: order.order_no, amount: '1100' },
        { cookie: buyer.cookie },
      );
      expect(confirmed.body.rslt_set).toMatchObject({ state: 'paid', method: 'card' });
      expect(await balancesOf(dev, buyer.userKey)).toMatchObject({ STAR: 10 });
    } finally {
      await dev.close();
    }
  });
});

describe('the reconcile job (pending card orders the PG may have approved)', () => {
  let other: Database;
  let ledgerA: LedgerService;
  let ledgerB: LedgerService;
  /** What the job logged (its loud errors are part of what an operator notices). */
  const logged: Array<{ level: number; msg: string; user_payment_log_sn?: number }> = [];
  /** The job as two api processes run it: each its own pool, ledger and PG client. */
  let jobA: Parameters<typeof reconcileCardOrders>[0];
  let jobB: Parameters<typeof reconcileCardOrders>[0];

  beforeAll(async () => {
    other = await connectExternal(t.database.connectionString, 4);
    ledgerA = new LedgerService({ db: t.database.db, pool: t.database.pool });
    ledgerB = new LedgerService({ db: other.db, pool: other.pool });
    const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) }) as unknown as FastifyBaseLogger;
    const client = () => createTossClient({ baseUrl: pg.baseUrl, secretKey: pg.secretKey, clientKey: pg.clientKey });
    jobA = { db: t.database.db, ledger: ledgerA, pg: client(), log };
    jobB = { db: other.db, ledger: ledgerB, pg: client(), log };
  });

  afterAll(async () => {
    await ledgerA?.close();
    await ledgerB?.close();
    await other?.close();
  });

  /** Moves an order `minutes` into the past (placed and deadline alike), as if that much time went by. */
  const age = (sn: number, minutes: number) =>
    sql(
      t,
      `update user_payment_log set created_at = created_at - make_interval(mins => $2), deadline_at = deadline_at - make_interval(mins => $2)
        where user_payment_log_sn = $1`,
      [sn, minutes],
    );
  const stored = async (sn: number) =>
    (
      await sql<{ state: string; confirmed_by: string | null }>(
        t,
        'select state, confirmed_by from user_payment_log where user_payment_log_sn = $1',
        [sn],
      )
    )[0];
  const audits = (sn: number, action: string) =>
    sql<{ actor_user_key: string; after: Record<string, unknown> }>(
      t,
      'select actor_user_key, after from payment_audit where user_payment_log_sn = $1 and action = $2',
      [sn, action],
    );

  it('credits a payment the PG approved but we never recorded, exactly once: run twice, in two processes, beside the late page', async () => {
    const buyer = await buildViewer(t);
    const start = await cardOrder(buyer.cookie);
    const sn = start.order.user_payment_log_sn;
    const back = await payAtCheckout(start);
    // Our confirmation reached the PG and was approved; the browser closed (or our database step failed).
    expect(pg.state.confirm({ paymentKey: back.paymentKey, orderId: back.orderId, amount: back.amount }).status).toBe(200);

    // A young order is left alone: its buyer may still be confirming.
    await reconcileCardOrders(jobA);
    expect(await stored(sn)).toMatchObject({ state: 'pending' });

    await age(sn, 10);
    await Promise.all([reconcileCardOrders(jobA), reconcileCardOrders(jobB)]);
    await reconcileCardOrders(jobA);
    expect((await check(buyer.cookie, sn)).body.rslt_set).toMatchObject({ state: 'paid', credited: true, balance: 330 });
    expect(await purchases(sn)).toEqual([{ kind: 'purchase', amount: '330', idem_key: `payment:${sn}` }]);
    expect(await stored(sn)).toMatchObject({ state: 'paid', confirmed_by: 'pg' });
    const [audit, ...more] = await audits(sn, 'reconcile_confirm');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ actor_user_key: '0', after: { state: 'paid', pg_payment_key: back.paymentKey } });
    expect(logged.some((l) => l.user_payment_log_sn === sn && l.msg.includes('credited now'))).toBe(true);
    // The page's confirmation arriving afterwards answers the paid order; nothing more is charged or credited.
    const confirms = pg.state.calls.confirm;
    expect((await pgConfirm(buyer.cookie, back)).body.rslt_set).toMatchObject({ state: 'paid', user_payment_log_sn: sn });
    expect(pg.state.calls.confirm).toBe(confirms);

    // The same race with the buyer's own confirmation instead of a second process: one credit.
    const start2 = await cardOrder(buyer.cookie);
    const sn2 = start2.order.user_payment_log_sn;
    const back2 = await payAtCheckout(start2);
    expect(pg.state.confirm({ paymentKey: back2.paymentKey, orderId: back2.orderId, amount: back2.amount }).status).toBe(200);
    await age(sn2, 10);
    const [, page] = await Promise.all([reconcileCardOrders(jobB), pgConfirm(buyer.cookie, back2)]);
    expect(page.body.rslt_set).toMatchObject({ state: 'paid', user_payment_log_sn: sn2 });
    expect(await purchases(sn2)).toEqual([{ kind: 'purchase', amount: '330', idem_key: `payment:${sn2}` }]);
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 660 });
  });

  it('a payment the PG approved with another amount is cancelled at the PG, logged and audited; nothing credited; the order expires', async () => {
    const buyer = await buildViewer(t);
    const start = await cardOrder(buyer.cookie);
    const sn = start.order.user_payment_log_sn;
    const { paymentKey } = await pg.pay(start.order.order_no, 1000);
    expect(pg.state.confirm({ paymentKey, orderId: start.order.order_no, amount: 1000 }).status).toBe(200);
    await age(sn, 10);

    const cancels = pg.state.calls.cancel;
    await Promise.all([reconcileCardOrders(jobA), reconcileCardOrders(jobB)]);
    expect(pg.payment(paymentKey)).toMatchObject({ status: 'CANCELED', balanceAmount: 0 });
    expect(pg.state.calls.cancel).toBe(cancels + 1);
    expect(await purchases(sn)).toEqual([]);
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 0 });
    expect((await check(buyer.cookie, sn)).body.rslt_set).toMatchObject({ state: 'pending', credited: false });
    const loud = logged.filter((l) => l.user_payment_log_sn === sn && l.msg.startsWith('CARD PAYMENT AMOUNT MISMATCH'));
    expect(loud).toHaveLength(1);
    expect(loud[0]?.level).toBe(50);
    const [audit, ...more] = await audits(sn, 'pg_mismatch_refund');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor_user_key: '0',
      after: { state: 'pending', pg_payment_key: paymentKey, pg_amount: 1000, pg_status: 'CANCELED', reason: 'amount_mismatch' },
    });

    // The next run finds the payment cancelled: nothing more; after its deadline the order expires.
    await reconcileCardOrders(jobA);
    expect(pg.state.calls.cancel).toBe(cancels + 1);
    expect(await audits(sn, 'pg_mismatch_refund')).toHaveLength(1);
    await age(sn, 30);
    await reconcileCardOrders(jobA);
    expect(await stored(sn)).toMatchObject({ state: 'expired' });
    expect(await purchases(sn)).toEqual([]);
  });

  it('leaves unpaid orders untouched (never paid, or authenticated and never approved), then expires them after their deadline', async () => {
    const buyer = await buildViewer(t);
    const never = (await cardOrder(buyer.cookie)).order.user_payment_log_sn;
    const start = await cardOrder(buyer.cookie);
    const authenticated = start.order.user_payment_log_sn;
    const back = await payAtCheckout(start);
    await age(never, 10);
    await age(authenticated, 10);

    const asked = pg.state.calls.getByOrder;
    await reconcileCardOrders(jobA);
    expect(pg.state.calls.getByOrder).toBeGreaterThanOrEqual(asked + 2);
    expect(await stored(never)).toMatchObject({ state: 'pending' });
    expect(await stored(authenticated)).toMatchObject({ state: 'pending' });
    expect(pg.payment(back.paymentKey)?.status).toBe('IN_PROGRESS');

    // Just past the deadline: reads say expired, but the row waits for the PG's last word (the expiry job skips card orders).
    await age(never, 22);
    await age(authenticated, 22);
    await expirePaymentOrders(t.database.db);
    await reconcileCardOrders(jobA);
    expect(await stored(never)).toMatchObject({ state: 'pending' });
    expect((await check(buyer.cookie, never)).body.rslt_set.state).toBe('expired');

    await age(never, 10);
    await age(authenticated, 10);
    await reconcileCardOrders(jobB);
    expect(await stored(never)).toMatchObject({ state: 'expired' });
    expect(await stored(authenticated)).toMatchObject({ state: 'expired' });
    // The buyer's page coming back now is refused before the PG is called; nothing was credited.
    const confirms = pg.state.calls.confirm;
    expectRefused((await pgConfirm(buyer.cookie, back)).body, 'PAYMENT_ORDER_EXPIRED');
    expect(pg.state.calls.confirm).toBe(confirms);
    expect(await purchases(never)).toEqual([]);
    expect(await purchases(authenticated)).toEqual([]);
    expect(await balancesOf(t, buyer.userKey)).toMatchObject({ STAR: 0 });
  });
});
