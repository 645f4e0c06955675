import { randomBytes } from 'node:crypto';
import { PAYMENT_LIMITS, type PaymentProduct, resultMessage } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type FreshPage, freshPagePerTest } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, balanceOf, joinByApi } from './support/members.js';

/**
 * Card payments in Chromium, through the built-in test PG (PG_PROVIDER=test, the platform's default outside
 * production): a viewer opens the payment panel from my page, picks a CUBIC package and the card method,
 * pays on the test PG's checkout page and lands on /pg/success, which confirms the payment and shows the
 * package and the new balance; my page and /mypage/payment show it, its receipt opens the PG's card sales
 * slip, and reloading the success page charges nothing twice. A viewer who cancels on the checkout page
 * lands on /pg/fail and is charged nothing. The packages are the demo's (the platform starts with --demo).
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const TAMPERED = resultMessage('PAYMENT_CARD_AMOUNT_MISMATCH', 'ko');

let fresh: FreshPage;
freshPagePerTest(baseUrl, (f) => {
  fresh = f;
});

afterAll(async () => {
  await closeDatabase();
});

/** A CUBIC package on sale with a bonus (the demo has one), as the panel lists it. */
async function cubicPackage(page: Page): Promise<PaymentProduct> {
  const res = await page.request.post('/v1/payment/product_list', { form: { currency: 'CUBIC' }, headers: API_HEADERS });
  const list = ((await res.json()) as { rslt_set: { data_list: PaymentProduct[] } }).rslt_set.data_list;
  const product = list.find((p) => p.bonus > 0) ?? list[0];
  if (!product) throw new Error('no CUBIC package on sale: the demo seed should have made some');
  return product;
}

async function cardOrdersOf(loginId: string): Promise<{ state: string; price: number }[]> {
  return sql<{ state: string; price: number }>(
    `select l.state, l.price from user_payment_log l join users u on u.user_key = l.user_key
      where lower(u.id) = lower($1) and l.method = 'card' order by l.user_payment_log_sn`,
    [loginId],
  );
}

/** My page → charge → the CUBIC tab → the package → card → the test PG's checkout page. */
async function checkoutByCard(page: Page, product: PaymentProduct): Promise<void> {
  await page.goto('/mypage');
  await page.waitForLoadState('networkidle');
  await page.locator('[data-payment-links] [data-charge-button]').click();
  const panel = page.getByRole('dialog', { name: '충전' });
  await panel.waitFor();
  // The panel opens on the STAR tab (SPEC §2); CUBIC is the second.
  expect(await panel.locator('[data-payment-tab="star"]').getAttribute('aria-selected')).toBe('true');
  await panel.locator('[data-payment-tab="cubic"]').click();
  await panel.locator(`[data-product="${product.product_sn}"]`).click();
  await panel.getByLabel('카드').check();
  // The deposit fields give way to the card note; the button names the price.
  expect(await panel.getByLabel('입금자명').count()).toBe(0);
  const submit = panel.locator('[data-deposit-submit]');
  expect(await submit.textContent()).toBe(`${product.price.toLocaleString('ko-KR')}원 카드 결제`);
  await submit.click();
  await page.waitForURL('**/pg-test/checkout?**');
  // The test PG's own page: clearly a test, with the order as the panel placed it.
  const body = await page.locator('body').innerText();
  expect(body).toContain('TEST PG');
  expect(body).toContain(product.product_nm);
  expect(body).toContain(`${product.price.toLocaleString('ko-KR')}원`);
}

