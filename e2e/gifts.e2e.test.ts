import { randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { chatJoined, chatOf, endLiveRooms, liveRoomOf, userKeyOf } from './support/live-room.js';
import { API_HEADERS, apiClient, balanceOf, joinByApi } from './support/members.js';

/**
 * Star gifts in Chromium (issue 6): a funded viewer opens the gift panel in a live room, picks a preset,
 * writes a message and sends; the BJ, in a second browser context, sees the gift line in the chat (and the
 * viewer's fan badge afterwards), the ranking lists the viewer, and the effects page animates the gift. A
 * bad direct amount shows its own message under the field and moves nothing; a signed-out viewer gets the
 * sign-in panel and no gift panel. The live room is a broadcast row (no media needed for the chat); the
 * funding comes from an operator through /v1/admin/wallet_grant.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
let operator: APIRequestContext | undefined;
const newPage = pagesPerFile(baseUrl);

afterAll(async () => {
  await operator?.dispose();
  await endLiveRooms();
  await closeDatabase();
});

/** Grants STAR as an operator would (an operator made in the database: no page appoints operators). */
async function grantStar(loginId: string, amount: number): Promise<void> {
  if (!operator) {
    const client = await apiClient(baseUrl);
    const member = await joinByApi(client, { id: `gop${run}`, nick: `운영자${run}` });
    await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [member.id]);
    operator = client;
  }
  const res = await operator.post('/v1/admin/wallet_grant', {
    form: { id: loginId, currency: 'STAR', amount: String(amount), reason: 'e2e gifts' },
    headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
  });
  const body = (await res.json()) as { rslt_cd: number; rslt_msg: string };
  expect(body.rslt_cd, body.rslt_msg).toBe(0);
}

const chat = chatOf;
const joined = chatJoined;

