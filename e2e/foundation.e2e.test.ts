import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest } from './support/browser.js';

const baseUrl = inject('baseUrl');
let context: BrowserContext;
let page: Page;
freshPagePerTest(baseUrl, (fresh) => {
  ({ context, page } = fresh);
});

describe('home', () => {
  it('renders in Korean with real sections, header and footer from the API', async () => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('ko');
    await expect.poll(() => page.locator('h2#live-title').textContent()).toBe('지금 라이브');
    expect(await page.locator('h2#replay-title').textContent()).toBe('다시보기');
    // Demo broadcasts come from GET /v1/pubapi/play_live_list, most viewers first.
    const live = await page.locator('#live li').allTextContents();
    expect(live.length).toBeGreaterThan(0);
    expect(live[0]).toContain('음악방송 같이 봐요');
    expect(live[0]).toContain('2,405명 시청 중');
    expect(await page.locator('footer').textContent()).toContain('(주)별');
    expect(await page.title()).toBe('별 - K-POP 라이브 스트리밍 커뮤니티');
    expect(await page.getAttribute('meta[name="description"]', 'content')).toContain('K-POP');
    expect(await page.getAttribute('meta[property="og:image"]', 'content')).toBe('/og-image.png');
    // The dialog system lives inside the element with class wrap (SPEC §2).
    expect(await page.locator('.wrap [data-dialog-host]').count()).toBe(1);
    const og = await page.request.get('/og-image.png');
    expect(og.status()).toBe(200);
    expect(og.headers()['content-type']).toBe('image/png');
  });

  it('switches to English and keeps it in the xlang cookie across reloads', async () => {
    await page.goto('/');
    // The switcher works once the page is hydrated: wait until its scripts have loaded.
    await page.waitForLoadState('networkidle');
    await page.getByLabel('언어').selectOption('en');
    await expect.poll(() => page.locator('h2#live-title').textContent(), { timeout: 10_000 }).toBe('Live now');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const cookie = (await context.cookies()).find((c) => c.name === 'xlang');
    expect(cookie?.value).toBe('en');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    await page.reload();
    expect(await page.locator('h2#live-title').textContent()).toBe('Live now');
    expect(await page.locator('#live li').first().textContent()).toContain('2,405 watching');
  });
});

describe('layouts (SPEC §2)', () => {
  // A play page answers 404 for an unknown broadcast: the paths use a demo broadcast's vod_key.
  it.each([
    ['/play/{k}', 'play'],
    ['/concert/3/play/{k}', 'play'],
    ['/play/{k}/effects', 'play-effects'],
    ['/vod/{k}/effects/full', 'play-effects'],
  ])('%s uses the %s layout', async (path, layout) => {
    const live = await page.request.get('/v1/pubapi/play_live_list?limit=1');
    const vodKey = ((await live.json()) as { rslt_set: { data_list: { vod_key: string }[] } }).rslt_set.data_list[0]?.vod_key;
    expect(vodKey).toBeTruthy();
    const res = await page.goto(path.replace('{k}', vodKey as string));
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('[data-layout]', 'data-layout')).toBe(layout);
    // Pages are never framed by other sites, except the overlays made to be embedded.
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');
    // A page's answer carries its request id too (a report is matched to the log line).
    expect(res?.headers()['x-request-id']).toMatch(/\S/);
    expect(res?.headers()['x-frame-options']).toBe(layout === 'play-effects' ? undefined : 'DENY');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'nonce-");
    expect(csp.includes("frame-ancestors 'none'")).toBe(layout !== 'play-effects');
  });

  it('leads from the header and the home sections to the full live and replay lists', async () => {
    await page.goto('/');
    expect(await page.locator('[data-more="live"]').getAttribute('href')).toBe('/sub/live');
    expect(await page.locator('[data-more="replay"]').getAttribute('href')).toBe('/sub/replay');
    await page.waitForLoadState('networkidle');
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '라이브' }).click();
    await page.waitForURL('**/sub/live');
    await expect.poll(() => page.locator('#live-list li').count()).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '다시보기' }).click();
    await page.waitForURL('**/sub/replay');
  });

  it('uses the default layout (header and footer) elsewhere', async () => {
    await page.goto('/');
    expect(await page.locator('[data-layout]').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(1);
  });
});

