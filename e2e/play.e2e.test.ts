import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcast } from '../apps/server/src/modules/live/live.tables.js';
import { users } from '../apps/server/src/modules/users/users.tables.js';
import { connectExternal, type Database } from '../apps/server/src/platform/db.js';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/testing/database.js';
import { launchBrowser } from './support/browser.js';
import { type RunningPlatform, startPlatform } from './support/platform.js';
import { advances, currentTime } from './support/publisher.js';

/**
 * The viewer's pages on a platform of this file's own (no demo content, so the lists start empty), with
 * a database this file writes broadcast rows into and a data folder it writes HLS into: ffmpeg makes a
 * live-like fMP4 HLS from testsrc2 in the agreed media layout (DATA_DIR/media/live/{vod_key}/master.m3u8,
 * high/ and low/ levels), which the platform's web role serves under /media. The full RTMP → play path is
 * the ingest's own test.
 */
let testDb: TestDatabase;
let platform: RunningPlatform;
let database: Database;
let browser: Browser;
let dataDir: string;
const ffmpegs: ChildProcess[] = [];
const run = randomBytes(3).toString('hex');
const key = (name: string) => `e2e${run}${name}`;

beforeAll(async () => {
  testDb = await createTestDatabase('byeol_e2e_play');
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-e2e-play-'));
  platform = await startPlatform({ DATABASE_URL: testDb.url, BYEOL_DEMO: '0', DATA_DIR: dataDir }, []);
  database = await connectExternal(testDb.url, 2);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const f of ffmpegs) if (f.exitCode === null) f.kill('SIGKILL');
  await browser?.close();
  await platform?.stop();
  await database?.close();
  await testDb?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

let bjSeq = 0;
async function addBroadcast(name: string, over: Partial<typeof broadcast.$inferInsert> = {}) {
  const [bj] = await database.db
    .insert(users)
    .values({ id: `bj${run}${bjSeq}`, nick: `비제이${run}${bjSeq++}`, typeCd: 'bj', role: 'bj' })
    .returning();
  const [row] = await database.db
    .insert(broadcast)
    .values({ vodKey: key(name), bjUserKey: bj?.userKey ?? 0, title: `방송 ${name}`, state: 'live', ...over })
    .returning();
  if (!row) throw new Error('no broadcast');
  return row;
}

/**
 * ffmpeg writes HLS from a test pattern (with a tone) into the broadcast's media folder, the way the
 * packager lays it out: fMP4, 1 s segments, program-date-time, levels high (640×360) and low (320×180).
 * `live`: in real time with a short sliding playlist; otherwise `seconds` as fast as it can, closed with
 * EXT-X-ENDLIST (a replay).
 */
function writeHls(vodKey: string, { live, seconds }: { live: boolean; seconds: number }): ChildProcess {
  const dir = path.join(dataDir, 'media', 'live', vodKey);
  const args = ['-hide_banner', '-loglevel', 'error', ...(live ? ['-re'] : [])];
  args.push('-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', String(seconds), '-map', '0:v', '-map', '1:a', '-map', '0:v', '-map', '1:a');
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-keyint_min', '30', '-sc_threshold', '0');
  args.push('-pix_fmt', 'yuv420p', '-filter:v:0', 'scale=640:360', '-b:v:0', '800k', '-filter:v:1', 'scale=320:180', '-b:v:1', '200k');
  args.push('-c:a', 'aac', '-b:a', '64k', '-f', 'hls', '-hls_time', '1', '-hls_segment_type', 'fmp4');
  args.push('-hls_fmp4_init_filename', 'init.mp4', '-start_number', '1', '-hls_list_size', live ? '6' : '0');
  args.push('-hls_flags', `program_date_time+independent_segments+temp_file${live ? '+delete_segments' : ''}`);
  args.push('-hls_segment_filename', path.join(dir, '%v', 'seg_%05d.m4s'), '-master_pl_name', 'master.m3u8');
  args.push('-var_stream_map', 'v:0,a:0,name:high v:1,a:1,name:low', path.join(dir, '%v', 'index.m3u8'));
  const ffmpeg = spawn('/usr/bin/ffmpeg', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  ffmpegs.push(ffmpeg);
  return ffmpeg;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function newPage(lang = 'ko'): Promise<Page> {
  const context = await browser.newContext({ baseURL: platform.url });
  await context.addCookies([{ name: 'xlang', value: lang, url: platform.url }]);
  const page = await context.newPage();
  return page;
}

describe('/sub/live and /sub/replay', () => {
  it.each([
    ['ko', '지금 방송 중인 BJ가 없습니다.', '아직 다시보기가 없습니다.'],
    ['en', 'No BJ is live right now.', 'No replays yet.'],
    ['ja', '現在配信中のBJはいません。', 'アーカイブはまだありません。'],
    ['zh-CN', '目前没有正在直播的BJ。', '暂无回放。'],
  ])('say they are empty in %s', async (lang, live, replay) => {
    const page = await newPage(lang);
    expect((await page.goto('/sub/live'))?.status()).toBe(200);
    expect(await page.locator('[data-empty="live"]').textContent()).toBe(live);
    expect((await page.goto('/sub/replay'))?.status()).toBe(200);
    expect(await page.locator('[data-empty="replay"]').textContent()).toBe(replay);
    await page.context().close();
  });

  it('list broadcasts, and /sub/live shows a new one without a reload', async () => {
    const first = await addBroadcast('list1', { viewerCnt: 1234 });
    // A BJ who keeps the viewer count private (/mypage/setting viewer_count off): the card never shows the figure.
    const hidden = await addBroadcast('hidden', { viewerCnt: 4321 });
    await database.db
      .update(users)
      .set({ settings: { adult_broadcast: false, viewer_count: false, translation: false } })
      .where(eq(users.userKey, hidden.bjUserKey));
    await addBroadcast('rp1', { state: 'ended', replayYn: true, endedAt: new Date(), startedAt: new Date(Date.now() - 3_725_000) });
    const page = await newPage();
    // The snapshot follows rows nobody announced within its 5 s safety net.
    await until('the live list to hold the broadcasts', async () => {
      const res = await fetch(`${platform.url}/v1/pubapi/play_live_list`);
      const text = JSON.stringify(await res.json());
      return text.includes(first.vodKey) && text.includes(hidden.vodKey);
    });
    await page.goto('/sub/live');
    const card = page.locator(`#live-list li[data-vod-key="${first.vodKey}"]`);
    expect(await card.textContent()).toContain('방송 list1');
    expect(await card.locator('[data-viewers]').textContent()).toBe('1,234명 시청 중');
    expect(await card.locator('a').first().getAttribute('href')).toBe(`/play/${first.vodKey}`);
    const hiddenCard = page.locator(`#live-list li[data-vod-key="${hidden.vodKey}"]`);
    expect(await hiddenCard.locator('[data-viewers]').textContent()).toBe('시청자 수 비공개');
    expect(await hiddenCard.textContent()).not.toContain('4,321');

    // A broadcast going live while the page is open appears by itself (polling every 10 s).
    const marker = await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
      return true;
    });
    expect(marker).toBe(true);
    const second = await addBroadcast('list2', { viewerCnt: 5 });
    await page.locator(`#live-list li[data-vod-key="${second.vodKey}"]`).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    await page.goto('/sub/replay');
    const replay = page.locator(`#replay-list li[data-vod-key="${key('rp1')}"]`);
    expect(await replay.textContent()).toContain('1:02:05');
    expect(await replay.locator('a').first().getAttribute('href')).toBe(`/vod/${key('rp1')}`);
    await page.context().close();
  }, 60_000);
});

describe('/play/{vod_key}', () => {
  it('shows a demo broadcast as such, without a player', async () => {
    const demo = await addBroadcast('demo', { isDemo: true, title: '데모 방송 제목' });
    const page = await newPage();
    expect((await page.goto(`/play/${demo.vodKey}`))?.status()).toBe(200);
    expect(await page.locator('[data-state="demo"]').textContent()).toBe('데모 방송입니다. 영상이 없습니다.');
    expect(await page.locator('#broadcast-title').textContent()).toBe('데모 방송 제목');
    expect(await page.locator('video').count()).toBe(0);
    await page.context().close();
  });

  it('shows the ended, frozen, adult and not-found states', async () => {
    const ended = await addBroadcast('ended', { state: 'ended', replayYn: true, endedAt: new Date() });
    const frozen = await addBroadcast('frozen', { state: 'frozen', frozenAt: new Date() });
    const adult = await addBroadcast('adult', { adultYn: true });
    const page = await newPage();
    await page.goto(`/play/${ended.vodKey}`);
    expect(await page.locator('[data-state="ended"]').textContent()).toContain('방송이 종료되었습니다.');
    expect(await page.locator('[data-state="ended"] a').getAttribute('href')).toBe(`/vod/${ended.vodKey}`);
    await page.goto(`/play/${frozen.vodKey}`);
    expect(await page.locator('[data-state="frozen"]').textContent()).toBe('관리자에 의해 방송이 정지되었습니다.');
    await page.goto(`/play/${adult.vodKey}`);
    expect(await page.locator('[data-state="adult"] a').getAttribute('href')).toBe('/user/adult-verify');
    expect(await page.locator('video').count()).toBe(0);
    expect((await page.goto(`/play/${key('nothing')}`))?.status()).toBe(404);
    expect(await page.locator('[data-state="not-found"]').textContent()).toBe('방송을 찾을 수 없습니다.');
    await page.context().close();
  });

  it('plays a live HLS stream: the video advances and the quality selector lists the levels', async () => {
    const live = await addBroadcast('hls', { qualities: ['high', 'low'], mediaDir: `live/${key('hls')}` });
    await mkdir(path.join(dataDir, 'media', 'live', live.vodKey), { recursive: true });
    writeHls(live.vodKey, { live: true, seconds: 90 });
    const master = path.join(dataDir, 'media', 'live', live.vodKey, 'master.m3u8');
    await until('ffmpeg to write the master playlist and three segments', () => {
      const seg = path.join(dataDir, 'media', 'live', live.vodKey, 'high', 'seg_00003.m4s');
      return existsSync(master) && existsSync(seg);
    });

    const page = await newPage();
    // Issue 25: once playing, the heartbeat (every 15 s) carries the player's latency for the BJ's dashboard.
    const beatWithLatency = page.waitForRequest(
      (r) => r.url().includes('/pubapi/play_heartbeat') && /(^|&)latency_ms=\d+/.test(r.postData() ?? ''),
      { timeout: 40_000 },
    );
    await page.goto(`/play/${live.vodKey}`);
    expect(await page.locator('[data-live-badge]').textContent()).toBe('LIVE');
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, undefined, { timeout: 30_000 });
    await advances(page, 0.5);

    const levels = await page
      .locator('[data-quality] option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).dataset.level ?? (o as HTMLOptionElement).value));
    expect(levels).toEqual(['-1', 'high', 'low']);
    expect(await page.locator('[data-quality] option').allTextContents()).toEqual(['자동', '고화질', '저화질']);
    // Choosing a level keeps playing.
    await page.locator('[data-quality]').selectOption({ label: '저화질' });
    await advances(page, 1, 15_000);

    // The heartbeat counts this viewer.
    await expect.poll(async () => page.locator('[data-viewers]').textContent(), { timeout: 10_000 }).toBe('1명 시청 중');

    // Paused, the LIVE badge becomes the jump back to live; it plays from the live edge again, badge back.
    const video = page.locator('[data-player] video');
    const pausedAt = await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      return v.currentTime;
    });
    const jump = page.locator('[data-live-jump]');
    await expect.poll(() => jump.textContent()).toBe('실시간으로');
    expect(await page.locator('[data-live-badge]').count()).toBe(0);
    await page.waitForTimeout(3_000);
    await jump.click();
    await expect.poll(() => page.locator('[data-live-badge]').textContent()).toBe('LIVE');
    expect(await jump.count()).toBe(0);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    expect(await currentTime(page)).toBeGreaterThan(pausedAt + 1.5);
    await advances(page, 0.5);

    const latencyMs = Number(new URLSearchParams((await beatWithLatency).postData() ?? '').get('latency_ms'));
    expect(latencyMs).toBeGreaterThan(0);
    expect(latencyMs).toBeLessThan(10_000);
    await page.context().close();
  }, 90_000);
});

