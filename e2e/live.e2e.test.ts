import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accountsEndpoints, streamEndpoints } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_STUDIO } from '../apps/server/src/demo/demo.seed.js';
import { freshPagePerTest } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { apiClient, call, joinByApi } from './support/members.js';
import { advances, listedLive, playerState, publish, stopPublisher } from './support/publisher.js';

/**
 * The whole live path as a broadcaster and a viewer meet it, the way the README tells a newcomer: the demo
 * broadcaster signs in, saves stream settings and reveals the stream key; ffmpeg publishes to the RTMP
 * ingest as OBS would; the viewer opens /play/{vod_key} in Chromium and the video plays in HLS and in the
 * ultra-low-latency mode; the publisher stops and the replay plays on /vod/{vod_key}. Then the player's
 * recovery: a room opened before its first segment exists, a viewer whose connection drops.
 */
const baseUrl = inject('baseUrl');
const rtmpPort = inject('rtmpPort');
let page: Page;
freshPagePerTest(baseUrl, (fresh) => {
  ({ page } = fresh);
});

const run = randomBytes(3).toString('hex');
const publishers: ChildProcess[] = [];

afterAll(async () => {
  // Nothing stays live for the files after this one.
  await Promise.all(publishers.map(stopPublisher));
  await closeDatabase();
});

