import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type AdminConcertItem, type Envelope, resultMessage, streamEndpoints } from '@byeol/contract';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, apiClient, balanceOf, call, joinByApi } from './support/members.js';
import { advances, playerState, publish, stopPublisher } from './support/publisher.js';

/**
 * Concerts in Chromium (issue 22). An operator creates a concert through the console's call (doors already
 * open, the start half a minute ahead) for a broadcaster made in the database; the /concert list shows it on
 * the upcoming tab at 390 px without sideways scrolling. A fan with STAR buys the ticket (the confirmation
 * names the price and the balance), enters the waiting room and sees its countdown by the server's clock; the
 * broadcaster publishes with ffmpeg as OBS would, the room's chat opens, and at the start the fan is moved
 * into the concert's play page, where the video plays with the media token on every media request. A second
 * fan without a ticket opening the same play URL is told a ticket is required, and gets no video.
 *
 * `BYEOL_SCREENS=/tmp/screens` also writes screenshots of the list, the concert, the waiting room and the
 * play page at 390 px (ko).
 */
const baseUrl = inject('baseUrl');
const rtmpPort = inject('rtmpPort');
const run = randomBytes(3).toString('hex');
const PHONE = { width: 390, height: 844 };
const newPage = pagesPerFile(baseUrl, { locale: 'ko-KR', viewport: PHONE });
/** The show starts this long after the concert is created: the purchase and the waiting room fit before it. */
const LEAD_MS = 35_000;
const PRICE = 300;

let operator: APIRequestContext;
let studio: APIRequestContext;
let rtmp = '';
let concertSn = 0;
let startsAt = 0;
let playUrl = '';
const publishers: ChildProcess[] = [];

/** How much wider than the window the document is (0 when it fits). */
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function screenshot(page: Page, name: string) {
  const dir = process.env.BYEOL_SCREENS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `concert-${name}-${page.viewportSize()?.width}-ko.png`), fullPage: true });
}

async function grantStar(loginId: string, amount: number): Promise<void> {
  const res = await operator.post('/v1/admin/wallet_grant', {
    form: { id: loginId, currency: 'STAR', amount: String(amount), reason: 'e2e concerts' },
    headers: { ...API_HEADERS, 'Idempotency-Key': `e2e-${randomUUID()}` },
  });
  const body = (await res.json()) as { rslt_cd: number; rslt_msg: string };
  expect(body.rslt_cd, body.rslt_msg).toBe(0);
}

