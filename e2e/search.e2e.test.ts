import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { DEFAULT_RANKING_WEIGHTS, RANKING_DEFAULTS, type RankingMoreSet, type RankingSettingSet } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { endLiveRooms, liveBroadcast } from './support/live-room.js';
import { API_HEADERS, joinByApi } from './support/members.js';

/**
 * Search and rankings in Chromium (issue 18), on the shared platform with its demo content: typing '하늘' in
 * the header's search box suggests the demo BJ 하늘별 (demo_haneul) first, the arrows and Escape work the list,
 * Enter opens the result page with the BJ, their live and their replays; a highlighted suggestion opens the
 * channel. On a phone the box opens from an icon. The BJ page finds 하늘별 by 초성 (ㅎㄴ) too; a term without a
 * word says the term is required (in the viewer's language), an unknown term says there are no results.
 * /sub/ranking lists BJs by rank with the weights and window, its tabs switch period and category, and a row
 * opens the BJ's channel. An operator changes the weights in the console (a sum other than 100 is refused
 * before sending, with its SPEC message); the defaults are restored after the file.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const newPage = pagesPerFile(baseUrl, { locale: 'ko-KR', viewport: DESKTOP });

const HANEUL = { id: 'demo_haneul', nick: '하늘별' };
let page: Page;
let liveKey = '';
let replayKeys: string[] = [];
let operatorPage: Page | undefined;

/** The header box, once the page's scripts run it (before, it is a plain form). */
async function headerBox(p: Page) {
  await p.locator('header [data-search-box][data-ready]').waitFor();
  return p.locator('header').getByRole('combobox', { name: '검색어' });
}

async function rankingSetting(p: Page): Promise<RankingSettingSet> {
  const res = await p.request.get('/v1/admin/ranking_setting', { headers: API_HEADERS });
  return ((await res.json()) as { rslt_set: RankingSettingSet }).rslt_set;
}

beforeAll(async () => {
  page = await newPage();
  const [bj] = await sql<{ user_key: string }>(`select user_key from users where id = $1`, [HANEUL.id]);
  if (!bj) throw new Error('the demo BJ demo_haneul is missing');
  // 하늘별's demo live room; another file may have ended it, then this file opens one of its own.
  const live = await sql<{ vod_key: string }>(`select vod_key from broadcast where bj_user_key = $1 and state = 'live' limit 1`, [
    bj.user_key,
  ]);
  liveKey = live[0]?.vod_key ?? `srch${run}`;
  if (!live[0]) await liveBroadcast(bj.user_key, liveKey, `하늘 검색 방송 ${run}`);
  const replays = await sql<{ vod_key: string }>(
    `select vod_key from broadcast where bj_user_key = $1 and state = 'ended' and replay_yn order by ended_at desc`,
    [bj.user_key],
  );
  replayKeys = replays.map((r) => r.vod_key);
});

afterAll(async () => {
  if (operatorPage) {
    // The shared platform's later files see the default ranking settings again.
    const res = await operatorPage.request.post('/v1/admin/ranking_setting_proc', {
      headers: API_HEADERS,
      form: { ...DEFAULT_RANKING_WEIGHTS, rookie_days: RANKING_DEFAULTS.rookieDays },
    });
    expect(((await res.json()) as { rslt_cd: number }).rslt_cd).toBe(0);
  }
  await endLiveRooms();
  await closeDatabase();
});