describe('/vod/{vod_key}', () => {
  it('plays a replay with seeking', async () => {
    const replay = await addBroadcast('vod', {
      state: 'ended',
      replayYn: true,
      qualities: ['high', 'low'],
      mediaDir: `live/${key('vod')}`,
      startedAt: new Date(Date.now() - 60_000),
      endedAt: new Date(),
    });
    const ffmpeg = writeHls(replay.vodKey, { live: false, seconds: 8 });
    const code = await new Promise<number | null>((resolve) => ffmpeg.once('exit', resolve));
    expect(code).toBe(0);

    const page = await newPage();
    await page.goto(`/vod/${replay.vodKey}`);
    expect(await page.locator('[data-live-badge]').count()).toBe(0);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, { timeout: 30_000 });
    expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(7);
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = 6;
    });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 6, undefined, { timeout: 15_000 });
    await page.context().close();
  }, 60_000);

  it('does not play what is not a replay', async () => {
    const page = await newPage('en');
    const live = (
      await database.db
        .select()
        .from(broadcast)
        .where(eq(broadcast.vodKey, key('list1')))
    )[0];
    await page.goto(`/vod/${live?.vodKey}`);
    expect(await page.locator('[data-state="not-found"]').textContent()).toBe('This broadcast has no replay.');
    await page.context().close();
  });
});
