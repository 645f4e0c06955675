import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_STUDIO } from '../apps/server/src/demo/demo.seed.js';
import { freshPagePerTest } from './support/browser.js';
import { apiClient, call } from './support/members.js';

/**
 * The whole live path as a broadcaster and a viewer meet it, the way the README tells a newcomer: the demo
 * broadcaster signs in, saves stream settings and reveals the stream key; ffmpeg publishes to the RTMP
 * ingest as OBS would; the viewer opens /play/{vod_key} in Chromium and the video plays in HLS and in the
 * ultra-low-latency mode; the publisher stops and the replay plays on /vod/{vod_key}.
 */
const baseUrl = inject('baseUrl');
const rtmpPort = inject('rtmpPort');
let page: Page;
freshPagePerTest(baseUrl, (fresh) => {
  ({ page } = fresh);
});

const run = randomBytes(3).toString('hex');
let publisher: ChildProcess | undefined;
let vodKey = '';

afterAll(async () => {
  if (publisher && publisher.exitCode === null) publisher.kill('SIGKILL');
});

const currentTime = (p: Page) => p.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
async function advances(p: Page, by: number) {
  const from = await currentTime(p);
  await p.waitForFunction((t) => (document.querySelector('video')?.currentTime ?? 0) > t, from + by, { timeout: 20_000 });
}

describe('live: OBS (ffmpeg) → RTMP → the viewer in Chromium → the replay', { timeout: 150_000 }, () => {
  it('goes live with a stream key and plays in HLS and in ultra-low-latency mode', async () => {
    const studio = await apiClient(baseUrl);
    await call(studio, '/user/login_proc', { id: DEMO_STUDIO.id, passwd: DEMO_STUDIO.password });
    await call(studio, '/mypage/update_stream_settinge_proc', { title: `라이브 테스트 ${run}`, record_yn: 'Y' });
    const info = await studio.get('/v1/mypage/stream_info?reveal=Y');
    const { rtmp_url, stream_key: streamKey } = ((await info.json()) as { rslt_set: { rtmp_url: string; stream_key: string } }).rslt_set;
    expect(rtmp_url).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`);
    await studio.dispose();

    publisher = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `${rtmp_url}/${streamKey}`],
      ],
      { stdio: 'ignore' },
    );

    // Live in the public list within seconds (the issue: 5 s; allow for a busy CI machine).
    await expect
      .poll(
        async () => {
          const res = await page.request.get('/v1/pubapi/play_live_list?order=recent&limit=50');
          const list = ((await res.json()) as { rslt_set: { data_list: { vod_key: string; title: string }[] } }).rslt_set.data_list;
          vodKey = list.find((b) => b.title === `라이브 테스트 ${run}`)?.vod_key ?? '';
          return vodKey;
        },
        { timeout: 20_000, interval: 250 },
      )
      .not.toBe('');

    await page.goto(`/play/${vodKey}`);
    expect(await page.locator('[data-live-badge]').textContent()).toBe('LIVE');
    // The first segments can take long to reach a player on a busy CI machine (two phases of suites before this).
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 60_000 });
    await advances(page, 1);
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
    publisher?.kill('SIGINT');
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