describe('search', { timeout: 120_000 }, () => {
  it('has 하늘별 with a live room and replays in the demo content', () => {
    expect(liveKey).not.toBe('');
    expect(replayKeys.length).toBeGreaterThan(0);
  });

  it('suggests 하늘별 first as one types 하늘 in the header; arrows and Escape work the list, Enter opens the result page', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const box = await headerBox(page);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.click();
    await box.pressSequentially('하늘');

    const listbox = page.locator(`#${await box.getAttribute('aria-controls')}`);
    const haneul = listbox.locator(`[role="option"][data-suggestion="bj"][data-bj-id="${HANEUL.id}"]`);
    await expect.poll(() => haneul.count()).toBe(1);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await haneul.textContent()).toContain(HANEUL.nick);
    expect(await haneul.textContent()).toContain(`@${HANEUL.id}`);
    // Broadcasters first (with their picture), then lives and replays; "all results" last.
    const options = listbox.getByRole('option');
    expect(await options.first().getAttribute('data-suggestion')).toBe('bj');
    expect(await haneul.getByRole('img', { name: `${HANEUL.nick} 프로필 이미지` }).count()).toBe(1);
    const kinds = await options.evaluateAll((els) => els.map((el) => el.getAttribute('data-suggestion')));
    expect(kinds.at(-1)).toBe('all');
    expect(kinds.indexOf('live')).toBeGreaterThan(kinds.lastIndexOf('bj'));
    expect(kinds.indexOf('replay')).toBeGreaterThan(kinds.lastIndexOf('live'));
    expect(await listbox.locator(`[data-suggestion="live"][data-vod-key="${liveKey}"]`).count()).toBe(1);
    for (const kind of ['bj', 'live', 'replay']) expect(kinds.filter((k) => k === kind).length).toBeLessThanOrEqual(3);

    // ArrowDown highlights the first suggestion, ArrowUp from there wraps to "all results".
    await box.press('ArrowDown');
    const first = options.first();
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await box.press('ArrowUp');
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(await options.last().getAttribute('id'));
    // Escape closes the list; Enter with nothing highlighted opens the result page.
    await box.press('Escape');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    expect(await listbox.isVisible()).toBe(false);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('keyword') === '하늘');

    await expect.poll(() => page.locator('h1').textContent()).toBe("'하늘' 검색 결과");
    expect(await page.title()).toContain("'하늘' 검색 결과");
    await expect.poll(() => box.inputValue()).toBe('하늘');
    const bjSection = page.locator('[data-search-section="bj"]');
    const row = bjSection.locator(`[data-bj-id="${HANEUL.id}"]`);
    expect(await row.locator('[data-hit-nick]').textContent()).toBe(HANEUL.nick);
    expect(await row.locator('[data-hit-link]').getAttribute('href')).toBe(`/channel/bj/${HANEUL.id}`);
    expect(await row.locator('[data-hit-live]').getAttribute('href')).toBe(`/play/${liveKey}`);
    expect(await bjSection.locator('[data-search-more="bj"]').getAttribute('href')).toBe(
      `/search/bj?keyword=${encodeURIComponent('하늘')}`,
    );
    // Their live and their replays, each section with its total.
    const liveCard = page.locator(`[data-search-section="live"] [data-vod-key="${liveKey}"]`);
    expect(await liveCard.locator('a').first().getAttribute('href')).toBe(`/play/${liveKey}`);
    const replaySection = page.locator('[data-search-section="replay"]');
    expect(Number(await replaySection.getAttribute('data-total'))).toBeGreaterThanOrEqual(replayKeys.length);
    for (const key of replayKeys.slice(0, 4)) {
      expect(await replaySection.locator(`[data-vod-key="${key}"] a`).first().getAttribute('href')).toBe(`/vod/${key}`);
    }
    expect(await page.locator('[data-search-tab="all"]').getAttribute('aria-current')).toBe('page');
  });

  it('opens the highlighted suggestion with Enter: the BJ suggestion goes to the channel', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/sub/live');
    const box = await headerBox(page);
    await box.fill('하늘별');
    const listbox = page.locator(`#${await box.getAttribute('aria-controls')}`);
    await expect.poll(() => listbox.locator(`[data-bj-id="${HANEUL.id}"]`).count()).toBe(1);
    await box.press('ArrowDown');
    await expect.poll(() => listbox.locator('[aria-selected="true"]').getAttribute('data-bj-id')).toBe(HANEUL.id);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === `/channel/bj/${HANEUL.id}`);
    await expect.poll(() => page.locator('[data-channel-header] [data-channel-nick]').textContent()).toBe(HANEUL.nick);
    // A new page closes the box and empties it.
    await expect.poll(() => box.inputValue()).toBe('');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the box from an icon on a phone, fitting 390 px, and submits to the result page', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.locator('header [data-search-box][data-ready]').waitFor();
    const open = page.locator('header [data-search-open]');
    expect(await open.getAttribute('aria-label')).toBe('검색');
    const size = await open.boundingBox();
    expect(size?.width).toBeGreaterThanOrEqual(44);
    const box = page.locator('header').getByRole('combobox', { name: '검색어' });
    expect(await box.isVisible()).toBe(false);
    await open.click();
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    const width = (await box.boundingBox())?.width ?? 0;
    expect(width).toBeGreaterThan(200);
    await box.pressSequentially('하늘');
    const listbox = page.locator(`#${await box.getAttribute('aria-controls')}`);
    await expect.poll(() => listbox.locator(`[data-bj-id="${HANEUL.id}"]`).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('keyword') === '하늘');
    await page.locator(`[data-search-section="bj"] [data-bj-id="${HANEUL.id}"]`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await box.isVisible()).toBe(false);
  });

  it('finds 하늘별 on the BJ page by 초성 (ㅎㄴ) and lists one kind per page', async () => {
    await page.setViewportSize(DESKTOP);
    const res = await page.goto(`/search/bj?keyword=${encodeURIComponent('ㅎㄴ')}`);
    expect(res?.status()).toBe(200);
    expect(await page.locator('[data-search-tab="bj"]').getAttribute('aria-current')).toBe('page');
    const row = page.locator(`[data-search-section="bj"] [data-bj-id="${HANEUL.id}"]`);
    expect(await row.locator('[data-hit-nick]').textContent()).toBe(HANEUL.nick);
    expect(await page.title()).toContain("'ㅎㄴ' BJ 검색 결과");
    // The replay page of the same term: only replays, each opening its replay.
    await page.locator('[data-search-tab="replay"]').click();
    await page.waitForURL((url) => url.pathname === '/search/replay' && url.searchParams.get('keyword') === 'ㅎㄴ');
    const replays = page.locator('[data-hit-list="replay"] [data-vod-key]');
    await expect.poll(() => replays.count()).toBeGreaterThan(0);
    expect(await page.locator('[data-hit-list="bj"]').count()).toBe(0);
  });

  it('says the term is required when it has no word, in the viewer language; an unknown term has no results', async () => {
    await page.setViewportSize(DESKTOP);
    for (const url of ['/search', '/search?keyword=', `/search/bj?keyword=${encodeURIComponent('  !  ')}`]) {
      await page.goto(url);
      expect(await page.locator('[data-search-required]').textContent(), url).toBe('검색어를 입력해 주세요.');
    }
    await page.context().addCookies([{ name: 'xlang', value: 'en', url: baseUrl }]);
    await page.goto('/search?keyword=');
    expect(await page.locator('[data-search-required]').textContent()).toBe('Please enter a search term.');
    await page.context().addCookies([{ name: 'xlang', value: 'ko', url: baseUrl }]);

    await page.goto(`/search?keyword=${encodeURIComponent(`없는검색어${run}`)}`);
    expect(await page.locator('[data-empty="search"] p').first().textContent()).toBe('검색 결과가 없습니다.');
    expect(await page.locator('[data-search-section]').count()).toBe(0);
  });

  it('has no serious accessibility violation on the result page with the suggestions open, nor on the ranking', async () => {
    const found: string[] = [];
    const check = async (viewport: typeof PHONE, what: string) => {
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      found.push(
        ...result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${viewport.width} ${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      );
    };
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto('/sub/ranking');
      await check(viewport, '/sub/ranking');
      await page.goto(`/search?keyword=${encodeURIComponent('하늘')}`);
      await page.locator('header [data-search-box][data-ready]').waitFor();
      if (viewport === PHONE) await page.locator('header [data-search-open]').click();
      const box = page.locator('header').getByRole('combobox', { name: '검색어' });
      await box.fill('하늘');
      await box.press('ArrowDown');
      await expect.poll(() => box.getAttribute('aria-activedescendant')).toBeTruthy();
      await check(viewport, '/search');
    }
    expect(found).toEqual([]);
  });
});

