import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type FreshPage, freshPagePerTest } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { joinByApi } from './support/members.js';

/**
 * Supporters in Chromium through the built-in test PG (PG_PROVIDER=test): a viewer opens
 * /store/supporters for a demo BJ (`?bj=`), picks the 5,500원 plan, pays a regular month on the test PG's
 * page and lands on /pg/supporters/success, which confirms it; /mypage/supporters shows the support. The
 * same viewer registers a card for auto-pay (the billing page), sees the next charge on /mypage/supporters
 * and cancels it there; the paid month stays. The plans and the BJ are the demo's (the platform starts
 * with --demo).
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');

let fresh: FreshPage;
freshPagePerTest(baseUrl, (f) => {
  fresh = f;
});

afterAll(async () => {
  await closeDatabase();
});

async function demoBj(): Promise<{ user_key: string; nick: string }> {
  const [bj] = await sql<{ user_key: string; nick: string }>(
    `select user_key::text, nick from users where is_demo and type_cd = 'bj' and state = 'active' order by user_key limit 1`,
  );
  if (!bj) throw new Error('no demo BJ: the platform should start with --demo');
  return bj;
}

describe('supporters through the test PG', { timeout: 120_000 }, () => {
  it('a viewer supports a BJ for a month, then by auto-pay, and cancels the auto-pay on /mypage/supporters', async () => {
    const { page, faults } = fresh;
    const viewer = await joinByApi(page.request, { id: `psup${run}`, nick: `서포터${run}` });
    const bj = await demoBj();

    // Regular: the BJ from the link, the 5,500원 plan, the test PG's Pay, the return page.
    await page.goto(`/store/supporters?bj=${bj.user_key}`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-chosen-bj] [data-bj-nick]').textContent()).toBe(bj.nick);
    await page.locator('[data-plan]', { hasText: '5,500원' }).click();
    const submit = page.locator('[data-supporters-submit]');
    expect(await submit.textContent()).toBe('5,500원 결제하기');
    await submit.click();
    await page.waitForURL('**/pg-test/checkout?**');
    expect(await page.locator('body').innerText()).toContain('5,500원');
    await page.getByRole('button', { name: '결제 / Pay' }).click();
    await page.waitForURL('**/pg/supporters/success?**');
    const result = page.locator('[data-pg-result]');
    await expect.poll(() => result.getAttribute('data-pg-result')).toBe('paid');
    expect(await page.locator('[data-pg-result] h1').textContent()).toBe('서포터가 되었습니다');
    expect(await page.locator('[data-pg-row="amount"] dd').textContent()).toBe('5,500원');
    // A reload confirms nothing twice and shows the same paid charge.
    await page.reload();
    await expect.poll(() => result.getAttribute('data-pg-result')).toBe('paid');
    const paid = await sql<{ n: number }>(
      `select count(*)::int as n from supporter_charge c join users u on u.user_key = c.user_key where lower(u.id) = lower($1) and c.state = 'paid'`,
      [viewer.id],
    );
    expect(paid[0]?.n).toBe(1);

    await page.locator('[data-pg-link="mine"]').click();
    await page.waitForURL('**/mypage/supporters');
    const regular = page.locator('[data-supporter][data-type="regular"]');
    expect(await regular.getAttribute('data-state')).toBe('active');
    expect(await regular.locator('[data-supporter-bj]').textContent()).toBe(bj.nick);
    expect(await regular.locator('[data-supporter-until]').textContent()).toMatch(/^후원 기간: \d{4}\.\d{2}\.\d{2}까지$/);

    // Auto-pay: the card registration page of the test PG, then the first month at once.
    await page.goto(`/store/supporters?bj=${bj.user_key}`);
    await page.waitForLoadState('networkidle');
    await page.locator('[data-type="auto"]').click();
    expect(await submit.textContent()).toContain('카드 등록하고');
    await submit.click();
    await page.waitForURL('**/pg-test/checkout?**');
    await page.getByRole('button', { name: '등록 / Register' }).click();
    await page.waitForURL('**/pg/supporters/success?**');
    await expect.poll(() => result.getAttribute('data-pg-result')).toBe('paid');
    expect(await page.locator('[data-pg-charged]').textContent()).toContain('정기결제가 시작되었습니다');

    // My page links to the supports.
    await page.goto('/mypage');
    await page.waitForLoadState('networkidle');
    await page.locator('[data-payment-links]').getByRole('link', { name: '내 서포터즈' }).click();
    await page.waitForURL('**/mypage/supporters');
    const auto = page.locator('[data-supporter][data-type="auto"]');
    expect(await auto.getAttribute('data-state')).toBe('active');
    expect(await auto.locator('[data-supporter-next]').textContent()).toMatch(/^다음 결제일: /);
    await auto.locator('[data-cancel-auto]').click();
    await page.getByRole('button', { name: '예' }).click();
    await expect.poll(() => auto.getAttribute('data-state')).toBe('cancelled');
    expect(await auto.locator('[data-supporter-state]').textContent()).toBe('해지됨 (기간 유지)');
    expect(await auto.locator('[data-supporter-next]').count()).toBe(0);
    expect(await auto.locator('[data-supporter-until]').count()).toBe(1);

    // The details tab lists the auto-pay charge of this month.
    await page.goto('/mypage/details?tab=supporters_auto');
    expect(await page.locator('[data-details-list="supporters_auto"] [data-supporter-charge]').count()).toBe(1);
    expect(faults).toEqual([]);
  });

  it('a viewer who cancels the card registration lands on /pg/supporters/fail and is charged nothing', async () => {
    const { page, faults } = fresh;
    const viewer = await joinByApi(page.request, { id: `pscan${run}`, nick: `취소${run}` });
    const bj = await demoBj();

    await page.goto(`/store/supporters?bj=${bj.user_key}`);
    await page.waitForLoadState('networkidle');
    await page.locator('[data-type="auto"]').click();
    await page.locator('[data-supporters-submit]').click();
    await page.waitForURL('**/pg-test/checkout?**');
    await page.getByRole('link', { name: '취소 / Cancel' }).click();
    await page.waitForURL('**/pg/supporters/fail?**');
    expect(await page.locator('[data-pg-result]').getAttribute('data-pg-result')).toBe('cancelled');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('결제를 취소했습니다');
    expect(await page.locator('[data-pg-result]').textContent()).toContain('결제된 금액은 없습니다.');
    const [order] = await sql<{ order_id: string }>(
      `select c.order_no as order_id from supporter_charge c join users u on u.user_key = c.user_key where lower(u.id) = lower($1)`,
      [viewer.id],
    );
    expect(await page.locator('[data-pg-code]').textContent()).toContain(`주문번호 ${order?.order_id}`);
    const paid = await sql<{ n: number }>(
      `select count(*)::int as n from supporter_charge c join users u on u.user_key = c.user_key where lower(u.id) = lower($1) and c.state = 'paid'`,
      [viewer.id],
    );
    expect(paid[0]?.n).toBe(0);
    // The ways on: my supports and the supporters page.
    await page.locator('[data-pg-link="store"]').click();
    await page.waitForURL('**/store/supporters');
    expect(faults).toEqual([]);
  });
});
