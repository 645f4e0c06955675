import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { EDITORIAL_LIMITS, editorialEndpoints, ResultCode, resultMessage } from '@byeol/contract';
import type { APIRequestContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { resolveFfmpeg } from '../apps/server/src/modules/media/index.js';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, apiClient, call, digits, joinByApi, type Member, verifyPhoneOn } from './support/members.js';

/**
 * The editorial pages of issue 21 in Chromium, on the shared platform with its demo content:
 * - an operator publishes an article through the console's call with a script and an event handler in its
 *   HTML; a visitor opens it from the home page's card, reads the body and nothing of the script runs; the
 *   visitor likes it (the sign-in panel first), unlikes it, and their view counts once; a draft is a 404;
 * - the reader reports the article through the dialog (type and content required first) and finds the report
 *   at /cs/report, received;
 * - with the magazine switch off (the operator's call; back on in a finally) the home has no magazine
 *   section, the header no link, and /magazine says the service is being prepared;
 * - a member replies to an event (the refusals shown before sending, the reply shown as plain text) and
 *   deletes the reply after the confirm; an ended event takes no reply;
 * - a guest is told /audition needs an account; a member is sent to identity verification, verifies, uploads a
 *   generated 2 s video (its progress shown on a throttled upload), verifies a contact phone by its pin, applies
 *   and sees the application received with the phone and the video playing; a second try (a video link and
 *   another phone) answers 'already applied'.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl, { locale: 'ko-KR', viewport: { width: 1280, height: 900 } });
const newPhonePage = pagesPerFile(baseUrl, { locale: 'ko-KR', viewport: { width: 390, height: 844 } });

/** What the console sends: a paragraph, an image pointing nowhere with a handler, and a script. */
const XSS_HTML = '<p>본문</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

let operator: APIRequestContext;
let guest: Page;
let visitor: Page;
let reader: Member;
const article = { sn: 0, title: `이번 주 무대 인터뷰 ${run}` };