describe('not found', () => {
  it('shows "Page not found: {path}" with HTTP 404', async () => {
    const res = await page.goto('/nope');
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found: /nope');
    // Still inside the default layout: the footer is there.
    expect(await page.locator('footer').count()).toBe(1);
  });

  it('answers 404, not 503, for a path segment longer than any page name', async () => {
    const long = 'a'.repeat(260);
    const res = await page.goto(`/${long}`);
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe(`Page not found: /${long}`);
    expect((await page.goto(`/sub/${long}`))?.status()).toBe(404);
  });
});

describe('API headers', () => {
  it('refuses a state-changing call without X-Api-Mode and X-Requested-With, changing nothing', async () => {
    await page.goto('/');
    const refused = await page.request.put('/v1/user/language/en');
    expect(refused.status()).toBe(403);
    const body = (await refused.json()) as { rslt_cd: number; rslt_msg: string };
    expect(body.rslt_cd).toBe(1005);
    expect(body.rslt_msg).toBe('허용되지 않은 요청입니다.');
    expect((await context.cookies()).find((c) => c.name === 'xlang')).toBeUndefined();
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('ko');

    // The same call from the page with the headers goes through.
    const ok = await page.evaluate(async () => {
      const r = await fetch('/v1/user/language/ja', {
        method: 'PUT',
        headers: { 'X-Api-Mode': 'TRUE', 'X-Requested-With': 'xmlhttprequest' },
      });
      return ((await r.json()) as { rslt_cd: number }).rslt_cd;
    });
    expect(ok).toBe(0);
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
  });
});

describe('scroll', () => {
  it('scrolls to an anchor, to the top on a new page, and back to the saved position on back/forward', async () => {
    await page.setViewportSize({ width: 1000, height: 420 });
    await page.goto('/#magazine');
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('magazine')?.getBoundingClientRect().top ?? -1)))
      .toBeLessThan(5);

    await page.goto('/nope');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // A client-side navigation to a new page starts at the top.
    await page.getByRole('link', { name: '홈으로 가기' }).click();
    await expect.poll(() => page.locator('h2#live-title').isVisible()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.goBack();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page not found: /nope');
    await page.goForward();
    await expect.poll(() => page.locator('h2#live-title').isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  });
});

describe('Content-Security-Policy (issue 16)', () => {
  it('puts a fresh nonce on every script of a page, and the page still runs (it hydrates)', async () => {
    // Two renders (an anonymous page is rendered once a second per path and served as it is meanwhile,
    // nonce included: docs/decisions/012-anonymous-page-cache.md says why that keeps the nonce unguessable).
    const first = await page.request.get('/?render=1');
    const second = await page.request.get('/?render=2');
    const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
    const nonce = nonceOf(first.headers()['content-security-policy']);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonce);
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
    // Hydrated: the language switcher (a client-side action) works under the policy.
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('언어').selectOption('en');
    await expect.poll(() => page.locator('h2#live-title').textContent(), { timeout: 10_000 }).toBe('Live now');
    await page.getByLabel('Language').selectOption('ko');
  });

  it('keeps an injected inline script from running under the policy the site sends', async () => {
    const csp = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    // A page of the site's origin whose HTML carries one script with the response's nonce and one
    // injected without it (what a stored XSS would add), served with the site's own policy header.
    await page.route('**/csp-probe', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/html', 'content-security-policy': csp },
        body: `<!doctype html><p>probe</p><script nonce="${nonce}">window.trusted = 1</script><script>window.injected = 1</script><img src=x onerror="window.handler = 1">`,
      }),
    );
    await page.goto('/csp-probe');
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { trusted?: number }).trusted)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { handler?: number }).handler)).toBeUndefined();
  });
});