/** Stream settings saved and the key revealed through the API, as /mypage/stream does; answers the publish URL. */
async function streamUrl(studio: Awaited<ReturnType<typeof apiClient>>, settings: Record<string, string>): Promise<string> {
  await call(studio, streamEndpoints.updateSettings, settings);
  const info = await studio.get('/v1/mypage/stream_info?reveal=Y');
  const { rtmp_url, stream_key } = ((await info.json()) as { rslt_set: { rtmp_url: string; stream_key: string } }).rslt_set;
  expect(rtmp_url).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`);
  return `${rtmp_url}/${stream_key}`;
}

describe('live: OBS (ffmpeg) → RTMP → the viewer in Chromium → the replay', { timeout: 150_000 }, () => {
  let publisher: ChildProcess | undefined;
  let vodKey = '';

  it('goes live with a stream key and plays in HLS and in ultra-low-latency mode', async () => {
    const studio = await apiClient(baseUrl);
    await call(studio, accountsEndpoints.login, { id: DEMO_STUDIO.id, passwd: DEMO_STUDIO.password });
    const title = `라이브 테스트 ${run}`;
    const url = await streamUrl(studio, { title, record_yn: 'Y' });
    await studio.dispose();

    publisher = publish(url);
    publishers.push(publisher);
    // Live in the public list within seconds (the issue: 5 s; allow for a busy CI machine).
    vodKey = await listedLive(page, title);

    // Opened as soon as it is listed: the first segment may not exist yet, and the player waits for it.
    const media: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/media/live/${vodKey}/`)) media.push(r.url());
    });
    await page.goto(`/play/${vodKey}`);
    expect(await page.locator('[data-live-badge]').textContent()).toBe('LIVE');
    await expect.poll(() => playerState(page), { timeout: 30_000 }).toBe('playing');
    await advances(page, 1);
    // In low-latency mode: blocking playlist reloads for the next part, and parts rather than whole segments
    // (the LL-HLS packager, docs/live-video.md).
    expect(media.some((u) => /\/high\/index\.m3u8\?_HLS_msn=\d+&_HLS_part=\d+$/.test(u))).toBe(true);
    expect(media.some((u) => /\/high\/p\d{5}\.\d+\.m4s$/.test(u))).toBe(true);
    // It autoplays muted; one tap on the badge turns the sound on and the badge goes.
    const unmute = page.locator('[data-unmute]');
    await expect.poll(() => unmute.textContent()).toContain('소리 켜기');
    expect(await page.locator('[data-player] video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await unmute.click();
    await expect.poll(() => page.locator('[data-player] video').evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    expect(await unmute.count()).toBe(0);
    // The copied source is the one level without transcoding: auto and high.
    await expect.poll(() => page.locator('[data-quality] option').allTextContents(), { timeout: 10_000 }).toEqual(['자동', '고화질']);

    // Ultra-low latency: mpegts.js on the HTTP-FLV proxy.
    await page.locator('[data-latency] button').nth(1).click();
    await expect.poll(() => page.locator('[data-player]').getAttribute('data-mode')).toBe('ultra');
    await advances(page, 1);
    expect(await page.locator('[data-player] [role="status"]').count()).toBe(0);
  });

  it('ends when the publisher stops, and the replay plays with seeking', async () => {
    expect(vodKey).not.toBe('');
    await stopPublisher(publisher);
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/v1/pubapi/vod_info?vod_key=${vodKey}`);
          return ((await res.json()) as { rslt_cd: number }).rslt_cd;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(0);
    await page.goto(`/vod/${vodKey}`);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.3, undefined, { timeout: 30_000 });
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = 1;
    });
    await advances(page, 0.3);
  });
});

describe('live: the player gets its video back by itself', { timeout: 150_000 }, () => {
  let vodKey = '';

  it('opened before the first segment exists, it says it is connecting and starts; a dropped connection reconnects', async () => {
    // A broadcaster of its own (made a BJ in the database: no operator needed here), whose stream holds its
    // second keyframe back 8 s: the room is live and listed, with no segment to play, for that long.
    const studio = await apiClient(baseUrl);
    const bj = await joinByApi(studio, { id: `lvbj${run}`, nick: `첫화면${run}` });
    await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where lower(id) = lower($1)`, [bj.id]);
    const title = `연결 테스트 ${run}`;
    const url = await streamUrl(studio, { title, record_yn: 'N' });
    await studio.dispose();

    // What the viewer is told over the video, as it changes.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { playerStates: string[] }).playerStates = seen;
      new MutationObserver(() => {
        const player = document.querySelector('[data-player]');
        if (!player) return;
        const entry = `${player.getAttribute('data-state')}:${player.querySelector('[data-player-overlay]')?.textContent ?? ''}`;
        if (seen.at(-1) !== entry) seen.push(entry);
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const masters: number[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith(`/${vodKey}/master.m3u8`)) masters.push(res.status());
    });

    publishers.push(publish(url, { firstSegmentAfterS: 8 }));
    vodKey = await listedLive(page, title);
    await page.goto(`/play/${vodKey}`);
    await expect.poll(() => playerState(page), { timeout: 40_000 }).toBe('playing');
    await advances(page, 1);
    // The player asked before the playlist existed (404), kept asking, and got it.
    expect(masters[0]).toBe(404);
    expect(masters.at(-1)).toBe(200);
    const states = await page.evaluate(() => (window as unknown as { playerStates: string[] }).playerStates);
    // (The first entries can be the player half parsed: what counts is the text shown before it played.)
    const connecting = states.indexOf('connecting:연결 중…');
    expect(connecting, states.join(' | ')).toBeGreaterThanOrEqual(0);
    expect(states.indexOf('playing:'), states.join(' | ')).toBeGreaterThan(connecting);

    // The viewer's network drops: the player says so instead of freezing, and comes back by itself.
    await page.route('**/media/live/**', (route) => route.abort('internetdisconnected'));
    await expect.poll(() => playerState(page), { timeout: 30_000 }).toBe('reconnecting');
    expect(await page.locator('[data-player-overlay]').textContent()).toBe('연결이 끊겨 다시 연결하는 중…');
    await page.unroute('**/media/live/**');
    await expect.poll(() => playerState(page), { timeout: 30_000 }).toBe('playing');
    await advances(page, 1);
  });

  it('the ultra-low-latency player connects again when its stream is cut, without falling back', async () => {
    expect(vodKey).not.toBe('');
    await page.goto(`/play/${vodKey}`);
    await expect.poll(() => playerState(page), { timeout: 30_000 }).toBe('playing');
    let requests = 0;
    await page.route('**/media/flv/**', (route) => (requests++ === 0 ? route.abort('connectionreset') : route.continue()));
    await page.locator('[data-latency] button').nth(1).click();
    await expect.poll(() => page.locator('[data-player]').getAttribute('data-mode')).toBe('ultra');
    // Cut, then asked again (the retry shows "connecting" until the video plays).
    await expect.poll(() => requests, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => playerState(page), { timeout: 30_000 }).toBe('playing');
    await advances(page, 1);
    expect(await page.locator('[data-player]').getAttribute('data-mode')).toBe('ultra');
    expect(await page.locator('[data-player] [role="status"]').count()).toBe(0);
  });
});
