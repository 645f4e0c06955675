import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type AdminConcertItem,
  type ConcertCancelSet,
  type ConcertInfo,
  type ConcertListItem,
  type ConcertTicketBuySet,
  type Envelope,
  LANGS,
  type Lang,
  type ListSet,
  resultMessage,
} from '@byeol/contract';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import routes from '../apps/web/app/routes.js';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, apiClient, balanceOf, joinByApi, type Member } from './support/members.js';

/**
 * The concerts console in Chromium (issue 22). An operator creates a concert in /admin/concerts with a
 * poster (its upload progress seen), the times typed in KST; an empty title and a broadcaster ID that does
 * not exist are each told under their field. The concert is listed on /concert (or, before that page exists,
 * by its list call). The operator edits its price (the texts the list does not hold are kept). Two fans buy
 * a ticket through the API; the operator refunds one ticket in the concert's ticket list with a reason, then
 * cancels the concert with a reason: the console says one ticket was refunded, and both fans have their STAR
 * back. The operator is a member made operator in the database.
 *
 * `BYEOL_SCREENS=/tmp/screens` also writes screenshots of the screens at 390 and 1366 px (ko).
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);
const HOUR_MS = 3_600_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const FUNDS = 20_000;

/** Every page path of routes.ts (as phone.e2e.test.ts reads it): whether the public /concert page exists yet. */
function pathsOf(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent;
    return entry.children ? pathsOf(entry.children, here) : [here || '/'];
  });
}
const hasConcertPage = pathsOf(routes).includes('/concert');

/** 'YYYY-MM-DDTHH:mm' in KST, `ms` from now, on a whole hour (as a `datetime-local` input holds it). */
const kstAhead = (ms: number) => {
  const at = new Date(Date.now() + ms + 9 * HOUR_MS);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString().slice(0, 16);
};

