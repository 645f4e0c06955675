import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { closeDatabase } from './support/database.js';
import { chatJoined, chatOf, endLiveRooms, liveRoomOf } from './support/live-room.js';
import { joinByApi } from './support/members.js';

/**
 * Video guests in Chromium (issue 24, docs/chat-protocol.md "The call"): the BJ opens the guest studio
 * (/mypage/stream/studio) while live; a phone-verified viewer on a phone asks to join on camera from the
 * room; the studio lists the request with the viewer's standing, the BJ accepts, and the guest's camera
 * (Chromium's fake device) reaches the studio over WebRTC: a tile whose <video> has frames and plays.
 * This file's own browser fakes the camera and grants it without a prompt.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    // Host candidates as addresses, not mDNS names (nothing resolves .local on a CI machine).
    '--disable-features=WebRtcHideLocalIpsWithMdns',
  ]);
});
afterAll(async () => {
  await browser?.close();
  await endLiveRooms();
  await closeDatabase();
});

async function newPage(options: BrowserContextOptions): Promise<Page> {
  if (!browser) throw new Error('the browser did not start');
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'ko-KR', ...options });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
  return page;
}

describe('video guests', { timeout: 120_000 }, () => {
  it("a viewer's camera reaches the BJ's studio once the BJ accepts the request", async () => {
    const studio = await newPage({ viewport: { width: 1280, height: 720 } });
    const phone = await newPage({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    const { vodKey } = await liveRoomOf(studio, `v${run}`);
    // joinByApi verifies a phone first: the viewer may be a guest.
    const viewer = await joinByApi(phone.request, { id: `gfan${run}`, nick: `게스트${run}` });

    await studio.goto('/mypage/stream/studio');
    await expect.poll(() => studio.locator('[data-studio]').getAttribute('data-studio-ready'), { timeout: 20_000 }).toBe('1');
    expect(await studio.locator('[data-studio]').getAttribute('data-studio')).toBe(vodKey);

    await phone.goto(`/play/${vodKey}`);
    await chatJoined(phone);
    const apply = phone.locator('[data-guest-apply]');
    expect((await apply.textContent())?.trim()).toBe('📹화상 참여 신청');
    await apply.click();
    await expect.poll(() => phone.locator('[data-guest-call]').getAttribute('data-guest-call'), { timeout: 10_000 }).toBe('applied');

    // The studio lists the request with the requester's standing, and accepts it.
    const request = studio.locator('[data-guest-request]');
    await expect.poll(() => request.count(), { timeout: 10_000 }).toBe(1);
    expect(await request.textContent()).toContain(viewer.nick);
    expect(await request.locator('[data-guest-standing]').textContent()).toBe('일반 시청자');
    await request.locator('[data-guest-accept]').click();

    // The guest's page shows its self-view; the studio's tile gets the camera's frames, and they play.
    await expect.poll(() => phone.locator('[data-guest-call]').getAttribute('data-guest-call'), { timeout: 10_000 }).toBe('accepted');
    const video = studio.locator('[data-guest-video]');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(t0 + 0.5);
    await expect.poll(() => studio.locator('[data-guest-tile]').getAttribute('data-guest-link'), { timeout: 10_000 }).toBe('connected');
    await expect.poll(() => phone.locator('[data-guest-call]').getAttribute('data-guest-link')).toBe('connected');
    expect(await phone.locator('[data-guest-self]').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    // Phone first: nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The guest's page reloads: the new page takes the call over (201 resume), the studio offers again and
    // the camera is back on the same tile.
    const tile = studio.locator('[data-guest-tile]');
    await phone.reload();
    await chatJoined(phone);
    await expect.poll(() => tile.getAttribute('data-guest-call-no'), { timeout: 15_000 }).toBe('2');
    await expect.poll(() => phone.locator('[data-guest-call]').getAttribute('data-guest-call'), { timeout: 10_000 }).toBe('accepted');
    await expect.poll(() => tile.getAttribute('data-guest-link'), { timeout: 20_000 }).toBe('connected');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    const t1 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(t1 + 0.5);
    await expect.poll(() => phone.locator('[data-guest-call]').getAttribute('data-guest-link'), { timeout: 10_000 }).toBe('connected');

    // Audio only (203): the guest's page is told and stops its video; the studio hides the tile.
    await studio.locator('[data-guest-audio-only]').click();
    await expect
      .poll(() => phone.locator('[data-guest-call]').textContent(), { timeout: 10_000 })
      .toContain('BJ가 음성 전용으로 바꿨습니다');
    expect(
      await phone.locator('[data-guest-self]').evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream).getVideoTracks()[0]?.enabled),
    ).toBe(false);
    await expect.poll(() => video.isVisible()).toBe(false);

    // The guest leaves: the tile goes.
    await phone.locator('[data-guest-leave]').click();
    await expect.poll(() => studio.locator('[data-guest-tile]').count(), { timeout: 10_000 }).toBe(0);
  });

  it("the BJ invites a viewer from the viewer's namecard; the viewer declines, then accepts the next invitation", async () => {
    const bjPage = await newPage({ viewport: { width: 1280, height: 720 } });
    const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const { vodKey } = await liveRoomOf(bjPage, `i${run}`);
    const viewer = await joinByApi(phone.request, { id: `ifan${run}`, nick: `초대팬${run}` });
    await bjPage.goto(`/play/${vodKey}`);
    await chatJoined(bjPage);
    await phone.goto(`/play/${vodKey}`);
    await chatJoined(phone);
    await phone.locator('[data-chat-input]').fill('저도 나가고 싶어요');
    await phone.locator('[data-chat-input]').press('Enter');

    const invite = async () => {
      await chatOf(bjPage).locator('[data-chat-line="message"] [data-chat-nick]', { hasText: viewer.nick }).first().click();
      const card = bjPage.locator('[data-chat-namecard]');
      await card.getByRole('button', { name: '화상 참여 초대', exact: true }).click();
      await expect
        .poll(() => bjPage.getByText(`${viewer.nick}님에게 화상 참여를 요청했습니다.`, { exact: false }).count())
        .toBeGreaterThan(0);
      await bjPage.keyboard.press('Escape');
    };
    await invite();
    const call = phone.locator('[data-guest-call]');
    await expect.poll(() => call.getAttribute('data-guest-call'), { timeout: 10_000 }).toBe('invited');
    expect(await call.textContent()).toContain('BJ가 화상 참여에 초대했습니다.');
    await call.getByRole('button', { name: '거절', exact: true }).click();
    await expect
      .poll(() => phone.locator('[data-guest-message]').textContent(), { timeout: 10_000 })
      .toBe('화상 참여 초대를 거절했습니다.');

    await invite();
    await expect.poll(() => call.getAttribute('data-guest-call'), { timeout: 10_000 }).toBe('invited');
    await phone.locator('[data-guest-join]').click();
    await expect.poll(() => call.getAttribute('data-guest-call'), { timeout: 10_000 }).toBe('accepted');
    await phone.locator('[data-guest-leave]').click();
    await expect.poll(() => call.getAttribute('data-guest-call'), { timeout: 10_000 }).toBe('idle');
  });
});
