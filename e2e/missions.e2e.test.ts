import { randomBytes, randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parseRewardRate, splitGift } from '../apps/server/src/modules/wallet/wallet.rules.js';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { chatJoined, chatOf, endLiveRooms, liveRoomOf, userKeyOf } from './support/live-room.js';
import { API_HEADERS, balanceOf, joinByApi } from './support/members.js';
import { starGranter } from './support/wallet.js';

/**
 * Missions in the live room (issue 23) in Chromium: viewer A (a phone) requests a mission with 1,000 STAR
 * from the play page's mission board, viewer B (a desktop) adds 500 to it from the board, and the BJ, in a
 * context of their own, starts it and marks it a success from the board after a confirmation. Both viewers
 * see every step and the settlement in their chat, the OBS effects page shows the board and the settlement
 * with its contributors, and the BJ's earnings rose by exactly 1,500 at the site's reward rate. A second
 * mission, cancelled by the BJ, returns both viewers' STAR. Refusals show their envelope's message under
 * their field (an empty mission text, no mission selected); the board fits a 390 px phone with touch-sized
 * buttons; the BJ sees no pledge buttons in their own room and sets the room's smallest pledge.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
// STAR granted by an operator (e2e/support/wallet.ts).
const granter = starGranter(baseUrl, `m${run}`);
const grantStar = granter.grant;
const newPage = pagesPerFile(baseUrl);

afterAll(async () => {
  await granter.dispose();
  await endLiveRooms();
  await closeDatabase();
});

const PHONE = { viewport: { width: 390, height: 844 } };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

/** The BJ's STAR earnings, as the ledger holds them. */
async function earningsOf(userKey: number): Promise<number> {
  const [row] = await sql<{ balance: string }>(
    `select balance from wallet_account where user_key = $1 and kind = 'earnings' and currency = 'STAR'`,
    [userKey],
  );
  return Number(row?.balance ?? 0);
}

/** The BJ's share of `amount` at the site's reward rate (site info's reward_rate, split as the ledger splits it). */
async function bjShareOf(page: Page, amount: number): Promise<number> {
  const res = await page.request.get('/v1/pubapi/api_site_cache_info', { headers: API_HEADERS });
  const rate = ((await res.json()) as { rslt_set: { site_setting: { reward_rate: string } } }).rslt_set.site_setting.reward_rate;
  return splitGift(amount, parseRewardRate(rate).ppm).bj;
}

/** A call as the page's member (its cookies), expected to succeed. */
async function callAs<T>(page: Page, path: string, form: Record<string, string>, key?: string): Promise<T> {
  const res = await page.request.post(`/v1${path}`, {
    form,
    headers: { ...API_HEADERS, ...(key ? { 'Idempotency-Key': key } : {}) },
  });
  const body = (await res.json()) as { rslt_cd: number; rslt_msg: string; rslt_set: T };
  expect(body.rslt_cd, `${path}: ${body.rslt_msg}`).toBe(0);
  return body.rslt_set;
}

/** Opens the play page's mission board (a layer) and waits for it to be loaded. */
async function openBoard(page: Page): Promise<Locator> {
  await page.locator('[data-mission-button]').click();
  const board = page.getByRole('dialog').locator('[data-mission-board="ready"]');
  await board.waitFor();
  return board;
}

/** Nothing is wider than the viewport, and every button and field of `scope` is at least 44 px tall. */
async function fitsPhone(page: Page, scope: Locator): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const dialog = page.getByRole('dialog');
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const heights = await scope
    .locator('button:visible, input:not([type="radio"]):visible, select:visible')
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(0);
  expect(heights.filter((h) => h < 44)).toEqual([]);
}

const missionLine = (page: Page, code: number) => chatOf(page).locator(`[data-chat-line="mission"][data-code="${code}"]`);