beforeAll(async () => {
  operator = await apiClient(baseUrl);
  const op = await joinByApi(operator, { id: `cop${run}`, nick: `공연운영${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [op.id]);

  // The broadcaster: a BJ made in the database, their stream key revealed as /mypage/stream does.
  studio = await apiClient(baseUrl);
  const bj = await joinByApi(studio, { id: `cbj${run}`, nick: `공연BJ${run}` });
  await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where lower(id) = lower($1)`, [bj.id]);
  await call(studio, streamEndpoints.updateSettings, { title: `공연 방송 ${run}`, record_yn: 'Y' });
  const info = await studio.get('/v1/mypage/stream_info?reveal=Y');
  const { rtmp_url, stream_key } = ((await info.json()) as { rslt_set: { rtmp_url: string; stream_key: string } }).rslt_set;
  expect(rtmp_url).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`);
  rtmp = `${rtmp_url}/${stream_key}`;

  // The concert, as the console creates it: doors open now (an hour before a start half a minute ahead).
  startsAt = Date.now() + LEAD_MS;
  const res = await operator.post('/v1/admin/concert_proc', {
    form: {
      title: `별빛 콘서트 ${run}`,
      bj_id: bj.id,
      price: String(PRICE),
      starts_at: new Date(startsAt).toISOString().replace(/\.\d+Z$/, 'Z'),
      ends_at: new Date(startsAt + 30 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
      doors_minutes: '60',
      lineup: '하늘, 별빛소녀',
      description: '첫 줄\n<b>굵게 아님</b>',
      notice: '',
      refund_rule: '공연 시작 전까지 환불',
    },
    headers: API_HEADERS,
  });
  const body = (await res.json()) as Envelope<AdminConcertItem>;
  expect(body.rslt_cd, body.rslt_msg).toBe(0);
  concertSn = body.rslt_set.concert_sn;
});

afterAll(async () => {
  await Promise.all(publishers.map(stopPublisher));
  await operator?.dispose();
  await studio?.dispose();
  await closeDatabase();
});

describe('concerts: a ticket, the waiting room and the show', { timeout: 120_000 }, () => {
  it('lists the concert on the upcoming tab at 390 px without sideways scrolling', async () => {
    const page = await newPage();
    await page.goto('/concert');
    expect(await page.locator('[data-concert-list-page]').getAttribute('data-tab')).toBe('upcoming');
    const card = page.locator(`[data-concert-card="${concertSn}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-concert-state')).toBe('doors');
    expect(await card.textContent()).toContain('하늘 · 별빛소녀');
    expect(await card.locator('[data-price]').textContent()).toMatch(/^300 /);
    expect(await overflowOf(page)).toBe(0);
    await screenshot(page, 'list');
    // The concert's details are plain text: the tag typed by the operator is shown, not applied.
    await page.goto(`/concert/detail/${concertSn}`);
    expect(await page.locator('[data-concert-text="description"]').innerText()).toBe('첫 줄\n<b>굵게 아님</b>');
    expect(await page.locator('[data-concert-text="description"] b').count()).toBe(0);
  });

  it('a fan buys the ticket, waits in the room and is moved into the show, which plays', async () => {
    const page = await newPage();
    const fan = await joinByApi(page.request, { id: `cfan${run}`, nick: `팬${run}` });
    await grantStar(fan.id, 1_000);

    await page.goto(`/concert/${concertSn}`);
    await page.locator('[data-ticket-buy]').click();
    const ask = page.getByRole('alertdialog');
    await ask.waitFor();
    expect(await ask.locator('[data-ticket-confirm] [data-price]').textContent()).toMatch(/^300 /);
    expect(await ask.locator('[data-confirm-balance]').getAttribute('data-confirm-balance')).toBe('1000');
    await ask.getByRole('button', { name: '확인', exact: true }).click();
    const enter = page.locator('[data-enter-waiting]');
    await enter.waitFor({ timeout: 15_000 });
    expect(await balanceOf(page, 'star')).toBe(1_000 - PRICE);
    await screenshot(page, 'info');

    // The BJ goes live (before the start: the waiting room's pre-show).
    publishers.push(publish(rtmp));
    await enter.click();
    await page.waitForURL(`**/concert/waiting/${concertSn}`);
    const countdown = page.locator('[data-waiting-countdown] [data-countdown]');
    const left = Number(await countdown.getAttribute('data-countdown'));
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(Math.ceil(LEAD_MS / 1000));
    await expect.poll(() => page.locator('[data-waiting-room]').getAttribute('data-stream'), { timeout: 15_000 }).toBe('open');
    // Once the broadcast is live the room's chat opens.
    await page.locator('[data-waiting-chat] [data-chat]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'waiting');

    // The media requests of the concert's player, to check each carries the token.
    const media: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/media/')) media.push(r.url());
    });
    // At the start the stream's `start` event moves the fan into the play page.
    await page.waitForURL(/\/concert\/\d+\/play\/[^/]+$/, { timeout: Math.max(10_000, startsAt - Date.now() + 20_000) });
    playUrl = new URL(page.url()).pathname;
    expect(playUrl.startsWith(`/concert/${concertSn}/play/`)).toBe(true);
    await expect.poll(() => playerState(page), { timeout: 30_000 }).toBe('playing');
    await advances(page, 1);
    expect(media.length).toBeGreaterThan(0);
    expect(media.filter((u) => !new URL(u).searchParams.get('ct'))).toEqual([]);
    await screenshot(page, 'play');
  });

  it('a fan without a ticket opening the play URL is told a ticket is required and gets no video', async () => {
    expect(playUrl).not.toBe('');
    const page = await newPage();
    await joinByApi(page.request, { id: `cnot${run}`, nick: `구경꾼${run}` });
    await page.goto(playUrl);
    const refusal = page.locator('[data-concert-refusal]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(resultMessage('CONCERT_TICKET_REQUIRED', 'ko'));
    expect(await refusal.locator('[data-concert-page-link]').getAttribute('href')).toBe(`/concert/${concertSn}`);
    expect(await page.locator('video').count()).toBe(0);
  });
});
