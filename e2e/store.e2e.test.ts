import { randomBytes, randomUUID } from 'node:crypto';
import { withJosa } from '@byeol/contract';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SESSION_CACHE_TTL_MS } from '../apps/server/src/modules/users/users.session-cache.js';
import { type FreshPage, freshPagePerTest } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { endLiveRooms, liveBroadcast } from './support/live-room.js';
import { API_HEADERS, apiClient, joinByApi } from './support/members.js';

/**
 * The store in Chromium, as a viewer meets it: an anonymous visitor who presses "buy" gets the sign-in
 * panel and buys nothing; a funded viewer buys two of an item (the confirm shows price × count), finds
 * them in /mypage/item with the counters changed, uses one, and sees the purchase in the CUBIC statement
 * of /mypage/details; a viewer without enough CUBIC reads the refusal beside the button and keeps their
 * balance. The catalogue item and the funding come from an operator through the API
 * (/v1/admin/item_save, /v1/admin/wallet_grant), as an operator would set them up.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const PRICE = 300;

let fresh: FreshPage;
freshPagePerTest(baseUrl, (f) => {
  fresh = f;
});

let operator: APIRequestContext | undefined;
let itemSn: number | undefined;

afterAll(async () => {
  await operator?.dispose();
  await endLiveRooms();
  await closeDatabase();
});

async function post<T>(client: APIRequestContext, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await client.post(`/v1${path}`, { form, headers: { ...API_HEADERS, ...headers } });
  return (await res.json()) as { rslt_cd: number; rslt_msg: string; rslt_set: T };
}

/** An operator account (made one in the database: no page appoints operators) with its own cookie jar. */
async function operatorClient(): Promise<APIRequestContext> {
  if (operator) return operator;
  const client = await apiClient(baseUrl);
  const member = await joinByApi(client, { id: `sop${run}`, nick: `운영${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [member.id]);
  operator = client;
  return client;
}

/** One catalogue item for this run: 300 CUBIC, 30 days, 3 uses a day, refundable, giftable. */
async function catalogueItem(): Promise<number> {
  if (itemSn) return itemSn;
  const saved = await post<{ item_sn: number }>(await operatorClient(), '/admin/item_save', {
    category: 'sticker',
    name_ko: `응원봉${run}`,
    name_en: `Light stick ${run}`,
    description_ko: '방송에서 응원봉을 흔듭니다.',
    price: String(PRICE),
    validity_days: '30',
    uses_per_day: '3',
    refund_yn: 'Y',
    gift_yn: 'Y',
  });
  expect(saved.rslt_cd, saved.rslt_msg).toBe(0);
  itemSn = saved.rslt_set.item_sn;
  return itemSn;
}

async function grantCubic(loginId: string, amount: number): Promise<void> {
  const granted = await post(
    await operatorClient(),
    '/admin/wallet_grant',
    { id: loginId, currency: 'CUBIC', amount: String(amount), reason: 'e2e store' },
    { 'Idempotency-Key': `e2e-${randomUUID()}` },
  );
  expect(granted.rslt_cd, granted.rslt_msg).toBe(0);
}

async function cubicOf(page: Page): Promise<number> {
  const res = await page.request.get('/v1/user/user_info', { headers: API_HEADERS });
  return ((await res.json()) as { rslt_set: { user_info: { cubic_cnt: number } } }).rslt_set.user_info.cubic_cnt;
}

async function itemsOwnedBy(loginId: string): Promise<number> {
  const [row] = await sql<{ n: string }>(
    'select count(*) as n from user_item i join users u on u.user_key = i.user_key where lower(u.id) = lower($1)',
    [loginId],
  );
  return Number(row?.n ?? 0);
}

async function openDetail(page: Page, sn: number): Promise<void> {
  await page.goto(`/store/item/detail?item_sn=${sn}`);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('[data-item-name]').textContent()).toBe(`응원봉${run}`);
}

const counter = (page: Page, key: string) => page.locator(`[data-counter="${key}"] dd`).getAttribute('data-value');

describe('store and items', { timeout: 120_000 }, () => {
  it('an anonymous visitor who presses buy gets the sign-in panel, and nothing is bought', async () => {
    const { page } = fresh;
    const sn = await catalogueItem();
    const before = await sql<{ n: string }>('select count(*) as n from user_item where item_sn = $1', [sn]);
    // The storefront's sticker tab and the item list both offer it, linking to its detail page.
    await page.goto('/store?category=sticker');
    expect(await page.locator('[data-tab="sticker"]').getAttribute('aria-current')).toBe('page');
    const card = page.locator(`[data-store="grid"] [data-item-sn="${sn}"]`);
    expect(await card.locator('[data-item-name]').textContent()).toBe(`응원봉${run}`);
    await page.goto('/store/item?category=effect');
    expect(await page.locator(`[data-store="list"] [data-item-sn="${sn}"]`).count()).toBe(0);
    await page.goto('/store/item?category=sticker');
    expect(await page.locator(`[data-store="list"] [data-item-sn="${sn}"]`).textContent()).toContain('하루 3회');

    await openDetail(page, sn);
    // The detail shows what the item is, with the site term for the currency (never the code alone).
    expect(await page.locator('[data-term="uses"] dd').textContent()).toBe('하루 3회');
    expect(await page.locator('[data-item-detail] [data-price]').first().textContent()).toBe(`${PRICE} CUBIC`);

    await page.locator('[data-buy]').click();
    const panel = page.getByRole('dialog', { name: '로그인' });
    await panel.waitFor();
    // No confirm dialog, no purchase: the panel is all that happened.
    expect(await page.getByRole('alertdialog', { name: '구매 확인' }).count()).toBe(0);
    const after = await sql<{ n: string }>('select count(*) as n from user_item where item_sn = $1', [sn]);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('a funded viewer buys two, sees them in /mypage/item, uses one and finds the purchase in the CUBIC statement', async () => {
    const { page, faults } = fresh;
    const sn = await catalogueItem();
    const viewer = await joinByApi(page.request, { id: `sbuy${run}`, nick: `구매자${run}` });
    await grantCubic(viewer.id, 1_000);

    await openDetail(page, sn);
    expect(await page.locator('[data-balance]').getAttribute('data-balance')).toBe('1000');
    await page.getByLabel('수량').fill('2');
    await expect.poll(() => page.locator('[data-total-price]').textContent()).toBe(`결제 금액: ${PRICE} CUBIC × 2 = 600 CUBIC`);
    await page.locator('[data-buy]').click();
    const confirm = page.getByRole('alertdialog', { name: '구매 확인' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`응원봉${run}: ${PRICE} CUBIC × 2개 = 600 CUBIC`);
    await confirm.getByRole('button', { name: '확인', exact: true }).click();
    await expect.poll(() => page.locator('[data-bought]').textContent()).toContain('구매가 완료되었습니다.');
    await expect.poll(() => page.locator('[data-balance]').getAttribute('data-balance')).toBe('400');
    expect(await cubicOf(page)).toBe(400);
    expect(await itemsOwnedBy(viewer.id)).toBe(2);

    // My items: two unused, nothing in use; each row offers use and (refundable, unused) refund.
    await page.locator('[data-bought] a').click();
    await page.waitForURL('**/mypage/item');
    await page.waitForLoadState('networkidle');
    expect(await counter(page, 'unused')).toBe('2');
    expect(await counter(page, 'in_use')).toBe('0');
    const rows = page.locator('[data-item-list="active"] [data-user-item]');
    expect(await rows.count()).toBe(2);
    const row = rows.first();
    expect(await row.locator('[data-item-name]').textContent()).toBe(`응원봉${run}`);
    expect(await row.locator('[data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual([
      'use',
      'refund',
    ]);
    expect(await row.locator('[data-uses-today]').textContent()).toBe('오늘 0/3회 사용');

    // Using it: the row turns "in use" with the count of today, and the counters follow.
    await row.locator('[data-action="use"]').click();
    await expect.poll(() => row.locator('[data-item-note]').textContent()).toBe(`${withJosa(`응원봉${run}`, '을/를')} 사용했습니다.`);
    await expect.poll(() => row.getAttribute('data-state')).toBe('in_use');
    expect(await row.locator('[data-uses-today]').textContent()).toBe('오늘 1/3회 사용');
    expect(await row.locator('[data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual(['use', 'stop']);
    await expect.poll(() => counter(page, 'in_use')).toBe('1');
    expect(await counter(page, 'unused')).toBe('1');

    // The CUBIC statement of this month: the purchase (−600, balance 400) above the grant (+1,000).
    await page.goto('/mypage/details?tab=cubic');
    await page.waitForLoadState('networkidle');
    const lines = page.locator('[data-details-list="cubic"] [data-statement]');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.first().getAttribute('data-statement')).toBe('item');
    expect(await lines.first().locator('[data-amount]').getAttribute('data-amount')).toBe('-600');
    expect(await lines.first().textContent()).toContain('잔액 400 CUBIC');
    expect(await lines.nth(1).locator('[data-amount]').getAttribute('data-amount')).toBe('1000');
    // The month selector starts at the current month.
    const months = await page.locator('[data-month-select] option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(months[0]).toBe(await page.locator('[data-details]').getAttribute('data-month'));
    // The other lists are empty for this viewer, and say so.
    await page.goto('/mypage/item/expired');
    expect(await page.locator('[data-empty="expired"]').textContent()).toBe('만료되거나 사용이 끝난 아이템이 없습니다.');
    await page.goto('/mypage/item/gift?tab=sent');
    expect(await page.locator('[data-empty="gift_sent"]').textContent()).toBe('선물한 아이템이 없습니다.');
    expect(faults).toEqual([]);
  });

  it('in a live room the items button opens the sign-in panel when signed out; signed in, using an item there shows it in the chat', async () => {
    const { page } = fresh;
    const sn = await catalogueItem();
    // A BJ and a live broadcast row (no media needed for the room and its chat).
    const bjClient = await apiClient(baseUrl);
    const bj = await joinByApi(bjClient, { id: `sbj${run}`, nick: `방장${run}` });
    await bjClient.dispose();
    const [bjRow] = await sql<{ user_key: string }>(
      `update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where lower(id) = lower($1) returning user_key`,
      [bj.id],
    );
    const vodKey = `store${run}`;
    await liveBroadcast(bjRow?.user_key as string, vodKey, `아이템 방송 ${run}`);

    await page.goto(`/play/${vodKey}`);
    await page.locator('[data-items-button]').waitFor();
    await expect.poll(() => page.locator('[data-chat]').getAttribute('data-chat-status'), { timeout: 20_000 }).toBe('joined');
    await page.locator('[data-items-button]').click();
    await page.getByRole('dialog', { name: '로그인' }).waitFor();
    expect(await page.locator('[data-item-use-panel]').count()).toBe(0);
    await page.keyboard.press('Escape');

    // Signed in with an item bought through the API, the panel lists it and uses it in this room.
    const viewer = await joinByApi(page.request, { id: `sroom${run}`, nick: `관객${run}` });
    await grantCubic(viewer.id, PRICE);
    const bought = await post(
      page.request,
      '/item/item_deal_proc',
      { item_sn: String(sn), cnt: '1' },
      { 'Idempotency-Key': `e2e-${randomUUID()}` },
    );
    expect(bought.rslt_cd, bought.rslt_msg).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('[data-chat]').getAttribute('data-chat-status'), { timeout: 20_000 }).toBe('joined');
    await page.locator('[data-items-button]').click();
    const panel = page.locator('[data-item-use-panel]');
    const row = panel.locator('[data-user-item]');
    await expect.poll(() => row.count()).toBe(1);
    await row.locator('[data-action="use"]').click();
    await expect.poll(() => row.locator('[data-item-note]').textContent()).toBe(`${withJosa(`응원봉${run}`, '을/를')} 사용했습니다.`);
    // The room sees which item (issue 15): a card over the video and the chat line name it.
    const card = page.locator('[data-gift-effects] [data-effect-card][data-code="60"]');
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    expect(await card.locator('[data-effect-who]').textContent()).toBe(`관객${run}`);
    expect(await card.locator('[data-effect-what]').textContent()).toBe(`${withJosa(`응원봉${run}`, '을/를')} 사용`);
    const itemLine = page.locator('[data-chat] [data-chat-line="event"][data-code="60"]');
    await expect.poll(() => itemLine.count(), { timeout: 10_000 }).toBe(1);
    expect(await itemLine.textContent()).toBe(`[아이템 사용] 관객${run} · 응원봉${run}`);
    const [use] = await sql<{ vod_key: string }>(
      'select u.vod_key from user_item_use u join users m on m.user_key = u.user_key where lower(m.id) = lower($1)',
      [viewer.id],
    );
    expect(use?.vod_key).toBe(vodKey);
  });

  it('a purchase with too little CUBIC shows the refusal where the viewer pressed buy, and the balance stays', async () => {
    const { page } = fresh;
    const sn = await catalogueItem();
    const viewer = await joinByApi(page.request, { id: `spoor${run}`, nick: `부족${run}` });
    await grantCubic(viewer.id, 100);

    await openDetail(page, sn);
    await page.locator('[data-buy]').click();
    await page.getByRole('alertdialog', { name: '구매 확인' }).getByRole('button', { name: '확인', exact: true }).click();
    await expect.poll(() => page.locator('[data-buy-form] [role="alert"]').textContent()).toBe('CUBIC이 부족합니다.');
    expect(await page.locator('[data-bought]').count()).toBe(0);
    expect(await page.locator('[data-balance]').getAttribute('data-balance')).toBe('100');
    expect(await cubicOf(page)).toBe(100);
    expect(await itemsOwnedBy(viewer.id)).toBe(0);

    // A count out of bounds is refused in the form before anything is sent.
    await page.getByLabel('수량').fill('0');
    await page.locator('[data-buy]').click();
    await expect.poll(() => page.locator('[data-field-errors="buy-cnt"]').textContent()).toBe('수량은 1 이상이어야 합니다.');
    expect(await page.getByRole('alertdialog', { name: '구매 확인' }).count()).toBe(0);
  });

  it('the storefront leads to the supporters page; the header shows 관리 to an operator and not to a viewer', async () => {
    const { page } = fresh;
    const member = await joinByApi(page.request, { id: `ssup${run}`, nick: `후원${run}` });
    await page.goto('/store');
    await page.locator('[data-supporters-card]').click();
    await page.waitForURL((url) => url.pathname === '/store/supporters');
    await page.locator('[data-store-supporters] h1').getByText('서포터즈').waitFor();
    expect(await page.locator('[data-supporters-form]').count()).toBe(1);
    expect(await page.locator('[data-admin-link]').count()).toBe(0);

    // The same member made an operator by hand in SQL, which nothing announces to the server's session
    // cache: a page view shows 관리 once the cached session ages out (SESSION_CACHE_TTL_MS), and it opens
    // the console.
    await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [member.id]);
    const admin = page.locator('header [data-admin-link]');
    await expect
      .poll(
        async () => {
          await page.goto('/store');
          return admin.count();
        },
        { timeout: SESSION_CACHE_TTL_MS + 5_000, interval: 500 },
      )
      .toBe(1);
    expect(await admin.textContent()).toBe('관리');
    await admin.click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.locator('[data-admin-console][data-admin-role="operator"]').waitFor();
  });
});