describe('card payments through the test PG', { timeout: 120_000 }, () => {
  it('a viewer buys CUBIC by card: the success page, my page and the payment history show it, and a reload charges nothing twice', async () => {
    const { page, faults } = fresh;
    const viewer = await joinByApi(page.request, { id: `pcard${run}`, nick: `카드${run}` });
    const product = await cubicPackage(page);
    const credited = product.amount + product.bonus;
    expect(await balanceOf(page, 'cubic')).toBe(0);

    await checkoutByCard(page, product);
    await page.getByRole('button', { name: '결제 / Pay' }).click();
    await page.waitForURL('**/pg/success?**');
    const result = page.locator('[data-pg-result]');
    await expect.poll(() => result.getAttribute('data-pg-result')).toBe('paid');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('충전이 완료되었습니다');
    expect(await page.locator('[data-pg-charged]').textContent()).toBe(`${product.product_nm} 충전`);
    expect(await page.locator('[data-pg-row="balance"]').getAttribute('data-value')).toBe(String(credited));
    expect(await page.locator('[data-pg-row="balance"] dt').textContent()).toBe('보유 CUBIC');
    expect(await page.locator('[data-pg-row="price"] dd').textContent()).toBe(`${product.price.toLocaleString('ko-KR')}원`);
    expect(await balanceOf(page, 'cubic')).toBe(credited);

    // A reload sends the same confirmation: the same paid order is shown, nothing is credited again.
    await page.reload();
    await expect.poll(() => result.getAttribute('data-pg-result')).toBe('paid');
    expect(await page.locator('[data-pg-row="balance"]').getAttribute('data-value')).toBe(String(credited));
    expect(await balanceOf(page, 'cubic')).toBe(credited);
    expect(await cardOrdersOf(viewer.id)).toEqual([{ state: 'paid', price: product.price }]);

    // My page shows the balance; the payment history lists the paid card order.
    await page.locator('[data-pg-link="mypage"]').click();
    await page.waitForURL('**/mypage');
    expect(await page.locator('[data-mypage="cubic"] dd').textContent()).toBe(credited.toLocaleString('ko-KR'));
    await page.goto('/mypage/payment');
    const order = page.locator('[data-order-list="all"] [data-order]').first();
    expect(await order.getAttribute('data-state')).toBe('paid');
    expect(await order.locator('[data-order-product]').textContent()).toBe(product.product_nm);
    expect(await order.locator('[data-order-state]').textContent()).toBe('결제 완료');
    expect(await order.textContent()).toContain('카드');
    expect(await order.locator('[data-order-price]').getAttribute('data-order-price')).toBe(String(product.price));
    expect(await order.locator('[data-order-cancel]').count()).toBe(0);

    // "영수증" opens the PG's receipt (the test PG's card sales slip) in a new window, with the amount.
    const receiptButton = order.getByRole('button', { name: '영수증' });
    const [receipt] = await Promise.all([page.waitForEvent('popup'), receiptButton.click()]);
    await receipt.waitForURL('**/pg-test/receipt/**');
    const slip = await receipt.locator('body').innerText();
    expect(slip).toContain('TEST PG');
    expect(slip).toContain('카드 매출전표');
    expect(await receipt.locator('[data-receipt="amount"]').textContent()).toBe(`${product.price.toLocaleString('ko-KR')}원 (KRW)`);
    expect(await receipt.locator('[data-receipt="order-name"]').textContent()).toBe(product.product_nm);
    await receipt.close();
    expect(faults).toEqual([]);
  });

  it('a viewer who cancels on the checkout page lands on /pg/fail and is charged nothing', async () => {
    const { page, faults } = fresh;
    const viewer = await joinByApi(page.request, { id: `pcan${run}`, nick: `취소${run}` });
    const product = await cubicPackage(page);

    await checkoutByCard(page, product);
    await page.getByRole('link', { name: '취소 / Cancel' }).click();
    await page.waitForURL('**/pg/fail?**');
    expect(await page.locator('[data-pg-result]').getAttribute('data-pg-result')).toBe('cancelled');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('결제를 취소했습니다');
    // The provider's own message, and that nothing was charged.
    expect(await page.locator('[data-pg-message]').textContent()).toBe('사용자에 의해 결제가 취소되었습니다.');
    expect(await page.locator('[data-pg-result]').textContent()).toContain('청구된 금액은 없습니다.');
    expect(await balanceOf(page, 'cubic')).toBe(0);
    expect(await cardOrdersOf(viewer.id)).toEqual([{ state: 'pending', price: product.price }]);

    // A success address with a tampered amount is refused with its message, and credits nothing.
    const [pending] = await sql<{ order_no: string }>(
      `select l.order_no from user_payment_log l join users u on u.user_key = l.user_key where lower(u.id) = lower($1)`,
      [viewer.id],
    );
    await page.goto(`/pg/success?paymentKey=tpk_forged${run}&orderId=${pending?.order_no}&amount=1`);
    await expect.poll(() => page.locator('[data-pg-result]').getAttribute('data-pg-result')).toBe('refused');
    expect(await page.locator('[data-pg-message]').textContent()).toBe(TAMPERED);
    expect(await balanceOf(page, 'cubic')).toBe(0);
    expect(await cardOrdersOf(viewer.id)).toEqual([{ state: 'pending', price: product.price }]);

    // "Try again" opens the payment panel.
    await page.getByRole('button', { name: '다시 결제하기' }).click();
    await page.getByRole('dialog', { name: '충전' }).waitFor();
    expect(faults).toEqual([]);
  });

  it('the bank deposit popups: the form in its own window, then the completion with account, amount, deadline and order number', async () => {
    const { page, faults } = fresh;
    const viewer = await joinByApi(page.request, { id: `pbank${run}`, nick: `입금${run}` });
    const product = await cubicPackage(page);
    await page.goto('/mypage/payment/bankbook');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-empty="bankbook"]').count()).toBe(1);

    const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('[data-open-form-bankbook]').click()]);
    await popup.waitForLoadState('networkidle');
    expect(new URL(popup.url()).pathname).toBe('/popup/form_bankbook');
    // Outside the site's layout: the form alone, bank deposit only (no method choice).
    expect(await popup.locator('[data-popup="form_bankbook"]').count()).toBe(1);
    expect(await popup.locator('[data-payment-method]').count()).toBe(0);
    await popup.locator('[data-payment-tab="cubic"]').click();
    await popup.locator(`[data-product="${product.product_sn}"]`).click();
    // A wrong depositor name shows its message under the field and places nothing.
    await popup.getByLabel('입금자명').fill('<홍길동>');
    await popup.locator('[data-deposit-submit]').click();
    await expect
      .poll(() => popup.locator('[data-field-errors="deposit-depositor"]').textContent())
      .toBe(resultMessage('PAYMENT_DEPOSITOR_INVALID', 'ko', { max: PAYMENT_LIMITS.depositorMax }));
    expect(await popup.getByLabel('입금자명').getAttribute('aria-invalid')).toBe('true');
    await popup.getByLabel('입금자명').fill('홍길동');
    await popup.locator('[data-deposit-submit]').click();

    await popup.waitForURL('**/popup/complete_payment_bankbook?user_payment_log_sn=*');
    const [order] = await sql<{ user_payment_log_sn: string; order_no: string; bank_account_nm: string }>(
      `select l.user_payment_log_sn, l.order_no, l.bank_account_nm from user_payment_log l join users u on u.user_key = l.user_key
        where lower(u.id) = lower($1)`,
      [viewer.id],
    );
    if (!order) throw new Error('the popup placed no order');
    const done = popup.locator(`[data-deposit-done="${order.user_payment_log_sn}"]`);
    await done.waitFor();
    expect(await done.getAttribute('data-state')).toBe('pending');
    expect(await done.locator('[data-done="account"] [data-fact-value]').textContent()).toBe(order.bank_account_nm);
    expect(await done.locator('[data-done="amount"] [data-fact-value]').textContent()).toBe(`${product.price.toLocaleString('ko-KR')}원`);
    // Copy buttons put the account number and the amount, as digits, where a banking app takes them (issue 15).
    await popup.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await done.locator('[data-done="account"] [data-copy]').click();
    await expect.poll(() => done.locator('[data-done="account"] [data-copy]').textContent()).toBe('복사했습니다');
    expect(await popup.evaluate(() => navigator.clipboard.readText())).toBe(/\d[\d-]{5,}\d/.exec(order.bank_account_nm)?.[0]);
    await done.locator('[data-done="amount"] [data-copy]').click();
    await expect.poll(() => popup.evaluate(() => navigator.clipboard.readText())).toBe(String(product.price));
    expect(await done.locator('[data-done="order-no"] dd').textContent()).toBe(order.order_no);
    expect(await done.locator('[data-done="deadline"] dd').textContent()).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);

    // "View bank deposits" sends the opener to the list, which shows the order, and closes the popup.
    await Promise.all([popup.waitForEvent('close'), done.getByRole('button', { name: '무통장입금 내역 보기' }).click()]);
    const row = page.locator(`[data-order="${order.user_payment_log_sn}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('pending');
    // The opener was sent there by a full navigation: its server-rendered row shows before the page's
    // scripts run, and a click before hydration opens nothing (CI saw the popup never come).
    await page.waitForLoadState('networkidle');

    // The row reopens the completion popup; another member's order answers a refusal, never its data.
    const [again] = await Promise.all([page.waitForEvent('popup'), row.locator('[data-order-details]').click()]);
    await again.locator(`[data-deposit-done="${order.user_payment_log_sn}"]`).waitFor();
    await again.close();
    const other = await (await page.context().browser()?.newContext({ baseURL: baseUrl, locale: 'ko-KR' }))?.newPage();
    if (!other) throw new Error('no second context');
    await joinByApi(other.request, { id: `pbank2${run}`, nick: `다른${run}` });
    await other.goto(`/popup/complete_payment_bankbook?user_payment_log_sn=${order.user_payment_log_sn}`);
    expect(await other.locator('[data-popup-error]').textContent()).not.toBe('');
    expect(await other.locator('body').innerText()).not.toContain(order.order_no);
    await other.context().close();
    expect(faults).toEqual([]);
  });
});
