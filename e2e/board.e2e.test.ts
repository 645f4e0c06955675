import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { BOARD_LIMITS, ResultCode, resultMessage, searchTokens } from '@byeol/contract';
import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, joinByApi, type Member } from './support/members.js';

/**
 * The community board of issue 19 in Chromium, on the shared platform with its demo posts: a guest reads /bbs
 * (the pinned operating principles on top) and is told on /bbs/form that the board needs an account; a member
 * writes a post with an image (its upload's progress seen, then done) and the post page shows the image and
 * the text with its line breaks; personal data is refused with the SPEC message before anything is sent; a
 * stored XSS try is shown as text and never runs; a second member comments and deletes the comment after the
 * confirm; a member reports the post through the dialog (type and content required) and finds the report at
 * /cs/report; the author edits and deletes the post; more than BOARD_LIMITS.filesMax images are refused; a
 * search without matches says so; the list pages by number, and back from a keyset page with "newer".
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl, { locale: 'ko-KR', viewport: { width: 1280, height: 900 } });

let guest: Page;
let authorPage: Page;
let readerPage: Page;
let author: Member;
let reader: Member;
/** The post written with an image (test 2), used by the comment, report and edit tests. */
const post = { sn: 0, title: '' };

beforeAll(async () => {
  [guest, authorPage, readerPage] = [await newPage(), await newPage(), await newPage()];
  author = await joinByApi(authorPage.request, { id: `bdau${run}`, nick: `글쓴이${run}` });
  reader = await joinByApi(readerPage.request, { id: `bdrd${run}`, nick: `독자${run}` });
});

afterAll(async () => {
  await closeDatabase();
});

/** A small picture to attach. */
function png(color: { r: number; g: number; b: number }, width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The serious and critical axe violations of the page as it is (the WCAG 2.1 AA rules a11y.e2e uses). */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens the write form once its scripts run (the submit waits for them). */
async function openForm(page: Page, path = '/bbs/form') {
  await page.goto(path);
  await page.locator('[data-board-form][data-ready]').waitFor();
}

/** The visible posts the list call counts. */
async function boardTotal(page: Page): Promise<number> {
  const res = await page.request.get('/v1/sub/eventboard_list?limit=1', { headers: API_HEADERS });
  return ((await res.json()) as { rslt_set: { eventboard_total: number } }).rslt_set.eventboard_total;
}

/** Counts the write calls a page makes from now on. */
function countWrites(page: Page): () => number {
  let n = 0;
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && r.url().includes('/v1/sub/eventboard_insert_proc')) n++;
  });
  return () => n;
}

