import { randomBytes, randomUUID } from 'node:crypto';
import { type AchievementSet, kstDay, progressionEndpoints, resultMessages } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { endLiveRooms, liveRoomOf, userKeyOf } from './support/live-room.js';
import { API_HEADERS, apiClient, balanceOf, digits, joinByApi, type Member, PASSWORD, verifyPhoneOn } from './support/members.js';

/**
 * Achievements and medals in Chromium (issue 23, docs/progression.md). A member likes a BJ's live broadcast and
 * gives 1,000 STAR (real calls); the 61 minutes watched today are seeded as watching grants in the database
 * (the server grants one per KST minute of heartbeats, so an hour of real watching does not fit a test; the
 * e2e support has no access to the server's services). On a 390 px phone the member opens /mypage/achieve,
 * sees all five challenges done, claims the reward and sees it claimed with the CUBIC balance up by the
 * reward; the medals tab shows the STAR medal at Lv.1 and the referral code with its copy button. A new
 * member signs up through the join page: an unknown referral code is refused beside its field, the first
 * member's code is taken, and the first member's invite medal rises to Lv.1. The game tab of /mypage/details
 * shows that the service is being prepared (the game switch is off by default).
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);

const PHONE = { viewport: { width: 390, height: 844 }, permissions: ['clipboard-read', 'clipboard-write'] };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

let memberPage: Page;
let member: Member;

/** Nothing is wider than the viewport. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  const operator = await apiClient(baseUrl);
  const op = await joinByApi(operator, { id: `acop${run}`, nick: `업적운영${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [op.id]);
  const bjPage = await newPage(DESKTOP);
  const { vodKey } = await liveRoomOf(bjPage, `ac${run}`);
  memberPage = await newPage(PHONE);
  member = await joinByApi(memberPage.request, { id: `acm${run}`, nick: `도전자${run}` });

  // A like and a gift of 1,000 STAR in the BJ's live room, through the calls the play page makes.
  const grant = await operator.post('/v1/admin/wallet_grant', {
    form: { id: member.id, currency: 'STAR', amount: '1000', reason: 'e2e achievements' },
    headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
  });
  expect(((await grant.json()) as { rslt_cd: number }).rslt_cd).toBe(0);
  await operator.dispose();
  const like = await memberPage.request.post('/v1/pubapi/play_like', { form: { vod_key: vodKey }, headers: API_HEADERS });
  expect(((await like.json()) as { rslt_cd: number }).rslt_cd).toBe(0);
  const gift = await memberPage.request.post('/v1/star/user_star_use_proc', {
    form: { vod_key: vodKey, star_cnt: '1000' },
    headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
  });
  const gifted = (await gift.json()) as { rslt_cd: number; rslt_msg: string };
  expect(gifted.rslt_cd, gifted.rslt_msg).toBe(0);

  // 61 watched minutes of today (KST), as the heartbeats' grants would hold them.
  const today = kstDay();
  const minutes = Array.from(
    { length: 61 },
    (_, i) => `${today}T${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
  );
  await sql(
    `insert into xp_grant (user_key, ladder, bj_user_key, source, ref, amount)
     select $1, 'user', 0, 'watch', ref, 1 from unnest($2::text[]) as ref on conflict do nothing`,
    [await userKeyOf(member), minutes],
  );
}, 90_000);

afterAll(async () => {
  await endLiveRooms();
  await closeDatabase();
});

describe('achievements and medals', { timeout: 60_000 }, () => {
  it("the member sees today's five challenges done on a phone, claims the reward and sees it claimed", async () => {
    const before = await balanceOf(memberPage, 'cubic');
    const res = await memberPage.request.post(`/v1${progressionEndpoints.achievements.path}`, { headers: API_HEADERS });
    const reward = ((await res.json()) as { rslt_set: AchievementSet }).rslt_set.reward_cubic;
    expect(reward).toBeGreaterThan(0);

    await memberPage.goto('/mypage/achieve');
    const page = memberPage.locator('[data-achieve-page="today"]');
    await page.waitFor();
    const cards = page.locator('[data-challenge]');
    expect(await cards.count()).toBe(5);
    expect(await page.locator('[data-challenge][data-done="Y"]').count()).toBe(5);
    expect(await page.locator('[data-today-progress]').textContent()).toBe('5 / 5 완료');
    expect(await page.locator('[data-today-all-done]').textContent()).toContain('오늘의 도전을 모두 완료했어요!');
    expect(await page.locator('[data-challenge="viewer"] [data-watched]').textContent()).toBe('오늘 시청 61분');
    expect(await page.locator('[data-challenge="realtime_30"] [data-minutes]').textContent()).toBe('30 / 30분');
    expect(await page.locator('[data-challenge="realtime_60"] [data-minutes]').textContent()).toBe('60 / 60분');
    expect(await page.locator('[data-challenge="use_star"]').textContent()).toContain('STAR 선물하기');
    const today = page.locator('[data-days] tr[data-day]').first();
    expect(await today.getAttribute('data-day')).toBe(kstDay());
    expect(await today.locator('[data-day-minutes]').textContent()).toBe('61분');
    expect(await today.locator('[data-day-challenge][data-done="Y"]').count()).toBe(5);
    expect(await page.locator('[data-days] tr[data-day]').count()).toBe(7);
    expect(await pageWidth(memberPage)).toBeLessThanOrEqual(390);

    const claim = page.locator('[data-reward-claim]');
    expect(await claim.textContent()).toBe(`보상 받기 (${reward} CUBIC)`);
    expect(await claim.isEnabled()).toBe(true);
    await claim.click();
    const balance = before + reward;
    await expect
      .poll(() =>
        memberPage
          .getByRole('status')
          .filter({ hasText: `CUBIC ${reward}개를 받았어요.` })
          .textContent(),
      )
      .toContain(`보유 CUBIC ${balance.toLocaleString('ko-KR')}개`);
    await expect.poll(() => claim.getAttribute('data-reward-claim')).toBe('claimed');
    expect(await claim.textContent()).toBe('✓ 받음');
    expect(await claim.isDisabled()).toBe(true);
    expect(await page.locator('[data-achieve-balance]').getAttribute('data-achieve-balance')).toBe(String(balance));
    expect(await balanceOf(memberPage, 'cubic')).toBe(balance);
    await expect
      .poll(() => page.locator('[data-days] tr[data-day]').first().locator('[data-day-reward]').getAttribute('data-day-reward'))
      .toBe('claimed');

    // The claim is the server's: a reload shows it claimed, and my page shows the new balance.
    await memberPage.reload();
    await page.locator('[data-reward-claim="claimed"]').waitFor();
    await memberPage.goto('/mypage');
    expect(await memberPage.locator('[data-mypage="cubic"] dd').textContent()).toBe(balance.toLocaleString('ko-KR'));
    await memberPage.locator('a[href="/mypage/achieve"]').click();
    await memberPage.waitForURL('**/mypage/achieve');
  });

  it('the medals tab shows the STAR medal at Lv.1 and the referral code with a copy button', async () => {
    await memberPage.goto('/mypage/achieve');
    await memberPage.locator('[data-tab="medals"]').click();
    await memberPage.waitForURL('**/mypage/achieve?tab=medals');
    const page = memberPage.locator('[data-achieve-page="medals"]');
    await page.waitFor();
    const star = page.locator('[data-medal="user_star"]');
    expect(await star.getAttribute('data-medal-level')).toBe('1');
    expect(await star.locator('[data-medal-label]').textContent()).toBe('별 선물');
    expect(await star.locator('[data-medal-lv]').textContent()).toBe('Lv.1 / 5');
    expect(await star.locator('[data-medal-progress]').textContent()).toBe('1,000 / 10,000');
    expect(await star.locator('[data-medal-date]').textContent()).toMatch(/^\d{4}\. \d{1,2}\. \d{1,2}\. 달성$/);
    expect(await page.locator('[data-medal="user_liker"] [data-medal-lv]').textContent()).toBe('Lv.1 / 5');
    expect(await page.locator('[data-medal="user_viewer"] [data-medal-progress]').textContent()).toBe('61 / 600');
    expect(await page.locator('[data-medal="basic1"] [data-medal-progress]').textContent()).toBe('최고 레벨');
    const invite = page.locator('[data-medal="user_invite"]');
    expect(await invite.locator('[data-medal-lv]').textContent()).toBe('미획득');
    expect(await invite.locator('[data-medal-progress]').textContent()).toBe('0 / 1');
    // A member who is not a BJ has no BJ medals.
    expect(await page.locator('[data-medal-group]').evaluateAll((els) => els.map((el) => el.getAttribute('data-medal-group')))).toEqual([
      'basic',
      'comm',
      'user',
    ]);
    expect(await pageWidth(memberPage)).toBeLessThanOrEqual(390);

    const referral = page.locator('[data-referral]');
    expect(await referral.locator('[data-referral-code]').textContent()).toBe(member.id);
    expect(await referral.locator('[data-referral-hint]').textContent()).toBe(
      '친구가 가입할 때 추천인 코드로 입력하면 초대 메달이 올라가요',
    );
    await referral.locator('[data-referral-copy]').click();
    await expect.poll(() => referral.locator('[data-referral-copy]').textContent()).toBe('✓ 복사했어요');
    expect(await memberPage.evaluate(() => navigator.clipboard.readText())).toBe(member.id);
    // The invite link carries the code to the join page (the next test joins through it).
    await referral.locator('[data-referral-link-copy]').click();
    await expect.poll(() => memberPage.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}/user/join?ref=${member.id}`);
  });

  it("a new member joins with the member's referral code (an unknown code is refused beside the field); the invite medal rises", async () => {
    const page = await newPage(DESKTOP);
    const newcomer = { id: `acn${run}`, nick: `새친구${run}`, phone: `010${digits(8)}` };
    // Through the member's invite link: the code is filled in.
    await page.goto(`/user/join?ref=${member.id}`);
    await page.getByLabel('전체 동의').check();
    await page.getByRole('button', { name: '다음' }).click();
    await verifyPhoneOn(page, page.request, newcomer.phone);
    await page.getByLabel('아이디', { exact: true }).fill(newcomer.id);
    await page.getByRole('button', { name: '아이디 중복 확인' }).click();
    await expect.poll(() => page.locator('#join-id-msg').textContent()).toBe('사용할 수 있는 아이디입니다.');
    await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
    await page.getByLabel('비밀번호 확인').fill(PASSWORD);
    await page.getByLabel('닉네임', { exact: true }).fill(newcomer.nick);
    await page.getByRole('button', { name: '닉네임 중복 확인' }).click();
    await expect.poll(() => page.locator('#join-nick-msg').textContent()).toBe('사용할 수 있는 닉네임입니다.');
    await page.getByLabel('생년월일').fill('2000-01-15');
    await page.getByLabel('여성').check();

    const code = page.getByLabel('추천인 코드 (선택)');
    expect(await code.inputValue()).toBe(member.id);
    await code.fill(`nobody${run}`);
    const submit = page.getByRole('button', { name: '가입하기' });
    await submit.click();
    await expect
      .poll(() => page.locator('[data-field-errors="join-referral"]').textContent())
      .toBe(resultMessages.REFERRAL_CODE_UNKNOWN.ko);
    expect(await code.getAttribute('aria-invalid')).toBe('true');

    // The refused join spent nothing: the same form goes through with the member's code.
    await code.fill(member.id);
    await expect.poll(() => page.locator('[data-field-errors="join-referral"]').count()).toBe(0);
    await submit.click();
    await page.waitForURL('**/user/join-complete');

    await memberPage.goto('/mypage/achieve?tab=medals');
    const invite = memberPage.locator('[data-medal="user_invite"]');
    expect(await invite.getAttribute('data-medal-level')).toBe('1');
    expect(await invite.locator('[data-medal-lv]').textContent()).toBe('Lv.1 / 5');
    expect(await invite.locator('[data-medal-progress]').textContent()).toBe('1 / 5');
  });

  it('the game tab of the details page says the service is being prepared (the game switch is off)', async () => {
    await memberPage.goto('/mypage/details');
    await memberPage.locator('[data-tab="game"]').click();
    await memberPage.waitForURL('**/mypage/details?tab=game');
    await expect.poll(() => memberPage.locator('[data-details-game-refused]').textContent()).toBe(resultMessages.SERVICE_PREPARING.ko);
    expect(await memberPage.locator('[data-tab="game"]').getAttribute('aria-current')).toBe('page');
    expect(await memberPage.locator('[data-month-select]').isVisible()).toBe(false);
  });
});
