import { randomBytes, randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { channelsEndpoints, LANGS } from '@byeol/contract';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { chatJoined, chatOf, endLiveRooms, liveBroadcast, userKeyOf } from './support/live-room.js';
import { API_HEADERS, apiClient, call, joinByApi, type Member } from './support/members.js';
import { starGranter } from './support/wallet.js';

/**
 * The leftovers of issue 17 in Chromium, on the shared platform: a BJ sets the channel's banner (chosen,
 * cropped, uploaded with its progress, previewed, saved) and sees it across the channel head, as a guest does,
 * then removes it; the main image stands in on the home tab of a channel with nothing on air; a replay's
 * bookmark button shows the member's real state after a reload (disabled, never "bookmark", until known);
 * the header's message box shows the unread count, follows a focus, drops as messages are read, says 99+
 * above 99 and fits a 360 px phone in every language; the chat namecard (namecard_broadcast) shows a BJ's
 * followers with the follow button (a guest reads that it needs a login), a fan's number and 회장 in the BJ
 * view with the moderation tools, and reports a chat line on a prefilled form; a BJ reaches their channel and
 * its profile editor from my page and /mypage/stream.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);

let bjPage: Page;
let fanPage: Page;
let bj: Member;
let fan: Member;
let sender: APIRequestContext;
// STAR granted by an operator (e2e/support/wallet.ts).
const granter = starGranter(baseUrl, `cm${run}`);
const grantStar = granter.grant;

beforeAll(async () => {
  [bjPage, fanPage] = [await newPage(), await newPage()];
  bj = await joinByApi(bjPage.request, { id: `cmbj${run}`, nick: `배너방장${run}` });
  await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where lower(id) = lower($1)`, [bj.id]);
  fan = await joinByApi(fanPage.request, { id: `cmfan${run}`, nick: `북마크팬${run}` });
  sender = await apiClient(baseUrl);
  await joinByApi(sender, { id: `cmsnd${run}`, nick: `보낸이${run}` });
});

afterAll(async () => {
  await sender?.dispose();
  await granter.dispose();
  await endLiveRooms();
  await closeDatabase();
});

const channelUrl = () => `/channel/bj/${bj.id}`;

/** The serious and critical axe violations of the page as it is (the WCAG 2.1 AA rules a11y.e2e uses). */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A wide picture with a mark in its middle, to pick in the file chooser. */
function widePng(width: number, height: number, color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

/** Picks `png` in the picker of `kind`, confirms the crop popup titled `cropTitle`; answers the upload's answer. */
async function pickImage(kind: 'banner' | 'main', png: Buffer, cropTitle: string, beforeAnswer?: () => Promise<void>) {
  const picker = bjPage.locator(`[data-image-picker="${kind}"]`);
  await picker.locator(`#channel-${kind}-file`).setInputFiles({ name: `${kind}.png`, mimeType: 'image/png', buffer: png });
  const crop = bjPage.getByRole('dialog', { name: cropTitle });
  await expect.poll(() => crop.getByRole('button', { name: '자르기 영역' }).count()).toBeGreaterThan(0);
  const uploaded = bjPage.waitForResponse((r) => r.url().endsWith('/v1/upload/upload_thum_ajax'));
  await crop.getByRole('button', { name: '확인' }).click();
  await beforeAnswer?.();
  const answer = (await (await uploaded).json()) as { rslt_cd: number; rslt_msg: string; rslt_set: { temp_file_path_nm: string } };
  expect(answer.rslt_cd, answer.rslt_msg).toBe(0);
  return answer.rslt_set;
}

describe('channel banner and main image', { timeout: 120_000 }, () => {
  it('the BJ uploads a banner with its progress and preview, saves it, and the channel head shows it; removing it hides it', async () => {
    await bjPage.goto(`${channelUrl()}/profile`);
    expect(await bjPage.locator('[data-channel-banner]').count()).toBe(0);
    await bjPage.locator('[data-profile-edit]').click();
    const picker = bjPage.locator('[data-image-picker="banner"]');
    expect(await picker.getAttribute('data-image-state')).toBe('none');
    // The sizes the server stores are named under the picker.
    expect(await picker.locator('#channel-banner-msg').textContent()).toContain('1600×400');

    // The upload is held until its progress has been seen (no sleeping: the route waits for the test).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await bjPage.route('**/v1/upload/upload_thum_ajax', async (route) => {
      await held;
      await route.continue();
    });
    const file = await pickImage('banner', await widePng(1200, 500, { r: 200, g: 40, b: 120 }), '배너 이미지 자르기', async () => {
      const progress = picker.locator('[data-upload-progress]');
      await progress.waitFor();
      expect(await progress.locator('progress').getAttribute('aria-label')).toBe('배너 이미지 업로드 진행률');
      expect(await progress.textContent()).toMatch(/업로드 중… \d+%/);
      expect(await picker.locator('[data-image-choose]').isDisabled()).toBe(true);
      release();
    });
    await bjPage.unroute('**/v1/upload/upload_thum_ajax');
    expect(file.temp_file_path_nm).toMatch(/^\/files\/channel_banner\/\d{4}\/\d{2}\/[0-9a-f]{32}\.webp$/);

    // The preview is the stored 1600×400 picture, ready to save.
    const preview = picker.locator('img[data-image-preview="new"]');
    await expect.poll(() => preview.getAttribute('src')).toBe(file.temp_file_path_nm);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    expect(await picker.locator('[data-upload-progress]').count()).toBe(0);
    expect(await picker.textContent()).toContain('미리보기를 확인하고 저장을 눌러 적용하세요.');
    // Not on the channel until saved.
    expect(await bjPage.locator('[data-channel-banner]').count()).toBe(0);

    await picker.locator('[data-image-save]').click();
    const banner = bjPage.locator('[data-channel-banner] img');
    await expect.poll(() => banner.getAttribute('src')).toBe(file.temp_file_path_nm);
    expect(await banner.getAttribute('alt')).toBe(`${bj.nick} 채널 배너`);
    expect(await picker.getAttribute('data-image-state')).toBe('set');
    expect((await bjPage.request.get(file.temp_file_path_nm)).status()).toBe(200);
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    // The pickers in edit mode, one picture set, pass axe.
    expect(await axeProblems(bjPage)).toEqual([]);

    // A guest sees it across the top of the channel head, 4:1 on a desktop, cropped to its middle on a phone.
    const guest = await newPage();
    await guest.setViewportSize({ width: 1366, height: 768 });
    await guest.goto(channelUrl());
    const seen = guest.locator('[data-channel-banner] img');
    expect(await seen.getAttribute('src')).toBe(file.temp_file_path_nm);
    const wide = await seen.boundingBox();
    expect(Math.round((wide?.width ?? 0) / (wide?.height ?? 1))).toBe(4);
    const head = await guest.locator('[data-channel-header]').boundingBox();
    expect(wide && head && wide.y + wide.height <= head.y).toBe(true);
    await guest.setViewportSize({ width: 360, height: 740 });
    const narrow = await seen.boundingBox();
    expect(narrow?.width).toBe(await guest.evaluate(() => document.documentElement.clientWidth));
    expect(Math.round((narrow?.width ?? 0) / (narrow?.height ?? 1))).toBe(3);
    expect(await seen.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
    expect(await axeProblems(guest)).toEqual([]);

    // Removed after a confirm: gone from the head and its file answers 404.
    await picker.locator('[data-image-remove]').click();
    const dialog = bjPage.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('배너 이미지를 삭제하시겠습니까?');
    await dialog.getByRole('button', { name: '확인', exact: true }).click();
    await expect.poll(() => bjPage.locator('[data-channel-banner]').count()).toBe(0);
    expect(await picker.getAttribute('data-image-state')).toBe('none');
    expect((await bjPage.request.get(file.temp_file_path_nm)).status()).toBe(404);
    await guest.reload();
    expect(await guest.locator('[data-channel-header]').count()).toBe(1);
    expect(await guest.locator('[data-channel-banner]').count()).toBe(0);
  });

  it('the main image shows on the profile tab and, with nothing on air or kept, on the home tab', async () => {
    await bjPage.goto(`${channelUrl()}/profile`);
    await bjPage.locator('[data-profile-edit]').click();
    const file = await pickImage('main', await widePng(1600, 900, { r: 40, g: 90, b: 200 }), '대표 이미지 자르기');
    const picker = bjPage.locator('[data-image-picker="main"]');
    await expect.poll(() => picker.locator('img[data-image-preview="new"]').getAttribute('src')).toBe(file.temp_file_path_nm);
    await picker.locator('[data-image-save]').click();
    await expect.poll(() => picker.getAttribute('data-image-state')).toBe('set');
    // The form's cancel leaves edit mode; the saved picture stays.
    await bjPage.locator('[data-profile-form]').getByRole('button', { name: '취소' }).click();
    const main = bjPage.locator('[data-channel-profile] img[data-channel-main-image]');
    await expect.poll(() => main.getAttribute('src')).toBe(file.temp_file_path_nm);

    await fanPage.goto(channelUrl());
    const home = fanPage.locator('[data-channel-home] [data-empty="channel-home"]');
    expect(await home.locator('img[data-channel-main-image]').getAttribute('src')).toBe(file.temp_file_path_nm);
    expect(await home.textContent()).toContain('아직 방송이 없습니다.');
    expect(await fanPage.locator('meta[property="og:image"]').getAttribute('content')).toBe(file.temp_file_path_nm);
  });

  it('an upload the server refuses says why under its picker', async () => {
    await bjPage.goto(`${channelUrl()}/profile`);
    await bjPage.locator('[data-profile-edit]').click();
    await bjPage.route('**/v1/upload/upload_thum_ajax', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ rslt_cd: 4402, rslt_msg: '이미지는 10MB 이하만 올릴 수 있습니다.', rslt_set: { field: 'file' } }),
      }),
    );
    const picker = bjPage.locator('[data-image-picker="banner"]');
    await picker.locator('#channel-banner-file').setInputFiles({
      name: 'b.png',
      mimeType: 'image/png',
      buffer: await widePng(800, 200, { r: 10, g: 160, b: 90 }),
    });
    const crop = bjPage.getByRole('dialog', { name: '배너 이미지 자르기' });
    await expect.poll(() => crop.getByRole('button', { name: '자르기 영역' }).count()).toBeGreaterThan(0);
    await crop.getByRole('button', { name: '확인' }).click();
    await expect
      .poll(() => picker.locator('[data-field-errors="channel-banner"]').textContent())
      .toBe('이미지는 10MB 이하만 올릴 수 있습니다.');
    expect(await picker.getAttribute('data-image-state')).toBe('none');
    await bjPage.unroute('**/v1/upload/upload_thum_ajax');
  });
});

