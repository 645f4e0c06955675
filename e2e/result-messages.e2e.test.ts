import { resultMessage } from '@byeol/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { closeDatabase } from './support/database.js';

/**
 * The browser build carries the result codes without their messages (apps/web/contract-for-browser.ts):
 * a page gets its language's messages with its texts and a language switch brings the new ones
 * (docs/architecture.md). A message the page itself renders with resultMessage after hydration reads the
 * same in the browser as on the server, in the page's language and in the one switched to.
 */
const baseUrl = inject('baseUrl');
let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeDatabase();
});

describe('result messages in the browser', { timeout: 60_000 }, () => {
  it("a page's own message in Japanese, then in English after the switch, with no hydration error", async () => {
    if (!browser) throw new Error('the browser did not start');
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 768 } });
    await context.addCookies([{ name: 'xlang', value: 'ja', url: baseUrl }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    // The board's form, signed out: the page says LOGIN_REQUIRED itself (resultMessage on both sides).
    await page.goto('/bbs/form');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByText(resultMessage('LOGIN_REQUIRED', 'ja'), { exact: true }).count()).toBe(1);
    await page.locator('header select').first().selectOption('en');
    await expect.poll(() => page.getByText(resultMessage('LOGIN_REQUIRED', 'en'), { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
