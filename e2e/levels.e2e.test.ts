import { randomBytes, randomUUID } from 'node:crypto';
import { channelsEndpoints, type GradeDetailInfo, type LevelTableSet, progressionEndpoints, resultMessages } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { chatJoined, chatOf, endLiveRooms, liveRoomOf } from './support/live-room.js';
import { API_HEADERS, balanceOf, call, joinByApi, type Member } from './support/members.js';

/**
 * Levels in Chromium (issue 23, docs/progression.md). A member's experience is made of real facts: the day's
 * attendance (user_info), a gift of 1,680 STAR in a BJ's live room (the ledger, read by the server's job)
 * and a follow. The member, on a 390 px phone, opens /mypage/level/user and sees the member level 2 with
 * its bar at 178 / 180, VIP grade 1, today's attendance, the fan level with the BJ and the history; the BJ
 * opens /mypage/level/bj (BJ level 2, 173 / 400, the member among the fans); a member who is not a BJ is
 * told so. An operator changes the fan table on /admin/levels (the member's fan level follows), a bad table
 * shows LEVEL_TABLE_INVALID beside its field, and the table is put back. In the live room, the member's
 * chat minute (2 experience) lifts them to level 3 and the level-up line shows in the chat.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);

const PHONE = { viewport: { width: 390, height: 844 } };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

let opPage: Page;
let bjPage: Page;
let memberPage: Page;
let vodKey = '';
let bj: Member;
let member: Member;
let fanTable: number[] | null = null;

/** A progression call as the page's member, expected to succeed. */
async function progress<T>(page: Page, ep: { method: string; path: string }, form: Record<string, string> = {}): Promise<T> {
  const url = `/v1${ep.path}`;
  const res =
    ep.method === 'GET'
      ? await page.request.get(url, { headers: API_HEADERS })
      : await page.request.post(url, { form, headers: API_HEADERS });
  const body = (await res.json()) as { rslt_cd: number; rslt_msg: string; rslt_set: T };
  expect(body.rslt_cd, `${ep.path}: ${body.rslt_msg}`).toBe(0);
  return body.rslt_set;
}

const levelInfo = async (page: Page) =>
  (await progress<{ grade_detail_info: GradeDetailInfo }>(page, progressionEndpoints.levelInfo)).grade_detail_info;