describe('missions in a live room', { timeout: 240_000 }, () => {
  it('a viewer requests, another adds, the BJ starts and marks success; chat, effects page and earnings follow; a cancel refunds both', async () => {
    const bjPage = await newPage(DESKTOP);
    const { vodKey, bj } = await liveRoomOf(bjPage, `m${run}`);
    const bjKey = await userKeyOf(bj);
    const aPage = await newPage(PHONE);
    const bPage = await newPage(DESKTOP);
    const a = await joinByApi(aPage.request, { id: `mva${run}`, nick: `요청자${run}` });
    const b = await joinByApi(bPage.request, { id: `mvb${run}`, nick: `보탬이${run}` });
    await grantStar(a.id, 5_000);
    await grantStar(b.id, 2_000);

    const effects = await newPage();
    await effects.goto(`/play/${vodKey}/effects`);
    await expect.poll(() => effects.locator('[data-effects-stage]').getAttribute('data-chat-status'), { timeout: 20_000 }).toBe('joined');
    for (const page of [bjPage, aPage, bPage]) {
      await page.goto(`/play/${vodKey}`);
      await chatJoined(page);
    }

    // A (a phone) opens the board: nothing open yet, the balance, the request button; it fits 390 px.
    const aBoard = await openBoard(aPage);
    expect(await aBoard.locator('[data-mission-empty]').textContent()).toContain('진행 중인 미션이 없습니다.');
    expect(await aBoard.locator('[data-mission-balance]').getAttribute('data-mission-balance')).toBe('5000');
    await fitsPhone(aPage, aBoard);
    await aBoard.locator('[data-mission-request]').click();
    const requestForm = aPage.locator('[data-mission-request-form]');
    await requestForm.waitFor();
    expect(await requestForm.textContent()).toContain('최소 1,000개부터 걸 수 있습니다.');
    await fitsPhone(aPage, requestForm);

    // No mission text: the server's refusal, under the text field; nothing moved.
    await requestForm.locator('[data-mission-preset="1000"]').click();
    await requestForm.locator('[data-mission-submit]').click();
    await expect.poll(() => requestForm.locator('[data-field-errors="mission-title"]').textContent()).toBe('미션 내용을 입력해 주세요.');
    expect(await balanceOf(aPage, 'star')).toBe(5_000);

    const title = `노래 한 곡 불러 주세요 ${run}`;
    await requestForm.locator('#mission-title').fill(title);
    await requestForm.locator('[data-mission-submit]').click();
    await expect.poll(() => requestForm.count()).toBe(0);
    const aCard = aPage.locator('[data-mission-card]');
    await expect.poll(() => aCard.count()).toBe(1);
    const sn = Number(await aCard.getAttribute('data-mission-card'));
    expect(await aCard.getAttribute('data-mission-state')).toBe('pending');
    expect(await aCard.locator('[data-mission-total]').getAttribute('data-mission-total')).toBe('1000');
    expect(await aCard.locator('[data-mission-mine]').textContent()).toBe('내 후원 STAR 1,000개');
    expect(await balanceOf(aPage, 'star')).toBe(4_000);
    await expect.poll(() => aPage.locator('[data-mission-balance]').getAttribute('data-mission-balance')).toBe('4000');

    // Everyone's chat has the request; the button counts the open mission.
    const requested = `요청자${run}님이 미션을 요청했습니다: ${title} (STAR 1,000개)`;
    for (const page of [bPage, bjPage]) {
      await expect.poll(() => missionLine(page, 40).textContent()).toContain(requested);
      await expect.poll(() => page.locator('[data-mission-button]').getAttribute('data-open-count')).toBe('1');
    }

    // B (a desktop) adds 500 from the board: first with no mission selected (SPEC §5 'mission selection').
    const bBoard = await openBoard(bPage);
    await bBoard.locator('[data-mission-add-any]').click();
    const addForm = bPage.locator('[data-mission-add-form]');
    await addForm.waitFor();
    await addForm.locator('[data-mission-preset="500"]').click();
    await addForm.locator('[data-mission-submit]').click();
    await expect.poll(() => addForm.locator('[data-field-errors="mission-select"]').textContent()).toBe('미션을 선택해 주세요.');
    await addForm.locator('#mission-select').selectOption(String(sn));
    await addForm.locator('[data-mission-preset="500"]').click();
    await addForm.locator('[data-mission-submit]').click();
    await expect.poll(() => addForm.count()).toBe(0);
    const bCard = bPage.locator(`[data-mission-card="${sn}"]`);
    await expect.poll(() => bCard.locator('[data-mission-total]').getAttribute('data-mission-total')).toBe('1500');
    expect(await bCard.locator('[data-mission-mine]').textContent()).toBe('내 후원 STAR 500개');
    expect(await balanceOf(bPage, 'star')).toBe(1_500);
    // A's open board follows the room: the total rose, A's own pledge stays A's.
    await expect.poll(() => aCard.locator('[data-mission-total]').getAttribute('data-mission-total')).toBe('1500');
    expect(await aCard.locator('[data-mission-mine]').textContent()).toBe('내 후원 STAR 1,000개');
    await expect.poll(() => missionLine(aPage, 41).textContent()).toContain(`보탬이${run}님이 STAR 500개를 보탰습니다: ${title}`);
    // The effects page's board shows the open mission with its total.
    await expect
      .poll(() => effects.locator(`[data-mission-overlay-card="${sn}"] [data-mission-total]`).getAttribute('data-mission-total'))
      .toBe('1500');

    // The BJ's board: the manager's tools, no pledge buttons in their own room.
    const earningsBefore = await earningsOf(bjKey);
    const bjBoard = await openBoard(bjPage);
    expect(await bjBoard.getAttribute('data-can-manage')).toBe('Y');
    const bjCard = bjBoard.locator(`[data-mission-card="${sn}"]`);
    await bjCard.waitFor();
    expect(await bjBoard.locator('[data-mission-add], [data-mission-add-any], [data-mission-request]').count()).toBe(0);
    expect(await bjBoard.locator('[data-mission-create]').count()).toBe(1);
    await bjCard.locator(`[data-mission-duration="${sn}"]`).selectOption('600');
    await bjCard.locator(`[data-mission-start="${sn}"]`).click();
    await expect.poll(() => bjCard.getAttribute('data-mission-state')).toBe('running');
    expect(await bjCard.locator('[data-mission-timer]').textContent()).toMatch(/^(10:00|9:\d\d) 남음$/);
    for (const page of [aPage, bPage]) {
      await expect.poll(() => missionLine(page, 42).textContent()).toContain(`미션 시작: ${title} (10분)`);
    }
    await expect.poll(() => aCard.getAttribute('data-mission-state')).toBe('running');

    // Success, after a confirmation that says what is paid.
    await bjCard.locator(`[data-mission-success="${sn}"]`).click();
    const confirm = bjPage.getByRole('alertdialog');
    await expect.poll(() => confirm.textContent()).toContain('모인 STAR 1,500개가 지급되며');
    await confirm.getByRole('button', { name: '확인', exact: true }).click();
    const settledRow = bjBoard.locator(`[data-mission-settled="${sn}"]`);
    await expect.poll(() => settledRow.getAttribute('data-mission-state')).toBe('success');
    expect(await settledRow.locator('[data-mission-result]').textContent()).toBe('성공 · STAR 1,500개');

    // Both viewers see the settlement in their chat, with the contributors.
    for (const page of [aPage, bPage]) {
      const line = missionLine(page, 43);
      await expect.poll(() => line.textContent()).toContain(`미션 성공! ${title} · STAR 1,500개`);
      expect(await line.locator('[data-mission-contributors]').textContent()).toBe(
        `함께한 사람들: 요청자${run} (STAR 1,000개), 보탬이${run} (STAR 500개)`,
      );
    }
    // The effects page shows the settlement card with its contributors; the mission left the board.
    const card = effects.locator(`[data-mission-settle-card="${sn}"]`);
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getAttribute('data-code')).toBe('43');
    expect(await card.locator('[data-mission-result]').textContent()).toBe('성공 · STAR 1,500개');
    expect(await card.locator('[data-mission-contributors]').textContent()).toContain(`요청자${run} (STAR 1,000개)`);
    expect(await effects.locator(`[data-mission-overlay-card="${sn}"]`).count()).toBe(0);

    // The BJ earned exactly the reward-rate share of 1,500; the viewers keep what they paid in.
    const share = await bjShareOf(bjPage, 1_500);
    await expect.poll(() => earningsOf(bjKey)).toBe(earningsBefore + share);
    expect(await balanceOf(aPage, 'star')).toBe(4_000);
    expect(await balanceOf(bPage, 'star')).toBe(1_500);

    // A second mission, cancelled by the BJ from the board: both viewers get their STAR back.
    const second = await callAs<{ mission: { mission_sn: number } }>(
      aPage,
      '/mission/mission_request_proc',
      { vod_key: vodKey, title: `두 번째 미션 ${run}`, star_cnt: '2000' },
      `e2e-${randomUUID()}`,
    );
    const sn2 = second.mission.mission_sn;
    await callAs(bPage, '/mission/mission_add_proc', { mission_sn: String(sn2), star_cnt: '700' }, `e2e-${randomUUID()}`);
    expect(await balanceOf(aPage, 'star')).toBe(2_000);
    expect(await balanceOf(bPage, 'star')).toBe(800);
    const bjCard2 = bjBoard.locator(`[data-mission-card="${sn2}"]`);
    await expect.poll(() => bjCard2.locator('[data-mission-total]').getAttribute('data-mission-total')).toBe('2700');
    await bjCard2.locator(`[data-mission-cancel="${sn2}"]`).click();
    await expect.poll(() => confirm.textContent()).toContain('모든 후원이 환불되며');
    await confirm.getByRole('button', { name: '확인', exact: true }).click();
    await expect.poll(() => bjBoard.locator(`[data-mission-settled="${sn2}"]`).getAttribute('data-mission-state')).toBe('cancelled');
    for (const page of [aPage, bPage]) {
      await expect.poll(() => missionLine(page, 45).textContent()).toContain(`미션 취소: 두 번째 미션 ${run} · 모두 환불되었습니다`);
    }
    expect(await balanceOf(aPage, 'star')).toBe(4_000);
    expect(await balanceOf(bPage, 'star')).toBe(1_500);
    expect(await earningsOf(bjKey)).toBe(earningsBefore + share);
    await expect
      .poll(() => effects.locator(`[data-mission-settle-card="${sn2}"] [data-mission-result]`).textContent())
      .toBe('취소 · 모두 환불');
  });

  it("the BJ sets the room's smallest pledge; a battle takes a side; the board fits a phone and a desktop", async () => {
    const bjPage = await newPage(PHONE);
    const { vodKey } = await liveRoomOf(bjPage, `n${run}`);
    const viewerPage = await newPage(DESKTOP);
    const viewer = await joinByApi(viewerPage.request, { id: `mvc${run}`, nick: `편들기${run}` });
    await grantStar(viewer.id, 3_000);
    for (const page of [bjPage, viewerPage]) {
      await page.goto(`/play/${vodKey}`);
      await chatJoined(page);
    }

    // The BJ (on a phone): the smallest pledge, refused out of range, then saved.
    const bjBoard = await openBoard(bjPage);
    const setting = bjBoard.locator('[data-mission-setting]');
    await setting.locator('#mission-pledge-min').fill('50');
    await setting.locator('[data-mission-setting-save]').click();
    await expect
      .poll(() => setting.locator('[data-field-errors="mission-pledge-min"]').textContent())
      .toBe('최소 후원 개수는 100~30,000개 사이로 정해 주세요.');
    await setting.locator('#mission-pledge-min').fill('300');
    await setting.locator('[data-mission-setting-save]').click();
    await expect.poll(() => setting.textContent()).toContain('지금 300개');

    // A battle with three sides and the 'pay' rule, shown on the card.
    await bjBoard.locator('[data-mission-create]').click();
    const create = bjPage.locator('[data-mission-create-form]');
    await create.waitFor();
    await create.locator('[data-mission-type-choice="battle"]').check();
    await create.locator('#mission-create-title').fill(`누가 이길까 ${run}`);
    await create.locator('[data-mission-side-label="1"]').fill('빨강');
    await create.locator('[data-mission-side-label="2"]').fill('빨강');
    await create.locator('[data-mission-lose-choice="pay"]').check();
    await fitsPhone(bjPage, create);
    // Two sides of one name: the server's refusal under the sides.
    await create.locator('[data-mission-submit]').click();
    await expect
      .poll(() => create.locator('[data-field-errors="mission-sides"]').textContent())
      .toContain('배틀 미션은 2~4개의 편이 필요합니다');
    await create.locator('[data-mission-side-label="2"]').fill('파랑');
    await create.locator('[data-mission-add-side]').click();
    await create.locator('[data-mission-side-label="3"]').fill('초록');
    await create.locator('[data-mission-submit]').click();
    await expect.poll(() => create.count()).toBe(0);
    const bjCard = bjPage.locator('[data-mission-card][data-mission-type="battle"]');
    await bjCard.waitFor();
    const sn = Number(await bjCard.getAttribute('data-mission-card'));
    expect(await bjCard.locator('[data-mission-lose-rule]').textContent()).toBe('진 편의 STAR도 BJ에게 갑니다');
    expect(await bjCard.locator('[data-mission-win]').count()).toBe(3);
    await fitsPhone(bjPage, bjBoard);

    // The viewer's request form asks for the new minimum; a battle pledge needs a side.
    const board = await openBoard(viewerPage);
    await board.locator('[data-mission-request]').click();
    const requestForm = viewerPage.locator('[data-mission-request-form]');
    expect(await requestForm.textContent()).toContain('최소 300개부터 걸 수 있습니다.');
    expect(
      await requestForm.locator('[data-mission-preset]').evaluateAll((els) => els.map((e) => e.getAttribute('data-mission-preset'))),
    ).toEqual(['300', '1000', '5000', '10000']);
    await viewerPage.locator('[data-mission-back]').click();
    await viewerPage.locator(`[data-mission-add="${sn}"]`).click();
    const addForm = viewerPage.locator('[data-mission-add-form]');
    await addForm.waitFor();
    expect(await addForm.locator('#mission-select').inputValue()).toBe(String(sn));
    await addForm.locator('#mission-add-star').fill('250');
    await addForm.locator('[data-mission-submit]').click();
    await expect.poll(() => addForm.locator('[data-field-errors="mission-side"]').textContent()).toBe('후원할 편을 선택해 주세요.');
    await addForm.locator('[data-mission-side-choice="2"]').check();
    // More than the balance: the server's refusal under the amount, with the charge button right there.
    await addForm.locator('#mission-add-star').fill('5000');
    await addForm.locator('[data-mission-submit]').click();
    await expect.poll(() => addForm.locator('[data-field-errors="mission-add-star"]').textContent()).toBe('STAR가 부족합니다.');
    expect(await addForm.locator('[data-charge-button]').count()).toBe(1);
    await addForm.locator('#mission-add-star').fill('250');
    await addForm.locator('[data-mission-submit]').click();
    await expect.poll(() => addForm.count()).toBe(0);
    const side = viewerPage.locator(`[data-mission-card="${sn}"] [data-mission-side="2"]`);
    await expect.poll(() => side.getAttribute('data-side-total')).toBe('250');
    await expect.poll(() => missionLine(bjPage, 41).textContent()).toContain(`편들기${run}님이 파랑 편에 STAR 250개를 보탰습니다`);

    // The BJ declares 파랑 the winner.
    await bjCard.locator('[data-mission-win="2"]').click();
    const confirm = bjPage.getByRole('alertdialog');
    await expect.poll(() => confirm.textContent()).toContain('파랑 승으로 정할까요?');
    await confirm.getByRole('button', { name: '확인', exact: true }).click();
    await expect.poll(() => missionLine(viewerPage, 46).textContent()).toContain(`배틀 결과: 파랑 승 · 누가 이길까 ${run} · STAR 250개`);
    expect(await balanceOf(viewerPage, 'star')).toBe(2_750);
  });
});
