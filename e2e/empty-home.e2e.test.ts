import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/testing/database.js';
import { launchBrowser } from './support/browser.js';
import { type RunningPlatform, startPlatform } from './support/platform.js';

// A platform started without demo content: what a new installation shows before anyone broadcasts.
let platform: RunningPlatform;
let db: TestDatabase | undefined;
let browser: Browser;

beforeAll(async () => {
  if (process.env.DATABASE_URL) db = await createTestDatabase('byeol_e2e_empty');
  platform = await startPlatform({ DATABASE_URL: db?.url, BYEOL_DEMO: '0' }, []);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await db?.drop();
});

describe('an empty home page', () => {
  it.each([
    ['ko', '지금 방송 중인 BJ가 없습니다.', '아직 다시보기가 없습니다.', '등록된 매거진이 없습니다.'],
    ['en', 'No BJ is live right now.', 'No replays yet.', 'No magazine articles yet.'],
    ['ja', '現在配信中のBJはいません。', 'アーカイブはまだありません。', 'マガジンはまだありません。'],
    ['zh-CN', '目前没有正在直播的BJ。', '暂无回放。', '暂无杂志文章。'],
  ])('says each section is empty in %s', async (lang, live, replay, magazine) => {
    const context = await browser.newContext({ baseURL: platform.url });
    await context.addCookies([{ name: 'xlang', value: lang, url: platform.url }]);
    const page = await context.newPage();
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(await page.locator('[data-empty="live"]').textContent()).toBe(live);
    expect(await page.locator('[data-empty="replay"]').textContent()).toBe(replay);
    expect(await page.locator('[data-empty="magazine"]').textContent()).toBe(magazine);
    expect(await page.locator('#live li').count()).toBe(0);
    await context.close();
  });
});

describe('an empty board', () => {
  it.each([
    ['ko', '등록된 게시글이 없습니다.'],
    ['en', 'There are no posts yet.'],
    ['ja', '投稿はまだありません。'],
    ['zh-CN', '暂无帖子。'],
  ])('says no posts are registered in %s (SPEC §8), with no list, no pager and a total of 0', async (lang, empty) => {
    const context = await browser.newContext({ baseURL: platform.url });
    await context.addCookies([{ name: 'xlang', value: lang, url: platform.url }]);
    const page = await context.newPage();
    const res = await page.goto('/bbs');
    expect(res?.status()).toBe(200);
    expect(await page.locator('[data-empty="board"]').textContent()).toBe(empty);
    expect(await page.locator('[data-board-total]').getAttribute('data-board-total')).toBe('0');
    expect(await page.locator('[data-board-list]').count()).toBe(0);
    expect(await page.locator('[data-board-pager]').count()).toBe(0);
    // The write button is there: an empty board invites the first post.
    expect(await page.locator('[data-board-write]').count()).toBe(1);
    await context.close();
  });
});
