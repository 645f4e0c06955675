import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Envelope, LANGS, type Lang, ResultCode, resultMessage, type StarCard } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { endLiveRooms, liveBroadcast, userKeyOf } from './support/live-room.js';
import { API_HEADERS, apiClient, joinByApi, type Member } from './support/members.js';

/**
 * The program and K-star directories in Chromium (issue 22). Program and K-star accounts are members made
 * program (bj_type_cd program) or K-star (enter) in the database, one program live with a broadcast row:
 * /sub/program lists the live one first with LIVE, its viewers and a link to its room, the others linking
 * to their channel; /sub/kstar lists the K-stars. An operator sets a K-star's agency, group and debut day in
 * /admin/stars (an unknown ID is refused under the ID) and the group's chip on /sub/kstar then shows only its
 * member. Turning kstar off in /admin/site hides the phone menu's link and /sub/kstar says the service is
 * being prepared; it is turned on again in a finally.
 *
 * `BYEOL_SCREENS=/tmp/screens` also writes screenshots of the pages at 390 and 1366 px (ko).
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const newPage = pagesPerFile(baseUrl, { locale: 'ko-KR', viewport: PHONE });

let op: Page;
let visitor: Page;
const programs: Member[] = [];
const kstars: Member[] = [];
const liveVodKey = `stl${run}`;
const liveTitle = `생방송 프로그램 ${run}`;
const group = `별빛${run}`;

async function screenshot(page: Page, name: string, lang: Lang = 'ko') {
  const dir = process.env.BYEOL_SCREENS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width}-${lang}.png`), fullPage: true });
}

/** How much wider than the window the document is (0 when it fits). */
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A member signed up on a client of its own, made a broadcaster of `bjType` in the database. */
async function account(prefix: string, nick: string, bjType: 'program' | 'enter'): Promise<Member> {
  const client = await apiClient(baseUrl);
  const member = await joinByApi(client, { id: `${prefix}${run}`, nick });
  await client.dispose();
  await sql(`update users set type_cd = 'bj', role = 'bj', bj_type_cd = $2 where lower(id) = lower($1)`, [member.id, bjType]);
  return member;
}

/** The card of `id` on the directory shown, pressing "more" until it is listed (the newest accounts come last). */
async function cardOf(page: Page, id: string) {
  const card = page.locator(`[data-star-card="${id}"]`);
  for (let i = 0; i < 20 && (await card.count()) === 0; i++) {
    const more = page.locator('[data-more]');
    if ((await more.count()) === 0) break;
    const shown = await page.locator('[data-star-card]').count();
    await more.click();
    await expect.poll(() => page.locator('[data-star-card]').count()).toBeGreaterThan(shown);
  }
  await expect.poll(() => card.count()).toBe(1);
  return card;
}

/** Opens the phone header's menu. */
async function openMenu(page: Page) {
  const button = page.locator('header [data-menu-button]');
  await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  return page.locator('[data-site-menu]');
}

