import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { endLiveRooms, liveBroadcast, userKeyOf } from './support/live-room.js';
import { joinByApi } from './support/members.js';

/**
 * Live chat in Chromium, as a BJ and a viewer meet it: a live room (a broadcast row, no media needed), the
 * BJ and a signed-in viewer chat in two browser contexts and see each other's lines; the BJ opens the
 * viewer's namecard and forces them out; the viewer sees 'forced out of the broadcast' and still does
 * after a reload. An OBS overlay (/play/{vod_key}/effects/full) stays transparent and shows the BJ's
 * enter and the chat.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);

afterAll(async () => {
  await endLiveRooms();
  await closeDatabase();
});

/** The chat panel of a page, and its lines' texts. */
const chat = (page: Page) => page.locator('[data-chat]');
const chatTexts = (page: Page) => chat(page).locator('[data-chat-line]').allTextContents();

describe('live chat', { timeout: 120_000 }, () => {
  it('a BJ and a viewer chat; the BJ forces the viewer out, who stays out after a reload; the overlay shows the room', async () => {
    const bjPage = await newPage();
    const viewerPage = await newPage();
    const overlayPage = await newPage();

    // Two members, each signed in in their own context (the join logs the context in).
    const bj = await joinByApi(bjPage.request, { id: `cbj${run}`, nick: `방장${run}` });
    const viewer = await joinByApi(viewerPage.request, { id: `cfan${run}`, nick: `시청자${run}` });
    const bjKey = await userKeyOf(bj);
    const viewerKey = await userKeyOf(viewer);
    await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where user_key = $1`, [bjKey]);
    const vodKey = `chat${run}`;
    await liveBroadcast(bjKey, vodKey, `채팅 방송 ${run}`);

    // The OBS overlay, signed out, before anyone enters: transparent, joined as a guest. Its URL carries the
    // BJ's ID (what /mypage/stream hands out), so it follows the BJ into this broadcast.
    await overlayPage.goto(`/play/${bj.id}/effects/full`);
    const stage = overlayPage.locator('[data-effects-stage="full"]');
    await expect.poll(() => stage.getAttribute('data-chat-status'), { timeout: 20_000 }).toBe('joined');
    const backgrounds = await overlayPage.evaluate(() =>
      [document.documentElement, document.body, document.querySelector('.wrap')].map((el) =>
        el ? getComputedStyle(el).backgroundColor : '',
      ),
    );
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    expect(await overlayPage.locator('header, footer').count()).toBe(0);

    // The BJ enters: the overlay animates the enter (11, a moderator entered).
    await bjPage.goto(`/play/${vodKey}`);
    await expect.poll(() => chat(bjPage).getAttribute('data-chat-status'), { timeout: 20_000 }).toBe('joined');
    expect(await chat(bjPage).getAttribute('data-chat-role')).toBe('bj');
    await expect.poll(() => chatTexts(bjPage)).toEqual([`방장${run}님이 입장했습니다.`]);
    await expect.poll(() => stage.locator('[data-effect-card][data-code="11"]').allTextContents()).toEqual([`방장${run}님 입장`]);

    await viewerPage.goto(`/play/${vodKey}`);
    await expect.poll(() => chat(viewerPage).getAttribute('data-chat-status'), { timeout: 20_000 }).toBe('joined');
    expect(await chat(viewerPage).getAttribute('data-chat-role')).toBe('user');

    // Each sees the other's message; the BJ's line carries the BJ badge; text is text, never HTML.
    await bjPage.locator('[data-chat-input]').fill('안녕하세요 <b>여러분</b>');
    await bjPage.locator('[data-chat-input]').press('Enter');
    await expect.poll(() => chatTexts(viewerPage)).toContain(`BJ방장${run}안녕하세요 <b>여러분</b>`);
    expect(await chat(viewerPage).locator('[data-chat-text] b').count()).toBe(0);
    await expect.poll(() => bjPage.locator('[data-chat-input]').inputValue()).toBe('');

    await viewerPage.locator('[data-chat-input]').fill('반가워요');
    expect(await viewerPage.locator('[data-chat-counter]').textContent()).toBe('4/200');
    await viewerPage.locator('[data-chat-input]').press('Enter');
    await expect.poll(() => chatTexts(bjPage)).toContain(`시청자${run}반가워요`);
    await expect
      .poll(() => stage.locator('[data-overlay-line]').allTextContents())
      .toEqual([`BJ방장${run}안녕하세요 <b>여러분</b>`, `시청자${run}반가워요`]);

    // The BJ opens the viewer's namecard and forces them out, after confirming.
    await chat(bjPage).locator(`[data-chat-line="message"][data-user-key="${viewerKey}"] [data-chat-nick]`).first().click();
    const card = bjPage.locator(`[data-chat-namecard="${viewerKey}"]`);
    expect(await card.textContent()).toContain(`아이디: ${viewer.id}`);
    await card.getByRole('button', { name: '강제퇴장', exact: true }).click();
    await bjPage.getByRole('button', { name: '확인', exact: true }).click();
    await expect.poll(() => chatTexts(bjPage)).toContain(`시청자${run}님이 강제퇴장 되었습니다.`);

    // The viewer is out: the SPEC §8 message replaces the input, and a reload does not bring them back.
    const blocked = viewerPage.locator('[data-chat-blocked]');
    await expect.poll(() => blocked.textContent()).toBe('방송에서 강제퇴장 되었습니다.');
    expect(await viewerPage.locator('[data-chat-input]').count()).toBe(0);
    await viewerPage.reload();
    await expect
      .poll(() => viewerPage.locator('[data-chat-blocked]').textContent(), { timeout: 20_000 })
      .toBe('방송에서 강제퇴장 되었습니다.');
    expect(await chat(viewerPage).getAttribute('data-chat-status')).toBe('closed');

    // The BJ still chats.
    await bjPage.locator('[data-chat-input]').fill('계속합니다');
    await bjPage.locator('[data-chat-input]').press('Enter');
    await expect.poll(() => chatTexts(bjPage)).toContain(`BJ방장${run}계속합니다`);
  });

  it('a signed-out viewer reads the chat and is offered the sign-in panel instead of the input', async () => {
    const bjPage = await newPage();
    const bj = await joinByApi(bjPage.request, { id: `cbj2${run}`, nick: `방장둘${run}` });
    const bjKey = await userKeyOf(bj);
    const vodKey = `chat2${run}`;
    await liveBroadcast(bjKey, vodKey, `두번째 ${run}`);
    const guest = await newPage();
    await guest.goto(`/play/${vodKey}`);
    await expect.poll(() => chat(guest).getAttribute('data-chat-status'), { timeout: 20_000 }).toBe('joined');
    expect(await chat(guest).locator('[data-chat-empty]').textContent()).toBe('아직 채팅이 없습니다.');
    expect(await chat(guest).locator('[data-chat-sign-in]').textContent()).toContain('로그인하면 채팅에 참여할 수 있습니다.');
    expect(await guest.locator('[data-chat-input]').count()).toBe(0);

    await bjPage.goto(`/play/${vodKey}`);
    await expect.poll(() => chat(bjPage).getAttribute('data-chat-status'), { timeout: 20_000 }).toBe('joined');
    await bjPage.locator('[data-chat-input]').fill('손님도 보이나요');
    await bjPage.locator('[data-chat-input]').press('Enter');
    await expect.poll(() => chatTexts(guest)).toContain(`BJ방장둘${run}손님도 보이나요`);

    await chat(guest).getByRole('button', { name: '로그인' }).click();
    await expect.poll(() => guest.getByRole('dialog').count()).toBe(1);
  });
});
