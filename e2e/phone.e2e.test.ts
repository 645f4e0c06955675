import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { LANGS, type Lang } from '@byeol/contract';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import routes from '../apps/web/app/routes.js';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, apiClient, joinByApi } from './support/members.js';

/**
 * Phone first (issue 15): every page of apps/web/app/routes.ts, with demo content, fits a 390 px wide phone
 * (no sideways scrolling: the document is no wider than the window) in each of the four languages: signed
 * out in Korean and Chinese, signed in as an operator in English and Japanese (the longest header, and the
 * console's pages), and the sign-in gates signed out in those two as well; the home page also fits 1366 px.
 * The phone header's menu is a disclosure that Escape and navigation close.
 *
 * `BYEOL_SCREENS=docs/screens npx vitest run --project e2e-alone e2e/phone.e2e.test.ts` also writes screenshots of
 * home, a play page, the store, my page, a search and the ranking at 390 and 1366 px in Korean and Japanese.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const newPage = pagesPerFile(baseUrl, { locale: 'ko-KR', viewport: PHONE });
let page: Page;

/** Every page path of routes.ts (layouts and parents with an index left out), as written there. */
function pathsOf(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent;
    return entry.children ? pathsOf(entry.children, here) : [here || '/'];
  });
}
// Resource routes (robots.txt, sitemap.xml) answer files, not pages.
const ROUTES = [...new Set(pathsOf(routes))].filter((p) => !/\.\w+$/.test(p));

/**
 * Demo ids for the route params: a live broadcast for play pages, a replay for vod pages, an item of the
 * store, the live broadcast's BJ for the channel pages (`/channel/bj/:id`, a login ID), and a program account
 * made in this file's setup for `/channel/program/:id` (the demo content has none).
 */
const demo = { live: '', replay: '', itemSn: '', bjId: '', programId: '' };

async function listFirst<T>(p: string, form?: Record<string, string>): Promise<T | undefined> {
  const res = form ? await page.request.post(p, { form, headers: API_HEADERS }) : await page.request.get(p, { headers: API_HEADERS });
  return ((await res.json()) as { rslt_set: { data_list: T[] } }).rslt_set.data_list[0];
}

/** A service guide of the site info, for `/sub/terms/:id` (issue 19; the policies take the '3' of the others). */
const guides = { serviceId: '' };

/** A published article and a running event of the demo content (issue 21), for `/magazine/:id` and `/sub/event/:id`. */
const editorial = { miSn: '', eventSn: '' };

/** An upcoming demo concert (issue 22), for the `/concert/…/:id` pages. */
const concert = { sn: '' };

function urlOf(route: string): string {
  if (route.startsWith('/concert/')) return route.replace(':id', concert.sn).replace(':vod_key', demo.live);
  if (route === '/magazine/:id') return `/magazine/${editorial.miSn}`;
  if (route === '/sub/event/:id') return `/sub/event/${editorial.eventSn}`;
  if (route === '/sub/terms/:id') return `/sub/terms/${guides.serviceId}`;
  // A policy's first version (every policy has one from the install).
  if (route.includes(':ver')) return route.replace(':id', '3').replace(':ver', '1');
  const filled = route
    .replace(':vod_key', route.startsWith('/vod/') ? demo.replay : demo.live)
    .replace(':id', route.startsWith('/channel/program/') ? demo.programId : route.startsWith('/channel/') ? demo.bjId : '3')
    .replace('*', 'no-such-page');
  if (route === '/store/item/detail') return `${filled}?item_sn=${demo.itemSn}`;
  // The search pages with a term the demo content answers (a BJ, their live and replays).
  return route.startsWith('/search') ? `${filled}?keyword=${encodeURIComponent('하늘')}` : filled;
}

/** What one visit found: a problem ('' when the page fits) and whether the page was the sign-in gate. */
interface Visit {
  problem: string;
  gated: boolean;
}

/** Opens `url` in `lang` on `on`: what is wrong with the page ('' when it fits), and whether it is the sign-in gate. */
async function visit(url: string, lang: Lang, on: Page = page): Promise<Visit> {
  await on.context().addCookies([{ name: 'xlang', value: lang, url: baseUrl }]);
  const res = await on.goto(url, { waitUntil: 'load' });
  const status = res?.status() ?? 0;
  const lost = status >= 500 || (status === 404 && !url.endsWith('no-such-page'));
  const { scrollWidth, innerWidth, htmlLang, gated } = await on.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    htmlLang: document.documentElement.lang,
    gated: document.querySelector('[data-login-gate]') !== null,
  }));
  const problem = lost
    ? `${lang} ${url}: HTTP ${status}`
    : htmlLang !== lang
      ? `${lang} ${url}: rendered in ${htmlLang}`
      : scrollWidth > innerWidth
        ? `${lang} ${url}: scrollWidth ${scrollWidth} > innerWidth ${innerWidth}`
        : '';
  return { problem, gated };
}

/** How much wider than the window the document of `url` is in `lang` ('' when it fits), or what else is wrong. */
async function overflowOf(url: string, lang: Lang, on: Page = page): Promise<string> {
  return (await visit(url, lang, on)).problem;
}