beforeAll(async () => {
  op = await newPage();
  await op.setViewportSize(DESKTOP);
  const operator = await joinByApi(op.request, { id: `stop${run}`, nick: `스타운영${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [operator.id]);
  visitor = await newPage();
  programs.push(await account('stpa', `라디오쇼${run}`, 'program'), await account('stpb', `음악여행${run}`, 'program'));
  kstars.push(await account('stka', `하늘별${run}`, 'enter'), await account('stkb', `바다별${run}`, 'enter'));
  // The second program is on air (a broadcast row; no media is needed for the lists).
  const programB = programs[1] as Member;
  await liveBroadcast(await userKeyOf(programB), liveVodKey, liveTitle);
  await sql('update broadcast set viewer_cnt = 1234 where vod_key = $1', [liveVodKey]);
});

afterAll(async () => {
  await endLiveRooms();
  await closeDatabase();
});

describe('program and K-star directories', { timeout: 120_000 }, () => {
  it('/sub/program lists the live program first with LIVE, its viewers and its room; the others link to their channel', async () => {
    const [programA, programB] = programs as [Member, Member];
    await visitor.goto('/sub/program');
    await expect.poll(() => visitor.locator('[data-star-page="program"] h1').textContent()).toBe('프로그램');
    // Live first: no live card after a card that is not live.
    const lives = await visitor.locator('[data-star-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-live')));
    expect(lives.indexOf('Y')).toBe(0);
    expect(lives.lastIndexOf('Y')).toBeLessThan(lives.indexOf('N') === -1 ? lives.length : lives.indexOf('N'));

    const live = await cardOf(visitor, programB.id);
    expect(await live.getAttribute('data-live')).toBe('Y');
    expect(await live.textContent()).toContain('LIVE');
    expect(await live.locator('[data-live-title]').textContent()).toBe(liveTitle);
    expect(await live.locator('[data-viewers]').textContent()).toBe('1,234명 시청 중');
    expect(await live.locator('[data-star-link]').getAttribute('href')).toBe(`/play/${liveVodKey}`);
    expect(await live.locator('[data-star-channel]').getAttribute('href')).toBe(`/channel/program/${programB.id}`);

    const other = await cardOf(visitor, programA.id);
    expect(await other.getAttribute('data-live')).toBe('N');
    expect(await other.textContent()).toContain(programA.nick);
    expect(await other.locator('[data-star-link]').getAttribute('href')).toBe(`/channel/program/${programA.id}`);
    // The K-stars are not programs.
    expect(await visitor.locator(`[data-star-card="${kstars[0]?.id}"]`).count()).toBe(0);
    expect(await overflowOf(visitor)).toBe(0);
    await screenshot(visitor, 'sub-program');
    await visitor.setViewportSize(DESKTOP);
    expect(await overflowOf(visitor)).toBe(0);
    await screenshot(visitor, 'sub-program');
    await visitor.setViewportSize(PHONE);

    await other.locator('[data-star-link]').click();
    await visitor.waitForURL(`**/channel/program/${programA.id}`);
  });

  it('/sub/kstar lists the K-stars, each linking to its channel', async () => {
    await visitor.goto('/sub/kstar');
    await expect.poll(() => visitor.locator('[data-star-page="kstar"] h1').textContent()).toBe('K-STAR');
    for (const star of kstars) {
      const card = await cardOf(visitor, star.id);
      expect(await card.locator('[data-star-link]').getAttribute('href')).toBe(`/channel/bj/${star.id}`);
    }
    expect(await visitor.locator(`[data-star-card="${programs[0]?.id}"]`).count()).toBe(0);
  });

  it("an operator sets a K-star's agency, group and debut in /admin/stars; the group's chip then filters /sub/kstar", async () => {
    const [starA, starB] = kstars as [Member, Member];
    await op.goto('/admin/stars');
    const form = op.locator('[data-star-form]');
    await form.waitFor();
    await expect.poll(() => op.locator('[data-star-submit]').isEnabled()).toBe(true);

    // An ID that is no K-star is refused under the ID.
    await op.locator('#star-user_id').fill(`nobody${run}`);
    await op.locator('#star-group_name').fill(group);
    await op.locator('[data-star-submit]').click();
    await expect.poll(() => form.locator('[data-field-errors="star-user_id"]').textContent()).toBe(resultMessage('KSTAR_NOT_FOUND', 'ko'));

    await op.locator('#star-user_id').fill(starA.id);
    await op.locator('#star-agency').fill(`별빛엔터${run}`);
    await op.locator('#star-debut_date').fill('2021-03-09');
    const answered = op.waitForResponse((r) => r.url().endsWith('/v1/admin/star_profile_proc'));
    await op.locator('[data-star-submit]').click();
    const saved = (await (await answered).json()) as Envelope<StarCard>;
    expect(saved.rslt_cd, saved.rslt_msg).toBe(0);
    expect(saved.rslt_set).toMatchObject({ id: starA.id, agency: `별빛엔터${run}`, group_name: group, debut_date: '2021-03-09' });
    // The answered card, as the directory shows it.
    const result = op.locator(`[data-star-result="${starA.id}"]`);
    await expect.poll(() => result.count()).toBe(1);
    const facts = await result.locator('[data-kstar-facts]').textContent();
    expect(facts).toContain(`별빛엔터${run}`);
    expect(facts).toContain(group);
    expect(facts).toContain('2021.03.09 데뷔');
    // The groups list holds the new group with its member.
    const groupCard = op.locator(`[data-star-group="${group}"]`);
    await expect.poll(() => groupCard.count()).toBe(1);
    expect(await groupCard.locator(`[data-star-member="${starA.id}"]`).count()).toBe(1);
    expect(await op.locator(`[data-star-member="${starB.id}"]`).count()).toBe(0);
    await screenshot(op, 'admin-stars');
    await op.setViewportSize(PHONE);
    expect(await overflowOf(op)).toBe(0);
    await screenshot(op, 'admin-stars');
    await op.setViewportSize(DESKTOP);

    // The visitor filters /sub/kstar by the group's chip: only its member is listed.
    await visitor.goto('/sub/kstar');
    const chip = visitor.locator(`[data-group-chip="${group}"]`);
    await chip.click();
    await visitor.waitForURL((url) => url.searchParams.get('group') === group);
    await expect.poll(() => visitor.locator('[data-star-page="kstar"]').getAttribute('data-group')).toBe(group);
    expect(await chip.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => visitor.locator('[data-star-card]').count()).toBe(1);
    const card = visitor.locator(`[data-star-card="${starA.id}"]`);
    expect(await card.count()).toBe(1);
    expect(await card.locator('[data-kstar-fact="group"]').textContent()).toContain(group);
    expect(await card.locator('[data-kstar-fact="debut"]').textContent()).toContain('2021.03.09 데뷔');
    expect(await visitor.locator('[data-group-info]').textContent()).toContain(`별빛엔터${run}`);
    expect(await overflowOf(visitor)).toBe(0);
    await screenshot(visitor, 'sub-kstar');
    await visitor.setViewportSize(DESKTOP);
    expect(await overflowOf(visitor)).toBe(0);
    await screenshot(visitor, 'sub-kstar');
    await visitor.setViewportSize(PHONE);
    // 전체 lists every K-star again.
    await visitor.locator('[data-group-chip=""]').click();
    await visitor.waitForURL((url) => !url.searchParams.has('group'));
    await cardOf(visitor, starB.id);
  });

  it('the directories and the console screen fit 360 px and 1366 px in the four languages', async () => {
    const pages: [Page, string, string][] = [
      [visitor, '/sub/program', 'sub-program'],
      [visitor, `/sub/kstar?group=${encodeURIComponent(group)}`, 'sub-kstar'],
      [op, '/admin/stars', 'admin-stars'],
    ];
    const found: string[] = [];
    for (const lang of LANGS) {
      for (const [page, url, name] of pages) {
        await page.context().addCookies([{ name: 'xlang', value: lang, url: baseUrl }]);
        for (const viewport of [{ width: 360, height: 780 }, DESKTOP]) {
          await page.setViewportSize(viewport);
          await page.goto(url);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          const over = await overflowOf(page);
          if (over > 0) found.push(`${lang} ${viewport.width} ${url}: ${over} px too wide`);
          if (lang !== 'ko') await screenshot(page, name, lang);
        }
      }
    }
    for (const page of [visitor, op]) await page.context().addCookies([{ name: 'xlang', value: 'ko', url: baseUrl }]);
    await visitor.setViewportSize(PHONE);
    await op.setViewportSize(DESKTOP);
    expect(found).toEqual([]);
  });

  it('switching kstar off in /admin/site hides the link and /sub/kstar says the service is being prepared', async () => {
    await visitor.goto('/');
    let menu = await openMenu(visitor);
    expect(await menu.locator('[data-nav-kstar]').getAttribute('href')).toBe('/sub/kstar');
    expect(await menu.locator('[data-nav-program]').getAttribute('href')).toBe('/sub/program');
    expect(await visitor.locator('[data-footer-kstar]').count()).toBe(1);

    await op.goto('/admin/site');
    const row = op.locator('[data-site-switch="kstar"]');
    await expect.poll(() => row.getAttribute('data-on')).toBe('Y');
    try {
      await row.locator('[data-switch-toggle]').click();
      const ask = op.getByRole('alertdialog');
      await ask.waitFor();
      await ask.getByRole('button', { name: '확인', exact: true }).click();
      await expect.poll(() => row.getAttribute('data-on')).toBe('N');
      await expect
        .poll(async () => {
          const res = await visitor.request.post('/v1/sub/kstar_more', { form: { offset: '0', limit: '1' }, headers: API_HEADERS });
          return ((await res.json()) as Envelope<unknown>).rslt_cd;
        })
        .toBe(ResultCode.SERVICE_PREPARING);

      await visitor.goto('/');
      menu = await openMenu(visitor);
      await expect.poll(() => menu.locator('[data-nav-program]').count()).toBe(1);
      expect(await menu.locator('[data-nav-kstar]').count()).toBe(0);
      expect(await visitor.locator('[data-footer-kstar]').count()).toBe(0);

      await visitor.goto('/sub/kstar');
      const preparing = visitor.locator('[data-service-preparing]');
      await preparing.waitFor();
      expect(await preparing.locator('[role="status"]').textContent()).toBe(resultMessage('SERVICE_PREPARING', 'ko'));
      expect(await visitor.locator('[data-star-card]').count()).toBe(0);
      await screenshot(visitor, 'sub-kstar-preparing');
    } finally {
      // Whatever happened above, the K-stars are on again for every other test.
      await op.request.post('/v1/admin/site_switch_proc', { form: { name: 'kstar', value: 'Y' }, headers: API_HEADERS });
    }
    await expect
      .poll(async () => {
        const res = await visitor.request.post('/v1/sub/kstar_more', { form: { offset: '0', limit: '1' }, headers: API_HEADERS });
        return ((await res.json()) as Envelope<unknown>).rslt_cd;
      })
      .toBe(0);
  });
});
