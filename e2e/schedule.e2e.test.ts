import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { channelsEndpoints, editorialEndpoints, resultMessage } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { endLiveRooms, liveBroadcast, userKeyOf } from './support/live-room.js';
import { call, joinByApi, type Member } from './support/members.js';

/**
 * The broadcast schedule of issue 21 in Chromium, on a 390 px phone whose clock is in Los Angeles (the site
 * shows Korean time whatever the browser's zone): a BJ plans a broadcast on /mypage/schedule for tomorrow
 * 23:30 KST and is told, under the start, that another at 23:45 the same night overlaps it; a guest finds it
 * on /sub/schedule under tomorrow's KST day (the BJ-kind filter keeping or hiding it) and on the BJ's channel
 * schedule tab; a follower sees it marked as followed and first in that day; a slot the BJ is on air for
 * shows LIVE to the room; the month view goes to the next month and back, and a tapped day lists its
 * broadcasts; the BJ cancels the slot after the confirm and it disappears everywhere.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const PHONE = { width: 390, height: 844 };
const newPage = pagesPerFile(baseUrl, { locale: 'ko-KR', viewport: PHONE, timezoneId: 'America/Los_Angeles' });

const HOUR = 3_600_000;
/** A KST calendar day `days` from today (the test's own arithmetic, not the page's). */
const kstDayFromToday = (days: number) => new Date(Date.now() + 9 * HOUR + days * 24 * HOUR).toISOString().slice(0, 10);
const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];
/** How the page heads a KST day in Korean: '11월 28일 (토)'. */
function dayHeading(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${m}월 ${d}일 (${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]})`;
}
const monthTitle = (day: string) => `${Number(day.slice(0, 4))}년 ${Number(day.slice(5, 7))}월`;
function nextMonthStart(day: string): string {
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 1));
  return d.toISOString().slice(0, 10);
}

let bjPage: Page;
let fanPage: Page;
let guest: Page;
let bj: Member;
/** React's complaints about server and browser rendering differently (dates are the usual suspect). */
const hydration: string[] = [];
/** The slot planned in the first test. */
const planned = { sn: '', title: `심야 커버 라이브 ${run}`, day: '' };

beforeAll(async () => {
  [bjPage, fanPage, guest] = [await newPage(), await newPage(), await newPage()];
  bj = await joinByApi(bjPage.request, { id: `scbj${run}`, nick: `일정방장${run}` });
  await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where lower(id) = lower($1)`, [bj.id]);
  await joinByApi(fanPage.request, { id: `scfan${run}`, nick: `일정팬${run}` });
  await call(fanPage.request, channelsEndpoints.subscribeProc, { id: bj.id, subscribe_yn: 'Y' });
  for (const page of [bjPage, fanPage, guest]) {
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /hydrat|did not match/i.test(msg.text())) hydration.push(msg.text());
    });
  }
});

afterAll(async () => {
  await endLiveRooms();
  await closeDatabase();
});

/** The serious and critical axe violations of the page as it is (the WCAG 2.1 AA rules a11y.e2e uses). */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens /mypage/schedule once the form's scripts run. */
async function openPlanning(page: Page) {
  await page.goto('/mypage/schedule');
  await page.locator('[data-schedule-form][data-ready]').waitFor();
}

/** Fills the planning form and sends it. */
async function plan(page: Page, input: { title: string; date: string; time: string; preset?: string }) {
  const form = page.locator('[data-schedule-form]');
  await form.getByLabel('방송 제목').fill(input.title);
  await form.getByLabel('날짜').fill(input.date);
  await form.getByLabel('시간', { exact: true }).fill(input.time);
  if (input.preset) await form.getByRole('button', { name: input.preset, exact: true }).click();
  const answered = page.waitForResponse((r) => r.url().endsWith('/v1/mypage/schedule_proc'));
  await form.getByRole('button', { name: '일정 추가' }).click();
  return (await (await answered).json()) as { rslt_cd: number; rslt_set: { schedule_sn: number } };
}