/**
 * Visits `routeList` in each language side by side, one phone-sized page (its own context, carrying
 * `cookies`, e.g. a session) per language: the sweeps wait on the server and the browser in turn, so
 * running them together takes about half the time of one after another on 2 cores. Answers the problems
 * found and the routes that showed the sign-in gate (in any sweep).
 */
async function sweep(sweeps: { lang: Lang; routes: string[] }[], cookies: Cookie[] = []): Promise<{ problems: string[]; gated: string[] }> {
  const found = await Promise.all(
    sweeps.map(async ({ lang, routes: routeList }) => {
      const on = await newPage();
      await on.context().addCookies(cookies);
      const problems: string[] = [];
      const gated: string[] = [];
      for (const route of routeList) {
        const { problem, gated: isGate } = await visit(urlOf(route), lang, on);
        if (problem) problems.push(problem);
        if (isGate) gated.push(route);
      }
      await on.close();
      return { problems, gated };
    }),
  );
  return { problems: found.flatMap((f) => f.problems), gated: [...new Set(found.flatMap((f) => f.gated))] };
}

async function screenshot(name: string, url: string, lang: Lang, viewport: typeof PHONE, before?: () => Promise<void>) {
  const dir = process.env.BYEOL_SCREENS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.setViewportSize(viewport);
  await page.context().addCookies([{ name: 'xlang', value: lang, url: baseUrl }]);
  await page.goto(url, { waitUntil: 'load' });
  await before?.();
  await page.screenshot({ path: path.join(dir, `${name}-${viewport.width}-${lang}.png`) });
}