beforeAll(async () => {
  operator = await apiClient(baseUrl);
  const op = await joinByApi(operator, { id: `edop${run}`, nick: `편집장${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [op.id]);
  // The reader joins on a client of their own, so the visitor's page stays signed out until the panel.
  const client = await apiClient(baseUrl);
  reader = await joinByApi(client, { id: `edrd${run}`, nick: `독자${run}` });
  await client.dispose();
  [guest, visitor] = [await newPage(), await newPage()];
});

afterAll(async () => {
  await operator?.dispose();
  await closeDatabase();
});

/** The serious and critical axe violations of the page as it is (the WCAG 2.1 AA rules a11y.e2e uses). */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The magazine switch through the operator's call. */
async function magazineSwitch(value: 'Y' | 'N') {
  const set = await call(operator, editorialEndpoints.adminSiteSwitch, { name: 'magazine', value });
  expect(set.value).toBe(value);
}

/** The article's counters as the API answers them to a guest. */
async function counters(sn: number): Promise<{ view_cnt: number; like_cnt: number }> {
  const res = await guest.request.get(`/v1/sub/magazine_info?mi_sn=${sn}`, { headers: API_HEADERS });
  return ((await res.json()) as { rslt_set: { magazine_info: { view_cnt: number; like_cnt: number } } }).rslt_set.magazine_info;
}

/** Signs in through the sign-in panel the page opened. */
async function signInOnPanel(page: Page, member: Member) {
  const panel = page.getByRole('dialog', { name: '로그인' });
  await panel.getByLabel('아이디').fill(member.id);
  await panel.getByLabel('비밀번호').fill(member.passwd);
  await panel.getByRole('button', { name: '로그인', exact: true }).click();
  await expect.poll(() => panel.count()).toBe(0);
}

describe('the magazine', { timeout: 120_000 }, () => {
  it('an operator publishes an article; a visitor opens it from the home card and no script of it runs', async () => {
    const saved = await call(operator, editorialEndpoints.adminMagazineSave, {
      title: article.title,
      summary: `무대 뒤 이야기 ${run}`,
      category: 'interview',
      content_html: XSS_HTML,
      state: 'published',
    });
    article.sn = saved.mi_sn;
    expect(saved.live_yn).toBe('Y');

    await visitor.goto('/');
    const section = visitor.locator('#magazine');
    expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe('매거진');
    expect(await section.locator('[data-more="magazine"]').getAttribute('href')).toBe('/magazine');
    // The newest article is the first card; it links to its page.
    const card = section.locator('[data-magazine-card]').first();
    expect(await card.getAttribute('data-magazine-card')).toBe(String(article.sn));
    await card.getByRole('link', { name: article.title }).click();
    await visitor.waitForURL(`**/magazine/${article.sn}`);

    const page = visitor.locator('article[data-ready]');
    await page.waitFor();
    expect(await visitor.locator('[data-magazine-title]').textContent()).toBe(article.title);
    expect(await visitor.locator('article [data-category]').textContent()).toBe('인터뷰');
    const body = visitor.locator('[data-rich-text="magazine"]');
    expect(await body.innerText()).toBe('본문');
    expect(await body.locator('p').count()).toBe(1);
    expect(await visitor.locator('img[src="x"]').count()).toBe(0);
    expect(await body.locator('script').count()).toBe(0);
    expect(await visitor.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    // The view of a guest is not counted (members' are, once a day).
    await visitor.locator('article[data-view-counted]').waitFor();
    expect((await counters(article.sn)).view_cnt).toBe(0);
    expect(await axeProblems(visitor)).toEqual([]);

    // The list has it under its section's tab too.
    await guest.goto('/magazine');
    expect(await guest.getByRole('heading', { level: 1 }).textContent()).toBe('매거진');
    await guest.getByRole('navigation', { name: '매거진 분류' }).getByRole('link', { name: '인터뷰' }).click();
    await guest.waitForURL('**/magazine?category=interview');
    const cards = guest.locator('[data-magazine-card]');
    // The address changes as the navigation starts; the list follows when its data arrives.
    await expect
      .poll(
        async () => new Set(await cards.locator('[data-category]').evaluateAll((els) => els.map((el) => el.getAttribute('data-category')))),
      )
      .toEqual(new Set(['interview']));
    expect(await cards.first().getAttribute('data-magazine-card')).toBe(String(article.sn));
    expect(await axeProblems(guest)).toEqual([]);
  });

  it('the visitor likes the article after signing in, unlikes it, and their view counts once', async () => {
    const like = visitor.locator('[data-like-button]');
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    expect(await like.locator('[data-like-count]').textContent()).toBe('0');
    // A guest's press opens the sign-in panel; signed in, the like is sent.
    await like.click();
    await signInOnPanel(visitor, reader);
    await expect.poll(() => like.getAttribute('data-like-button')).toBe('on');
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.locator('[data-like-count]').textContent()).toBe('1');
    expect(await visitor.locator('header [data-user-nick]').textContent()).toContain(reader.nick);
    expect((await counters(article.sn)).like_cnt).toBe(1);

    await like.click();
    await expect.poll(() => like.getAttribute('data-like-button')).toBe('off');
    expect(await like.locator('[data-like-count]').textContent()).toBe('0');
    await like.click();
    await expect.poll(() => like.getAttribute('data-like-button')).toBe('on');

    // A member's view counts once a KST day: opened twice, one view.
    for (let i = 0; i < 2; i++) {
      await visitor.reload();
      await visitor.locator('article[data-view-counted]').waitFor();
    }
    await expect.poll(() => visitor.locator('article header [data-views]').getAttribute('data-views')).toBe('1');
    expect((await counters(article.sn)).view_cnt).toBe(1);
    expect(await visitor.locator('[data-like-button]').getAttribute('aria-pressed')).toBe('true');
  });

  it('the reader reports the article through the dialog and finds the report at /cs/report, received', async () => {
    await visitor.locator('article[data-ready]').waitFor();
    await visitor.getByRole('button', { name: '기사 신고' }).click();
    const dialog = visitor.getByRole('dialog', { name: '기사 신고' });
    await dialog.locator('[data-report-form="magazine"]').waitFor();
    expect(await dialog.locator('[data-report-target]').textContent()).toBe(article.title);
    // Both fields are required, with the SPEC messages, before anything is sent.
    let sent = 0;
    const count = (r: Request) => {
      if (r.url().includes('/v1/sub/magazine_report_proc')) sent++;
    };
    visitor.on('request', count);
    await dialog.locator('[data-report-submit]').click();
    await expect
      .poll(() => dialog.getByRole('alert').allTextContents())
      .toEqual([resultMessage('REPORT_TYPE_REQUIRED', 'ko'), resultMessage('REPORT_CONTENT_REQUIRED', 'ko')]);
    expect(sent).toBe(0);
    visitor.off('request', count);

    await dialog.getByLabel('신고 유형').selectOption({ label: '스팸·광고' });
    const text = `광고성 기사 같아요 ${run}`;
    await dialog.getByLabel('신고 내용').fill(text);
    const answer = visitor.waitForResponse((r) => r.url().endsWith('/v1/sub/magazine_report_proc'));
    await dialog.locator('[data-report-submit]').click();
    expect(((await (await answer).json()) as { rslt_cd: number }).rslt_cd).toBe(0);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => visitor.getByRole('status').filter({ hasText: '신고가 접수되었습니다.' }).count()).toBe(1);

    expect((await visitor.goto('/cs/report'))?.status()).toBe(200);
    const report = visitor.locator('[data-report]').filter({ hasText: text });
    expect(await report.count()).toBe(1);
    expect(await report.locator('[data-report-target]').textContent()).toBe(article.title);
    expect(await report.getAttribute('data-state')).toBe('received');
  });

  it('a draft is not found: the page is a 404 with the message', async () => {
    const draft = await call(operator, editorialEndpoints.adminMagazineSave, {
      title: `준비 중인 기사 ${run}`,
      category: 'news',
      content_html: '<p>아직 공개 전</p>',
      state: 'draft',
    });
    const res = await guest.goto(`/magazine/${draft.mi_sn}`);
    expect(res?.status()).toBe(404);
    expect(await guest.locator('[data-not-found]').textContent()).toContain(resultMessage('MAGAZINE_NOT_FOUND', 'ko'));
  });

  it('with the magazine switch off, the home and header lose the magazine and /magazine says it is being prepared', async () => {
    await guest.goto('/');
    expect(await guest.locator('#magazine').count()).toBe(1);
    expect(await guest.locator('header [data-nav-magazine]').isVisible()).toBe(true);
    try {
      await magazineSwitch('N');
      // Every process drops its cached site info over the bus: the next page shows the switch.
      await expect
        .poll(async () => {
          await guest.goto('/');
          return guest.locator('#magazine').count();
        })
        .toBe(0);
      expect(await guest.locator('[data-nav-magazine], [data-footer-magazine]').count()).toBe(0);
      expect(await guest.locator('#live').count()).toBe(1);

      const preparing = resultMessage('SERVICE_PREPARING', 'ko');
      for (const path of ['/magazine', `/magazine/${article.sn}`]) {
        const res = await guest.goto(path);
        expect(res?.status()).toBe(200);
        expect(await guest.locator('[data-service-preparing] [role="status"]').textContent()).toBe(preparing);
        expect(await guest.locator('[data-magazine-card], [data-magazine-title]').count()).toBe(0);
      }
    } finally {
      await magazineSwitch('Y');
    }
    await expect
      .poll(async () => {
        await guest.goto('/');
        return guest.locator('#magazine [data-magazine-card]').count();
      })
      .toBeGreaterThan(0);
  });
});

describe('events', { timeout: 120_000 }, () => {
  const hour = 3_600_000;
  const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
  let member: Member;
  let page: Page;

  beforeAll(async () => {
    page = await newPage();
    member = await joinByApi(page.request, { id: `edev${run}`, nick: `참여자${run}` });
  });

  /** Counts the reply calls a page makes from now on. */
  function countReplies(): () => number {
    let n = 0;
    page.on('request', (r: Request) => {
      if (r.method() === 'POST' && r.url().includes('/v1/sub/event_reply_proc')) n++;
    });
    return () => n;
  }

  it('a member replies to an event (as plain text) and deletes the reply after the confirm', async () => {
    const event = await call(operator, editorialEndpoints.adminEventSave, {
      title: `응원 댓글 이벤트 ${run}`,
      summary: '응원 댓글을 남겨 주세요.',
      content_html: '<h2>참여 방법</h2><p>댓글로 응원을 남겨 주세요.</p><script>window.__xss=3</script>',
      start_date: iso(-hour),
      end_date: iso(7 * 24 * hour),
      state: 'published',
    });
    await page.goto('/sub/event');
    const card = page.locator(`[data-event-card="${event.event_sn}"]`);
    expect(await card.locator('[data-phase]').textContent()).toBe('진행 중');
    await card.getByRole('link', { name: `응원 댓글 이벤트 ${run}` }).click();
    await page.waitForURL(`**/sub/event/${event.event_sn}`);
    expect(await page.locator('[data-event-title]').textContent()).toBe(`응원 댓글 이벤트 ${run}`);
    const body = page.locator('[data-rich-text="event"]');
    expect(await body.locator('h2').textContent()).toBe('참여 방법');
    expect(await body.locator('p').textContent()).toBe('댓글로 응원을 남겨 주세요.');
    expect(await body.locator('script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('[data-event-period]').textContent()).toMatch(
      /^기간\d{4}\.\d{2}\.\d{2} \d{2}:\d{2} ~ \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/,
    );

    const form = page.locator('[data-reply-form][data-ready]');
    await form.waitFor();
    const replies = page.locator('[data-event-replies]');
    expect(await replies.getAttribute('data-total')).toBe('0');
    const writes = countReplies();
    // Required and too long are refused before sending, with the server's messages.
    await form.locator('[data-reply-submit]').click();
    await expect
      .poll(() => page.locator('[data-field-errors="event-reply-content"]').textContent())
      .toBe(resultMessage('EVENT_REPLY_REQUIRED', 'ko'));
    const box = page.getByLabel('댓글 쓰기');
    await box.fill('가'.repeat(EDITORIAL_LIMITS.replyMax + 1));
    expect(await page.locator('#event-reply-content-count').textContent()).toBe(
      `${EDITORIAL_LIMITS.replyMax + 1}/${EDITORIAL_LIMITS.replyMax}자`,
    );
    await form.locator('[data-reply-submit]').click();
    await expect
      .poll(() => page.locator('[data-field-errors="event-reply-content"]').textContent())
      .toBe(resultMessage('EVENT_REPLY_LENGTH', 'ko', { max: EDITORIAL_LIMITS.replyMax }));
    expect(writes()).toBe(0);

    const text = `응원합니다 <b>${run}</b>`;
    await box.fill(text);
    await form.locator('[data-reply-submit]').click();
    const row = replies.locator('[data-reply]').filter({ hasText: text });
    await row.waitFor();
    expect(await row.locator('[data-reply-nick]').textContent()).toBe(member.nick);
    // Plain text: the tag shows as typed and makes no element.
    expect(await row.locator('[data-plain-text="event-reply"]').innerText()).toBe(text);
    expect(await row.locator('b').count()).toBe(0);
    expect(await replies.getAttribute('data-total')).toBe('1');
    expect(await box.inputValue()).toBe('');
    expect(await axeProblems(page)).toEqual([]);
    await page.goto('/sub/event');
    expect(await page.locator(`[data-event-card="${event.event_sn}"] [data-reply-cnt]`).getAttribute('data-reply-cnt')).toBe('1');

    // Newest first, and the delete asks first: cancelled it stays, confirmed it goes.
    await page.goto(`/sub/event/${event.event_sn}`);
    await form.waitFor();
    await box.fill(`두 번째 응원 ${run}`);
    await form.locator('[data-reply-submit]').click();
    await expect.poll(() => replies.getAttribute('data-total')).toBe('2');
    expect(await replies.locator('[data-reply]').first().textContent()).toContain(`두 번째 응원 ${run}`);
    await row.locator('[data-reply-delete]').click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('댓글을 삭제하시겠습니까?');
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await row.count()).toBe(1);
    await row.locator('[data-reply-delete]').click();
    await expect.poll(() => dialog.textContent()).toContain('댓글을 삭제하시겠습니까?');
    await dialog.getByRole('button', { name: '확인', exact: true }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect(await replies.getAttribute('data-total')).toBe('1');
    await page.reload();
    expect(await page.locator('[data-reply]').filter({ hasText: text }).count()).toBe(0);
    expect(await page.locator('[data-event-replies]').getAttribute('data-total')).toBe('1');
  });

  it('an ended event is listed as ended and takes no reply', async () => {
    const ended = await call(operator, editorialEndpoints.adminEventSave, {
      title: `지난 이벤트 ${run}`,
      content_html: '<p>끝났어요</p>',
      start_date: iso(-10 * 24 * hour),
      end_date: iso(-24 * hour),
      state: 'published',
    });
    await page.goto('/sub/event?phase=ended');
    expect(await page.locator('[data-tab="ended"]').getAttribute('aria-current')).toBe('page');
    const card = page.locator(`[data-event-card="${ended.event_sn}"]`);
    expect(await card.locator('[data-phase]').textContent()).toBe('종료');
    expect(await axeProblems(page)).toEqual([]);
    await page.goto(`/sub/event/${ended.event_sn}`);
    expect(await page.locator('[data-event-ended]').textContent()).toBe(resultMessage('EVENT_ENDED', 'ko'));
    expect(await page.locator('[data-reply-form]').count()).toBe(0);
    // The server refuses it too.
    const res = await page.request.post('/v1/sub/event_reply_proc', {
      headers: API_HEADERS,
      form: { mode: 'insert', event_sn: String(ended.event_sn), content: '늦었나요?' },
    });
    expect(((await res.json()) as { rslt_cd: number }).rslt_cd).toBe(ResultCode.EVENT_ENDED);
  });

  it("the schedule's event strip adds later events with 'more events' and moves the focus to the first one added", async () => {
    const save = (title: string, from: number, to: number) =>
      call(operator, editorialEndpoints.adminEventSave, {
        title,
        content_html: '<p>함께해요</p>',
        start_date: iso(from),
        end_date: iso(to),
        state: 'published',
      });
    const now = await save(`이번 주 이벤트 ${run}`, -hour, 3 * 24 * hour);
    // Past the schedule's week and month: only "more events" reaches it.
    const later = await save(`다음 시즌 이벤트 ${run}`, 60 * 24 * hour, 70 * 24 * hour);
    await page.goto('/sub/schedule');
    const strip = page.locator('[data-schedule-events]');
    expect(await strip.locator(`[data-schedule-event="${now.event_sn}"]`).count()).toBe(1);
    const far = strip.locator(`[data-schedule-event="${later.event_sn}"]`);
    expect(await far.count()).toBe(0);
    const more = strip.getByRole('button', { name: '이벤트 더 보기' });
    const before = Number(await strip.getAttribute('data-schedule-events'));
    await more.click();
    await expect.poll(async () => Number(await strip.getAttribute('data-schedule-events'))).toBeGreaterThan(before);
    // The first event added has the focus (a keyboard or screen reader user goes on from there).
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-schedule-event'))).toBe(true);
    for (let i = 0; i < 10 && (await far.count()) === 0 && (await more.count()) === 1; i++) {
      const shown = Number(await strip.getAttribute('data-schedule-events'));
      await more.click();
      await expect
        .poll(async () => Number(await strip.getAttribute('data-schedule-events')) > shown || (await more.count()) === 0)
        .toBe(true);
    }
    expect(await far.count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

describe('the audition', { timeout: 180_000 }, () => {
  /** The dev identity verification inside `scope`: name, birth date, sex, a phone pin, then "complete". */
  async function verifyIdentity(page: Page, scope: Locator) {
    await scope.getByLabel('이름', { exact: true }).fill('한오디');
    await scope.getByLabel('생년월일').fill('1996-06-06');
    await scope.getByLabel('여성').check();
    await verifyPhoneOn(scope, page.request, `010${digits(8)}`);
    await scope.getByRole('button', { name: '본인인증 완료' }).click();
  }

  /** Fills the application's fields on `page`: the required ones and, when given, the video link. */
  async function fillApplication(page: Page, name: string, videoLink = '') {
    await page.getByLabel('활동명(한글)').fill(name);
    await page.getByLabel('활동명(영문)').fill('Audition Star');
    await page.getByLabel('소개').fill('커버 댄스와 보컬 커버를 합니다.');
    await page.getByLabel('운영 계획').fill('매주 화·금 저녁 9시 라이브');
    if (videoLink) await page.getByLabel('공연 영상 링크').fill(videoLink);
  }

  /** A 2 s test picture and tone (H.264/AAC MP4, ~170 KB), made with ffmpeg. */
  async function stageVideo(): Promise<string> {
    const file = path.join(os.tmpdir(), `byeol-audition-${run}.mp4`);
    await promisify(execFile)(resolveFfmpeg().path, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', file],
    ]);
    return file;
  }

  it('a guest reads the open call and is told to sign in', async () => {
    const page = await newPhonePage();
    await page.goto('/audition');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('BJ 오디션');
    expect(await page.getByRole('heading', { name: '이런 분을 찾아요' }).count()).toBe(1);
    const notice = page.locator('[data-audition-login-required]');
    expect(await notice.getByRole('alert').textContent()).toBe(resultMessage('LOGIN_REQUIRED', 'ko'));
    expect(await notice.getByRole('link', { name: '로그인' }).getAttribute('href')).toBe('/user/login?redirect=%2Faudition');
    expect(await page.locator('[data-application-panel]').count()).toBe(0);
    // The footer links the audition on every page.
    expect(await page.locator('footer [data-footer-audition]').getAttribute('href')).toBe('/audition');
    expect(await axeProblems(page)).toEqual([]);
  });

  it('a member verifies their identity, uploads a video and verifies a contact phone, applies, and a second try answers already applied', async () => {
    const videoFile = await stageVideo();
    onTestFinished(() => rm(videoFile, { force: true }));
    const page = await newPhonePage();
    await joinByApi(page.request, { id: `edau${run}`, nick: `지원자${run}` });
    await page.goto('/audition');
    await page.locator('[data-audition][data-ready]').waitFor();
    // No verified identity yet: the page sends the member to the verification.
    const needed = page.locator('[data-identity-required]');
    expect(await needed.textContent()).toContain('신청하려면 먼저 본인인증(성인인증)을 완료해 주세요.');
    await needed.getByRole('link', { name: '성인인증 하러 가기' }).click();
    await page.waitForURL('**/user/adult-verify');
    await page.waitForLoadState('networkidle');
    await verifyIdentity(page, page.locator('[data-identity-verify="adult"]'));
    await expect.poll(() => page.locator('[data-adult-verified]').textContent()).toContain('성인인증이 완료되었습니다.');

    // A second tab opens the form before the first one sends it.
    const late = await page.context().newPage();
    await late.goto('/audition');
    await late.locator('[data-audition][data-ready]').waitFor();

    await page.goto('/audition');
    await page.locator('[data-audition][data-ready]').waitFor();
    expect(await page.locator('[data-application-panel]').getByText('아직 신청한 내역이 없습니다.').count()).toBe(1);
    expect(await axeProblems(page)).toEqual([]);
    await fillApplication(page, `오디션별${run}`);
    // Neither a video nor a verified phone yet: nothing to send.
    const submit = page.getByRole('button', { name: '신청하기' });
    expect(await submit.isDisabled()).toBe(true);

    // The video, uploaded at once: on an upload throttled to 64 KB/s the bar shows it on its way.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[data-upload-progress]');
        if (bar) seen.push(Number(bar.getAttribute('data-upload-progress')));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-upload-progress'] });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const throttle = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput });
    await throttle(64 * 1024);
    await page.locator('[data-audition-file]').setInputFiles(videoFile);
    const uploaded = page.locator('[data-audition-uploaded]');
    await expect.poll(() => uploaded.count(), { timeout: 20_000 }).toBe(1);
    await throttle(-1);
    await cdp.detach();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(
      seen.some((percent) => percent > 0 && percent < 100),
      `progress seen: ${seen.join(', ')}`,
    ).toBe(true);
    const mb = ((await stat(videoFile)).size / 1024 / 1024).toFixed(1);
    expect(await uploaded.textContent()).toBe(`올린 영상: byeol-audition-${run}.mp4 (${mb}MB, 2초)`);
    expect(await submit.isDisabled()).toBe(true);

    // The contact phone, verified by the pin the test SMS outbox holds.
    const contact = `010${digits(8)}`;
    await verifyPhoneOn(page.locator('[data-audition-phone]'), page.request, contact);
    await expect.poll(() => page.locator('[data-contact-verified]').textContent()).toContain('인증 완료');
    // The whole form fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const applied = page.waitForResponse((r) => r.url().endsWith('/v1/mypage/signup_proc'));
    await submit.click();
    expect(((await (await applied).json()) as { rslt_cd: number }).rslt_cd).toBe(0);
    const state = page.locator('[data-application-state]');
    await expect.poll(() => state.textContent()).toBe('접수');
    expect(await page.locator('[data-application] [role="status"]').textContent()).toBe('신청이 접수되었습니다.');
    expect(await page.locator('[data-application-contact]').textContent()).toContain(
      `${contact.slice(0, 3)}-${contact.slice(3, 7)}-${contact.slice(7)}`,
    );
    // The uploaded video plays for its applicant (the file is theirs: served to them and operators only).
    const player = page.locator('[data-application-video] video');
    expect(await player.getAttribute('src')).toMatch(/^\/files\/audition\/\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4$/);
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(Math.round(await player.evaluate((v: HTMLVideoElement) => v.duration))).toBe(2);
    expect(await page.locator('[data-applied-at]').textContent()).toMatch(/^신청일 \d{4}년 \d{1,2}월 \d{1,2}일$/);

    // The stale form (a video link, another phone) is answered 'already applied', and shows the application the server holds.
    await fillApplication(late, `늦은지원${run}`, 'https://video.example/stage-1');
    await verifyPhoneOn(late.locator('[data-audition-phone]'), late.request, `010${digits(8)}`);
    await late.getByRole('button', { name: '신청하기' }).click();
    const already = resultMessage('ALREADY_APPLIED', 'ko');
    await expect.poll(() => late.locator('[data-already-applied]').textContent()).toBe(already);
    expect(await late.locator('[data-application-state]').textContent()).toBe('접수');
    await late.close();

    // Coming back says so too, with the state.
    await page.reload();
    expect(await page.locator('[data-already-applied]').textContent()).toBe(already);
    expect(await state.textContent()).toBe('접수');
    expect(await page.getByRole('button', { name: '신청하기' }).count()).toBe(0);
    const [app] = await sql<{ n: string }>(
      `select count(*)::text as n from account_application a join users u on u.user_key = a.user_key where lower(u.id) = lower($1)`,
      [`edau${run}`],
    );
    expect(app?.n).toBe('1');
  });
});
