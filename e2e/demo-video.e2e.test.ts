import type { ListSet, LiveListItem, VodListItem } from '@byeol/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/testing/database.js';
import { launchBrowser } from './support/browser.js';
import { type RunningPlatform, startPlatform } from './support/platform.js';
import { advances } from './support/publisher.js';

/**
 * A newcomer's first start (issue 15, decision 005): a platform of this file's own with the demo content
 * AND its generated video (the shared platform runs with BYEOL_DEMO_VIDEO=0). The demo live rooms are fed
 * by the demo's looped publishers through the real RTMP ingest, so the home's cards carry real live
 * thumbnails, a demo room's page plays, and a demo replay plays its recording.
 */
let db: TestDatabase | undefined;
let platform: RunningPlatform;
let browser: Browser;

beforeAll(async () => {
  if (process.env.DATABASE_URL) db = await createTestDatabase('byeol_e2e_demo_video');
  platform = await startPlatform({ DATABASE_URL: db?.url, BYEOL_DEMO_VIDEO: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await db?.drop();
});

async function list<T>(path: string): Promise<T[]> {
  const res = await fetch(`${platform.url}/v1/pubapi/${path}`);
  return ((await res.json()) as { rslt_set: ListSet<T> }).rslt_set.data_list;
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: platform.url, locale: 'ko-KR' });
  return context.newPage();
}

describe('the demo content with its generated video', { timeout: 180_000 }, () => {
  let rooms: LiveListItem[] = [];

  it('shows every demo live room on the home page with a real live thumbnail', async () => {
    // The loops are encoded at the first start (a few seconds each), then published: live within a minute or two.
    await expect
      .poll(
        async () => {
          rooms = await list<LiveListItem>('play_live_list');
          return rooms.length === 4 && rooms.every((r) => r.thumbnail === `/media/live/${r.vod_key}/thumb.jpg`);
        },
        { timeout: 150_000, interval: 1000 },
      )
      .toBe(true);
    expect(rooms.every((r) => r.bj.id.startsWith('demo_'))).toBe(true);

    // The thumbnail URL answers an image.
    const thumb = await fetch(platform.url + (rooms[0]?.thumbnail ?? ''));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await thumb.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // The card shows it: a decoded image, not the gradient with a letter.
    const page = await newPage();
    await page.goto('/');
    const card = page.locator(`#live li[data-vod-key="${rooms[0]?.vod_key}"] img`).first();
    expect(await card.getAttribute('src')).toBe(rooms[0]?.thumbnail);
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await page.context().close();
  });

  it("plays a demo room's page: the video advances", async () => {
    const page = await newPage();
    await page.goto(`/play/${rooms[0]?.vod_key}`);
    expect(await page.locator('[data-state="demo"]').count()).toBe(0);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, { timeout: 45_000 });
    await advances(page, 1);
    await page.context().close();
  });

  it('plays a demo replay from its recording, with its thumbnail', async () => {
    const replays = await list<VodListItem>('play_vod_list');
    const replay = replays.find((r) => r.thumbnail === `/media/live/${r.vod_key}/thumb.jpg`);
    expect(replay, 'a demo replay with its recording').toBeDefined();
    const page = await newPage();
    await page.goto(`/vod/${replay?.vod_key}`);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 30_000 });
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(50);
    await advances(page, 0.5);
    await page.context().close();
  });
});