beforeAll(async () => {
  page = await newPage();
  const live = await listFirst<{ vod_key: string; bj: { id: string } }>('/v1/pubapi/play_live_list?limit=1');
  const replay = await listFirst<{ vod_key: string }>('/v1/pubapi/play_vod_list?limit=1');
  const item = await listFirst<{ item_sn: number }>('/v1/sub/store_more', { offset: '0', limit: '1' });
  demo.live = live?.vod_key ?? '';
  demo.replay = replay?.vod_key ?? '';
  demo.itemSn = String(item?.item_sn ?? '');
  demo.bjId = live?.bj.id ?? '';
  // A program account (bj_type_cd program), signed up on a client of its own so the page stays signed out.
  const client = await apiClient(baseUrl);
  const program = await joinByApi(client, { id: `phpg${run}`, nick: `프로그램${run}` });
  await client.dispose();
  await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = 'program' where lower(id) = lower($1)`, [program.id]);
  demo.programId = program.id;
  const article = await page.request.get('/v1/sub/magazine_list?limit=1', { headers: API_HEADERS });
  editorial.miSn = String(
    ((await article.json()) as { rslt_set: { magazine_list: { mi_sn: number }[] } }).rslt_set.magazine_list[0]?.mi_sn ?? '',
  );
  editorial.eventSn = String(
    (await listFirst<{ event_sn: number }>('/v1/sub/event_more', { phase: 'running', offset: '0', limit: '1' }))?.event_sn ?? '',
  );
  concert.sn = String((await listFirst<{ concert_sn: number }>('/v1/concert/concert_list?tab=upcoming&limit=1'))?.concert_sn ?? '');
  const site = await page.request.get('/v1/pubapi/api_site_cache_info', { headers: API_HEADERS });
  guides.serviceId = String(
    ((await site.json()) as { rslt_set: { service_guide_list: { id: number }[] } }).rslt_set.service_guide_list[0]?.id ?? '',
  );
});

afterAll(async () => {
  await closeDatabase();
});

// Each language visits every route of routes.ts (well over a hundred pages): minutes on a busy 2-core machine.
describe('phone first (390 px), signed out', { timeout: 300_000 }, () => {
  it('has the demo broadcasts, replays and items the routes are filled with', () => {
    expect(demo.live).toMatch(/^\w+$/);
    expect(demo.replay).toMatch(/^\w+$/);
    expect(demo.itemSn).toMatch(/^\d+$/);
    expect(demo.bjId).toMatch(/^\w+$/);
    // Every page of routes.ts is visited below, a route added later too.
    expect(ROUTES).toContain('/play/:vod_key');
    expect(demo.programId).toMatch(/^\w+$/);
    expect(editorial.miSn).toMatch(/^\d+$/);
    expect(editorial.eventSn).toMatch(/^\d+$/);
    expect(concert.sn).toMatch(/^\d+$/);
    expect(ROUTES).toEqual(
      expect.arrayContaining([
        '/channel/bj/:id',
        '/channel/bj/:id/fan',
        '/channel/bj/:id/feed',
        '/channel/program/:id',
        '/channel/program/:id/comment',
        '/mypage/bookmark',
        '/mypage/message/send',
        '/search',
        '/search/bj',
        '/search/kstar',
        '/search/program',
        '/search/live',
        '/search/replay',
        '/search/short',
        '/sub/ranking',
        '/sub/ranking/kstar',
        '/sub/ranking/pib',
        '/sub/ranking/program',
        '/sub/ranking/rookie',
        '/admin/rankings',
      ]),
    );
    expect(ROUTES.length).toBeGreaterThan(40);
  });

  it('opens the header menu from a touch-sized button; Escape and a link close it', async () => {
    await page.setViewportSize(PHONE);
    await page.context().addCookies([{ name: 'xlang', value: 'ko', url: baseUrl }]);
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const button = page.locator('header').getByRole('button', { name: '메뉴' });
    const box = await button.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    // The essential actions stay in the bar; the main links are in the menu.
    expect(await page.locator('header').getByRole('button', { name: '로그인' }).isVisible()).toBe(true);
    expect(await page.locator('header').getByRole('link', { name: '회원가입' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: '주 메뉴' }).count()).toBe(0);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    expect(await menu.isVisible()).toBe(false);

    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    const main = menu.getByRole('navigation', { name: '주 메뉴' });
    await expect.poll(() => main.getByRole('link', { name: '라이브' }).isVisible()).toBe(true);
    expect(await menu.getByLabel('언어').isVisible()).toBe(true);
    for (const target of await menu.locator('a, button, select').all()) {
      expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    await button.click();
    await main.getByRole('link', { name: '다시보기' }).click();
    await page.waitForURL('**/sub/replay');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
  });

  // Signed out, every console page is the same refusal page, checked in Korean. Korean and Chinese visit
  // every other page; English and Japanese, whose texts run widest, visit every page signed in below, so
  // signed out they visit the pages whose signed-out view differs: the sign-in gates (of about forty
  // pages) the Korean sweep found. This keeps the file inside CI's budget as routes.ts grows.
  it('fits every page in each of the four languages, signed out', async () => {
    const pages = ROUTES.filter((r) => !r.startsWith('/admin/'));
    const first = await sweep([
      { lang: 'ko', routes: ROUTES },
      { lang: 'zh-CN', routes: pages },
    ]);
    expect(first.problems).toEqual([]);
    const gates = first.gated.filter((r) => !r.startsWith('/admin/'));
    // The demo's pages for members (my page, settings, the message box, …) are gates signed out.
    expect(gates).toEqual(expect.arrayContaining(['/mypage/bookmark', '/mypage/message/send']));
    expect(gates.length).toBeGreaterThan(10);
    expect((await sweep((['en', 'ja'] as const).map((lang) => ({ lang, routes: gates })))).problems).toEqual([]);
  });

  it.each(LANGS)('fits the home page at 1366 px in %s, signed out', async (lang) => {
    await page.setViewportSize(DESKTOP);
    expect(await overflowOf('/', lang)).toBe('');
  });
});

describe('phone first (390 px), signed in as an operator', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const member = await joinByApi(page.request, { id: `ph${run}`, nick: `폰운영자${run}` });
    await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [member.id]);
  });

  // Signed in, the longer header and the console pages are checked in the two languages whose texts run
  // widest (English words, Japanese with its long katakana); Korean and Chinese sweep every page signed out
  // above. Each page is thus opened once per language, which keeps this file inside CI's budget.
  it('fits every page in English and Japanese', async () => {
    const session = await page.context().cookies();
    expect(session.length).toBeGreaterThan(0);
    const sweeps = (['en', 'ja'] as const).map((lang) => ({ lang, routes: ROUTES }));
    expect((await sweep(sweeps, session)).problems).toEqual([]);
  });

  it.each(LANGS)('fits the home page at 1366 px in %s, with the full header', async (lang) => {
    await page.setViewportSize(DESKTOP);
    expect(await overflowOf('/', lang)).toBe('');
    const header = page.locator('header');
    expect(await header.locator('[data-admin-link]').isVisible()).toBe(true);
    expect(await header.locator('[data-user-nick]').isVisible()).toBe(true);
    expect(await header.locator('[data-menu-button]').isVisible()).toBe(false);
  });

  it('writes the screenshots when BYEOL_SCREENS names a folder', async () => {
    for (const lang of ['ko', 'ja'] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        await screenshot('home', '/', lang, viewport);
        await screenshot('play', `/play/${demo.live}`, lang, viewport, () =>
          page.locator('[data-chat][data-chat-status="joined"] [data-chat-tools]').waitFor(),
        );
        await screenshot('store', '/store', lang, viewport);
        await screenshot('channel', `/channel/bj/${demo.bjId}`, lang, viewport);
        await screenshot('program', `/channel/program/${demo.programId}`, lang, viewport);
        await screenshot('mypage', '/mypage', lang, viewport);
        await screenshot('search', `/search?keyword=${encodeURIComponent('하늘')}`, lang, viewport);
        await screenshot('ranking', '/sub/ranking', lang, viewport);
      }
      await screenshot('menu', '/', lang, PHONE, async () => {
        await page.waitForLoadState('networkidle');
        await page.locator('[data-menu-button]').click();
        await page.locator('[data-site-menu] nav').first().waitFor();
      });
    }
  });
});