describe('the replay bookmark button', () => {
  it('shows "bookmarked" after a reload of a replay the member bookmarked, and is never "bookmark" before it knows', async () => {
    const res = await fanPage.request.get('/v1/pubapi/play_vod_list?limit=1', { headers: API_HEADERS });
    const key = ((await res.json()) as { rslt_set: { data_list: { vod_key: string }[] } }).rslt_set.data_list[0]?.vod_key ?? '';
    expect(key).toBeTruthy();

    await fanPage.goto(`/vod/${key}`);
    const button = fanPage.locator('[data-bookmark-button]');
    await expect.poll(() => button.getAttribute('data-bookmark-button')).toBe('off');
    await button.click();
    await expect.poll(() => button.getAttribute('data-bookmark-button')).toBe('on');

    // The server's page holds the button disabled and undecided; the browser then asks and shows the state.
    const html = await (await fanPage.request.get(`/vod/${key}`)).text();
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-bookmark-button="pending"/);
    const states: string[] = [];
    await fanPage.exposeFunction('bookmarkState', (state: string) => states.push(state));
    await fanPage.addInitScript(() => {
      const seen = (window as unknown as { bookmarkState: (s: string) => void }).bookmarkState;
      new MutationObserver(() => {
        const state = document.querySelector('[data-bookmark-button]')?.getAttribute('data-bookmark-button');
        if (state) void seen(state);
      }).observe(document, { subtree: true, attributes: true, childList: true });
    });
    await fanPage.reload();
    await expect.poll(() => button.getAttribute('data-bookmark-button')).toBe('on');
    expect(await button.textContent()).toBe('북마크됨');
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await button.isEnabled()).toBe(true);
    expect(states).toContain('pending');
    expect(states).not.toContain('off');

    // Dropped again: after a reload it says "bookmark".
    await button.click();
    await expect.poll(() => button.getAttribute('data-bookmark-button')).toBe('off');
    await fanPage.reload();
    await expect.poll(() => button.getAttribute('data-bookmark-button')).toBe('off');
    expect(await button.textContent()).toBe('북마크');
  });
});