describe('rankings', { timeout: 120_000 }, () => {
  it('lists BJs by rank with their move, numbers and the weights; a row opens the channel', async () => {
    await page.setViewportSize(DESKTOP);
    // The first snapshot is computed at start and then every few minutes: wait for it if need be.
    const rows = page.locator('[data-ranking-list] [data-ranking-row]');
    await expect
      .poll(
        async () => {
          await page.goto('/sub/ranking');
          return rows.count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    const api = (await (
      await page.request.post('/v1/sub/ranking_more', {
        headers: API_HEADERS,
        form: { category: 'all', period: 'week', offset: '0', limit: '50' },
      })
    ).json()) as { rslt_set: RankingMoreSet };
    const set = api.rslt_set;
    expect(await rows.count()).toBe(Math.min(50, set.data_list.length));
    expect(await page.locator('h1').textContent()).toBe('BJ 랭킹');
    expect(await page.locator('[data-ranking-period="week"]').getAttribute('aria-current')).toBe('page');
    expect(await page.locator('[data-ranking-category="all"]').getAttribute('aria-current')).toBe('page');
    const w = set.weights;
    expect(await page.locator('[data-ranking-weights]').textContent()).toBe(
      `점수 = 최고 시청자 ${w.peak_viewers}% + 좋아요 ${w.likes}% + 팬 증가 ${w.fan_growth}% + STAR ${w.star}%`,
    );
    expect(await page.locator('[data-ranking-window]').textContent()).toMatch(
      /^집계 구간 \d{4}\.\d\d\.\d\d \d\d:\d\d – \d{4}\.\d\d\.\d\d \d\d:\d\d \(KST\)$/,
    );

    const top = set.data_list[0];
    if (!top) throw new Error('no ranking rows');
    const first = rows.first();
    expect(await first.getAttribute('data-ranking-row')).toBe('1');
    expect(await first.locator('[data-ranking-nick]').textContent()).toBe(top.bj.nick);
    expect(await first.locator('[data-rank-move]').getAttribute('data-rank-move')).toBe(
      top.prev_rank === null ? 'new' : top.prev_rank > top.rank ? 'up' : top.prev_rank < top.rank ? 'down' : 'same',
    );
    // Numbers with separators; a BJ keeping the fan lists private shows 비공개.
    expect(await first.locator('[data-stat="peak"] dd').textContent()).toBe(
      top.peak_viewer_cnt === null ? '비공개' : top.peak_viewer_cnt.toLocaleString('ko-KR'),
    );
    expect(await first.locator('[data-stat="star"] dd').textContent()).toBe(
      top.star_cnt === null ? '비공개' : top.star_cnt.toLocaleString('ko-KR'),
    );
    if (top.live_vod_key) expect(await first.locator('[data-ranking-live]').getAttribute('href')).toBe(`/play/${top.live_vod_key}`);

    await first.locator('[data-ranking-channel]').click();
    await page.waitForURL((url) => url.pathname === `/channel/bj/${top.bj.id}`);
    await expect.poll(() => page.locator('[data-channel-header] [data-channel-nick]').textContent()).toBe(top.bj.nick);
  });

  it('switches period and category with the tabs; the rookie tab says its window', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/sub/ranking');
    await page.locator('[data-ranking-period="day"]').click();
    await page.waitForURL((url) => url.pathname === '/sub/ranking' && url.searchParams.get('period') === 'day');
    await expect.poll(() => page.locator('[data-ranking-page]').getAttribute('data-period')).toBe('day');
    expect(await page.locator('[data-ranking-period="day"]').getAttribute('aria-current')).toBe('page');
    await page.locator('[data-ranking-category="rookie"]').click();
    await page.waitForURL((url) => url.pathname === '/sub/ranking/rookie' && url.searchParams.get('period') === 'day');
    await expect.poll(() => page.locator('[data-ranking-page]').getAttribute('data-ranking-page')).toBe('rookie');
    const setting = (await (
      await page.request.post('/v1/sub/ranking_more', {
        headers: API_HEADERS,
        form: { category: 'rookie', period: 'day' },
      })
    ).json()) as { rslt_set: RankingMoreSet };
    expect(await page.locator('[data-ranking-rookie]').textContent()).toBe(
      `첫 방송 후 ${setting.rslt_set.rookie_days}일 이내의 BJ만 집계합니다.`,
    );
    // An empty list says when rankings are computed.
    if (setting.rslt_set.data_list.length === 0) {
      expect(await page.locator('[data-empty="ranking"] p').textContent()).toBe('아직 랭킹이 없습니다. 랭킹은 10분마다 집계됩니다.');
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('an operator changes the weights in the console; a sum other than 100 is refused before sending', async () => {
    operatorPage = await newPage();
    const op = await joinByApi(operatorPage.request, { id: `srop${run}`, nick: `랭킹운영${run}` });
    await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [op.id]);
    const before = await rankingSetting(operatorPage);

    await operatorPage.goto('/admin');
    await operatorPage.locator('[data-admin-section="rankings"]').click();
    await operatorPage.waitForURL((url) => url.pathname === '/admin/rankings');
    const form = operatorPage.locator('[data-ranking-setting-form]');
    await form.waitFor();
    expect(await form.locator('#ranking-peak_viewers').inputValue()).toBe(String(before.peak_viewers));
    expect(await form.locator('[data-weight-sum]').textContent()).toBe('합계 100%');

    await form.locator('#ranking-star').fill(String(before.star + 5));
    expect(await form.locator('[data-weight-sum]').textContent()).toBe('합계 105%');
    await form.locator('[data-ranking-setting-save]').click();
    await expect.poll(() => form.locator('[data-field-errors="ranking-star"]').textContent()).toBe('가중치의 합은 100이어야 합니다.');
    expect(await rankingSetting(operatorPage)).toEqual(before);

    await form.locator('#ranking-peak_viewers').fill('50');
    await form.locator('#ranking-likes').fill('20');
    await form.locator('#ranking-fan_growth').fill('10');
    await form.locator('#ranking-star').fill('20');
    await form.locator('#ranking-rookie_days').fill('60');
    await form.locator('[data-ranking-setting-save]').click();
    await expect.poll(() => operatorPage?.getByText('랭킹 설정을 저장했습니다.').count()).toBe(1);
    expect(await rankingSetting(operatorPage)).toEqual({ peak_viewers: 50, likes: 20, fan_growth: 10, star: 20, rookie_days: 60 });
    expect(await form.locator('[data-field-errors]').count()).toBe(0);
  });
});
