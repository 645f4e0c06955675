import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { chatJoined, chatOf, endLiveRooms, liveRoomOf, userKeyOf } from './support/live-room.js';
import { API_HEADERS, balanceOf, joinByApi } from './support/members.js';
import { starGranter } from './support/wallet.js';

/**
 * Star gifts in Chromium (issue 6): a funded viewer opens the gift panel in a live room, picks a preset,
 * writes a message and sends; the BJ, in a second browser context, sees the gift line in the chat (and the
 * viewer's fan badge afterwards), the ranking lists the viewer, and the effects page animates the gift. A
 * bad direct amount shows its own message under the field and moves nothing; a signed-out viewer gets the
 * sign-in panel and no gift panel. The live room is a broadcast row (no media needed for the chat); the
 * funding comes from an operator through /v1/admin/wallet_grant. Gifts you can see (issue 15): viewers in other
 * browser contexts (a phone and a desktop) see each gift as a card over the video, sized by tier, reduced
 * motion honoured, a burst kept readable, and a switch under the player that turns the cards off for good.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);
const granter = starGranter(baseUrl, run);

afterAll(async () => {
  await granter.dispose();
  await endLiveRooms();
  await closeDatabase();
});

const grantStar = granter.grant;

const chat = chatOf;
const joined = chatJoined;

/** Gifts `star` STAR in the room through the API, as the gift panel does. */
async function giftStar(page: Page, vodKey: string, star: number, message?: string): Promise<void> {
  const res = await page.request.post('/v1/star/user_star_use_proc', {
    form: { vod_key: vodKey, star_cnt: String(star), ...(message ? { message } : {}) },
    headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
  });
  const body = (await res.json()) as { rslt_cd: number; rslt_msg: string };
  expect(body.rslt_cd, body.rslt_msg).toBe(0);
}

/** The gift cards over the video of a play page, of one chat code. */
const videoCard = (page: Page, code: number) => page.locator(`[data-gift-effects] [data-effect-card][data-code="${code}"]`);

const PHONE = { viewport: { width: 390, height: 844 } };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

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
      ['100001', '수량은 100,000 이하여야 합니다.'],
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

