import { randomBytes } from 'node:crypto';
import { profileEndpoints } from '@byeol/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBroadcast } from '../apps/server/src/testing/builders.js';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/testing/database.js';
import { launchBrowser } from './support/browser.js';
import { embeddedDatabaseUrl } from './support/database.js';
import { chatJoined, chatOf } from './support/live-room.js';
import { call, joinByApi } from './support/members.js';
import { type RunningPlatform, startPlatform } from './support/platform.js';

/**
 * Chat translation in Chromium (issue 24, docs/chat-protocol.md "Translation and captions"): a platform of
 * this file's own with TRANSLATOR=glossary (the shared one runs the default, none). A Korean BJ writes on a
 * desktop; a viewer reading in English on a phone, with 채팅 번역 on, sees the translation under the message,
 * small, with its language tag; the BJ (setting off) sees the original only.
 */
const run = randomBytes(3).toString('hex');
let db: TestDatabase | undefined;
let platform: RunningPlatform;
let browser: Browser;
let pool: pg.Pool;

beforeAll(async () => {
  if (process.env.DATABASE_URL) db = await createTestDatabase('byeol_e2e_translation');
  platform = await startPlatform({ DATABASE_URL: db?.url, TRANSLATOR: 'glossary' }, []);
  pool = new pg.Pool({ connectionString: db?.url ?? (await embeddedDatabaseUrl(platform.dataDir)), max: 2 });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await pool?.end();
  const code = await platform?.stop();
  if (code !== 0 && platform) console.error(`platform exited with ${code}:\n${platform.logs()}`);
  await db?.drop();
});

async function newPage(options: BrowserContextOptions, lang: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: platform.url, ...options });
  await context.addCookies([{ name: 'xlang', value: lang, url: platform.url }]);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
  return page;
}

describe('chat translation', { timeout: 120_000 }, () => {
  it('shows a Korean message translated under it to an English reader on a phone, and not to the writer', async () => {
    const bjPage = await newPage({ locale: 'ko-KR', viewport: { width: 1366, height: 800 } }, 'ko');
    const phone = await newPage({ locale: 'en-US', viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true }, 'en');

    const bj = await joinByApi(bjPage.request, { id: `tbj${run}`, nick: `방장${run}` });
    await joinByApi(phone.request, { id: `tfan${run}`, nick: `fan${run}` });
    const { rows } = await pool.query<{ user_key: string }>(
      `update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'general' where lower(id) = lower($1) returning user_key`,
      [bj.id],
    );
    const vodKey = `tr${run}`;
    await buildBroadcast(drizzle(pool), Number(rows[0]?.user_key), { vodKey, title: `번역 방송 ${run}` });
    // The viewer turns 채팅 번역 on (what /mypage/setting sends); the chat token of the next join carries it.
    expect(await call(phone.request, profileEndpoints.setting, { translation_yn: 'Y' })).toMatchObject({ translation_yn: 'Y' });

    await bjPage.goto(`/play/${vodKey}`);
    await phone.goto(`/play/${vodKey}`);
    await chatJoined(bjPage);
    await chatJoined(phone);

    await bjPage.locator('[data-chat-input]').fill('오빠 사랑해 ㅋㅋㅋ');
    await bjPage.locator('[data-chat-input]').press('Enter');

    const line = chatOf(phone).locator('[data-chat-line="message"]').filter({ hasText: '오빠 사랑해 ㅋㅋㅋ' });
    const translation = line.locator('[data-chat-translation="en"]');
    await expect.poll(() => translation.locator('[lang="en"]').textContent(), { timeout: 10_000 }).toBe('oppa I love you lol');
    // The tag is seen, the reader hears what it is.
    expect(await translation.locator('[aria-hidden="true"]').textContent()).toBe('EN');
    expect(await translation.locator('.sr-only').textContent()).toBe('Translation (English): ');
    // Under the original, smaller than it, inside the phone's width, nothing wider than the screen.
    await line.scrollIntoViewIfNeeded();
    const text = await line.locator('[data-chat-text]').boundingBox();
    const under = await translation.boundingBox();
    expect(text && under && under.y >= text.y + text.height - 1).toBe(true);
    expect(under && under.x >= 0 && under.x + under.width <= 360).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const size = (selector: string) => line.locator(selector).evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(await size('[data-chat-translation]')).toBeLessThan(await size('[data-chat-text]'));
    await phone.screenshot({ path: `/tmp/byeol-translation-phone-${run}.png` });

    // The writer's setting is off: the original only.
    await expect.poll(() => chatOf(bjPage).locator('[data-chat-text]').allTextContents()).toContain('오빠 사랑해 ㅋㅋㅋ');
    expect(await chatOf(bjPage).locator('[data-chat-translation]').count()).toBe(0);
  });
});
