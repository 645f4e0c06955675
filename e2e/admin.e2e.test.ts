import { randomBytes } from 'node:crypto';
import { paymentsEndpoints, SITE_FOOTER_FIELDS, siteEndpoints } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { chatJoined, chatOf, endLiveRooms, liveRoomOf } from './support/live-room.js';
import { API_HEADERS, balanceOf, call, joinByApi } from './support/members.js';

/**
 * The operator console in Chromium (issue 7): a viewer buys STAR by bank deposit in the payment panel (my page
 * → charge), an operator confirms the deposit in /admin, the viewer's balance shows it and the viewer gifts in
 * a live room; the order and its audit row show in the console. The operator refunds: the spent order is
 * refused in the dialog, a second paid order is refunded and the viewer's balance drops by exactly its credit.
 * The item catalogue: a new item with wrong fields, each message under its field, saved, then taken off sale.
 * A viewer opening /admin is refused, a signed-out visitor gets the sign-in panel. The operator is a member
 * made operator in the database (no page appoints operators); the packages and the bank account come from the
 * demo seed.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);

afterAll(async () => {
  await endLiveRooms();
  await closeDatabase();
});

/** A member made operator in the database, signed in on a page of their own. */
async function operatorPage(tag: string): Promise<{ page: Page; id: string }> {
  const page = await newPage();
  const op = await joinByApi(page.request, { id: `${tag}${run}`, nick: `운영${tag}${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [op.id]);
  return { page, id: op.id };
}

/** Opens `orderNo` in the orders screen, then its refund dialog; answers the dialog. */
async function openRefund(opPage: Page, orderNo: string) {
  await opPage.goto(`/admin/orders?order_no=${orderNo}`);
  await opPage.locator(`[data-order-row="${orderNo}"] [data-order-open]`).click();
  const detail = opPage.locator(`[data-order-detail="${orderNo}"]`);
  await detail.locator('[data-order-refund]').click();
  const dialog = opPage.locator('[data-admin-dialog]');
  await expect.poll(() => dialog.count()).toBe(1);
  return { detail, dialog };
}

describe('operator console', { timeout: 180_000 }, () => {
  it('a viewer buys STAR by bank deposit, an operator confirms it in /admin, the viewer gifts; a refund of spent STAR is refused, another is exact', async () => {
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
    const [order] = await sql<{ credited: number; price: number; product_sn: number }>(
      'select amount + bonus as credited, price, product_sn from user_payment_log where order_no = $1',
      [orderNo],
    );
    if (!order) throw new Error(`no order ${orderNo}`);

    // The operator: /admin shows the dashboard and the pending deposit; confirming it credits the viewer.
    const { page: opPage, id: opId } = await operatorPage('adop');
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
    expect(await balanceOf(viewerPage, 'star')).toBe(0);
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
    expect(await detail.locator('[data-action="deposit_confirm"]').textContent()).toContain(`운영adop${run}`);
    expect(await detail.locator('[data-order-refund]').count()).toBe(1);
    await opPage.keyboard.press('Escape');
    await opPage.goto(`/admin/audit?action=deposit_confirm&actor=${opId}`);
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
    expect(await balanceOf(viewerPage, 'star')).toBe(order.credited - 10);

    // The operator refunds it: the viewer spent part of it, so the refund is refused in the dialog and
    // nothing moves.
    const spent = await openRefund(opPage, orderNo);
    await spent.dialog.locator('#admin-reason').fill('고객 요청');
    await spent.dialog.locator('[data-admin-submit]').click();
    const refusal = spent.dialog.locator('[role="alert"]');
    await expect.poll(() => refusal.count()).toBe(1);
    expect(await refusal.textContent()).toContain('구매자가 이미 사용하여 환불할 수 없습니다');
    expect(await spent.dialog.count()).toBe(1);
    expect(await balanceOf(viewerPage, 'star')).toBe(order.credited - 10);
    await opPage.keyboard.press('Escape');

    // A second order, placed and confirmed (by the API), is refunded in the console: the viewer's balance
    // drops by exactly its credit and the order shows refunded.
    const second = await call(viewerPage.request, paymentsEndpoints.depositOrder, {
      product_sn: String(order.product_sn),
      depositor_nm: `입금${run}`,
      idempotency_key: `adm-second-${run}`,
    });
    await call(opPage.request, paymentsEndpoints.adminDepositConfirm, {
      user_payment_log_sn: String(second.user_payment_log_sn),
      depositor_nm: `입금${run}`,
      amount: String(second.price),
      deposited_at: new Date().toISOString(),
    });
    const before = await balanceOf(viewerPage, 'star');
    expect(before).toBe(order.credited - 10 + second.amount);
    const refund = await openRefund(opPage, second.order_no);
    expect(await refund.dialog.textContent()).toContain(second.price.toLocaleString('ko-KR'));
    await refund.dialog.locator('[data-admin-submit]').click();
    // A refund needs its reason.
    await expect.poll(() => refund.dialog.locator('[role="alert"]').count()).toBe(1);
    await refund.dialog.locator('#admin-reason').fill('중복 결제');
    await refund.dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => refund.dialog.count()).toBe(0);
    await expect.poll(() => refund.detail.getAttribute('data-state')).toBe('refunded');
    expect(await refund.detail.locator('[data-action="refund"]').count()).toBe(1);
    expect(await refund.detail.locator('[data-order-refund]').count()).toBe(0);
    expect(await balanceOf(viewerPage, 'star')).toBe(before - second.amount);
    await opPage.keyboard.press('Escape');
    await expect
      .poll(() => opPage.locator(`[data-order-row="${second.order_no}"] [data-order-state]`).getAttribute('data-order-state'))
      .toBe('refunded');
  });

  it('an operator adds a catalogue item: each wrong field says so under itself; saved, it is listed and taken off sale', async () => {
    const { page } = await operatorPage('adit');
    await page.goto('/admin/items');
    await page.locator('[data-admin-section="items"]').waitFor();
    // The button works once the page is hydrated (its scripts and the console's texts have loaded).
    await page.waitForLoadState('networkidle');
    await page.locator('[data-item-new]').click();
    const form = page.locator('[data-item-form]');
    await expect.poll(() => form.count()).toBe(1);
    const errorOf = (field: string) => form.locator(`[data-field-errors="item-${field}"]`);

    // Empty: the Korean name, the price and the validity are named, each under its own field; nothing is sent.
    await form.locator('[data-item-save]').click();
    await expect.poll(() => errorOf('name_ko').textContent()).toBe('입력해 주세요.');
    expect(await errorOf('price').textContent()).toBe('1부터 10,000,000까지의 정수로 입력해 주세요.');
    expect(await errorOf('validity_days').textContent()).toContain('1부터 3,650까지');
    // The first wrong field has the focus.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('item-name_ko');
    expect(await errorOf('uses_per_day').count()).toBe(0);

    const name = `콘솔아이템${run}`;
    await form.locator('#item-category').selectOption('chat');
    await form.locator('#item-name_ko').fill(name);
    await form.locator('#item-name_en').fill(`Console item ${run}`);
    await form.locator('#item-price').fill('1.5');
    await form.locator('#item-validity_days').fill('30');
    await form.locator('#item-uses_per_day').fill('3');
    // Fixing a field clears its message; the price is still wrong.
    expect(await errorOf('name_ko').count()).toBe(0);
    await form.locator('[data-item-save]').click();
    await expect.poll(() => errorOf('price').count()).toBe(1);
    expect(await errorOf('validity_days').count()).toBe(0);

    // The server refuses a script as the image: its message shows under the image URL.
    await form.locator('#item-price').fill('700');
    await form.locator('#item-image_url').fill('javascript:alert(1)');
    await form.locator('[data-item-save]').click();
    await expect.poll(() => errorOf('image_url').count()).toBe(1);
    const [stored] = await sql<{ n: number }>(`select count(*)::int as n from store_item where names->>'ko' = $1`, [name]);
    expect(stored?.n).toBe(0);

    await form.locator('#item-image_url').fill('/items/console.svg');
    await form.locator('[data-item-save]').click();
    await expect.poll(() => form.count()).toBe(0);
    const [item] = await sql<{ item_sn: number; page: number }>(
      `select s.item_sn::int as item_sn,
              (select count(*)::int from store_item o where o.category = 'chat' and (o.sort, o.item_sn) < (s.sort, s.item_sn)) / 20 + 1 as page
         from store_item s where names->>'ko' = $1`,
      [name],
    );
    if (!item) throw new Error('the item was not saved');

    // Listed under its category with its price and terms; stopping its sale shows in the row.
    await page.goto(`/admin/items?category=chat&page=${item.page}`);
    const row = page.locator(`[data-item-row="${item.item_sn}"]`);
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('[data-item-name]').textContent()).toBe(name);
    expect(await row.locator('[data-price]').getAttribute('data-price')).toBe('700');
    expect(await row.locator('[data-item-terms]').textContent()).toContain('하루 3회');
    expect(await row.getAttribute('data-on-sale')).toBe('Y');
    await row.locator('[data-item-toggle]').click();
    await expect.poll(() => row.getAttribute('data-on-sale')).toBe('N');
    // The store no longer sells it.
    const res = await page.request.post('/v1/sub/store_detail_more', { form: { item_sn: String(item.item_sn) }, headers: API_HEADERS });
    expect(((await res.json()) as { rslt_set: { on_sale_yn: string } }).rslt_set.on_sale_yn).toBe('N');
  });

  it("an operator edits the footer's company data in /admin/site (issue 15): a bad email is refused under its field, the saved values show in the footer at once and for visitors", async () => {
    const { page: opPage } = await operatorPage('adft');
    await opPage.goto('/admin/site');
    const form = opPage.locator('[data-site-footer-form]');
    const save = form.locator('[data-site-footer-save]');
    await expect.poll(() => save.isEnabled()).toBe(true);
    const field = (name: string) => form.locator(`#site-footer-${name}`);
    const found: Record<string, string> = {};
    for (const name of SITE_FOOTER_FIELDS) found[name] = await field(name).inputValue();
    expect(found.company_nm).not.toBe('');
    const footer = opPage.locator('footer');
    expect(await footer.textContent()).toContain(found.company_nm);

    const company = `(주)별빛${run}`;
    const address = `서울특별시 마포구 별길 ${run}`;
    try {
      // A wrong email is refused under its own field, named by its label (never `email`).
      await field('email').fill('help@@byeol');
      await save.click();
      await expect
        .poll(() => form.locator('[data-field-errors="site-footer-email"]').textContent())
        .toBe('입력값이 올바르지 않습니다: 이메일');
      await field('email').fill(found.email ?? '');

      await field('company_nm').fill(company);
      await field('adr_nm').fill(address);
      const answered = opPage.waitForResponse((r) => r.url().endsWith('/v1/admin/site_footer_proc'));
      await save.click();
      expect(((await (await answered).json()) as { rslt_cd: number }).rslt_cd).toBe(0);
      // The console page's own footer follows without a reload.
      await expect.poll(() => footer.textContent()).toContain(company);
      expect(await footer.textContent()).toContain(address);
      expect(await footer.locator('[data-footer-row]').first().textContent()).toBe(`상호${company}`);

      // A visitor's first page shows them too.
      const visitor = await newPage();
      await visitor.goto('/');
      expect(await visitor.locator('footer').textContent()).toContain(company);
      expect(await visitor.locator('footer').textContent()).toContain(address);
      // After a reload the form holds what was saved.
      await opPage.reload();
      await expect.poll(() => field('company_nm').inputValue()).toBe(company);
    } finally {
      // Every other test sees the footer it found.
      await call(opPage.request, siteEndpoints.adminFooter, found);
    }
  });

  it("the console's texts come with it (a chunk of their own): opened from the header without a page load, then after a language switch", async () => {
    const { page } = await operatorPage('adtx');
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // In the browser: the header's link, no page load (the home page did not load the console's texts).
    await page.locator('[data-admin-link]').click();
    const menu = page.locator('[data-admin-menu]');
    await expect.poll(() => menu.locator('p').first().textContent()).toBe('운영 콘솔');
    expect(await menu.locator('p').nth(1).textContent()).toContain('운영자');
    await page.getByLabel('언어').selectOption('en');
    await expect.poll(() => menu.locator('p').first().textContent(), { timeout: 10_000 }).toBe('Operator console');
    expect(await page.locator('[data-admin-section="deposits"]').textContent()).not.toMatch(/^nav\.|^menu\./);
    // A page load of a console screen has them before it hydrates, in the chosen language.
    await page.goto('/admin/deposits');
    expect(await menu.locator('p').first().textContent()).toBe('Operator console');
    await page.waitForLoadState('networkidle');
    expect(await menu.locator('p').first().textContent()).toBe('Operator console');
  });

  it("a console's texts that fail to download (offline mid-navigation) give the error page, never raw keys; the next page load opens the console", async () => {
    const { page } = await operatorPage('adof');
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // The console's texts chunk (the one that holds its Korean title) fails; every other file loads.
    let refused = 0;
    await page.route(/\/assets\/admin-[^/]+\.js$/, async (route) => {
      const res = await route.fetch();
      if ((await res.text()).includes('운영 콘솔')) {
        refused += 1;
        return route.abort('internetdisconnected');
      }
      return route.fulfill({ response: res });
    });
    await page.locator('[data-admin-link]').click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('오류가 발생했습니다');
    expect(refused).toBeGreaterThan(0);
    expect(await page.locator('[data-admin-menu]').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/\bmenu\.|\btitle\b/);
    // Back online (a browser keeps a failed module import failed until the page loads again): a page load, then the same link.
    await page.unroute(/\/assets\/admin-[^/]+\.js$/);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.locator('[data-admin-link]').click();
    await expect.poll(() => page.locator('[data-admin-menu] p').first().textContent()).toBe('운영 콘솔');
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
