import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { chatJoined, chatOf, liveRoomOf } from './support/live-room.js';
import { API_HEADERS, joinByApi } from './support/members.js';

/**
 * The operator console in Chromium (issue 7): a viewer buys STAR by bank deposit in the payment panel (my page
 * → charge), an operator confirms the deposit in /admin, the viewer's balance shows it and the viewer gifts in
 * a live room; the order and its audit row show in the console. A viewer opening /admin is refused, a
 * signed-out visitor gets the sign-in panel. The operator is a member made operator in the database (no page
 * appoints operators); the packages and the bank account come from the demo seed.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await closeDatabase();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'ko-KR' });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
  return page;
}

async function starOf(page: Page): Promise<number> {
  const res = await page.request.get('/v1/user/user_info', { headers: API_HEADERS });
  return ((await res.json()) as { rslt_set: { user_info: { star_cnt: number } } }).rslt_set.user_info.star_cnt;
}

describe('operator console', { timeout: 180_000 }, () => {
  it('a viewer buys STAR by bank deposit, an operator confirms it in /admin, the viewer sees the balance and gifts', async () => {
    const viewerPage = await newPage();
    await joinByApi(viewerPage.request, { id: `adv${run}`, nick: `입금팬${run}` });

    // The viewer: my page → charge → the STAR tab (the default) → the first package, bank deposit.
    await viewerPage.goto('/mypage');
    expect(await viewerPage.locator('[data-mypage="star"] dd').textContent()).toBe('0');
    await viewerPage.locator('[data-charge-button]').first().click();
    const panel = viewerPage.locator('[data-payment-panel]');
    await expect.poll(() => panel.locator('[data-product]').count()).toBeGreaterThan(0);
    expect(await panel.locator('[data-payment-tab="star"]').getAttribute('aria-selected')).toBe('true');
    await panel.locator('[data-product]').first().click();
    await panel.locator('#deposit-depositor').fill(`입금${run}`);
    await panel.locator('[data-deposit-submit]').click();
    const done = viewerPage.locator('[data-deposit-done]');
    await expect.poll(() => done.count()).toBe(1);
    const orderNo = ((await done.locator('[data-done="order-no"] dd').textContent()) ?? '').trim();
    expect(orderNo).toMatch(/^D\d{8}-\d{8}$/);
    const [order] = await sql<{ credited: number; price: number }>(
      'select amount + bonus as credited, price from user_payment_log where order_no = $1',
      [orderNo],
    );
    if (!order) throw new Error(`no order ${orderNo}`);

    // The operator: /admin shows the dashboard and the pending deposit; confirming it credits the viewer.
    const opPage = await newPage();
    const op = await joinByApi(opPage.request, { id: `adop${run}`, nick: `운영${run}` });
    await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [op.id]);
    await opPage.goto('/admin');
    await expect.poll(() => opPage.locator('[data-admin-console]').count()).toBe(1);
    expect(Number(await opPage.locator('[data-dashboard-card="pending"] [data-dashboard-value]').textContent())).toBeGreaterThan(0);
    await opPage.locator('[data-admin-section="deposits"]').click();
    const row = opPage.locator(`[data-deposit-row="${orderNo}"]`);
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(`입금${run}`);
    await row.locator('[data-deposit-confirm]').click();
    const dialog = opPage.locator('[data-admin-dialog]');
    await expect.poll(() => dialog.count()).toBe(1);
    // Prefilled from the order; a wrong amount is refused in the dialog and credits nothing.
    expect(await dialog.locator('#admin-depositor_nm').inputValue()).toBe(`입금${run}`);
    expect(await dialog.locator('#admin-amount').inputValue()).toBe(String(order.price));
    await dialog.locator('#admin-amount').fill(String(order.price - 1));
    await dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => dialog.locator('[role="alert"]').first().textContent()).toBeTruthy();
    expect(await starOf(viewerPage)).toBe(0);
    await dialog.locator('#admin-amount').fill(String(order.price));
    await dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.count()).toBe(0);

    // The order search finds it paid, with its audit trail naming the operator.
    await opPage.goto(`/admin/orders?order_no=${orderNo}`);
    const found = opPage.locator(`[data-order-row="${orderNo}"]`);
    await expect.poll(() => found.locator('[data-order-state]').getAttribute('data-order-state')).toBe('paid');
    await found.locator('[data-order-open]').click();
    const detail = opPage.locator(`[data-order-detail="${orderNo}"]`);
    await expect.poll(() => detail.locator('[data-action="deposit_confirm"]').count()).toBe(1);
    expect(await detail.locator('[data-action="deposit_confirm"]').textContent()).toContain(`운영${run}`);
    expect(await detail.locator('[data-order-refund]').count()).toBe(1);
    await opPage.keyboard.press('Escape');
    await opPage.goto(`/admin/audit?action=deposit_confirm&actor=${op.id}`);
    await expect.poll(() => opPage.locator('[data-admin-table="audit"] [data-action="deposit_confirm"]').count()).toBe(1);
    expect(await opPage.locator('[data-audit-target]').first().textContent()).toContain(orderNo);

    // The viewer's balance shows the credit, then the viewer gifts in a live room.
    await viewerPage.goto('/mypage');
    await expect.poll(() => viewerPage.locator('[data-mypage="star"] dd').textContent()).toBe(order.credited.toLocaleString('ko-KR'));
    const bjPage = await newPage();
    const { vodKey } = await liveRoomOf(bjPage, `adm${run}`);
    await bjPage.goto(`/play/${vodKey}`);
    await chatJoined(bjPage);
    await viewerPage.goto(`/play/${vodKey}`);
    await chatJoined(viewerPage);
    await viewerPage.locator('[data-gift-button]').click();
    const form = viewerPage.locator('[data-gift-form]');
    await expect.poll(() => form.count()).toBe(1);
    expect(await form.locator('[data-gift-balance]').getAttribute('data-gift-balance')).toBe(String(order.credited));
    await form.locator('[data-gift-preset="10"]').click();
    await form.locator('[data-gift-submit]').click();
    await expect.poll(() => form.count()).toBe(0);
    const giftLine = chatOf(bjPage).locator('[data-chat-line="gift"]');
    await expect.poll(() => giftLine.count()).toBe(1);
    expect(await giftLine.textContent()).toContain(`입금팬${run}님이 STAR 10개를 선물했습니다`);
    expect(await starOf(viewerPage)).toBe(order.credited - 10);
  });

  it('a viewer opening /admin is refused; a signed-out visitor gets the sign-in panel', async () => {
    const viewerPage = await newPage();
    await joinByApi(viewerPage.request, { id: `adno${run}`, nick: `일반${run}` });
    const res = await viewerPage.goto('/admin/deposits');
    expect(res?.status()).toBe(403);
    expect(await viewerPage.locator('[data-admin-refused]').textContent()).toContain('접근 권한이 없습니다');
    expect(await viewerPage.locator('[data-admin-console]').count()).toBe(0);
    expect(await viewerPage.locator('[data-deposit-row]').count()).toBe(0);

    const guest = await newPage();
    await guest.goto('/admin');
    await expect.poll(() => guest.locator('[data-login-gate]').count()).toBe(1);
    await expect.poll(() => guest.getByRole('dialog').locator('input[type="password"]').count()).toBe(1);
    expect(await guest.locator('[data-admin-console]').count()).toBe(0);
  });
});