/** Waits (in a hook, where expect.poll cannot run) until `check` holds, polling every 500 ms. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 40_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Nothing is wider than the viewport. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  opPage = await newPage(DESKTOP);
  const op = await joinByApi(opPage.request, { id: `lvop${run}`, nick: `레벨운영${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [op.id]);
  bjPage = await newPage(DESKTOP);
  ({ vodKey, bj } = await liveRoomOf(bjPage, `lv${run}`));
  memberPage = await newPage(PHONE);
  member = await joinByApi(memberPage.request, { id: `lvm${run}`, nick: `레벨업${run}` });

  // The facts: today's attendance (+10), a gift of 1,680 STAR (+168 member, fan and BJ), a follow (+20 fan, +5 BJ).
  await balanceOf(memberPage, 'star');
  const grant = await opPage.request.post('/v1/admin/wallet_grant', {
    form: { id: member.id, currency: 'STAR', amount: '2000', reason: 'e2e levels' },
    headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
  });
  expect(((await grant.json()) as { rslt_cd: number }).rslt_cd).toBe(0);
  const gift = await memberPage.request.post('/v1/star/user_star_use_proc', {
    form: { vod_key: vodKey, star_cnt: '1680' },
    headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
  });
  const gifted = (await gift.json()) as { rslt_cd: number; rslt_msg: string };
  expect(gifted.rslt_cd, gifted.rslt_msg).toBe(0);
  await call(memberPage.request, channelsEndpoints.subscribeProc, { id: bj.id, subscribe_yn: 'Y' });

  // The server's job reads the ledger and the follows every 10 s (rows younger than 5 s wait for the next run).
  await until('member experience 178', async () => (await levelInfo(memberPage)).user.exp === 178);
  await until('BJ experience 173', async () => (await levelInfo(bjPage)).bj?.exp === 173);
  await until('VIP grade 1', async () => (await levelInfo(memberPage)).vip.level === 1);
}, 120_000);

afterAll(async () => {
  // A fan table changed by the console test is put back even when that test failed midway.
  if (fanTable && opPage) {
    await opPage.request.post(`/v1${progressionEndpoints.tableProc.path}`, {
      form: { ladder: 'fan', levels: fanTable.join(',') },
      headers: API_HEADERS,
    });
  }
  await endLiveRooms();
  await closeDatabase();
});

describe('levels', { timeout: 120_000 }, () => {
  it('the member sees their level, bar, VIP grade, attendance, fan level and history on a phone; the BJ sees theirs', async () => {
    await memberPage.goto('/mypage/level/user');
    const page = memberPage.locator('[data-level-page="user"]');
    await page.waitFor();
    const card = page.locator('[data-level-card="user"]');
    expect(await card.locator('[data-level-badge]').getAttribute('data-level-badge')).toBe('2');
    expect(await card.locator('[data-level-badge]').textContent()).toBe('Lv.2');
    expect(await card.locator('[data-bar-numbers]').textContent()).toBe('178 / 180');
    expect(await card.locator('[data-bar-left]').textContent()).toBe('다음 레벨까지 2');
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('178');

    const vip = page.locator('[data-level-card="vip"]');
    expect(await vip.locator('[data-vip-grade]').textContent()).toBe('VIP 1');
    expect(await vip.locator('[data-vip-given]').textContent()).toBe('STAR 1,680개');
    expect(await vip.locator('[data-vip-next]').textContent()).toBe('VIP 2까지 STAR 8,320개');
    expect(await page.locator('[data-attend-today]').getAttribute('data-attend-today')).toBe('Y');

    // How to earn and the tables (folded until opened; the current level marked).
    expect(await page.locator('[data-earn="chat"] [data-earn-points="user"]').textContent()).toBe('+2');
    expect(await page.locator('[data-earn="follow"] [data-earn-points="fan"]').textContent()).toBe('+20');
    const table = page.locator('[data-level-table="user"]');
    expect(await table.locator('[data-level-row="3"]').isVisible()).toBe(false);
    await table.locator('summary').click();
    expect(await table.locator('[data-level-row="3"]').textContent()).toBe('Lv.3180');
    expect(await table.locator('[aria-current="true"]').getAttribute('data-level-row')).toBe('2');

    // My fan level with the BJ (188: level 3 of 0, 30, 100, 250…), to their channel; my history, newest first.
    const fan = page.locator(`[data-fan-levels="mine"] [data-fan-level-row="${bj.id}"]`);
    expect(await fan.locator('[data-fan-level]').textContent()).toBe('팬 Lv.3');
    expect(await fan.locator('[data-fan-exp]').textContent()).toBe('188 / 250');
    expect(await fan.locator('a').getAttribute('href')).toBe(`/channel/bj/${bj.id}`);
    const history = page.locator('[data-xp-history="user"] [data-xp-row]');
    expect(await history.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-xp-row')))).toEqual(['star_given', 'attend']);
    expect(await history.nth(0).locator('[data-xp-source]').textContent()).toBe('STAR 선물');
    expect(await history.nth(0).locator('[data-xp-amount]').textContent()).toBe('+168');
    expect(await history.nth(1).locator('[data-xp-source]').textContent()).toBe('출석');
    expect(await history.nth(1).locator('time').textContent()).toMatch(/^\d{4}\.\d\d\.\d\d \d\d:\d\d$/);
    expect(await pageWidth(memberPage)).toBeLessThanOrEqual(390);

    // My page shows the badge beside the nick and links both ways; a member who is not a BJ is told so.
    await memberPage.goto('/mypage');
    expect(await memberPage.locator('[data-my-level-badges] [data-level-badge]').textContent()).toBe('Lv.2');
    expect(await memberPage.locator('[data-my-level-badges] [data-vip-grade]').textContent()).toBe('VIP 1');
    await memberPage.locator('a[href="/mypage/level/user"]').last().click();
    await memberPage.waitForURL('**/mypage/level/user');
    await memberPage.goto('/mypage/level/bj');
    const notBj = memberPage.locator('[data-level-not-bj]');
    expect(await notBj.textContent()).toContain(resultMessages.LEVEL_NOT_BJ.ko);
    expect(await notBj.locator('a').getAttribute('href')).toBe('/mypage/signup/bj');

    // The BJ: 168 from the gift and 5 from the follower, BJ level 2 of 0, 120, 400…; the member among the fans.
    await bjPage.goto('/mypage/level/bj');
    const bjLevel = bjPage.locator('[data-level-page="bj"]');
    await bjLevel.waitFor();
    expect(await bjLevel.locator('[data-level-card="bj"] [data-level-badge]').textContent()).toBe('Lv.2');
    expect(await bjLevel.locator('[data-level-card="bj"] [data-bar-numbers]').textContent()).toBe('173 / 400');
    expect(await bjLevel.locator(`[data-fan-levels="bj"] [data-fan-level-row="${member.id}"] [data-fan-level]`).textContent()).toBe(
      '팬 Lv.3',
    );
    const bjHistory = bjLevel.locator('[data-xp-history="bj"] [data-xp-source]');
    expect((await bjHistory.allTextContents()).sort()).toEqual(['STAR 받음', '새 팔로워']);
    expect(await bjPage.locator('[data-earn="onAir"] [data-earn-points="bj"]').textContent()).toBe('+2');

    // Signed out: the sign-in gate.
    const visitor = await newPage(PHONE);
    await visitor.goto('/mypage/level/user');
    await visitor.locator('[data-login-gate]').waitFor();
  });

  it('an operator replaces the fan table (the member follows), a bad table shows its message, and the table is put back', async () => {
    await opPage.goto('/admin/levels');
    expect(await opPage.locator('[data-admin-section="levels"]').getAttribute('aria-current')).toBe('page');
    const form = opPage.locator('[data-level-table-form="fan"]');
    const field = form.locator('#level-table-fan');
    fanTable = (await progress<LevelTableSet>(opPage, progressionEndpoints.levelTable)).level_tables.fan;
    expect(await field.inputValue()).toBe(fanTable.join(', '));

    // A table that does not rise: refused beside the field, before and by the server alike; nothing saved.
    const invalid = resultMessages.LEVEL_TABLE_INVALID.ko;
    await field.fill('0, 50, 40');
    await form.locator('[data-level-table-save]').click();
    await expect.poll(() => form.locator('[data-field-errors="level-table-fan"]').textContent()).toBe(invalid);
    const refused = await opPage.request.post(`/v1${progressionEndpoints.tableProc.path}`, {
      form: { ladder: 'fan', levels: '0, 50, 40' },
      headers: API_HEADERS,
    });
    expect(((await refused.json()) as { rslt_msg: string }).rslt_msg).toBe(invalid);

    // A table where 150 is level 4: saved with a toast, and the member's 188 is re-levelled at once.
    const changed = [0, 30, 100, 150, ...fanTable.slice(4)];
    await field.fill(changed.join(', '));
    await expect.poll(() => form.locator('[data-field-errors="level-table-fan"]').count()).toBe(0);
    await form.locator('[data-level-table-save]').click();
    await expect.poll(() => opPage.getByRole('status').filter({ hasText: '팬 레벨 표를 저장했습니다.' }).count()).toBe(1);
    const mine = await progress<{ data_list: { id: string; fan_level: number }[] }>(memberPage, progressionEndpoints.fanList, {
      mode: 'mine',
    });
    expect(mine.data_list.find((r) => r.id === bj.id)?.fan_level).toBe(4);

    // Put back through the same form.
    await field.fill(fanTable.join(','));
    await form.locator('[data-level-table-save]').click();
    await expect.poll(() => field.inputValue()).toBe(fanTable.join(', '));
    await expect
      .poll(async () => (await progress<LevelTableSet>(opPage, progressionEndpoints.levelTable)).level_tables.fan)
      .toEqual(fanTable);
    fanTable = null;
  });

  it("the member's chat minute raises the level: the level-up line shows in the room's chat", async () => {
    await bjPage.goto(`/play/${vodKey}`);
    await memberPage.goto(`/play/${vodKey}`);
    await chatJoined(bjPage);
    await chatJoined(memberPage);
    expect((await levelInfo(memberPage)).user.level).toBe(2);
    await memberPage.locator('[data-chat-input]').fill(`레벨 올려요 ${run}`);
    await memberPage.locator('[data-chat-input]').press('Enter');

    // The chat node sends chat minutes every 5 s; the grant lifts 178 + 2 to level 3 and tells the room.
    const line = `레벨업${run}님이 레벨 3이 되었습니다!`;
    for (const page of [memberPage, bjPage]) {
      const levelUp = chatOf(page).locator('[data-chat-line="level-up"][data-code="110"][data-level="3"]');
      await expect.poll(() => levelUp.count(), { timeout: 30_000 }).toBe(1);
      expect(await levelUp.textContent()).toBe(`🎉 ${line}`);
    }
    expect((await levelInfo(memberPage)).user.level).toBe(3);
  });
});
