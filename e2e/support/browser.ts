import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** Debian's Chromium (installed by scripts/ensure-system-deps.mjs); browsers are never downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium for one test file. Every page opened in it, by any context (`newPage`, a popup), waits
 * for hydration on `goto` and `reload` (waitForHydrationOn). `extraArgs`: a file's own flags (a fake camera).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run "node scripts/ensure-system-deps.mjs" (apt installs chromium)`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      ...extraArgs,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => waitForHydrationOn(await newPage());
    context.on('page', waitForHydrationOn);
    return context;
  };
  return browser;
}

/**
 * Makes `page.goto` and `page.reload` return only once a page of ours has hydrated (root.tsx marks
 * `<html data-hydrated>`): the server-rendered page shows before its scripts run, and a click or a ticked
 * box before then is lost (CI saw a join page's "다음" stay disabled). Answers that are not our pages
 * (an image, a JSON call) return as before.
 */
const waiting = new WeakSet<Page>();

function waitForHydrationOn(page: Page): Page {
  // A page is seen twice (context.newPage and the context's page event): patched once.
  if (waiting.has(page)) return page;
  waiting.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const hydrated = async () => {
    // A page that moves on by itself (a redirect after hydrating) destroys the context waited in: wait on
    // the page it moved to.
    for (let attempt = 0; ; attempt++) {
      try {
        const ours = await page.evaluate(() => '__reactRouterContext' in window);
        if (ours) await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), undefined, { timeout: 20_000 });
        return;
      } catch (err) {
        if (attempt >= 2 || !/context was destroyed|navigat/i.test((err as Error).message)) throw err;
        await page.waitForLoadState('load');
      }
    }
  };
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
  return page;
}

export interface FreshPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and React's hydration complaints of this page, for tests to assert on. */
  faults: string[];
}

/**
 * One browser per test file and a new context and page for every test (no cookies carried over),
 * handed to `use` before each test.
 */
export function freshPagePerTest(
  baseURL: string,
  use: (fresh: FreshPage) => void,
  options: BrowserContextOptions = { locale: 'ko-KR' },
): void {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  beforeEach(async () => {
    await context?.close();
    if (!browser) throw new Error('the browser did not start');
    context = await browser.newContext({ baseURL, ...options });
    const page = await context.newPage();
    const faults: string[] = [];
    page.on('pageerror', (err) => faults.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /hydrat|did not match/i.test(msg.text())) faults.push(msg.text());
    });
    current = page;
    use({ context, page, faults });
  });
  let current: Page | undefined;
  // A failed test prints where the page was and what it showed, so a failure on CI can be read from the log.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail' || !current) return;
    const text = await current
      .locator('body')
      .innerText({ timeout: 2000 })
      .catch((err: Error) => `(page text unavailable: ${err.message})`);
    console.error(`[e2e] "${ctx.task.name}" failed at ${current.url()}; the page showed:\n${text.replace(/\n{2,}/g, '\n').slice(0, 3000)}`);
  });
}

/**
 * One browser per test file for tests with several people at once: `newPage()` opens a page in a context of
 * its own (its own cookies; `extra` options over the file's, e.g. a phone's viewport), logging the page's
 * uncaught errors. Everything closes after the file.
 */
export function pagesPerFile(
  baseURL: string,
  options: BrowserContextOptions = { locale: 'ko-KR' },
): (extra?: BrowserContextOptions) => Promise<Page> {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  return async (extra: BrowserContextOptions = {}) => {
    if (!browser) throw new Error('the browser did not start');
    const context = await browser.newContext({ baseURL, ...options, ...extra });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
    return page;
  };
}