describe('the board, read and written', { timeout: 120_000 }, () => {
  it('a guest reads the list with the pinned principles on top and is told to sign in on the form', async () => {
    await guest.goto('/bbs');
    expect(await guest.getByRole('heading', { level: 1 }).textContent()).toBe('커뮤니티');
    const rows = guest.locator('[data-board-list] tbody tr');
    expect(await rows.count()).toBeGreaterThan(1);
    // The pinned notices come first, marked 공지.
    const first = rows.first();
    expect(await first.getAttribute('data-notice')).toBe('Y');
    expect(await first.locator('[data-notice-badge]').first().textContent()).toBe('공지');
    const posts = guest.locator('[data-board-list] tbody tr:not([data-notice])');
    expect(await posts.count()).toBeGreaterThan(0);
    // Newest first: the numbers go down.
    const numbers = (await posts.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-board-post'))))) as number[];
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(await axeProblems(guest)).toEqual([]);

    await guest.locator('[data-board-write]').click();
    await guest.waitForURL('**/bbs/form');
    const notice = guest.locator('[data-board-login-required]');
    expect(await notice.textContent()).toContain(resultMessage('LOGIN_REQUIRED', 'ko'));
    const signIn = notice.getByRole('link', { name: '로그인' });
    expect(await signIn.getAttribute('href')).toBe('/user/login?redirect=%2Fbbs%2Fform');
    expect(await guest.locator('[data-board-form]').count()).toBe(0);
  });

  it('a member writes a post with an image: its upload progress shows, then the post page shows the image and the text', async () => {
    await openForm(authorPage);
    post.title = `응원 사진 후기 ${run}`;
    await authorPage.getByLabel('제목').fill(post.title);
    expect(await authorPage.locator('#board-title-count').textContent()).toBe(`${[...post.title].length}/${BOARD_LIMITS.titleMax}자`);
    await authorPage.getByLabel('내용').fill('첫 줄입니다.\n둘째 줄입니다.');

    // The upload is held until its progress has been seen (no sleeping: the route waits for the test).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await authorPage.route('**/v1/upload/upload_thum_ajax', async (route) => {
      await held;
      await route.continue();
    });
    const uploaded = authorPage.waitForResponse((r) => r.url().endsWith('/v1/upload/upload_thum_ajax'));
    await authorPage
      .locator('#board-files')
      .setInputFiles({ name: 'cheer.png', mimeType: 'image/png', buffer: await png({ r: 220, g: 60, b: 140 }) });
    const item = authorPage.locator('[data-attachment]').first();
    const progress = item.locator('[data-upload-progress]');
    await progress.waitFor();
    expect(await item.getAttribute('data-attachment')).toBe('uploading');
    expect(await progress.locator('progress').getAttribute('aria-label')).toBe('첨부 이미지 1 업로드 진행률');
    expect(await progress.textContent()).toMatch(/업로드 중… \d+%/);
    // Sending while the image uploads is refused with a reason.
    await authorPage.locator('[data-board-submit]').click();
    await expect
      .poll(() => authorPage.locator('[data-board-form] [role="alert"]').allTextContents())
      .toContain('이미지 업로드가 끝난 뒤 등록해 주세요.');
    release();
    const answer = (await (await uploaded).json()) as { rslt_cd: number; rslt_msg: string };
    expect(answer.rslt_cd, answer.rslt_msg).toBe(0);
    await authorPage.unroute('**/v1/upload/upload_thum_ajax');
    await expect.poll(() => item.getAttribute('data-attachment')).toBe('done');
    expect(await item.locator('[data-upload-done]').textContent()).toBe('업로드 완료');
    expect(await progress.count()).toBe(0);

    await authorPage.locator('[data-board-submit]').click();
    await authorPage.waitForURL(/\/bbs\/detail\/\d+$/);
    post.sn = Number(/\/bbs\/detail\/(\d+)$/.exec(authorPage.url())?.[1]);
    expect(await authorPage.locator('[data-board-post-title]').textContent()).toBe(post.title);
    // Plain text with its line break.
    expect(await authorPage.locator('[data-plain-text="post"]').innerText()).toBe('첫 줄입니다.\n둘째 줄입니다.');
    const image = authorPage.locator('[data-board-images] img').first();
    expect(await image.getAttribute('src')).toMatch(/^\/files\/board\/\d{4}\/\d{2}\/[0-9a-f]{32}\.webp$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    expect(await image.getAttribute('alt')).toBe('첨부 이미지 1');
    // The author may edit and delete it, not report it.
    expect(await authorPage.locator('[data-board-edit]').count()).toBe(1);
    expect(await authorPage.locator('[data-board-report]').count()).toBe(0);
    expect(await axeProblems(authorPage)).toEqual([]);

    // The list shows it first, with its image mark, to a guest too.
    await guest.goto('/bbs');
    const row = guest.locator(`[data-board-post="${post.sn}"]`);
    expect(await row.locator('[data-board-title]').textContent()).toBe(post.title);
    expect(await row.locator('[data-board-author]').textContent()).toBe(author.nick);
    expect(await row.locator('[data-image-mark]').count()).toBe(1);
    expect(await guest.locator('[data-board-list] tbody tr:not([data-notice])').first().getAttribute('data-board-post')).toBe(
      String(post.sn),
    );
  });

  it('refuses personal data in a post with the SPEC message, and nothing is saved', async () => {
    const before = await boardTotal(authorPage);
    await openForm(authorPage);
    const writes = countWrites(authorPage);
    await authorPage.getByLabel('제목').fill(`연락 부탁 ${run}`);
    await authorPage.getByLabel('내용').fill('궁금하면 연락 주세요 010-1234-5678');
    await authorPage.locator('[data-board-submit]').click();
    const message = resultMessage('BOARD_PERSONAL_INFO', 'ko');
    await expect.poll(() => authorPage.locator('[data-field-errors="board-content"]').textContent()).toBe(message);
    expect(await authorPage.getByLabel('내용').getAttribute('aria-invalid')).toBe('true');
    expect(authorPage.url()).toMatch(/\/bbs\/form$/);
    expect(writes()).toBe(0);
    // The server refuses the same text sent past the form.
    const res = await authorPage.request.post('/v1/sub/eventboard_insert_proc', {
      headers: API_HEADERS,
      form: { title: `연락 부탁 ${run}`, content: '궁금하면 연락 주세요 010-1234-5678' },
    });
    const body = (await res.json()) as { rslt_cd: number; rslt_msg: string };
    expect(body.rslt_cd).toBe(ResultCode.BOARD_PERSONAL_INFO);
    expect(body.rslt_msg).toBe(message);
    expect(await boardTotal(authorPage)).toBe(before);

    // Required fields say so, each under its field.
    await authorPage.getByLabel('제목').fill('');
    await authorPage.getByLabel('내용').fill('');
    await authorPage.locator('[data-board-submit]').click();
    await expect
      .poll(() => authorPage.locator('[data-field-errors="board-title"]').textContent())
      .toBe(resultMessage('BOARD_TITLE_REQUIRED', 'ko'));
    expect(await authorPage.locator('[data-field-errors="board-content"]').textContent()).toBe(
      resultMessage('BOARD_CONTENT_REQUIRED', 'ko'),
    );
    expect(writes()).toBe(0);
  });

  it('shows a stored XSS try as text, and it never runs', async () => {
    const xss = '<img src=x onerror="window.__xss=1">';
    await openForm(authorPage);
    await authorPage.getByLabel('제목').fill(xss);
    await authorPage.getByLabel('내용').fill(`${xss}\n<script>window.__xss=2</script>`);
    await authorPage.locator('[data-board-submit]').click();
    await authorPage.waitForURL(/\/bbs\/detail\/\d+$/);
    const sn = /\/bbs\/detail\/(\d+)$/.exec(authorPage.url())?.[1];

    for (const page of [authorPage, guest]) {
      await page.goto(`/bbs/detail/${sn}`);
      await page.locator('article[data-ready]').waitFor();
      expect(await page.locator('[data-board-post-title]').textContent()).toBe(xss);
      expect(await page.locator('[data-plain-text="post"]').innerText()).toBe(`${xss}\n<script>window.__xss=2</script>`);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    }
    await guest.goto('/bbs');
    expect(await guest.locator(`[data-board-post="${sn}"] [data-board-title]`).textContent()).toBe(xss);
    expect(await guest.locator('img[src="x"]').count()).toBe(0);
    expect(await guest.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  it('a second member comments, and deletes the comment after the confirm', async () => {
    await readerPage.goto(`/bbs/detail/${post.sn}`);
    const form = readerPage.locator('[data-comment-form][data-ready]');
    await form.waitFor();
    const comments = readerPage.locator('[data-board-comments]');
    expect(await comments.getAttribute('data-total')).toBe('0');
    expect(await comments.locator('[data-empty="board-comments"]').count()).toBe(1);

    // Personal data is refused here too.
    const box = readerPage.getByLabel('댓글 쓰기');
    await box.fill('제 번호 01098765432 로 연락 주세요');
    await form.locator('[data-comment-submit]').click();
    await expect
      .poll(() => readerPage.locator('[data-field-errors="board-reply-content"]').textContent())
      .toBe(resultMessage('BOARD_PERSONAL_INFO', 'ko'));

    const text = `사진 정말 예뻐요 ${run}`;
    await box.fill(text);
    expect(await readerPage.locator('#board-reply-content-count').textContent()).toBe(`${[...text].length}/${BOARD_LIMITS.replyMax}자`);
    await form.locator('[data-comment-submit]').click();
    const row = comments.locator('[data-comment]').filter({ hasText: text });
    await row.waitFor();
    expect(await row.locator('[data-comment-nick]').textContent()).toBe(reader.nick);
    expect(await comments.getAttribute('data-total')).toBe('1');
    expect(await box.inputValue()).toBe('');

    // The post's author sees it with a report button, not a delete one.
    await authorPage.goto(`/bbs/detail/${post.sn}`);
    const seen = authorPage.locator('[data-comment]').filter({ hasText: text });
    expect(await seen.locator('[data-comment-delete]').count()).toBe(0);
    expect(await seen.locator('[data-comment-report]').count()).toBe(1);
    // The list counts it beside the title.
    await guest.goto('/bbs');
    expect(await guest.locator(`[data-board-post="${post.sn}"] [data-reply-cnt]`).getAttribute('data-reply-cnt')).toBe('1');

    // Cancelled, it stays; confirmed, it goes.
    await row.locator('[data-comment-delete]').click();
    const dialog = readerPage.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('댓글을 삭제하시겠습니까?');
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await row.count()).toBe(1);
    await row.locator('[data-comment-delete]').click();
    await expect.poll(() => dialog.textContent()).toContain('댓글을 삭제하시겠습니까?');
    await dialog.getByRole('button', { name: '확인', exact: true }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect(await comments.getAttribute('data-total')).toBe('0');
    await readerPage.reload();
    expect(await readerPage.locator('[data-comment]').filter({ hasText: text }).count()).toBe(0);
  });

  it('a member reports the post through the dialog and finds the report in their reports', async () => {
    await readerPage.goto(`/bbs/detail/${post.sn}`);
    await readerPage.locator('article[data-ready]').waitFor();
    await readerPage.getByRole('button', { name: '게시글 신고' }).click();
    const dialog = readerPage.getByRole('dialog', { name: '게시글 신고' });
    await dialog.locator('[data-report-form]').waitFor();
    expect(await dialog.locator('[data-report-target]').textContent()).toBe(post.title);
    // Both fields are required, with the SPEC messages, before anything is sent.
    await dialog.locator('[data-report-submit]').click();
    await expect
      .poll(() => dialog.getByRole('alert').allTextContents())
      .toEqual([resultMessage('REPORT_TYPE_REQUIRED', 'ko'), resultMessage('REPORT_CONTENT_REQUIRED', 'ko')]);
    await dialog.getByLabel('신고 유형').selectOption({ label: '스팸·광고' });
    await dialog.getByLabel('신고 내용').fill(`같은 글을 계속 올려요 ${run}`);
    const sent = readerPage.waitForResponse((r) => r.url().endsWith('/v1/user/report_proc'));
    await dialog.locator('[data-report-submit]').click();
    expect(((await (await sent).json()) as { rslt_cd: number }).rslt_cd).toBe(0);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => readerPage.getByRole('status').filter({ hasText: '신고가 접수되었습니다.' }).count()).toBe(1);

    // The customer centre's list of the member's reports has it, waiting to be handled.
    expect((await readerPage.goto('/cs/report'))?.status()).toBe(200);
    const card = readerPage.locator('[data-report]').filter({ hasText: `같은 글을 계속 올려요 ${run}` });
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain(post.title);
    expect(await card.getAttribute('data-state')).toBe('received');
  });

  it('the author edits the post (the image removed, a new title) and deletes it after the confirm', async () => {
    await authorPage.goto(`/bbs/detail/${post.sn}`);
    await authorPage.locator('article[data-ready]').waitFor();
    await authorPage.locator('[data-board-edit]').click();
    await authorPage.waitForURL(`**/bbs/form?board_sn=${post.sn}`);
    await authorPage.locator('[data-board-form][data-ready]').waitFor();
    expect(await authorPage.getByRole('heading', { level: 1 }).textContent()).toBe('글 수정');
    expect(await authorPage.getByLabel('제목').inputValue()).toBe(post.title);
    const item = authorPage.locator('[data-attachment="done"]');
    expect(await item.count()).toBe(1);
    await authorPage.getByRole('button', { name: '첨부 이미지 1 삭제' }).click();
    expect(await item.count()).toBe(0);
    post.title = `${post.title} (수정)`;
    await authorPage.getByLabel('제목').fill(post.title);
    await authorPage.locator('[data-board-submit]').click();
    await authorPage.waitForURL(`**/bbs/detail/${post.sn}`);
    await expect.poll(() => authorPage.locator('[data-board-post-title]').textContent()).toBe(post.title);
    expect(await authorPage.locator('[data-board-images]').count()).toBe(0);
    expect(await authorPage.locator('article header').textContent()).toContain('수정됨');

    await authorPage.locator('article[data-ready]').waitFor();
    await authorPage.locator('[data-board-delete]').click();
    const dialog = authorPage.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('게시글을 삭제하시겠습니까?');
    await dialog.getByRole('button', { name: '확인', exact: true }).click();
    await authorPage.waitForURL(/\/bbs$/);
    expect(await authorPage.locator(`[data-board-post="${post.sn}"]`).count()).toBe(0);
    const gone = await guest.goto(`/bbs/detail/${post.sn}`);
    expect(gone?.status()).toBe(404);
    expect(await guest.locator('[data-not-found]').textContent()).toContain(resultMessage('BOARD_POST_NOT_FOUND', 'ko'));
  });

  it(`refuses more than ${BOARD_LIMITS.filesMax} images with the SPEC message and keeps the first ones`, async () => {
    await openForm(authorPage);
    const files = await Promise.all(
      Array.from({ length: BOARD_LIMITS.filesMax + 1 }, async (_, i) => ({
        name: `p${i}.png`,
        mimeType: 'image/png',
        buffer: await png({ r: 30 * i, g: 100, b: 200 }, 64, 64),
      })),
    );
    await authorPage.locator('#board-files').setInputFiles(files);
    await expect
      .poll(() => authorPage.locator('[data-field-errors="board-files"]').textContent())
      .toBe(resultMessage('BOARD_FILES_TOO_MANY', 'ko', { max: BOARD_LIMITS.filesMax }));
    expect(await authorPage.locator('[data-attachment]').count()).toBe(BOARD_LIMITS.filesMax);
    await expect.poll(() => authorPage.locator('[data-attachment="done"]').count(), { timeout: 30_000 }).toBe(BOARD_LIMITS.filesMax);
    // One removed makes room again.
    await authorPage.getByRole('button', { name: '첨부 이미지 2 삭제' }).click();
    expect(await authorPage.locator('[data-attachment]').count()).toBe(BOARD_LIMITS.filesMax - 1);
    expect(await authorPage.locator('[data-board-files]').getAttribute('data-board-files')).toBe(String(BOARD_LIMITS.filesMax - 1));
  });

  it('says when a search finds nothing, and pages the list by number', async () => {
    const keyword = `없는글${run}`;
    await guest.goto(`/bbs?keyword=${encodeURIComponent(keyword)}`);
    expect(await guest.locator('[data-empty="board"]').textContent()).toBe(`'${keyword}'에 해당하는 게시글이 없습니다.`);
    expect(await guest.locator('[data-board-total]').getAttribute('data-board-total')).toBe('0');

    // Enough posts for a second page, written straight into the database (the write rate allows 5 in 10 minutes).
    const [me] = await sql<{ user_key: string }>('select user_key from users where lower(id) = lower($1)', [author.id]);
    for (let i = 1; i <= 21; i++) {
      const title = `페이지 확인 ${run} ${i}`;
      await sql(`insert into board_post (setting_sn, user_key, title, content, tokens) values (1, $1, $2, $3, $4::text[])`, [
        me?.user_key,
        title,
        '내용',
        searchTokens(`${title} ${author.nick} ${author.id}`),
      ]);
    }
    await sql(
      `update board_setting set visible_cnt = (select count(*) from board_post where setting_sn = 1 and state = 'visible') where setting_sn = 1`,
    );

    await guest.goto('/bbs');
    const pager = guest.getByRole('navigation', { name: '페이지 이동' });
    expect(await pager.getByRole('link', { name: '1쪽' }).getAttribute('aria-current')).toBe('page');
    const firstPage = await guest
      .locator('[data-board-list] tbody tr:not([data-notice])')
      .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-board-post'))));
    expect(firstPage).toHaveLength(20);
    expect(await guest.locator(`[data-board-post] [data-board-title]`).first().textContent()).not.toBe('');
    await pager.getByRole('link', { name: '2쪽' }).click();
    await guest.waitForURL('**/bbs?page=2');
    await expect.poll(() => pager.getByRole('link', { name: '2쪽' }).getAttribute('aria-current')).toBe('page');
    const secondPage = await guest
      .locator('[data-board-list] tbody tr:not([data-notice])')
      .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-board-post'))));
    expect(secondPage.length).toBeGreaterThan(0);
    // Older posts, none of the first page's; the pinned principles stay on top.
    expect(Math.max(...secondPage)).toBeLessThan(Math.min(...firstPage));
    expect(await guest.locator('[data-board-list] tbody tr').first().getAttribute('data-notice')).toBe('Y');

    // The search finds this run's posts by title, with the total.
    await guest.goto(`/bbs?keyword=${encodeURIComponent(`페이지 확인 ${run}`)}`);
    expect(await guest.locator('[data-board-total]').getAttribute('data-board-total')).toBe('21');
  });

  it('goes back from a keyset page one page at a time with "newer", then to the first page at the top', async () => {
    const res = await guest.request.get('/v1/sub/eventboard_list?limit=50', { headers: API_HEADERS });
    const sns = ((await res.json()) as { rslt_set: { eventboard_list: { board_sn: number }[] } }).rslt_set.eventboard_list.map(
      (p) => p.board_sn,
    );
    // The test before wrote 21 posts: enough for a keyset page after the first 21.
    expect(sns.length).toBeGreaterThanOrEqual(22);
    const rowsShown = () =>
      guest
        .locator('[data-board-list] tbody tr:not([data-notice])')
        .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-board-post'))));

    // A page reached by "older" (as past page 101): the posts older than the 21st.
    await guest.goto(`/bbs?last_sn=${sns[20]}`);
    expect(await rowsShown()).toEqual(sns.slice(21, 41));
    const pager = guest.getByRole('navigation', { name: '페이지 이동' });
    expect(await pager.locator('[data-page-first]').count()).toBe(1);
    const newer = pager.locator('[data-page-newer]');
    expect(await newer.textContent()).toBe('‹ 최근 글');
    expect(await newer.getAttribute('href')).toBe(`/bbs?first_sn=${sns[21]}`);

    // One page back: the 20 posts just newer than that page's first, newest first.
    await newer.click();
    await guest.waitForURL(`**/bbs?first_sn=${sns[21]}`);
    await expect.poll(rowsShown).toEqual(sns.slice(1, 21));
    expect(await pager.locator('[data-page-older]').getAttribute('href')).toBe(`/bbs?last_sn=${sns[20]}`);

    // Once fewer than a page are newer, "newer" leads to the first page with its numbers.
    await pager.locator('[data-page-newer]').click();
    await guest.waitForURL((url) => url.pathname === '/bbs' && url.search === '');
    await expect.poll(() => pager.getByRole('link', { name: '1쪽' }).getAttribute('aria-current')).toBe('page');
    expect(await rowsShown()).toEqual(sns.slice(0, 20));
  });
});