describe('the header unread-messages badge', () => {
  const link = (page: Page) => page.locator('header [data-messages-link]');
  const bubble = (page: Page) => link(page).locator('[data-unread-bubble]');
  const send = (content: string) => call(sender, channelsEndpoints.messageSend, { to_id: fan.id, content });

  it('shows the count, follows a focus, opens the box and drops as the messages are read', async () => {
    await fanPage.goto('/');
    await expect.poll(() => link(fanPage).getAttribute('data-unread')).toBe('0');
    expect(await bubble(fanPage).count()).toBe(0);
    expect(await link(fanPage).getAttribute('aria-label')).toBe('쪽지함');

    await send(`첫 쪽지 ${run}`);
    await fanPage.reload();
    await expect.poll(() => bubble(fanPage).textContent()).toBe('1');
    expect(await link(fanPage).getAttribute('aria-label')).toBe('쪽지함, 읽지 않은 쪽지 1개');

    // A second message arrives while the page is open: the window regaining focus asks again.
    await send(`둘째 쪽지 ${run}`);
    await fanPage.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => bubble(fanPage).textContent()).toBe('2');
    expect(await link(fanPage).getAttribute('aria-label')).toBe('쪽지함, 읽지 않은 쪽지 2개');

    await link(fanPage).click();
    await fanPage.waitForURL((url) => url.pathname === '/mypage/message/received');
    const first = fanPage.locator('[data-message]').filter({ hasText: `첫 쪽지 ${run}` });
    await first.locator('[data-message-open]').click();
    await expect.poll(() => first.getAttribute('data-read')).toBe('Y');
    await expect.poll(() => bubble(fanPage).textContent()).toBe('1');
    const second = fanPage.locator('[data-message]').filter({ hasText: `둘째 쪽지 ${run}` });
    await second.locator('[data-message-open]').click();
    await expect.poll(() => bubble(fanPage).count()).toBe(0);
    expect(await link(fanPage).getAttribute('data-unread')).toBe('0');
    expect(await link(fanPage).getAttribute('aria-label')).toBe('쪽지함');
    // Still read after a reload.
    await fanPage.goto('/');
    await expect.poll(() => link(fanPage).getAttribute('data-unread')).toBe('0');
  });

  it.each(LANGS)('says 99+ above 99 and fits a 360 px phone header in %s', async (lang) => {
    const page = fanPage;
    await page.route('**/v1/mypage/message_unread_cnt*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ rslt_cd: 0, rslt_msg: '', rslt_set: { unread_cnt: 1234 } }),
      }),
    );
    await page.setViewportSize({ width: 360, height: 740 });
    await page.context().addCookies([{ name: 'xlang', value: lang, url: baseUrl }]);
    await page.goto('/');
    await expect.poll(() => bubble(page).textContent()).toBe('99+');
    const label = await link(page).getAttribute('aria-label');
    expect(label).toContain('1,234');
    const box = await link(page).boundingBox();
    const bubbleBox = await bubble(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360 && box.width >= 44 && box.height >= 44).toBe(true);
    expect(bubbleBox && bubbleBox.x + bubbleBox.width <= 360).toBe(true);
    // The menu button and the nick stay in the bar too, and nothing scrolls sideways.
    expect(await page.locator('header [data-menu-button]').isVisible()).toBe(true);
    expect(await page.locator('header [data-user-nick]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The channel page with its head fits too.
    await page.goto(channelUrl());
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.unroute('**/v1/mypage/message_unread_cnt*');
    await page.context().addCookies([{ name: 'xlang', value: 'ko', url: baseUrl }]);
  });
});