describe('what browsers and crawlers read besides pages (issue 15)', () => {
  it('gives a crawler the whole page at once: the sections, the data for hydration, the page closed', async () => {
    const res = await page.request.get('/?crawler=1', {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(res.status()).toBe(200);
    const html = await res.text();
    const live = (await (await page.request.get('/v1/pubapi/play_live_list?limit=1')).json()) as {
      rslt_set: { data_list: { vod_key: string }[] };
    };
    expect(html).toContain(`/play/${live.rslt_set.data_list[0]?.vod_key}`);
    expect(html).toContain('streamController.close()');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('serves a favicon, a web app manifest, robots.txt and a sitemap with the live rooms and replays', async () => {
    const ico = await page.request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toMatch(/icon/);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    const app = (await manifest.json()) as { name: string; start_url: string; icons: { src: string }[] };
    expect(app).toMatchObject({ name: expect.stringContaining('별'), start_url: '/' });
    for (const icon of app.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    const robotsText = await robots.text();
    expect(robotsText).toContain('Disallow: /admin');
    expect(robotsText).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    const live = (await (await page.request.get('/v1/pubapi/play_live_list?limit=1')).json()) as {
      rslt_set: { data_list: { vod_key: string }[] };
    };
    const vodKey = live.rslt_set.data_list[0]?.vod_key as string;
    expect(xml).toContain(`<loc>${baseUrl}/play/${vodKey}</loc>`);
    expect(xml).toMatch(/<loc>[^<]+\/vod\/[^<]+<\/loc>/);
    // The demo's magazine articles and its running event are listed too (issue 21).
    const articles = (await (await page.request.get('/v1/sub/magazine_list?limit=1')).json()) as {
      rslt_set: { magazine_list: { mi_sn: number }[] };
    };
    expect(xml).toContain(`<loc>${baseUrl}/magazine/${articles.rslt_set.magazine_list[0]?.mi_sn}</loc>`);
    expect(xml).toMatch(/<loc>[^<]+\/sub\/event\/\d+<\/loc>/);
    // The page head links them.
    await page.goto('/');
    expect(await page.getAttribute('link[rel="manifest"]', 'href')).toBe('/manifest.webmanifest');
    // A live room's head carries the broadcast (what a shared link shows), over the site's.
    const first = (await (await page.request.get('/v1/pubapi/play_live_list?limit=1')).json()) as {
      rslt_set: { data_list: { vod_key: string; title: string; bj: { nick: string } }[] };
    };
    const room = first.rslt_set.data_list[0] as { vod_key: string; title: string; bj: { nick: string } };
    await page.goto(`/play/${room.vod_key}`);
    expect(await page.title()).toBe(`${room.title} - ${room.bj.nick}`);
    expect(await page.getAttribute('meta[property="og:title"]', 'content')).toBe(`${room.title} - ${room.bj.nick}`);
    expect(await page.getAttribute('meta[property="og:description"]', 'content')).toContain(`${room.bj.nick} · LIVE`);
    expect(await page.locator('meta[property="og:title"]').count()).toBe(1);

    // SPEC §9 debounces head updates (~10 ms) so a navigation never shows an in-between head: React Router
    // writes the next page's head in the same commit as the page, so a client-side navigation changes the
    // title once, straight to the new page's (no site default or empty title in between).
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { byeolTitles: string[] }).byeolTitles = seen;
      new MutationObserver(() => seen.push(document.title)).observe(document.head, { subtree: true, childList: true, characterData: true });
    });
    await page.locator('header a[href="/"]').first().click();
    await expect.poll(() => page.title()).toBe('별 - K-POP 라이브 스트리밍 커뮤니티');
    const titles = await page.evaluate(() => (window as unknown as { byeolTitles: string[] }).byeolTitles);
    expect(titles.length).toBeGreaterThan(0);
    expect(new Set(titles)).toEqual(new Set(['별 - K-POP 라이브 스트리밍 커뮤니티']));
  });
});