/** The slot cards of one KST day on /sub/schedule's week view, in the order shown. */
const slotsOfDay = (page: Page, day: string) => page.locator(`[data-schedule-week] [data-schedule-day="${day}"] [data-schedule-slot]`);

describe('planning and showing broadcasts', { timeout: 120_000 }, () => {
  it('a BJ plans a broadcast for tomorrow 23:30 KST and is told under the start that 23:45 overlaps it', async () => {
    planned.day = kstDayFromToday(1);
    await openPlanning(bjPage);
    expect(await bjPage.locator('[data-empty="my-schedule"]').textContent()).toBe('등록한 방송 일정이 없습니다.');

    // Refused before sending: no title, and a time already gone (today 00:00 KST).
    await bjPage.getByLabel('날짜').fill(kstDayFromToday(0));
    await bjPage.getByLabel('시간', { exact: true }).fill('00:00');
    await bjPage.getByRole('button', { name: '일정 추가' }).click();
    expect(await bjPage.locator('#schedule-title-msg').textContent()).toBe(resultMessage('SCHEDULE_TITLE_REQUIRED', 'ko'));
    expect(await bjPage.locator('#schedule-start-msg').textContent()).toBe(resultMessage('SCHEDULE_IN_PAST', 'ko'));

    const first = await plan(bjPage, { title: planned.title, date: planned.day, time: '23:30', preset: '90분' });
    expect(first.rslt_cd).toBe(0);
    planned.sn = String(first.rslt_set.schedule_sn);
    const mine = bjPage.locator(`[data-my-schedule-list] [data-schedule-day="${planned.day}"] [data-schedule-slot="${planned.sn}"]`);
    await mine.waitFor();
    expect(await bjPage.locator(`#my-day-${planned.day}`).textContent()).toBe(dayHeading(planned.day));
    expect(await mine.locator('[data-slot-time]').textContent()).toBe('23:30');
    expect(await mine.textContent()).toContain('~01:00');
    expect(await mine.textContent()).toContain('90분');
    // The form is empty again for the next one.
    expect(await bjPage.getByLabel('방송 제목').inputValue()).toBe('');

    const second = await plan(bjPage, { title: `겹치는 방송 ${run}`, date: planned.day, time: '23:45' });
    expect(second.rslt_cd).not.toBe(0);
    const startMessage = bjPage.locator('#schedule-start-msg');
    await expect.poll(() => startMessage.textContent()).toBe(resultMessage('SCHEDULE_OVERLAP', 'ko'));
    expect(await bjPage.getByLabel('시간', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await bjPage.locator('#schedule-title-msg').textContent()).toBe('');
    expect(await bjPage.locator('[data-my-schedule-list] [data-schedule-slot]').count()).toBe(1);
  });

  it("a guest finds it on /sub/schedule under tomorrow's KST day, kept by the BJ filter and hidden by K-STAR", async () => {
    await guest.goto('/sub/schedule');
    const slot = guest.locator(`[data-schedule-week] [data-schedule-day="${planned.day}"] [data-schedule-slot="${planned.sn}"]`);
    await slot.waitFor();
    expect(await guest.locator(`#schedule-day-${planned.day}`).textContent()).toBe(dayHeading(planned.day));
    // Today's day comes first and is marked.
    expect(await guest.locator('[data-schedule-week] > li').first().getAttribute('data-schedule-day')).toBe(kstDayFromToday(0));
    expect(await guest.locator(`#schedule-day-${kstDayFromToday(0)}`).textContent()).toContain('오늘');
    expect(await slot.locator('[data-slot-time]').textContent()).toBe('23:30');
    expect(await slot.locator('[data-slot-title]').textContent()).toBe(planned.title);
    expect(await slot.locator('[data-slot-bj]').getAttribute('href')).toBe(`/channel/bj/${bj.id}`);
    expect(await slot.locator('[data-slot-bj]').textContent()).toContain(bj.nick);
    expect(await slot.getAttribute('data-followed')).toBe('N');
    expect(await slot.locator('[data-followed-mark]').count()).toBe(0);
    // For a guest the day runs by time: nothing later than 23:30 comes before it.
    const times = await slotsOfDay(guest, planned.day).locator('[data-slot-time]').allTextContents();
    expect(times).toEqual([...times].sort());
    // A phone lists the week by day without scrolling sideways.
    expect(await guest.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeProblems(guest)).toEqual([]);

    await guest.getByRole('navigation', { name: 'BJ 종류' }).getByRole('link', { name: 'K-STAR' }).click();
    await guest.waitForURL(/kind=enter/);
    await expect.poll(() => slot.count()).toBe(0);
    await guest.getByRole('navigation', { name: 'BJ 종류' }).getByRole('link', { name: 'BJ', exact: true }).click();
    await guest.waitForURL(/kind=general/);
    await slot.waitFor();
    await guest.getByRole('navigation', { name: 'BJ 종류' }).getByRole('link', { name: '전체' }).click();
    await guest.waitForURL((url) => !url.search.includes('kind='));
    await slot.waitFor();
  });

  it("shows on the BJ's channel schedule tab", async () => {
    await guest.goto(`/channel/bj/${bj.id}`);
    await guest.getByRole('navigation', { name: '채널 메뉴' }).getByRole('link', { name: '일정' }).click();
    await guest.waitForURL(`**/channel/bj/${bj.id}/schedule`);
    const slot = guest.locator(`[data-channel-schedule] [data-schedule-day="${planned.day}"] [data-schedule-slot="${planned.sn}"]`);
    await slot.waitFor();
    expect(await slot.locator('[data-slot-time]').textContent()).toBe('23:30');
    expect(await slot.locator('[data-slot-title]').textContent()).toBe(planned.title);
    expect(await guest.locator('[data-channel-tab="schedule"]').getAttribute('aria-current')).toBe('page');
    // Only the owner is offered the planning page.
    expect(await guest.locator('[data-schedule-manage]').count()).toBe(0);
    expect(await axeProblems(guest)).toEqual([]);
    await bjPage.goto(`/channel/bj/${bj.id}/schedule`);
    expect(await bjPage.locator('[data-schedule-manage]').getAttribute('href')).toBe('/mypage/schedule');
  });

  it('a follower sees it marked as followed and first in its day', async () => {
    await fanPage.goto('/sub/schedule');
    const slots = slotsOfDay(fanPage, planned.day);
    await slots.first().waitFor();
    const first = slots.first();
    expect(await first.getAttribute('data-schedule-slot')).toBe(planned.sn);
    expect(await first.getAttribute('data-followed')).toBe('Y');
    expect(await first.locator('[data-followed-mark]').textContent()).toBe('★팔로잉');
    // The demo BJs' broadcasts of that night, earlier by the clock, come after it.
    const count = await slots.count();
    if (count > 1) expect(await slots.nth(1).getAttribute('data-followed')).toBe('N');
  });

  it('a slot the BJ is on air for shows LIVE, linking the room', async () => {
    // A broadcast planned to start in 15 minutes; the BJ went live now (within the 30 minutes before it).
    const soon = await call(bjPage.request, editorialEndpoints.scheduleProc, {
      mode: 'insert',
      title: `곧 시작 ${run}`,
      start: new Date(Date.now() + 15 * 60_000).toISOString(),
      duration_min: '60',
    });
    const vodKey = `sch${run}`;
    await liveBroadcast(await userKeyOf(bj), vodKey, `일정 라이브 ${run}`);
    await guest.goto(`/channel/bj/${bj.id}/schedule`);
    const slot = guest.locator(`[data-schedule-slot="${soon.schedule_sn}"]`);
    await slot.waitFor();
    expect(await slot.getAttribute('data-live')).toBe('Y');
    const badge = slot.locator('[data-schedule-live]');
    expect(await badge.getAttribute('href')).toBe(`/play/${vodKey}`);
    expect(await badge.textContent()).toContain('LIVE');
    // The tomorrow slot is not the one on air.
    expect(await guest.locator(`[data-schedule-slot="${planned.sn}"]`).getAttribute('data-live')).toBe('N');
    await guest.goto('/sub/schedule');
    expect(
      await guest
        .locator(`[data-schedule-day="${soon.day}"] [data-schedule-slot="${soon.schedule_sn}"] [data-schedule-live]`)
        .getAttribute('href'),
    ).toBe(`/play/${vodKey}`);
    await endLiveRooms();
    await call(bjPage.request, editorialEndpoints.scheduleProc, { mode: 'cancel', schedule_sn: String(soon.schedule_sn) });
  });

  it("the month view goes to the next month and back, and a tapped day lists that day's broadcasts", async () => {
    const today = kstDayFromToday(0);
    const thisMonth = `${today.slice(0, 8)}01`;
    const nextMonth = nextMonthStart(today);
    await guest.goto('/sub/schedule');
    await guest.getByRole('navigation', { name: '보기 방식' }).getByRole('link', { name: '월간' }).click();
    await guest.waitForURL(/view=month/);
    const grid = guest.locator('[data-schedule-month]');
    await expect.poll(() => grid.getAttribute('data-schedule-month')).toBe(thisMonth);
    const period = guest.locator('[data-schedule-period]');
    expect(await period.textContent()).toBe(monthTitle(thisMonth));
    // Whole weeks from the Monday before the 1st: 35 or 42 days.
    expect([35, 42]).toContain(await grid.locator('[data-schedule-date]').count());
    expect(await grid.locator('[data-schedule-date]').first().textContent()).toMatch(/\(월\)/);

    await guest.getByRole('link', { name: '다음 달' }).click();
    await expect.poll(() => grid.getAttribute('data-schedule-month')).toBe(nextMonth);
    expect(await period.textContent()).toBe(monthTitle(nextMonth));
    expect(new URL(guest.url()).searchParams.get('from')).toBe(nextMonth);
    await guest.getByRole('link', { name: '이전 달' }).click();
    await expect.poll(() => grid.getAttribute('data-schedule-month')).toBe(thisMonth);
    expect(await period.textContent()).toBe(monthTitle(thisMonth));

    // The month that holds tomorrow, linked directly; tapping the day loads its list.
    await fanPage.goto(`/sub/schedule?view=month&from=${planned.day}`);
    const cell = fanPage.locator(`[data-schedule-date="${planned.day}"]`);
    await fanPage.locator(`[data-schedule-month="${planned.day.slice(0, 8)}01"]`).waitFor();
    expect(Number(await cell.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
    const answered = fanPage.waitForResponse((r) => r.url().endsWith('/v1/sub/schedule_detail_list'));
    await cell.click();
    await answered;
    const detail = fanPage.locator(`[data-schedule-detail="${planned.day}"][data-state="ready"]`);
    await detail.waitFor();
    expect(await cell.getAttribute('aria-pressed')).toBe('true');
    expect(await detail.getByRole('heading').first().textContent()).toContain(dayHeading(planned.day));
    const first = detail.locator('[data-schedule-slot]').first();
    expect(await first.getAttribute('data-schedule-slot')).toBe(planned.sn);
    expect(await first.locator('[data-followed-mark]').count()).toBe(1);
    expect(await fanPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeProblems(fanPage)).toEqual([]);
  });

  it('the BJ edits it: the form opens with its values and the change shows in the list', async () => {
    await openPlanning(bjPage);
    await bjPage.getByRole('button', { name: `${planned.title} 일정 수정` }).click();
    const form = bjPage.locator('[data-schedule-form="edit"]');
    await form.waitFor();
    expect(await bjPage.getByRole('heading', { name: '방송 일정 수정' }).count()).toBe(1);
    expect(await form.getByLabel('방송 제목').inputValue()).toBe(planned.title);
    expect(await form.getByLabel('날짜').inputValue()).toBe(planned.day);
    expect(await form.getByLabel('시간', { exact: true }).inputValue()).toBe('23:30');
    expect(await form.getByRole('button', { name: '90분', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await axeProblems(bjPage)).toEqual([]);
    planned.title = `심야 어쿠스틱 라이브 ${run}`;
    await form.getByLabel('방송 제목').fill(planned.title);
    await form.getByRole('button', { name: '120분', exact: true }).click();
    await form.getByRole('button', { name: '수정 저장' }).click();
    const slot = bjPage.locator(`[data-my-schedule-list] [data-schedule-slot="${planned.sn}"]`);
    await expect.poll(() => slot.locator('[data-slot-title]').textContent()).toBe(planned.title);
    expect(await slot.textContent()).toContain('~01:30');
    // Back to adding a new one.
    await bjPage.locator('[data-schedule-form="add"]').waitFor();
  });

  it('the BJ cancels it after the confirm and it disappears from the schedule and the channel', async () => {
    await openPlanning(bjPage);
    const cancel = bjPage.getByRole('button', { name: `${planned.title} 일정 취소` });
    await cancel.click();
    const confirm = bjPage.getByRole('alertdialog', { name: '방송 일정 취소' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(planned.title);
    // Closing the dialog keeps it.
    await confirm.getByRole('button', { name: '닫기' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await bjPage.locator(`[data-schedule-slot="${planned.sn}"]`).count()).toBe(1);

    await cancel.click();
    const answered = bjPage.waitForResponse((r) => r.url().endsWith('/v1/mypage/schedule_proc'));
    await bjPage.getByRole('alertdialog', { name: '방송 일정 취소' }).getByRole('button', { name: '일정 취소' }).click();
    expect(((await (await answered).json()) as { rslt_cd: number }).rslt_cd).toBe(0);
    await expect.poll(() => bjPage.locator(`[data-schedule-slot="${planned.sn}"]`).count()).toBe(0);
    expect(await bjPage.locator('[data-empty="my-schedule"]').isVisible()).toBe(true);

    await fanPage.goto('/sub/schedule');
    await fanPage.locator('[data-schedule-page]').waitFor();
    expect(await fanPage.locator(`[data-schedule-slot="${planned.sn}"]`).count()).toBe(0);
    await guest.goto(`/channel/bj/${bj.id}/schedule`);
    expect(await guest.locator('[data-empty="channel-schedule"]').textContent()).toBe('예정된 방송이 없습니다.');
    expect(hydration).toEqual([]);
  });
});

describe('planning is for BJs', { timeout: 60_000 }, () => {
  it('a member who is not a BJ is told so, and the my page link is for BJs only', async () => {
    const member = await newPage();
    await joinByApi(member.request, { id: `scvw${run}`, nick: `시청자${run}` });
    await member.goto('/mypage/schedule');
    expect(await member.locator('[data-schedule-bj-only]').textContent()).toContain('BJ 계정에서만');
    await member.goto('/mypage');
    expect(await member.locator('a[href="/mypage/schedule"]').count()).toBe(0);
    await bjPage.goto('/mypage');
    expect(await bjPage.locator('a[href="/mypage/schedule"]').textContent()).toContain('방송 일정 관리');
  });

  it('the phone menu links the schedule', async () => {
    await guest.goto('/');
    await guest.waitForLoadState('networkidle');
    await guest.locator('[data-menu-button]').click();
    const link = guest.locator('[data-site-menu]').getByRole('link', { name: '일정', exact: true });
    await link.click();
    await guest.waitForURL('**/sub/schedule');
    await guest.locator('[data-schedule-page]').waitFor();
  });
});
