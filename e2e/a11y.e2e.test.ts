import AxeBuilder from '@axe-core/playwright';
import { API_HEADERS } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { digits, joinByApi } from './support/members.js';

/**
 * Accessibility (issue 15): axe-core (the engine of Lighthouse's accessibility audit) on the main pages at
 * a phone's and a desktop's width, signed out and signed in: no serious or critical violation (contrast,
 * names of controls and images, labels, landmarks, ARIA).
 */
const baseUrl = inject('baseUrl');
const newPage = pagesPerFile(baseUrl);

async function violations(page: Page, url: string): Promise<string[]> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${url} ${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => (process.env.AXE_DETAIL ? `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}` : n.target.join(' ')))
          .join(', ')}`,
    );
}

describe('accessibility of the main pages', { timeout: 240_000 }, () => {
  it('has no serious or critical axe violation at 390 px and 1366 px, signed out and signed in', async () => {
    const page = await newPage();
    const live = (await (await page.request.get('/v1/pubapi/play_live_list?limit=1', { headers: API_HEADERS })).json()) as {
      rslt_set: { data_list: { vod_key: string }[] };
    };
    const vodKey = live.rslt_set.data_list[0]?.vod_key as string;
    const guestPages = ['/', `/play/${vodKey}`, '/sub/live', '/store', '/user/login', '/user/join'];
    const memberPages = ['/', '/mypage', '/store'];
    const found: string[] = [];
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      for (const url of guestPages) found.push(...(await violations(page, url)));
    }
    // Signed in from here on (joinByApi leaves the page's session signed in).
    await joinByApi(page.request, { id: `ax${digits(8)}`, nick: `접근${digits(6)}` });
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      for (const url of memberPages) found.push(...(await violations(page, url)));
    }
    expect(found).toEqual([]);
  });
});