describe('gifts you can see (issue 15)', { timeout: 150_000 }, () => {
  it('every viewer sees a star gift animate over the video, sized by tier; a viewer turns the cards off and it survives a reload', async () => {
    const bjPage = await newPage();
    const { vodKey } = await liveRoomOf(bjPage, `v${run}`);
    const giverPage = await newPage();
    const giver = await joinByApi(giverPage.request, { id: `gvis${run}`, nick: `선물러${run}` });
    await grantStar(giver.id, 20_000);
    // A phone and a desktop viewer (guests, other browser contexts); the desktop asks for reduced motion.
    const phone = await newPage(PHONE);
    const desk = await newPage({ ...DESKTOP, reducedMotion: 'reduce' });
    for (const page of [phone, desk]) {
      await page.goto(`/play/${vodKey}`);
      await joined(page);
    }

    // A medium gift (100 STAR) with a message that looks like HTML: shown as text, over the video.
    await giftStar(giverPage, vodKey, 100, '<b>최고</b> 예요');
    const fontSizes: Record<string, number> = {};
    for (const [name, page] of [
      ['phone', phone],
      ['desk', desk],
    ] as const) {
      const card = videoCard(page, 21);
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.getAttribute('data-gift-tier')).toBe('1');
      expect(await card.locator('[data-effect-who]').textContent()).toBe(`선물러${run}`);
      expect(await card.locator('[data-effect-what]').textContent()).toBe('STAR 100개');
      expect(await card.locator('[data-effect-note]').textContent()).toBe('<b>최고</b> 예요');
      expect(await card.locator('b').count()).toBe(0);
      // Once slid in: inside the video's frame, clear of its control bar at the bottom, and of the LIVE badge.
      const video = await page.locator('[data-player] video').boundingBox();
      const badge = await page.locator('[data-live-badge]').boundingBox();
      if (!video || !badge) throw new Error('no player');
      await expect.poll(async () => (await card.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(video.x);
      const box = await card.boundingBox();
      if (!box) throw new Error('no card');
      expect(box.x).toBeGreaterThanOrEqual(video.x);
      expect(box.x + box.width).toBeLessThanOrEqual(video.x + video.width);
      expect(box.y).toBeGreaterThanOrEqual(badge.y + badge.height);
      expect(box.y + box.height).toBeLessThanOrEqual(video.y + video.height - 48);
      fontSizes[name] = await card.locator('> div').evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    }
    // It slides in on the phone; with reduced motion it only fades (no movement), and is still shown.
    expect(await videoCard(phone, 21).evaluate((el) => getComputedStyle(el).animationName)).toBe('byeol-effect-card');
    expect(await videoCard(desk, 21).evaluate((el) => getComputedStyle(el).animationName)).toBe('byeol-effect-fade');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A huge gift (10,000 STAR) gets the biggest card.
    await giftStar(giverPage, vodKey, 10_000);
    const huge = videoCard(desk, 23);
    await expect.poll(() => huge.count()).toBe(1);
    expect(await huge.getAttribute('data-gift-tier')).toBe('3');
    expect(await huge.locator('> div').evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThan(
      fontSizes.desk as number,
    );
    expect(await huge.textContent()).toContain('STAR 10,000개');

    // The switch under the player: touch-sized, pressed while the cards show.
    const toggle = phone.locator('[data-gift-effects-toggle]');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await toggle.textContent()).toContain('선물 효과');
    const size = await toggle.boundingBox();
    expect(size?.height).toBeGreaterThanOrEqual(44);
    expect(size?.width).toBeGreaterThanOrEqual(44);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await phone.locator('[data-gift-effects]').count()).toBe(0);
    expect(await phone.evaluate(() => localStorage.getItem('byeol:gift-effects'))).toBe('off');

    // Remembered after a reload: the next gift reaches the phone's chat but draws no card there.
    await phone.reload();
    await joined(phone);
    await expect.poll(() => phone.locator('[data-gift-effects-toggle]').getAttribute('aria-pressed')).toBe('false');
    await giftStar(giverPage, vodKey, 1_000, '안 보여도 돼요');
    await expect.poll(() => videoCard(desk, 22).count()).toBe(1);
    await expect.poll(() => chat(phone).locator('[data-chat-line="gift"][data-code="22"]').count()).toBe(1);
    expect(await phone.locator('[data-effect-card]').count()).toBe(0);

    // On again: the next gift animates.
    await phone.locator('[data-gift-effects-toggle]').click();
    await expect.poll(() => phone.locator('[data-gift-effects-toggle]').getAttribute('aria-pressed')).toBe('true');
    await giftStar(giverPage, vodKey, 5, '다시 켰어요');
    await expect.poll(() => videoCard(phone, 20).count()).toBe(1);
    expect(await videoCard(phone, 20).textContent()).toContain('다시 켰어요');
  });

  it('a burst stays readable: at most 2 cards on a phone, a bounded line, the rest folded into one card; a huge gift keeps its own', async () => {
    const bjPage = await newPage();
    const { vodKey } = await liveRoomOf(bjPage, `w${run}`);
    const giverPage = await newPage();
    const giver = await joinByApi(giverPage.request, { id: `gbur${run}`, nick: `폭주${run}` });
    await grantStar(giver.id, 20_000);
    const phone = await newPage(PHONE);
    await phone.goto(`/play/${vodKey}`);
    await joined(phone);
    // The most cards on screen and in line the page ever had.
    await phone.evaluate(() => {
      const w = window as unknown as { maxCards: number; maxWaiting: number };
      w.maxCards = 0;
      w.maxWaiting = 0;
      new MutationObserver(() => {
        const layer = document.querySelector('[data-gift-effects]');
        w.maxCards = Math.max(w.maxCards, layer?.querySelectorAll('[data-effect-card]').length ?? 0);
        w.maxWaiting = Math.max(w.maxWaiting, Number(layer?.getAttribute('data-effects-waiting') ?? 0));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-effects-waiting'] });
    });

    await Promise.all(Array.from({ length: 14 }, () => giftStar(giverPage, vodKey, 1)));
    await giftStar(giverPage, vodKey, 10_000, '대박');
    await expect.poll(() => chat(phone).locator('[data-chat-line="gift"]').count()).toBe(15);
    // The huge gift gets its card, and the folded ones one card at the end of the line.
    await expect.poll(() => videoCard(phone, 23).count(), { timeout: 40_000 }).toBe(1);
    expect(await videoCard(phone, 23).textContent()).toContain('대박');
    const burst = phone.locator('[data-gift-effects] [data-effect-card][data-effect-kind="burst"]');
    await expect.poll(() => burst.count(), { timeout: 40_000 }).toBe(1);
    expect(await burst.textContent()).toMatch(/선물 \d+건 더 · STAR \d+개/);
    expect(await burst.textContent()).toContain(`폭주${run}`);
    const seen = await phone.evaluate(() => {
      const w = window as unknown as { maxCards: number; maxWaiting: number };
      return { maxCards: w.maxCards, maxWaiting: w.maxWaiting };
    });
    expect(seen.maxCards).toBe(2);
    expect(seen.maxWaiting).toBeLessThanOrEqual(7);
  });
});