function png(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function screenshot(page: Page, name: string, lang: Lang = 'ko') {
  const dir = process.env.BYEOL_SCREENS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width}-${lang}.png`), fullPage: true });
}

/** How much wider than the window the document is (0 when it fits). */
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** At 390 px the screen fits; screenshots at both widths. */
async function fitsBothWidths(page: Page, name: string) {
  await screenshot(page, name);
  await page.setViewportSize(PHONE);
  expect(await overflowOf(page)).toBe(0);
  await screenshot(page, name);
  await page.setViewportSize(DESKTOP);
}

let op: Page;
let bj: Member;
const fans: { page: Page; member: Member }[] = [];
let concertSn = 0;
const title = `별빛 온라인 콘서트 ${run}`;
const startsAt = kstAhead(2 * 24 * HOUR_MS);
const endsAt = kstAhead(2 * 24 * HOUR_MS + 2 * HOUR_MS);

beforeAll(async () => {
  op = await newPage();
  await op.setViewportSize(DESKTOP);
  const operator = await joinByApi(op.request, { id: `coop${run}`, nick: `공연운영${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [operator.id]);
  const client: APIRequestContext = await apiClient(baseUrl);
  bj = await joinByApi(client, { id: `cobj${run}`, nick: `무대${run}` });
  await client.dispose();
  await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where lower(id) = lower($1)`, [bj.id]);
  for (const tag of ['a', 'b']) {
    const page = await newPage();
    const member = await joinByApi(page.request, { id: `cof${tag}${run}`, nick: `관객${tag}${run}` });
    const granted = await op.request.post('/v1/admin/wallet_grant', {
      form: { id: member.id, currency: 'STAR', amount: String(FUNDS), reason: 'e2e concerts' },
      headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
    });
    const body = (await granted.json()) as Envelope<unknown>;
    expect(body.rslt_cd, body.rslt_msg).toBe(0);
    fans.push({ page, member });
  }
});

afterAll(async () => {
  await closeDatabase();
});

/** The concert's row in the console's list (newest start first: a concert two days ahead is on page 1). */
const rowOf = () => op.locator(`[data-concert-row="${concertSn}"]`);

describe('concerts console', { timeout: 120_000 }, () => {
  it('an operator creates a concert with a poster; an empty title and an unknown broadcaster are told under their field', async () => {
    await op.goto('/admin/concerts');
    await op.locator('[data-concert-new]').click();
    const form = op.locator('[data-concert-form]');
    await form.waitFor();
    // The contract's defaults.
    expect(await op.locator('#concert-doors_minutes').inputValue()).toBe('60');
    expect(await op.locator('#concert-replay_days').inputValue()).toBe('7');
    expect(await op.locator('#concert-replay_play_max').inputValue()).toBe('0');

    await op.locator('[data-concert-submit]').click();
    await expect.poll(() => form.locator('[data-field-errors="concert-title"]').textContent()).toBe('입력해 주세요.');

    await op.locator('#concert-title').fill(title);
    await op.locator('#concert-bj_id').fill(`nobody${run}`);
    await op.locator('#concert-price').fill('3000');
    await op.locator('#concert-starts_at').fill(startsAt);
    await op.locator('#concert-ends_at').fill(endsAt);
    await op.locator('#concert-lineup').fill(`하늘${run}\n바다${run}`);
    await op.locator('#concert-description').fill(`두 시간의 온라인 무대 ${run}`);
    await op.locator('#concert-refund_rule').fill('공연 시작 전까지 환불됩니다.');

    // The poster: its upload is held until its progress has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await op.route('**/v1/upload/upload_thum_ajax', async (route) => {
      await held;
      await route.continue();
    });
    await op
      .locator('#concert-poster')
      .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await png({ r: 120, g: 60, b: 200 }) });
    const poster = op.locator('[data-image-field="concert-poster"]');
    await poster.locator('[data-upload-progress]').waitFor();
    expect(await poster.locator('[data-upload-progress]').textContent()).toMatch(/업로드 중… \d+%/);
    await op.locator('[data-concert-submit]').click();
    await expect.poll(() => form.locator('[role="alert"]').allTextContents()).toContain('이미지 업로드가 끝난 뒤에 저장해 주세요.');
    release();
    await expect.poll(() => poster.locator('[data-image-preview]').count()).toBe(1);
    await op.unroute('**/v1/upload/upload_thum_ajax');

    // A broadcaster ID that does not exist: the server's message under the ID.
    await op.locator('[data-concert-submit]').click();
    await expect
      .poll(() => form.locator('[data-field-errors="concert-bj_id"]').textContent())
      .toBe(resultMessage('CONCERT_BJ_NOT_FOUND', 'ko'));

    await op.locator('#concert-bj_id').fill(bj.id);
    const answered = op.waitForResponse((r) => r.url().endsWith('/v1/admin/concert_proc'));
    await op.locator('[data-concert-submit]').click();
    const response = await answered;
    // The times travel with their zone (typed in KST).
    expect(response.request().postData()).toContain(encodeURIComponent(`${startsAt}+09:00`));
    const saved = (await response.json()) as Envelope<AdminConcertItem>;
    expect(saved.rslt_cd, saved.rslt_msg).toBe(0);
    concertSn = saved.rslt_set.concert_sn;
    expect(saved.rslt_set).toMatchObject({ title, price: 3000, state: 'scheduled', lineup: [`하늘${run}`, `바다${run}`] });
    expect(saved.rslt_set.bj.id.toLowerCase()).toBe(bj.id.toLowerCase());
    expect(Date.parse(saved.rslt_set.starts_at)).toBe(Date.parse(`${startsAt}:00+09:00`));
    // Doors open an hour before the start by default.
    expect(Date.parse(saved.rslt_set.starts_at) - Date.parse(saved.rslt_set.doors_at)).toBe(HOUR_MS);
    expect(saved.rslt_set.poster).not.toBe('');
    await expect.poll(() => op.locator('[data-concert-summary]').getAttribute('data-concert-summary')).toBe(String(concertSn));
    expect(await op.locator('[data-summary-poster]').getAttribute('src')).toBe(saved.rslt_set.poster);
    await fitsBothWidths(op, 'admin-concert-form');

    await op.locator('[data-concert-back]').click();
    await expect.poll(() => rowOf().getAttribute('data-state')).toBe('scheduled');
    expect(await rowOf().locator('[data-concert-price]').textContent()).toBe('3,000 STAR');
    expect(await rowOf().locator('[data-concert-open]').getAttribute('href')).toBe(`/concert/${concertSn}`);
    await fitsBothWidths(op, 'admin-concerts');
  });

  it('the concert is listed for visitors', async () => {
    expect(concertSn).toBeGreaterThan(0);
    const list = await op.request.get('/v1/concert/concert_list?tab=upcoming&limit=100', { headers: API_HEADERS });
    const body = (await list.json()) as Envelope<ListSet<ConcertListItem>>;
    expect(body.rslt_cd, body.rslt_msg).toBe(0);
    expect(body.rslt_set.data_list.find((c) => c.concert_sn === concertSn)).toMatchObject({ title, price: 3000 });
    if (hasConcertPage) {
      const visitor = fans[0]?.page as Page;
      await visitor.goto('/concert');
      const card = visitor.locator(`[data-concert-card="${concertSn}"]`);
      for (let i = 0; i < 10 && (await card.count()) === 0 && (await visitor.locator('[data-more]').count()) > 0; i++) {
        await visitor.locator('[data-more]').click();
        await visitor.waitForLoadState('networkidle');
      }
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.textContent()).toContain(title);
    }
  });

  it('the operator edits the price; the texts the list does not hold are kept', async () => {
    await op.goto('/admin/concerts');
    await rowOf().locator('[data-concert-edit]').click();
    const form = op.locator('[data-concert-form]');
    await form.waitFor();
    expect(await op.locator('#concert-title').inputValue()).toBe(title);
    expect(await op.locator('#concert-starts_at').inputValue()).toBe(startsAt);
    expect(await op.locator('#concert-description').inputValue()).toBe(`두 시간의 온라인 무대 ${run}`);
    await op.locator('#concert-price').fill('5000');
    const answered = op.waitForResponse((r) => r.url().endsWith('/v1/admin/concert_proc'));
    await op.locator('[data-concert-submit]').click();
    const saved = (await (await answered).json()) as Envelope<AdminConcertItem>;
    expect(saved.rslt_cd, saved.rslt_msg).toBe(0);
    expect(saved.rslt_set).toMatchObject({ concert_sn: concertSn, price: 5000 });
    await expect.poll(() => op.locator('[data-summary-price]').textContent()).toBe('5,000 STAR');

    const info = await op.request.get(`/v1/concert/concert_info?concert_sn=${concertSn}`, { headers: API_HEADERS });
    const body = (await info.json()) as Envelope<ConcertInfo>;
    expect(body.rslt_set).toMatchObject({
      price: 5000,
      description: `두 시간의 온라인 무대 ${run}`,
      refund_rule: '공연 시작 전까지 환불됩니다.',
    });
    expect(body.rslt_set.poster).toBe(saved.rslt_set.poster);

    await op.locator('[data-concert-back]').click();
    await expect.poll(() => rowOf().locator('[data-concert-price]').textContent()).toBe('5,000 STAR');
  });

  it('two fans buy tickets; one ticket is refunded with a reason, then the concert is cancelled and the other refunded', async () => {
    for (const fan of fans) {
      const res = await fan.page.request.post('/v1/concert/ticket_buy_proc', {
        form: { concert_sn: String(concertSn) },
        headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
      });
      const bought = (await res.json()) as Envelope<ConcertTicketBuySet>;
      expect(bought.rslt_cd, bought.rslt_msg).toBe(0);
      expect(bought.rslt_set.balance).toBe(FUNDS - 5000);
    }
    const [fanA, fanB] = fans as [{ page: Page; member: Member }, { page: Page; member: Member }];

    // The concert's tickets: fan B's is refunded with a reason.
    await op.goto('/admin/concerts');
    await expect.poll(() => rowOf().locator('[data-ticket-cnt]').getAttribute('data-ticket-cnt')).toBe('2');
    await rowOf().locator('[data-concert-tickets]').click();
    const tickets = op.locator(`[data-admin-concert-tickets="${concertSn}"]`);
    await tickets.waitFor();
    await expect.poll(() => tickets.locator('[data-ticket-row]').count()).toBe(2);
    const rowB = tickets.locator('[data-ticket-row]').filter({ hasText: fanB.member.id });
    expect(await rowB.getAttribute('data-state')).toBe('valid');
    await rowB.locator('[data-ticket-refund]').click();
    const dialog = op.locator('[data-admin-dialog]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(fanB.member.nick);
    await dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => dialog.locator('[data-field-errors="admin-reason"]').textContent()).toBe('입력해 주세요.');
    await dialog.locator('#admin-reason').fill(`중복 구매 환불 ${run}`);
    await dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => rowB.getAttribute('data-state')).toBe('refunded');
    expect(await balanceOf(fanB.page, 'star')).toBe(FUNDS);
    await fitsBothWidths(op, 'admin-concert-tickets');

    // The concert is cancelled with a reason: the remaining ticket (fan A's) is refunded.
    await op.locator('[data-tickets-back]').click();
    await rowOf().locator('[data-concert-cancel]').click();
    await dialog.waitFor();
    expect(await dialog.locator('[data-cancel-intro]').textContent()).toContain(title);
    const reason = `아티스트 사정으로 취소 ${run}`;
    await dialog.locator('#admin-reason').fill(reason);
    const answered = op.waitForResponse((r) => r.url().endsWith('/v1/admin/concert_cancel_proc'));
    await dialog.locator('[data-admin-submit]').click();
    const cancelled = (await (await answered).json()) as Envelope<ConcertCancelSet>;
    expect(cancelled.rslt_cd, cancelled.rslt_msg).toBe(0);
    expect(cancelled.rslt_set).toMatchObject({ concert_sn: concertSn, state: 'cancelled', refunded_cnt: 1 });
    const notice = op.locator('[data-concert-notice]');
    await expect.poll(() => notice.getAttribute('data-concert-notice')).toBe('1');
    expect(await notice.textContent()).toBe(`콘서트 #${concertSn} 공연을 취소했습니다. 티켓 1장을 환불했습니다.`);
    await expect.poll(() => rowOf().getAttribute('data-state')).toBe('cancelled');
    expect(await rowOf().locator('[data-state-badge]').textContent()).toBe('취소됨');
    expect(await rowOf().locator('[data-cancelled-reason]').textContent()).toContain(reason);
    expect(await rowOf().locator('[data-concert-cancel]').count()).toBe(0);
    expect(await balanceOf(fanA.page, 'star')).toBe(FUNDS);
    await fitsBothWidths(op, 'admin-concerts-cancelled');
  });

  it('the list, the form and the ticket list fit 360 px and 1366 px in the four languages', async () => {
    const found: string[] = [];
    for (const lang of LANGS) {
      await op.context().addCookies([{ name: 'xlang', value: lang, url: baseUrl }]);
      for (const viewport of [{ width: 360, height: 780 }, DESKTOP]) {
        await op.setViewportSize(viewport);
        const check = async (what: string) => {
          expect(await op.evaluate(() => document.documentElement.lang)).toBe(lang);
          const over = await overflowOf(op);
          if (over > 0) found.push(`${lang} ${viewport.width} ${what}: ${over} px too wide`);
          if (lang !== 'ko') await screenshot(op, what, lang);
        };
        await op.goto('/admin/concerts');
        await check('admin-concerts');
        await op.goto(`/admin/concerts?tickets=${concertSn}`);
        await check('admin-concert-tickets');
        await op.goto('/admin/concerts');
        await expect.poll(() => op.locator('[data-concert-new]').isEnabled()).toBe(true);
        await op.locator('[data-concert-new]').click();
        await op.locator('[data-concert-form]').waitFor();
        await check('admin-concert-form');
      }
    }
    await op.context().addCookies([{ name: 'xlang', value: 'ko', url: baseUrl }]);
    await op.setViewportSize(DESKTOP);
    expect(found).toEqual([]);
  });
});