describe('star gifts in a live room', { timeout: 120_000 }, () => {
  it('a funded viewer gifts a preset with a message; the BJ sees it in chat, the ranking and the effects page', async () => {
    const bjPage = await newPage();
    const viewerPage = await newPage();
    const effectsPage = await newPage();
    const { vodKey, bj } = await liveRoomOf(bjPage, `a${run}`);
    const viewer = await joinByApi(viewerPage.request, { id: `gfan${run}`, nick: `팬${run}` });
    const viewerKey = await userKeyOf(viewer);
    await grantStar(viewer.id, 1_000);

    await effectsPage.goto(`/play/${vodKey}/effects`);
    await expect
      .poll(() => effectsPage.locator('[data-effects-stage]').getAttribute('data-chat-status'), { timeout: 20_000 })
      .toBe('joined');
    await bjPage.goto(`/play/${vodKey}`);
    await joined(bjPage);
    await expect.poll(() => bjPage.locator('[data-gift-rank]').textContent()).toContain('아직 선물이 없습니다.');
    await viewerPage.goto(`/play/${vodKey}`);
    await joined(viewerPage);
    // The header shows the balance (issue 15), named by the site's term for screen readers.
    const headerBalance = viewerPage.locator('header [data-header-balance]');
    expect(await headerBalance.getAttribute('data-header-balance')).toBe('1000');
    expect(await headerBalance.locator('[data-balance-value]').textContent()).toBe('1,000');
    expect(await headerBalance.textContent()).toBe('★1,000STAR 보유, 충전하기');

    // The gift panel: presets, the direct input with its bounds, the balance by the site's term.
    await viewerPage.locator('[data-gift-button]').click();
    const form = viewerPage.locator('[data-gift-form]');
    await expect.poll(() => form.count()).toBe(1);
    expect(await viewerPage.getByRole('dialog').textContent()).toContain('STAR 선물하기');
    expect(await form.locator('[data-gift-balance]').getAttribute('data-gift-balance')).toBe('1000');
    expect(await form.textContent()).toContain('최소 1개 ~ 최대 100,000개');
    await form.locator('[data-gift-preset="100"]').click();
    expect(await form.locator('#gift-amount').inputValue()).toBe('100');
    await form.locator('#gift-message').fill('최고예요!');
    await form.locator('[data-gift-submit]').click();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => viewerPage.getByText('STAR 100개를 선물했습니다.', { exact: false }).count()).toBeGreaterThan(0);
    expect(await balanceOf(viewerPage, 'star')).toBe(900);
    await expect.poll(() => headerBalance.getAttribute('data-header-balance')).toBe('900');

    // The BJ's chat: one gift line with the amount by the site's term and the message.
    const giftLine = chat(bjPage).locator('[data-chat-line="gift"]');
    await expect.poll(() => giftLine.count()).toBe(1);
    expect(await giftLine.getAttribute('data-code')).toBe('21');
    expect(await giftLine.textContent()).toContain(`팬${run}님이 STAR 100개를 선물했습니다`);
    expect(await giftLine.locator('[data-gift-message]').textContent()).toBe('최고예요!');
    // The first gift joined the BJ's fan club: its number travels with the gift.
    expect(await giftLine.textContent()).toContain('첫 선물! 팬클럽 1번째 팬');
    expect(await giftLine.locator('[data-fan-no]').getAttribute('data-fan-no')).toBe('1');

    // The effects page animates it.
    const card = effectsPage.locator('[data-effect-card][data-code="21"]');
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain(`팬${run} · STAR 100개`);
    expect(await card.textContent()).toContain('최고예요!');

    // The ranking reloads on the gift; the viewer's next message carries the fan badge.
    await expect
      .poll(() => bjPage.locator(`[data-gift-rank-user="${viewerKey}"]`).textContent(), { timeout: 10_000 })
      .toContain(`팬${run}`);
    await viewerPage.locator('[data-chat-input]').fill('팬이 되었어요');
    await viewerPage.locator('[data-chat-input]').press('Enter');
    const line = chat(bjPage).locator(`[data-chat-line="message"][data-user-key="${viewerKey}"]`);
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.locator('[data-fan-badge]').textContent()).toBe('♥ 팬');

    // 서포터즈 beside the gift button leads to the supporters page with this room's BJ chosen; the BJ has
    // neither in their own room (issue 15: nothing to give themselves).
    const bjKey = await userKeyOf(bj);
    expect(await viewerPage.locator('[data-gift-button]').count()).toBe(1);
    expect(await bjPage.locator('[data-gift-button]').count()).toBe(0);
    expect(await bjPage.locator('[data-support-bj]').count()).toBe(0);
    await viewerPage.locator(`[data-support-bj="${bjKey}"]`).click();
    await viewerPage.waitForURL((url) => url.pathname === '/store/supporters' && url.searchParams.get('bj') === String(bjKey));
    const chosen = viewerPage.locator(`[data-chosen-bj="${bjKey}"]`);
    await chosen.waitFor();
    expect(await chosen.locator('[data-bj-nick]').textContent()).toBe(bj.nick);
  });

  it('a bad direct amount shows its message under the field and moves nothing; a signed-out viewer gets the sign-in panel', async () => {
    const bjPage = await newPage();
    const viewerPage = await newPage();
    const { vodKey } = await liveRoomOf(bjPage, `b${run}`);
    const viewer = await joinByApi(viewerPage.request, { id: `gbad${run}`, nick: `실수${run}` });
    const viewerKey = await userKeyOf(viewer);
    await grantStar(viewer.id, 50);
    await viewerPage.goto(`/play/${vodKey}`);
    await joined(viewerPage);
    await viewerPage.locator('[data-gift-button]').click();
    const form = viewerPage.locator('[data-gift-form]');
    const amount = form.locator('#gift-amount');
    const errors = form.locator('[data-field-errors="gift-amount"]');

    for (const [typed, message] of [
      ['1.5', '수량은 소수점 없는 정수로 입력해 주세요.'],
      ['0', '수량은 1 이상이어야 합니다.'],
      ['100001', '수량은 100000 이하여야 합니다.'],
    ] as const) {
      await amount.fill(typed);
      await form.locator('[data-gift-submit]').click();
      await expect.poll(() => errors.textContent()).toBe(message);
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
    }
    // More than the balance: the server's refusal, by the site's term, and still nothing moved.
    await amount.fill('60');
    await form.locator('[data-gift-submit]').click();
    await expect.poll(() => form.locator('[role="alert"]').first().textContent()).toBe('STAR가 부족합니다.');
    expect(await balanceOf(viewerPage, 'star')).toBe(50);
    // With a way to charge right there (issue 15).
    await form.locator('[data-charge-button]').click();
    await expect.poll(() => viewerPage.locator('[data-payment-panel]').count()).toBe(1);
    await viewerPage.keyboard.press('Escape');
    expect(await sql(`select 1 from wallet_txn where actor_user_key = $1 and kind = 'gift' and state = 'done'`, [viewerKey])).toEqual([]);

    const guest = await newPage();
    await guest.goto(`/play/${vodKey}`);
    await joined(guest);
    await guest.locator('[data-gift-button]').click();
    await expect.poll(() => guest.getByRole('dialog').count()).toBe(1);
    expect(await guest.locator('[data-gift-form]').count()).toBe(0);
    expect(await guest.getByRole('dialog').locator('input[type="password"]').count()).toBe(1);
  });
});
