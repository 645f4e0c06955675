import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ADMIN_PAGE_SIZE,
  type AdminMagazine,
  applicationsEndpoints,
  type Envelope,
  type EventItem,
  type FamilyAccount,
  type ListedApplicationView,
  type ListSet,
  type MagazineInfoSet,
  type MagazineListSet,
  ResultCode,
  resultMessage,
  type UploadedVideoInfo,
  VIDEO_UPLOAD_PATH,
  verificationEndpoints,
} from '@byeol/contract';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resolveFfmpeg } from '../apps/server/src/modules/media/index.js';
import routes from '../apps/web/app/routes.js';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, apiClient, call, digits, joinByApi, outboxCount, readPin } from './support/members.js';

/**
 * The editorial console in Chromium (issue 21). An operator writes an article in /admin/magazine with a
 * heading, bold text and an image through the rich-text editor (its list picture's upload progress seen),
 * publishes it, and a signed-out visitor reads the heading and the image; a script typed in the HTML view is
 * gone from the preview and from the stored HTML; an article scheduled two days ahead shows as scheduled and
 * is not listed for readers. An event created in /admin/events (a period ending before it starts refused
 * under the end date) is listed for readers. Turning the magazine off in /admin/site makes the readers' list
 * answer SERVICE_PREPARING, and turning it on restores it (always, in a finally). A member's audition
 * application (a broadcaster application with a performance video link and an uploaded one, and a contact phone
 * verified by its pin) shows in /admin/applications with the link, the phone and the video playing; the operator moves it to in progress, then completes it, and the member's account list holds the new
 * BJ account; a second operator page still showing it open is refused with APPLICATION_STATE. The audit log
 * names the editorial actions. The operator is a member made operator in the database.
 *
 * `BYEOL_SCREENS=/tmp/screens` also writes screenshots of the four screens at 390 and 1366 px (ko).
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);
const DAY_MS = 86_400_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Every page path of routes.ts (as phone.e2e.test.ts reads it): whether the public magazine page exists. */
function pathsOf(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent;
    return entry.children ? pathsOf(entry.children, here) : [here || '/'];
  });
}
const hasMagazinePage = pathsOf(routes).includes('/magazine/:id');

function png(color: { r: number; g: number; b: number }, width = 800, height = 450): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function get<T>(client: APIRequestContext, p: string): Promise<Envelope<T>> {
  const res = await client.get(`/v1${p}`, { headers: API_HEADERS });
  return (await res.json()) as Envelope<T>;
}

async function post<T>(client: APIRequestContext, p: string, form: Record<string, string>): Promise<Envelope<T>> {
  const res = await client.post(`/v1${p}`, { form, headers: API_HEADERS });
  return (await res.json()) as Envelope<T>;
}

/** 'YYYY-MM-DD' and 'YYYY-MM-DDTHH:mm' in KST, `ms` from now. */
const kstAhead = (ms: number) => new Date(Date.now() + ms + 9 * 3600_000).toISOString().slice(0, 16);

/** Answers the site's confirmation dialog (확인). */
async function confirmDialog(page: Page) {
  const ask = page.getByRole('alertdialog');
  await ask.waitFor();
  await ask.getByRole('button', { name: '확인', exact: true }).click();
}

/** How much wider than the window the document is (0 when it fits). */
const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function screenshot(page: Page, name: string) {
  const dir = process.env.BYEOL_SCREENS;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width}-ko.png`), fullPage: true });
}

let op: Page;
let opId = '';
let visitor: APIRequestContext;

beforeAll(async () => {
  op = await newPage();
  await op.setViewportSize(DESKTOP);
  const member = await joinByApi(op.request, { id: `edop${run}`, nick: `편집자${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [member.id]);
  opId = member.id;
  visitor = await apiClient(baseUrl);
});

afterAll(async () => {
  await visitor?.dispose();
  await closeDatabase();
});

/** Opens a new article's form in /admin/magazine. */
async function newArticle() {
  await op.goto('/admin/magazine');
  await op.locator('[data-magazine-new]').click();
  const form = op.locator('[data-magazine-form]');
  await form.waitFor();
  return form;
}

