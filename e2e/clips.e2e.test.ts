import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { streamEndpoints } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, call, joinByApi, type Member } from './support/members.js';
import { listedLive, publish, stopPublisher } from './support/publisher.js';

/**
 * Short clips (issue 22) as a viewer and a BJ meet them: ffmpeg publishes the BJ's broadcast; a signed-in
 * viewer in the live room presses Clip, keeps the last 10 s in the editor, makes the clip, sees it become
 * ready and plays it at /sub/short?clip=…; the BJ turns clipping off on /mypage/short and the room offers
 * Clip no more. One publisher for the file.
 */
const baseUrl = inject('baseUrl');
const newPage = pagesPerFile(baseUrl);
const run = randomBytes(3).toString('hex');
let publisher: ChildProcess | undefined;

afterAll(async () => {
  // Nothing stays live for the files after this one.
  await stopPublisher(publisher);
  await closeDatabase();
});

/** Seconds of the room's video the server has before now (POST /clip/clip_window, as the Clip button asks). */
async function availableSec(page: Page, vodKey: string): Promise<number> {
  const res = await page.request.post('/v1/clip/clip_window', { form: { vod_key: vodKey }, headers: API_HEADERS });
  const body = (await res.json()) as { rslt_cd: number; rslt_set: { available_sec: number } };
  return body.rslt_cd === 0 ? body.rslt_set.available_sec : -1;
}

describe('clips: a viewer clips the live, the clip plays in the feed, the BJ turns clipping off', { timeout: 120_000 }, () => {
  let bjPage: Page;
  let viewer: Page;
  let bj: Member;
  let vodKey = '';
  let clipKey = '';

  it('a signed-in viewer presses Clip, keeps 10 s and the clip becomes ready', async () => {
    // The BJ (made a BJ in the database: no operator needed here) goes live with ffmpeg.
    bjPage = await newPage();
    bj = await joinByApi(bjPage.request, { id: `clbj${run}`, nick: `클립방장${run}` });
    await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where lower(id) = lower($1)`, [bj.id]);
    const title = `클립 테스트 ${run}`;
    await call(bjPage.request, streamEndpoints.updateSettings, { title, record_yn: 'N' });
    const info = await bjPage.request.get('/v1/mypage/stream_info?reveal=Y', { headers: API_HEADERS });
    const { rtmp_url, stream_key } = ((await info.json()) as { rslt_set: { rtmp_url: string; stream_key: string } }).rslt_set;
    publisher = publish(`${rtmp_url}/${stream_key}`);

    viewer = await newPage();
    await joinByApi(viewer.request, { id: `clvw${run}`, nick: `클립러${run}` });
    vodKey = await listedLive(viewer, title);
    // Some 15 s of the room's video on disk before the press.
    await expect.poll(() => availableSec(viewer, vodKey), { timeout: 45_000, interval: 1000 }).toBeGreaterThanOrEqual(15);

    await viewer.goto(`/play/${vodKey}`);
    const button = viewer.locator('[data-clip-button]');
    await button.click({ timeout: 20_000 });
    const editor = viewer.locator('[data-clip-editor]');
    await expect.poll(() => editor.getAttribute('data-clip-state'), { timeout: 10_000 }).toBe('edit');
    // The default: the last 30 s ending 5 s after the press (less when less is on disk).
    expect(await editor.locator('[data-clip-to]').inputValue()).toBe('5');
    // Keep 10 s: the start handle moved with the keyboard to −5 s.
    const from = editor.locator('[data-clip-from]');
    await from.focus();
    const start = Number(await from.inputValue());
    for (let i = start; i < -5; i++) await from.press('ArrowRight');
    await expect.poll(() => editor.locator('[data-clip-length]').getAttribute('data-clip-length')).toBe('10');
    await editor.locator('[data-clip-title]').fill(`명장면 ${run}`);
    await editor.locator('[data-clip-create]').click();

    // processing… then ready, with the way to the feed.
    await expect.poll(() => editor.getAttribute('data-clip-state'), { timeout: 30_000 }).toBe('ready');
    clipKey = (await editor.locator('[data-clip-link]').getAttribute('data-clip-link')) ?? '';
    expect(clipKey).not.toBe('');
    const made = await viewer.request.get(`/v1/clip/clip_info?clip_key=${clipKey}`, { headers: API_HEADERS });
    const item = ((await made.json()) as { rslt_set: { duration_sec: number; kind: string; title: string } }).rslt_set;
    expect(item.kind).toBe('clip');
    expect(item.title).toBe(`명장면 ${run}`);
    expect(Math.abs(item.duration_sec - 10)).toBeLessThanOrEqual(1.5);
  });

  it('plays at /sub/short?clip=… and is counted as a view', async () => {
    expect(clipKey).not.toBe('');
    await viewer.locator('[data-clip-link]').click();
    await viewer.waitForURL(`**/sub/short?clip=${clipKey}`);
    const player = viewer.locator(`[data-clip-player="${clipKey}"]`);
    await player.waitFor({ timeout: 15_000 });
    const video = player.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
    await expect.poll(() => player.locator('[data-view-cnt]').getAttribute('data-view-cnt'), { timeout: 10_000 }).toBe('1');
    // The feed lists it too (behind the player).
    expect(await viewer.locator(`[data-desktop-feed] [data-clip-key="${clipKey}"]`).count()).toBe(1);
  });

  it('the BJ turns clipping off on /mypage/short and the room offers Clip no more', async () => {
    expect(vodKey).not.toBe('');
    await bjPage.goto('/mypage/short');
    const setting = bjPage.locator('[data-clip-setting]');
    await expect.poll(() => setting.getAttribute('data-clip-setting'), { timeout: 10_000 }).toBe('Y');
    await setting.locator('[data-clip-switch]').click();
    await expect.poll(() => setting.getAttribute('data-clip-setting')).toBe('N');
    expect(await setting.locator('[data-clip-switch]').getAttribute('aria-checked')).toBe('false');

    // The viewer opens the room again: the room's answer says no, and no Clip button shows.
    const answered = viewer.waitForResponse((res) => res.url().includes('/v1/clip/clip_room_info'));
    await viewer.goto(`/play/${vodKey}`);
    const body = (await (await answered).json()) as { rslt_set: { clip_yn: string } };
    expect(body.rslt_set.clip_yn).toBe('N');
    await viewer.locator('[data-player][data-state="playing"]').waitFor({ timeout: 30_000 });
    expect(await viewer.locator('[data-clip-button]').count()).toBe(0);
    // A press made anyway (an old page) is refused with the server's message.
    const res = await viewer.request.post('/v1/clip/clip_window', { form: { vod_key: vodKey }, headers: API_HEADERS });
    expect(((await res.json()) as { rslt_cd: number }).rslt_cd).not.toBe(0);
  });
});