describe('the gift box and the chat badges', { timeout: 120_000 }, () => {
  it("a BJ's my page shows the gift box; the fan who gave STAR and supports the BJ wears 팬, 회장 and 서포터 in the chat", async () => {
    // Not a BJ: no gift box. A BJ before any gift: the totals at 0 and the empty state.
    await fanPage.goto('/mypage');
    expect(await fanPage.locator('h1').textContent()).toBe('마이페이지');
    expect(await fanPage.locator('[data-my-fragment="giftbox"]').count()).toBe(0);
    await bjPage.goto('/mypage');
    const box = bjPage.locator('[data-my-fragment="giftbox"]');
    expect(await box.locator('h2').textContent()).toBe('선물함');
    expect(await box.locator('[data-giftbox-total]').getAttribute('data-giftbox-total')).toBe('0');
    expect(await box.locator('[data-empty="giftbox"]').textContent()).toContain('아직 받은');
    expect(await box.locator('[data-giftbox-giver]').count()).toBe(0);

    // The fan gives 1,200 STAR in the BJ's live room and supports the BJ.
    const [bjKey, fanKey] = [await userKeyOf(bj), await userKeyOf(fan)];
    const vodKey = `cm${run}`;
    await liveBroadcast(bjKey, vodKey, `배지 방송 ${run}`);
    await grantStar(fan.id, 1500);
    const res = await fanPage.request.post('/v1/star/user_star_use_proc', {
      form: { vod_key: vodKey, star_cnt: '1200' },
      headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
    });
    const gift = (await res.json()) as { rslt_cd: number; rslt_msg: string };
    expect(gift.rslt_cd, gift.rslt_msg).toBe(0);
    const [plan] = await sql<{ plan_sn: number }>(`insert into supporter_plan (price, on_sale) values (9900, false) returning plan_sn`);
    await sql(
      `insert into supporter (user_key, bj_user_key, type, plan_sn, price, state, periods, paid_until)
       values ($1, $2, 'regular', $3, 9900, 'active', 1, now() + interval '30 days')`,
      [fanKey, bjKey, plan?.plan_sn],
    );

    await bjPage.reload();
    const giver = box.locator(`[data-giftbox-giver="${fanKey}"]`);
    expect(await giver.locator('[data-giver-nick]').textContent()).toBe(fan.nick);
    expect(await giver.locator('[data-giver-total]').getAttribute('data-giver-total')).toBe('1200');
    expect(await giver.locator('[data-giver-total]').textContent()).toContain('1,200');
    expect(await box.locator('[data-giftbox-total]').textContent()).toContain('1,200');
    expect(await box.locator('[data-giftbox-fans]').getAttribute('data-giftbox-fans')).toBe('1');
    expect(await box.locator('[data-empty="giftbox"]').count()).toBe(0);

    // In the chat: the line and the user list carry the fan, 회장 and supporter badges beside the nick.
    await fanPage.setViewportSize({ width: 390, height: 844 });
    await fanPage.goto(`/play/${vodKey}`);
    await chatJoined(fanPage);
    await fanPage.locator('[data-chat-input]').fill(`회장 왔어요 ${run}`);
    await fanPage.locator('[data-chat-input]').press('Enter');
    const line = chatOf(fanPage)
      .locator(`[data-chat-line="message"][data-user-key="${fanKey}"]`)
      .filter({ hasText: `회장 왔어요 ${run}` });
    await line.waitFor();
    expect(await line.locator('[data-fan-badge]').count()).toBe(1);
    expect(await line.locator('[data-vip-badge="1"]').textContent()).toBe('♛ 회장');
    expect(await line.locator('[data-supporter-badge]').textContent()).toBe('서포터');
    await chatOf(fanPage)
      .getByRole('tab', { name: /참여자/ })
      .click();
    const listed = chatOf(fanPage).locator(`[data-chat-user="${fanKey}"]`);
    await listed.waitFor();
    expect(await listed.locator('[data-vip-badge="1"]').count()).toBe(1);
    expect(await listed.locator('[data-supporter-badge]').count()).toBe(1);
    expect(await listed.locator('[data-fan-badge]').count()).toBe(1);
    expect(await fanPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

describe('the chat namecard', { timeout: 120_000 }, () => {
  it("shows the room's standing and follow state from namecard_broadcast in the BJ or user view, and reports a chat line", async () => {
    // A second BJ on air with a status message; the fan's first STAR gift makes them fan No.1 and 회장 there.
    const hostPage = await newPage();
    const host = await joinByApi(hostPage.request, { id: `cmnc${run}`, nick: `명함방장${run}` });
    await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general', state_memo = $2 where lower(id) = lower($1)`, [
      host.id,
      `매일 밤 9시 ${run}`,
    ]);
    const [hostKey, fanKey] = [await userKeyOf(host), await userKeyOf(fan)];
    const vodKey = `nc${run}`;
    await liveBroadcast(hostKey, vodKey, `명함 방송 ${run}`);
    await grantStar(fan.id, 100);
    const res = await fanPage.request.post('/v1/star/user_star_use_proc', {
      form: { vod_key: vodKey, star_cnt: '100' },
      headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
    });
    const gift = (await res.json()) as { rslt_cd: number; rslt_msg: string };
    expect(gift.rslt_cd, gift.rslt_msg).toBe(0);

    // Both in the room on a phone; each writes a line.
    for (const page of [hostPage, fanPage]) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/play/${vodKey}`);
      await chatJoined(page);
    }
    const hostLine = `오늘 방송은 여기까지! ${run}`;
    await hostPage.locator('[data-chat-input]').fill(hostLine);
    await hostPage.locator('[data-chat-input]').press('Enter');
    await fanPage.locator('[data-chat-input]').fill(`회장 출석 ${run}`);
    await fanPage.locator('[data-chat-input]').press('Enter');

    // The fan opens the BJ's card from the BJ's line: the user view, with the status message, 0 followers and
    // the follow button; following makes it 팔로잉 with 1 follower.
    const hostLineOnFan = chatOf(fanPage).locator(`[data-chat-line="message"][data-user-key="${hostKey}"]`).filter({ hasText: hostLine });
    await hostLineOnFan.locator('[data-chat-nick]').click();
    const hostCard = fanPage.locator(`[data-chat-namecard="${hostKey}"]`);
    await expect.poll(() => hostCard.getAttribute('data-namecard-state')).toBe('ok');
    expect(await hostCard.getAttribute('data-namecard-view')).toBe('user');
    expect(await hostCard.locator('[data-namecard-memo]').textContent()).toBe(`매일 밤 9시 ${run}`);
    expect(await hostCard.locator('[data-namecard-followers]').textContent()).toBe('팔로워 0');
    expect(await hostCard.getByRole('button', { name: '강제퇴장' }).count()).toBe(0);
    expect(await hostCard.locator('[data-namecard-channel]').getAttribute('href')).toBe(`/channel/bj/${host.id}`);
    const follow = hostCard.locator('[data-namecard-follow-button]');
    expect(await follow.textContent()).toBe('팔로우');
    await follow.click();
    await expect.poll(() => follow.textContent()).toBe('팔로잉');
    expect(await follow.getAttribute('aria-pressed')).toBe('true');
    expect(await hostCard.locator('[data-namecard-followers]').textContent()).toBe('팔로워 1');
    expect(await fanPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Opened from a line, the card reports that line: the form opens beside the room with the author and the
    // line filled in, and the report lists the quoted line.
    const reportChat = hostCard.locator('[data-namecard-report-chat]');
    expect(await reportChat.textContent()).toBe('이 채팅 신고');
    const [form] = await Promise.all([fanPage.context().waitForEvent('page'), reportChat.click()]);
    await form.waitForLoadState();
    expect(new URL(form.url()).pathname).toBe('/cs/report/form');
    await form.locator('[data-report-fixed-target="chat"]').waitFor();
    expect(await form.locator('[data-report-fixed-target="chat"]').textContent()).toContain(host.id);
    expect(await form.locator('[data-report-fixed-quote]').textContent()).toBe(hostLine);
    expect(await form.locator('#report-quote').count()).toBe(0);
    await form.locator('select[data-report-type]').selectOption('abuse');
    await form.locator('textarea[data-report-content]').fill(`채팅으로 시청자를 조롱합니다. ${run}`);
    await form.locator('[data-report-submit]').click();
    await form.waitForURL('**/cs/report');
    const sent = form.locator('[data-report]').first();
    await sent.waitFor();
    expect(await sent.textContent()).toContain(hostLine);
    await form.close();

    // The BJ opens the fan's card from the fan's line: the BJ view, with fan No.1, 회장 and the moderation tools.
    const fanLineOnHost = chatOf(hostPage).locator(`[data-chat-line="message"][data-user-key="${fanKey}"]`).first();
    await fanLineOnHost.locator('[data-chat-nick]').click();
    const fanCard = hostPage.locator(`[data-chat-namecard="${fanKey}"]`);
    await expect.poll(() => fanCard.getAttribute('data-namecard-state')).toBe('ok');
    expect(await fanCard.getAttribute('data-namecard-view')).toBe('bj');
    expect(await fanCard.locator('[data-fan-no]').textContent()).toBe('팬 No.1');
    expect(await fanCard.locator('[data-vip-rank="1"]').textContent()).toBe('회장');
    expect(await fanCard.getByRole('button', { name: '강제퇴장', exact: true }).count()).toBe(1);
    // Not a BJ: no followers row and no channel link.
    expect(await fanCard.locator('[data-namecard-follow]').count()).toBe(0);
    expect(await fanCard.locator('[data-namecard-channel]').count()).toBe(0);
    expect(await hostPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await hostPage.keyboard.press('Escape');
    await fanCard.waitFor({ state: 'detached' });

    // A guest sees the BJ's followers and, in place of the button, that following needs a login.
    const guest = await newPage();
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.goto(`/play/${vodKey}`);
    await chatJoined(guest);
    await fanPage.locator('[data-chat-input]').fill(`손님 보이나요 ${run}`);
    await fanPage.locator('[data-chat-input]').press('Enter');
    await chatOf(guest).locator(`[data-chat-line="message"][data-user-key="${fanKey}"] [data-chat-nick]`).first().waitFor();
    await hostPage.locator('[data-chat-input]').fill(`손님 환영해요 ${run}`);
    await hostPage.locator('[data-chat-input]').press('Enter');
    const hostLineOnGuest = chatOf(guest)
      .locator(`[data-chat-line="message"][data-user-key="${hostKey}"]`)
      .filter({ hasText: `손님 환영해요 ${run}` });
    await hostLineOnGuest.locator('[data-chat-nick]').click();
    const guestCard = guest.locator(`[data-chat-namecard="${hostKey}"]`);
    await expect.poll(() => guestCard.getAttribute('data-namecard-state')).toBe('ok');
    expect(await guestCard.locator('[data-namecard-followers]').textContent()).toBe('팔로워 1');
    expect(await guestCard.locator('[data-namecard-login-required]').textContent()).toBe('로그인이 필요한 서비스입니다.');
    expect(await guestCard.locator('[data-namecard-follow-button]').count()).toBe(0);
    // Reporting the line is offered too: the form asks a guest to sign in first.
    const guestReport = new URL((await guestCard.locator('[data-namecard-report-chat]').getAttribute('href')) ?? '', baseUrl);
    expect(guestReport.searchParams.get('target_type')).toBe('chat');
    expect(guestReport.searchParams.get('quote')).toBe(`손님 환영해요 ${run}`);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

describe("a broadcaster's own channel", () => {
  it('is linked from my page and /mypage/stream, and the profile link opens the profile tab in edit mode', async () => {
    await bjPage.setViewportSize({ width: 390, height: 844 });
    await bjPage.goto('/mypage');
    const links = bjPage.getByRole('navigation', { name: '계정 관리' });
    expect(await links.getByRole('link', { name: '내 채널' }).getAttribute('href')).toBe(`/channel/bj/${bj.id}`);
    await links.getByRole('link', { name: '채널 프로필 편집' }).click();
    await bjPage.waitForURL(`**/channel/bj/${bj.id}/profile?edit=1`);
    // The editor is open: the profile form's save button, not the edit button.
    await bjPage.locator('[data-profile-save]').waitFor();
    expect(await bjPage.locator('[data-profile-edit]').count()).toBe(0);
    expect(await bjPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Someone else's channel is not theirs to edit: the same link shows the profile without the editor.
    await fanPage.goto(`/channel/bj/${bj.id}/profile?edit=1`);
    await fanPage.locator('[data-channel-profile]').waitFor();
    expect(await fanPage.locator('[data-profile-save]').count()).toBe(0);
    expect(await fanPage.locator('[data-profile-edit]').count()).toBe(0);
    // A member who is not a broadcaster has neither link.
    await fanPage.goto('/mypage');
    expect(await fanPage.getByRole('link', { name: '내 채널' }).count()).toBe(0);

    await bjPage.goto('/mypage/stream');
    const shortcuts = bjPage.locator('[data-my-channel-links]');
    expect(await shortcuts.getByRole('link', { name: '내 채널' }).getAttribute('href')).toBe(`/channel/bj/${bj.id}`);
    expect(await shortcuts.getByRole('link', { name: '채널 프로필 편집' }).getAttribute('href')).toBe(
      `/channel/bj/${bj.id}/profile?edit=1`,
    );
    await shortcuts.getByRole('link', { name: '내 채널' }).click();
    await bjPage.waitForURL(`**/channel/bj/${bj.id}`);
    expect(await bjPage.locator('[data-channel-nick]').textContent()).toBe(bj.nick);
    expect(await bjPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