/** Saves the form on screen and answers the saved article (the call's answer), once the preview shows it. */
async function saveArticle(): Promise<AdminMagazine> {
  const answered = op.waitForResponse((r) => r.url().endsWith('/v1/admin/magazine_save_proc'));
  await op.locator('[data-magazine-submit]').click();
  const body = (await (await answered).json()) as Envelope<AdminMagazine>;
  expect(body.rslt_cd, body.rslt_msg).toBe(0);
  await expect.poll(() => op.locator('[data-magazine-preview]').getAttribute('data-magazine-preview')).toBe(String(body.rslt_set.mi_sn));
  return body.rslt_set;
}

describe('editorial console', { timeout: 180_000 }, () => {
  it('an article written with a heading, bold text and an image is published and a visitor reads it', async () => {
    const form = await newArticle();
    // What a form without a title or a body is told, under each field, before and after sending.
    await op.locator('[data-magazine-submit]').click();
    await expect.poll(() => form.locator('[data-field-errors="magazine-title"]').textContent()).toBe('입력해 주세요.');
    const title = `별빛 인터뷰 ${run}`;
    await op.locator('#magazine-title').fill(title);
    await op.locator('[data-magazine-submit]').click();
    await expect
      .poll(() => form.locator('[data-field-errors="magazine-content_html"]').textContent())
      .toBe(resultMessage('BOARD_CONTENT_REQUIRED', 'ko'));

    await op.locator('#magazine-category').selectOption('interview');
    await op.locator('#magazine-state').selectOption('published');

    // The list picture: its upload is held until its progress has been seen (the route waits for the test).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await op.route('**/v1/upload/upload_thum_ajax', async (route) => {
      await held;
      await route.continue();
    });
    await op
      .locator('#magazine-image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png({ r: 90, g: 70, b: 200 }) });
    const picture = op.locator('[data-image-field="magazine-image"]');
    await picture.locator('[data-upload-progress]').waitFor();
    expect(await picture.locator('[data-upload-progress]').textContent()).toMatch(/업로드 중… \d+%/);
    // Saving while it uploads is refused with a reason.
    await op.locator('[data-magazine-submit]').click();
    await expect.poll(() => form.locator('[role="alert"]').allTextContents()).toContain('이미지 업로드가 끝난 뒤에 저장해 주세요.');
    release();
    await expect.poll(() => picture.locator('[data-image-preview]').count()).toBe(1);
    await op.unroute('**/v1/upload/upload_thum_ajax');
    expect(await picture.locator('[data-image-preview]').getAttribute('src')).toMatch(/^\/files\/magazine\//);

    // The body through the editor: a heading, a paragraph with bold text, an uploaded image.
    const heading = `무대 뒤 이야기 ${run}`;
    const bold = `가장 빛난 순간 ${run}`;
    const area = op.locator('[data-editor-area]');
    await area.click();
    await op.locator('[data-editor-tool="h2"]').click();
    await expect.poll(() => op.locator('[data-editor-tool="h2"]').getAttribute('aria-pressed')).toBe('true');
    await op.keyboard.type(heading);
    await op.keyboard.press('Enter');
    await op.keyboard.type('오늘 만난 아티스트는 ');
    await op.locator('[data-editor-tool="bold"]').click();
    await op.keyboard.type(bold);
    await op.locator('[data-editor-tool="bold"]').click();
    await op.keyboard.type('을 이야기했습니다.');
    await op
      .locator('[data-editor-image-input]')
      .setInputFiles({ name: 'stage.png', mimeType: 'image/png', buffer: await png({ r: 240, g: 120, b: 40 }) });
    await expect.poll(() => area.locator('img').count()).toBe(1);
    expect(await area.locator('h2').textContent()).toBe(heading);
    expect(await area.locator('b, strong').first().textContent()).toBe(bold);

    const saved = await saveArticle();
    expect(saved).toMatchObject({ title, category: 'interview', state: 'published', live_yn: 'Y' });
    // The preview is what the server kept.
    const preview = op.locator('[data-preview-html="magazine"]');
    expect(await preview.locator('h2').textContent()).toBe(heading);
    expect(await preview.locator('strong').textContent()).toBe(bold);
    const imageSrc = (await preview.locator('img').getAttribute('src')) ?? '';
    expect(imageSrc).toMatch(/^\/files\/magazine\//);
    await screenshot(op, 'admin-magazine-form');
    await op.setViewportSize(PHONE);
    expect(await overflowOf(op)).toBe(0);
    await screenshot(op, 'admin-magazine-form');
    await op.setViewportSize(DESKTOP);

    // A signed-out visitor reads the article: the heading, the bold text and the image.
    const info = await get<MagazineInfoSet>(visitor, `/sub/magazine_info?mi_sn=${saved.mi_sn}`);
    expect(info.rslt_cd, info.rslt_msg).toBe(0);
    expect(info.rslt_set.magazine_info.title).toBe(title);
    expect(info.rslt_set.magazine_info.content_html).toContain(`<h2>${heading}</h2>`);
    expect(info.rslt_set.magazine_info.content_html).toContain(`<strong>${bold}</strong>`);
    expect(info.rslt_set.magazine_info.content_html).toContain(`src="${imageSrc}"`);
    if (hasMagazinePage) {
      const reader = await newPage();
      await reader.goto(`/magazine/${saved.mi_sn}`);
      await expect.poll(() => reader.getByRole('heading', { name: heading }).count()).toBe(1);
      await expect.poll(() => reader.locator(`img[src$="${imageSrc}"]`).count()).toBeGreaterThanOrEqual(1);
      expect(await reader.getByText(bold).count()).toBeGreaterThanOrEqual(1);
      await reader.context().close();
    }
  });

  it('a script typed in the HTML view is gone from the preview and from the stored HTML', async () => {
    await newArticle();
    await op.locator('#magazine-title').fill(`안전한 본문 ${run}`);
    await op.locator('#magazine-state').selectOption('published');
    await op.locator('[data-editor-tool="html"]').click();
    const raw = op.locator('[data-editor-html]');
    await raw.fill(
      `<h2>안전 점검 ${run}</h2><p onclick="alert(1)">본문입니다 ${run}</p><script>document.title = 'owned'</script><img src="https://evil.example/x.png" onerror="alert(2)">`,
    );
    // Nothing typed in the HTML view runs on the operator's page.
    await op.locator('[data-editor-tool="html"]').click();
    await expect.poll(() => op.locator('[data-editor-area] h2').textContent()).toBe(`안전 점검 ${run}`);
    expect(await op.locator('[data-editor-area] script').count()).toBe(0);
    await op.locator('[data-editor-tool="html"]').click();
    expect(await raw.inputValue()).toContain('<script>');

    const saved = await saveArticle();
    expect(saved.content_html).not.toContain('<script');
    expect(saved.content_html).not.toContain('onerror');
    expect(saved.content_html).not.toContain('onclick');
    expect(saved.content_html).not.toContain('evil.example');
    const preview = op.locator('[data-preview-html="magazine"]');
    expect(await preview.locator('script, [onclick], [onerror], img').count()).toBe(0);
    expect(await preview.locator('h2').textContent()).toBe(`안전 점검 ${run}`);
    expect(await preview.textContent()).toContain(`본문입니다 ${run}`);
    expect(await op.title()).not.toBe('owned');
    // The HTML view now holds what was stored.
    expect(await raw.inputValue()).not.toContain('<script');

    const info = await get<MagazineInfoSet>(visitor, `/sub/magazine_info?mi_sn=${saved.mi_sn}`);
    expect(info.rslt_set.magazine_info.content_html).not.toContain('<script');
  });

  it('an article scheduled two days ahead shows as scheduled in the console and is not listed for readers', async () => {
    await newArticle();
    const title = `예약 기사 ${run}`;
    await op.locator('#magazine-title').fill(title);
    await op.locator('#magazine-state').selectOption('published');
    await op.locator('#magazine-publish_date').fill(kstAhead(2 * DAY_MS));
    await op.locator('[data-editor-area]').click();
    await op.keyboard.type(`이틀 뒤에 공개됩니다 ${run}`);
    const saved = await saveArticle();
    expect(saved).toMatchObject({ state: 'published', live_yn: 'N' });
    expect(await op.locator('[data-magazine-preview] [data-state-badge="scheduled"]').textContent()).toBe('예약');

    await op.locator('[data-magazine-back]').first().click();
    const row = op.locator(`[data-magazine-row="${saved.mi_sn}"]`);
    await expect.poll(() => row.getAttribute('data-state')).toBe('scheduled');
    expect(await row.locator('[data-state-badge]').textContent()).toBe('예약');
    // Filtered by state, it is a published one.
    await op.goto('/admin/magazine?state=published');
    await expect.poll(() => row.count()).toBe(1);

    const list = await get<MagazineListSet>(visitor, '/sub/magazine_list?limit=100');
    expect(list.rslt_cd, list.rslt_msg).toBe(0);
    expect(list.rslt_set.magazine_list.map((m) => m.mi_sn)).not.toContain(saved.mi_sn);
    const info = await get(visitor, `/sub/magazine_info?mi_sn=${saved.mi_sn}`);
    expect(info.rslt_cd).toBe(ResultCode.MAGAZINE_NOT_FOUND);
    await screenshot(op, 'admin-magazine');
    await op.setViewportSize(PHONE);
    await op.reload();
    expect(await overflowOf(op)).toBe(0);
    await screenshot(op, 'admin-magazine');
    await op.setViewportSize(DESKTOP);
  });

  it('an event created in /admin/events is listed for readers; a period ending before its start is refused under the end date', async () => {
    await op.goto('/admin/events');
    await op.locator('[data-event-new]').click();
    const form = op.locator('[data-event-form]');
    await form.waitFor();
    const title = `팬미팅 이벤트 ${run}`;
    await op.locator('#event-title').fill(title);
    const start = await op.locator('#event-start_date').inputValue();
    expect(start).toBe(kstAhead(0).slice(0, 10));
    await op.locator('#event-end_date').fill(kstAhead(-DAY_MS).slice(0, 10));
    await op.locator('[data-editor-area]').click();
    await op.locator('[data-editor-tool="h2"]').click();
    await op.keyboard.type(`참여 방법 ${run}`);
    await op
      .locator('#event-banner')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await png({ r: 30, g: 160, b: 120 }) });
    await expect.poll(() => form.locator('[data-image-field="event-banner"] [data-image-preview]').count()).toBe(1);
    await op.locator('[data-event-submit]').click();
    await expect
      .poll(() => form.locator('[data-field-errors="event-end_date"]').textContent())
      .toBe(resultMessage('EVENT_PERIOD_INVALID', 'ko'));

    await op.locator('#event-end_date').fill(kstAhead(7 * DAY_MS).slice(0, 10));
    const answered = op.waitForResponse((r) => r.url().endsWith('/v1/admin/event_save_proc'));
    await op.locator('[data-event-submit]').click();
    const saved = (await (await answered).json()) as Envelope<EventItem>;
    expect(saved.rslt_cd, saved.rslt_msg).toBe(0);
    await expect.poll(() => op.locator('[data-event-preview]').getAttribute('data-event-preview')).toBe(String(saved.rslt_set.event_sn));
    expect(await op.locator('[data-preview-html="event"] h2').textContent()).toBe(`참여 방법 ${run}`);
    expect(saved.rslt_set.banner).toMatch(/^\/files\/event\//);

    const running = await post<ListSet<EventItem>>(visitor, '/sub/event_more', { phase: 'running', limit: '100' });
    expect(running.rslt_cd, running.rslt_msg).toBe(0);
    expect(running.rslt_set.data_list.find((e) => e.event_sn === saved.rslt_set.event_sn)).toMatchObject({ title, phase: 'running' });

    // The console lists it with its state and period.
    await op.locator('[data-event-back]').click();
    const row = op.locator(`[data-event-row="${saved.rslt_set.event_sn}"]`);
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('게시 중');
    expect(await row.textContent()).toContain(`${start.replaceAll('-', '.')} ~`);
    await screenshot(op, 'admin-events');
    await op.setViewportSize(PHONE);
    expect(await overflowOf(op)).toBe(0);
    await screenshot(op, 'admin-events');
    await op.setViewportSize(DESKTOP);
  });

  it('turning the magazine off in /admin/site makes the readers’ list answer "service being prepared"; turning it on restores it', async () => {
    await op.goto('/admin/site');
    const row = op.locator('[data-site-switch="magazine"]');
    await expect.poll(() => row.getAttribute('data-on')).toBe('Y');
    expect(await row.textContent()).toContain('매거진');
    expect(await row.locator('[role="switch"]').getAttribute('aria-checked')).toBe('true');
    try {
      await row.locator('[data-switch-toggle]').click();
      await confirmDialog(op);
      await expect.poll(() => row.getAttribute('data-on')).toBe('N');
      expect(await row.locator('[role="switch"]').getAttribute('aria-checked')).toBe('false');
      await expect.poll(async () => (await get(visitor, '/sub/magazine_list')).rslt_cd).toBe(ResultCode.SERVICE_PREPARING);
      // Operators still reach the articles.
      await op.goto('/admin/magazine');
      await expect.poll(() => op.locator('[data-magazine-row]').count()).toBeGreaterThan(0);

      await op.goto('/admin/site');
      await expect.poll(() => row.getAttribute('data-on')).toBe('N');
      await screenshot(op, 'admin-site');
      await op.setViewportSize(PHONE);
      expect(await overflowOf(op)).toBe(0);
      await screenshot(op, 'admin-site');
      await op.setViewportSize(DESKTOP);
      await row.locator('[data-switch-toggle]').click();
      await confirmDialog(op);
      await expect.poll(() => row.getAttribute('data-on')).toBe('Y');
      await expect.poll(async () => (await get(visitor, '/sub/magazine_list')).rslt_cd).toBe(0);
    } finally {
      // Whatever happened above, the magazine is on again for every other test.
      await post(op.request, '/admin/site_switch_proc', { name: 'magazine', value: 'Y' });
    }
  });

  it("a member's audition application is moved to in progress and completed in /admin/applications; the member gets the BJ account", async () => {
    const memberPage = await newPage();
    const member = await joinByApi(memberPage.request, { id: `edau${run}`, nick: `지원자${run}` });
    // A verified identity (adult verification records it; no page of this test goes through it).
    await sql(`update users set ci = $1 where lower(id) = lower($2)`, [`e2e-ci-${run}-${randomBytes(8).toString('hex')}`, member.id]);
    const videoUrl = `https://video.example.com/stage-${run}`;
    // From /audition's calls: a contact phone verified by its pin, and a 1 s video uploaded as the body.
    const contact = `010${digits(8)}`;
    const earlier = await outboxCount(memberPage.request, contact);
    const sent = await call(memberPage.request, verificationEndpoints.sendPin, {
      phone_no: contact,
      purpose: 'contact',
    });
    const { verify_token } = await call(memberPage.request, verificationEndpoints.confirmPin, {
      verify_id: sent.verify_id,
      pincode: await readPin(memberPage.request, contact, earlier),
    });
    const clip = path.join(os.tmpdir(), `byeol-stage-${run}.mp4`);
    await promisify(execFile)(resolveFfmpeg().path, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', clip],
    ]);
    const uploadRes = await memberPage.request.post(`/v1${VIDEO_UPLOAD_PATH}?purpose=audition`, {
      data: await readFile(clip),
      headers: { ...API_HEADERS, 'content-type': 'video/mp4' },
    });
    await rm(clip, { force: true });
    const upload = (await uploadRes.json()) as Envelope<UploadedVideoInfo>;
    expect(upload.rslt_cd, upload.rslt_msg).toBe(0);
    const app = await call(memberPage.request, applicationsEndpoints.apply, {
      kind: 'bj',
      audition_yn: 'Y',
      activity_name_ko: `하늘별${run}`,
      activity_name_en: `Haneul ${run}`,
      intro: '노래와 춤을 좋아하는 연습생입니다.',
      operating_plan: '매주 두 번 커버 무대를 방송합니다.',
      video_url: videoUrl,
      video_file_sn: upload.rslt_set.temp_file_sn,
      verify_token,
    });
    expect(app.state).toBe('received');

    // Oldest first: the newest received broadcaster application is on the last page.
    const queue = await get<ListSet<ListedApplicationView>>(op.request, '/admin/account_application_list?state=received&kind=bj&limit=1');
    const page = Math.max(1, Math.ceil(queue.rslt_set.data_totalcount / ADMIN_PAGE_SIZE));
    const url = `/admin/applications?kind=bj${page > 1 ? `&page=${page}` : ''}`;
    await op.goto(url);
    const card = op.locator(`[data-application="${app.app_sn}"]`);
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getAttribute('data-state')).toBe('received');
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`지원자${run}`);
    expect(text).toContain(`하늘별${run}`);
    expect(text).toContain('오디션');
    const video = card.locator('[data-form-link="video_url"]');
    expect(await video.getAttribute('href')).toBe(videoUrl);
    expect(await video.getAttribute('target')).toBe('_blank');
    expect(await video.getAttribute('rel')).toContain('noopener');
    // The verified contact phone, and the uploaded video playing for the operator.
    expect(await card.locator('[data-form-field="contact_phone"]').textContent()).toContain(
      `${contact.slice(0, 3)}-${contact.slice(3, 7)}-${contact.slice(7)}`,
    );
    const player = card.locator('[data-application-video] video');
    expect(await player.getAttribute('src')).toBe(upload.rslt_set.temp_file_path_nm);
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await card.locator('[data-application-video-download]').getAttribute('href')).toBe(upload.rslt_set.temp_file_path_nm);

    // A second console page of the operator still shows it as received.
    const stale = await op.context().newPage();
    await stale.goto(url);
    await expect.poll(() => stale.locator(`[data-application="${app.app_sn}"]`).count()).toBe(1);
    await screenshot(op, 'admin-applications');

    const dialog = op.locator('[data-admin-dialog]');
    await card.locator('[data-move-in_progress]').click();
    await expect.poll(() => dialog.count()).toBe(1);
    const memo = `영상 확인 중입니다 ${run}`;
    await dialog.locator('#admin-operator_memo').fill(memo);
    await dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => card.getAttribute('data-state')).toBe('in_progress');
    expect(await card.locator('[data-application-memo]').textContent()).toContain(memo);

    await card.locator('[data-move-complete]').click();
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.textContent()).toContain('새 계정');
    await dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => card.getAttribute('data-state')).toBe('complete');
    expect(await card.locator('[data-application-account]').count()).toBe(1);
    expect(await card.locator('[data-move-rejected]').count()).toBe(0);

    // The member's accounts: the personal one and the new BJ account.
    const accounts = await get<ListSet<FamilyAccount>>(memberPage.request, '/mypage/account_list');
    expect(accounts.rslt_cd, accounts.rslt_msg).toBe(0);
    const bj = accounts.rslt_set.data_list.find((a) => a.kind === 'bj');
    expect(bj).toMatchObject({ bj_type_cd: 'general', current: false });
    expect(await card.locator('[data-application-account]').getAttribute('data-application-account')).toBe(String(bj?.user_key));

    // The stale page cannot move a completed application: the refusal is shown in its dialog.
    await stale.locator(`[data-application="${app.app_sn}"] [data-move-rejected]`).click();
    const staleDialog = stale.locator('[data-admin-dialog]');
    await expect.poll(() => staleDialog.count()).toBe(1);
    await staleDialog.locator('[data-admin-submit]').click();
    await expect.poll(() => staleDialog.getByRole('alert').allTextContents()).toContain(resultMessage('APPLICATION_STATE', 'ko'));
    await stale.close();

    // Completed, it is listed under its state.
    await op.goto('/admin/applications?state=complete&kind=bj');
    await expect.poll(() => op.locator('[data-application][data-state="complete"]').count()).toBeGreaterThan(0);
    await op.setViewportSize(PHONE);
    expect(await overflowOf(op)).toBe(0);
    await screenshot(op, 'admin-applications');
    await op.setViewportSize(DESKTOP);
  });

  it('the audit log names the editorial actions', async () => {
    await op.goto(`/admin/audit?actor=${opId}`);
    const table = op.locator('[data-admin-table="audit"]');
    await expect.poll(() => table.locator('[data-audit]').count()).toBeGreaterThanOrEqual(4);
    const labels: Record<string, string> = { magazine_save: '매거진 저장', event_save: '이벤트 저장', site_switch: '사이트 기능 설정' };
    for (const [action, label] of Object.entries(labels)) {
      const entry = table.locator(`[data-action="${action}"]`).first();
      expect(await entry.count(), action).toBe(1);
      expect(await entry.locator('[data-audit-action]').textContent()).toBe(label);
    }
    expect(await table.locator('[data-action="site_switch"] [data-audit-target]').first().textContent()).toContain('사이트');
    expect(await table.locator('[data-action="site_switch"] [data-diff-key="magazine_yn"]').count()).toBeGreaterThanOrEqual(2);
  });
});
