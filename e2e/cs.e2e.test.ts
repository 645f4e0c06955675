import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type CsFaq, communityEndpoints, type GuideEntry, resultMessage, type SiteInfo } from '@byeol/contract';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, apiClient, call, joinByApi, type Member } from './support/members.js';

/**
 * The customer centre and the versioned policies in Chromium (issue 19), on the shared platform:
 * - the footer links each policy to its page in effect (version, effective date, plain text); an operator
 *   publishes a new version of an optional policy: the page announces it with its effective date, and once in
 *   effect the history lists both versions and the earlier one opens marked as not current; the join's
 *   agreements show the version in effect with its date and link it;
 * - a member asks a question with two images (each upload's progress seen), removes one while it waits, sees it
 *   waiting; an operator answers it (the console's call); the member reads the answer and marks it resolved;
 * - the notices (pinned first, opening in place), the FAQ's categories and keyword search with its empty state;
 * - a report written at /cs/report/form shows at /cs/report as received; a link fixes the target and, for a
 *   chat line, the quote (cut to its length; ignored for other targets or a target the server would refuse);
 * - an operator republishes a required policy and it takes effect: the member is asked to agree in a dialog
 *   that cannot be dismissed, agrees, and is not asked again after a reload; a guest never asks.
 *
 * The server refuses an effective date sooner than its notice days, so a version is made effective by moving
 * its effective date in the database (no page can).
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);

let page: Page;
let member: Member;
let operator: APIRequestContext;
let site: SiteInfo;

beforeAll(async () => {
  page = await newPage();
  member = await joinByApi(page.request, { id: `csm${run}`, nick: `문의회원${run}` });
  operator = await apiClient(baseUrl);
  const op = await joinByApi(operator, { id: `csop${run}`, nick: `고객센터운영${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [op.id]);
  const res = await page.request.get('/v1/pubapi/api_site_cache_info', { headers: API_HEADERS });
  site = ((await res.json()) as { rslt_set: SiteInfo }).rslt_set;
});

afterAll(async () => {
  await operator?.dispose();
  await closeDatabase();
});

/** A small picture to attach. */
function png(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A date as the pages show it: YYYY.MM.DD in KST. */
function kst(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 9 * 3600_000);
  return `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** An effective date the server accepts: `days` days ahead, as YYYY-MM-DD (00:00 KST). */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 9 * 3600_000).toISOString().slice(0, 10);
}

/** Publishes a new version of policy `id` (operator call) and answers its version number. */
async function publish(id: number, content: string, reason: string): Promise<{ ver: number; effective_date: string }> {
  return call(operator, communityEndpoints.adminPolicyPublish, {
    id: String(id),
    content,
    reason,
    effective_date: daysAhead(8),
  });
}

/** Puts version `ver` of policy `id` in effect now (its effective date moved to a minute ago). */
async function makeEffective(id: number, ver: number): Promise<void> {
  const rows = await sql(
    `update policy_version set effective_at = now() - interval '1 minute' where guide_id = $1 and ver = $2 returning ver`,
    [id, ver],
  );
  expect(rows).toHaveLength(1);
}

describe('policies', { timeout: 120_000 }, () => {
  it('the footer links a policy to its page; a new version is announced, then in effect, and the earlier one is marked old', async () => {
    // An optional policy, so its new version asks nobody to agree (else the member agrees at once, below).
    const optional = site.policy_guide_list.find((g) => g.required_yn === 'N') ?? (site.policy_guide_list.at(-1) as GuideEntry);
    expect(optional).toBeTruthy();

    await page.goto('/');
    const link = page.locator(`footer [data-footer-policy="${optional.id}"]`);
    expect(await link.textContent()).toBe(optional.title);
    expect(await page.locator('footer [data-footer-cs]').getAttribute('href')).toBe('/cs/notice');
    await link.click();
    await page.waitForURL(`**/sub/policy/${optional.id}`);
    expect(await page.locator('[data-policy-title]').textContent()).toBe(optional.title);
    const before = Number(await page.locator('[data-policy-version]').getAttribute('data-policy-version'));
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await page.locator('[data-policy-effective]').textContent()).toMatch(/^시행일 \d{4}\.\d{2}\.\d{2}$/);
    expect(await page.locator('[data-policy-upcoming]').count()).toBe(0);

    // A new version, announced: the page says from when it applies and links to it.
    const content = `제1조 (목적)\n이 정책은 ${run} 개정판입니다.\n<b>태그는 글자 그대로</b>`;
    const published = await publish(optional.id, content, `${run} 표현 정리`);
    expect(published.ver).toBe(before + 1);
    await page.reload();
    const notice = page.locator('[data-policy-upcoming]');
    expect(await notice.getAttribute('data-policy-upcoming')).toBe(String(published.ver));
    expect(await notice.textContent()).toContain(kst(published.effective_date));
    expect(await notice.textContent()).toContain(`${run} 표현 정리`);
    await notice.locator('[data-policy-upcoming-link]').click();
    await page.waitForURL(`**/sub/policy/${optional.id}/old/${published.ver}`);
    expect(await page.locator('[data-policy-not-current]').textContent()).toContain('시행 예정인 버전입니다');

    // In effect: the page shows it as plain text with its line breaks; the history lists both versions.
    await makeEffective(optional.id, published.ver);
    if (optional.required_yn === 'Y')
      await call(page.request, communityEndpoints.policyAgree, { id: String(optional.id), ver: String(published.ver) });
    await page.goto(`/sub/policy/${optional.id}`);
    expect(await page.locator('[data-policy-version]').getAttribute('data-policy-version')).toBe(String(published.ver));
    const text = page.locator('[data-policy-content]');
    expect(await text.innerText()).toContain(`이 정책은 ${run} 개정판입니다.\n<b>태그는 글자 그대로</b>`);
    expect(await text.locator('b').count()).toBe(0);
    expect(await page.locator('[data-policy-upcoming]').count()).toBe(0);

    await page.locator('[data-policy-history-link]').click();
    await page.waitForURL(`**/sub/policy/${optional.id}/history`);
    const rows = page.locator('[data-policy-version-row]');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const current = page.locator(`[data-policy-version-row="${published.ver}"]`);
    expect(await current.getAttribute('data-state')).toBe('current');
    expect(await current.textContent()).toContain(`${run} 표현 정리`);
    const old = page.locator(`[data-policy-version-row="${before}"]`);
    expect(await old.getAttribute('data-state')).toBe('old');
    expect(await old.textContent()).toContain('이전 버전');
    await old.locator('a').click();
    await page.waitForURL(`**/sub/policy/${optional.id}/old/${before}`);
    expect(await page.locator('[data-policy-version]').getAttribute('data-policy-version')).toBe(String(before));
    expect(await page.locator('[data-policy-not-current]').textContent()).toContain('현재 시행 중인 버전이 아닙니다');
    await page.locator('[data-policy-not-current] a').click();
    await page.waitForURL(`**/sub/policy/${optional.id}`);

    // An unknown policy is a 404 saying so.
    const missing = await page.goto('/sub/policy/987654');
    expect(missing?.status()).toBe(404);
    expect(await page.locator('[data-not-found]').textContent()).toContain(resultMessage('POLICY_NOT_FOUND', 'ko'));
  });

  it("the join's required agreements show the version in effect and its date, and link it in a new tab", async () => {
    const guest = await newPage();
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.goto('/user/join');
    for (const code of ['terms', 'privacy'] as const) {
      const guide = site.policy_guide_list.find((g) => g.code === code);
      expect(guide, `a policy with code ${code}`).toBeTruthy();
      const view = guest.locator(`[data-agreement-view="${code}"]`);
      expect(await view.getAttribute('href')).toBe(`/sub/policy/${guide?.id}`);
      expect(await view.getAttribute('target')).toBe('_blank');
      expect(await view.textContent()).toBe('보기');
      // The version the join agrees to, as the policy's own page shows it in effect.
      const version = await guest.locator(`[data-agreement-version="${code}"]`).textContent();
      expect(version).toMatch(/^v\d+ · \d{4}\.\d{2}\.\d{2} 시행$/);
      const policy = await newPage();
      await policy.goto(`/sub/policy/${guide?.id}`);
      const ver = await policy.locator('[data-policy-version]').getAttribute('data-policy-version');
      const effective = (await policy.locator('[data-policy-effective]').textContent())?.replace('시행일 ', '');
      expect(version).toBe(`v${ver} · ${effective} 시행`);
      await policy.close();
    }
    expect(await guest.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The checkboxes keep their labels.
    await guest.getByLabel('[필수] 이용약관 동의').check();
    expect(await guest.getByLabel('[필수] 이용약관 동의').isChecked()).toBe(true);
  });
});

describe('customer centre', { timeout: 120_000 }, () => {
  it('asks a question with images (progress shown), removes one while it waits, reads the answer and marks it resolved', async () => {
    await page.goto('/cs/qna/answer');
    expect(await page.locator('[data-empty="cs-qna"]').textContent()).toBe('문의 내역이 없습니다.');

    await page.locator('[data-cs-tab="ask"]').click();
    await page.waitForURL('**/cs/qna/question');
    const form = page.locator('[data-qna-form]');
    // Each field says the SPEC message before sending.
    await form.locator('[data-qna-submit]').click();
    expect(await page.locator('[data-field-errors="qna-category"]').textContent()).toBe(resultMessage('QNA_CATEGORY_REQUIRED', 'ko'));
    expect(await page.locator('[data-field-errors="qna-title"]').textContent()).toBe(resultMessage('BOARD_TITLE_REQUIRED', 'ko'));
    expect(await page.locator('[data-field-errors="qna-content"]').textContent()).toBe(resultMessage('BOARD_CONTENT_REQUIRED', 'ko'));

    await page.getByLabel('문의 유형', { exact: true }).selectOption({ label: '결제' });
    const title = `충전 확인 부탁드립니다 ${run}`;
    await page.getByLabel('제목', { exact: true }).fill(title);
    await page.getByLabel('내용', { exact: true }).fill('무통장입금을 했는데\n아직 STAR가 들어오지 않았습니다.');

    // The uploads are held until their progress bars have been seen (no sleeping: the route waits for the test).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/v1/upload/upload_thum_ajax', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('#qna-files-input').setInputFiles([
      { name: 'receipt.png', mimeType: 'image/png', buffer: await png({ r: 200, g: 60, b: 90 }) },
      { name: 'screen.png', mimeType: 'image/png', buffer: await png({ r: 40, g: 120, b: 200 }) },
    ]);
    const uploading = form.locator('[data-qna-attachment="uploading"]');
    await expect.poll(() => uploading.count()).toBe(2);
    const bar = uploading.first().locator('[data-upload-progress] progress');
    expect(await bar.getAttribute('aria-label')).toBe('receipt.png 업로드 진행률');
    expect(await uploading.first().locator('[data-upload-progress]').textContent()).toMatch(/업로드 중… \d+%/);
    // Sending while an image uploads is held back.
    await form.locator('[data-qna-submit]').click();
    await form.getByText('이미지 업로드가 끝난 뒤 등록해 주세요.').waitFor();
    release();
    await expect.poll(() => form.locator('[data-qna-attachment="uploaded"]').count()).toBe(2);
    await page.unroute('**/v1/upload/upload_thum_ajax');
    expect(await form.locator('[data-upload-progress]').count()).toBe(0);

    const saved = page.waitForResponse((r) => r.url().endsWith('/v1/mypage/qna_proc'));
    await form.locator('[data-qna-submit]').click();
    expect(((await (await saved).json()) as { rslt_cd: number }).rslt_cd).toBe(0);
    await page.waitForURL('**/cs/qna/answer');
    const card = page.locator('[data-qna]', { hasText: title });
    await card.waitFor();
    expect(await card.getAttribute('data-state')).toBe('waiting');
    expect(await card.locator('[data-qna-state]').textContent()).toBe('답변 대기');
    expect(await card.locator('[data-qna-content]').innerText()).toBe('무통장입금을 했는데\n아직 STAR가 들어오지 않았습니다.');
    expect(await card.locator('[data-qna-file]').count()).toBe(2);
    await expect
      .poll(() =>
        card
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(320);

    // Waiting, an image can be removed (after a confirm).
    await card.locator('[data-qna-file-remove]').last().click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: '확인' }).click();
    await expect.poll(() => card.locator('[data-qna-file]').count()).toBe(1);
    await page.reload();
    expect(await page.locator('[data-qna]', { hasText: title }).locator('[data-qna-file]').count()).toBe(1);

    // An operator answers it through the console's call.
    const qnaSn = await page.locator('[data-qna]', { hasText: title }).getAttribute('data-qna');
    const answer = `확인 결과 입금이 반영되었습니다.\n불편을 드려 죄송합니다. ${run}`;
    await call(operator, communityEndpoints.adminQnaAnswer, { qna_sn: String(qnaSn), answer });

    await page.reload();
    const answered = page.locator(`[data-qna="${qnaSn}"]`);
    expect(await answered.getAttribute('data-state')).toBe('answered');
    expect(await answered.locator('[data-qna-state]').textContent()).toBe('답변 완료');
    expect(await answered.locator('[data-qna-answer-text]').innerText()).toBe(answer);
    expect(await answered.locator('[data-qna-answer-date]').textContent()).toMatch(/^답변일 \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
    // Answered, the images can no longer be removed.
    expect(await answered.locator('[data-qna-file-remove]').count()).toBe(0);

    await answered.locator('[data-qna-resolve]').click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: '확인' }).click();
    await expect.poll(() => answered.getAttribute('data-state')).toBe('complete');
    expect(await answered.locator('[data-qna-state]').textContent()).toBe('해결 완료');
    expect(await answered.locator('[data-qna-resolve]').count()).toBe(0);
    await page.reload();
    expect(await page.locator(`[data-qna="${qnaSn}"]`).getAttribute('data-state')).toBe('complete');
  });

  it('lists the notices pinned first, each opening in place', async () => {
    await page.goto('/cs/notice');
    const rows = page.locator('[data-notice]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const pinned = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-pinned')));
    // Every pinned notice comes before every other.
    expect(pinned.join('')).toMatch(/^Y*N*$/);
    const first = rows.first();
    expect(await first.locator('[data-notice-content]').isVisible()).toBe(false);
    await first.locator('summary').click();
    await expect.poll(() => first.locator('[data-notice-content]').isVisible()).toBe(true);
  });

  it('filters the FAQ by category and searches it by keyword, saying when nothing matches', async () => {
    const res = await page.request.get('/v1/sub/cscenter_faq?limit=100', { headers: API_HEADERS });
    const faqs = ((await res.json()) as { rslt_set: { data_list: CsFaq[] } }).rslt_set.data_list;
    expect(faqs.length).toBeGreaterThan(1);
    const sample = faqs[0] as CsFaq;

    await page.goto('/cs/faq');
    await expect.poll(() => page.locator('[data-faq]').count()).toBe(Math.min(faqs.length, 20));
    await page.locator(`[data-faq-tab="${sample.category}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('category') === sample.category);
    const inCategory = faqs.filter((f) => f.category === sample.category).length;
    await expect.poll(() => page.locator('[data-faq]').count()).toBe(inCategory);
    expect(await page.locator('[data-faq]').evaluateAll((els) => els.map((el) => el.getAttribute('data-category')))).toEqual(
      Array(inCategory).fill(sample.category),
    );
    expect(await page.locator(`[data-faq-tab="${sample.category}"]`).getAttribute('aria-current')).toBe('page');

    // A word of the question finds it; its answer opens in place.
    const word = sample.question.split(/\s+/).find((w) => [...w].length >= 2) ?? sample.question;
    await page.locator('[data-faq-tab="all"]').click();
    await page.waitForURL('**/cs/faq');
    await page.getByRole('searchbox', { name: '질문 검색' }).fill(word);
    await page.locator('[data-faq-search]').click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === word);
    const hit = page.locator(`[data-faq="${sample.faq_sn}"]`);
    await hit.waitFor();
    expect(await page.locator('[data-faq-summary]').textContent()).toContain(`'${word}' 검색 결과`);
    await hit.locator('summary').click();
    await expect.poll(() => hit.locator('[data-faq-answer]').innerText()).toBe(sample.answer);

    await page.getByRole('searchbox', { name: '질문 검색' }).fill(`없는질문${run}`);
    await page.locator('[data-faq-search]').click();
    const empty = page.locator('[data-empty="cs-faq"]');
    await empty.waitFor();
    expect(await empty.textContent()).toContain(`'없는질문${run}'에 대한 검색 결과가 없습니다.`);
    expect(await page.locator('[data-faq]').count()).toBe(0);
  });

  it('a report written at /cs/report/form shows at /cs/report as received', async () => {
    const other = await apiClient(baseUrl);
    const reported = await joinByApi(other, { id: `csrp${run}`, nick: `신고대상${run}` });
    await other.dispose();

    await page.goto('/cs/report');
    expect(await page.locator('[data-empty="cs-report"]').textContent()).toBe('신고 내역이 없습니다.');
    await page.locator('[data-report-write]').click();
    await page.waitForURL('**/cs/report/form');
    await page.getByLabel('신고 대상').selectOption('member');
    // The target, the type and the content are each required, with their messages.
    await page.locator('[data-report-submit]').click();
    expect(await page.locator('[data-field-errors="report-target-key"]').textContent()).toBe('신고할 대상을 입력해 주세요.');
    await page.getByLabel('회원 아이디').fill(reported.id);
    await page.locator('[data-report-submit]').click();
    await expect.poll(() => page.getByText(resultMessage('REPORT_TYPE_REQUIRED', 'ko')).count()).toBe(1);
    expect(await page.getByText(resultMessage('REPORT_CONTENT_REQUIRED', 'ko')).count()).toBe(1);

    await page.locator('select[data-report-type]').selectOption('abuse');
    await page.locator('textarea[data-report-content]').fill(`방송 채팅에서 반복적으로 욕설을 합니다. ${run}`);
    await page.locator('[data-report-submit]').click();
    await page.waitForURL('**/cs/report');
    const card = page.locator('[data-report]').first();
    await card.waitFor();
    expect(await card.getAttribute('data-state')).toBe('received');
    expect(await card.locator('[data-report-state]').textContent()).toBe('접수');
    expect(await card.locator('[data-report-target]').textContent()).toContain(reported.nick);
    expect(await card.locator('[data-report-type]').textContent()).toBe('욕설·비방');
    expect(await card.locator('[data-report-content]').textContent()).toContain(run);

    // A link naming the target fixes it on the form.
    await page.goto(`/cs/report/form?target_type=member&target_key=${reported.id}`);
    expect(await page.locator('[data-report-fixed-target="member"]').textContent()).toContain(reported.id);
    expect(await page.locator('#report-target-key').count()).toBe(0);

    // A chat line's link also quotes the line (trimmed, cut to the contract's 300 characters); a quote on another
    // kind of report is ignored, a target the server would refuse leaves the form open, a chat report without a
    // quote asks for the line.
    const line = `그만 좀 해 ${'가'.repeat(400)}`;
    await page.goto(`/cs/report/form?${new URLSearchParams({ target_type: 'chat', target_key: reported.id, quote: `  ${line}  ` })}`);
    expect(await page.locator('[data-report-fixed-target="chat"]').textContent()).toContain(`채팅을 쓴 회원의 아이디 ${reported.id}`);
    expect(await page.locator('[data-report-fixed-quote]').textContent()).toBe([...line].slice(0, 300).join(''));
    expect(await page.locator('#report-quote').count()).toBe(0);
    await page.goto(`/cs/report/form?${new URLSearchParams({ target_type: 'member', target_key: reported.id, quote: '무시됨' })}`);
    expect(await page.locator('[data-report-fixed-target="member"]').count()).toBe(1);
    expect(await page.locator('[data-report-fixed-quote]').count()).toBe(0);
    await page.goto(`/cs/report/form?${new URLSearchParams({ target_type: 'chat', target_key: '<script>', quote: '욕설' })}`);
    expect(await page.locator('[data-report-target-fields]').getAttribute('data-report-target-fields')).toBe('open');
    expect(await page.locator('[data-report-fixed-quote]').count()).toBe(0);
    await page.goto(`/cs/report/form?target_type=chat&target_key=${reported.id}`);
    expect(await page.locator('[data-report-fixed-target="chat"]').count()).toBe(1);
    expect(await page.locator('#report-quote').count()).toBe(1);
  });
});

describe('accessibility', { timeout: 120_000 }, () => {
  it('every customer-centre and policy page passes axe (WCAG 2.1 AA, serious and critical)', async () => {
    const policy = site.policy_guide_list[0] as GuideEntry;
    const service = site.service_guide_list[0] as GuideEntry;
    const problems: string[] = [];
    for (const url of [
      '/cs/notice',
      '/cs/faq',
      '/cs/qna/question',
      '/cs/qna/answer',
      '/cs/report',
      '/cs/report/form',
      `/sub/policy/${policy.id}`,
      `/sub/policy/${policy.id}/history`,
      `/sub/policy/${policy.id}/old/1`,
      `/sub/terms/${service.id}`,
    ]) {
      await page.goto(url, { waitUntil: 'load' });
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        problems.push(`${url} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('re-agreement', { timeout: 120_000 }, () => {
  it('a required policy republished and in effect is asked once; agreed, it is not asked again', async () => {
    const terms = site.policy_guide_list.find((g) => g.code === 'terms' && g.required_yn === 'Y');
    expect(terms, 'a required terms policy').toBeTruthy();
    const id = terms?.id ?? 0;

    // A guest never asks.
    const guest = await newPage();
    const asked: string[] = [];
    guest.on('request', (r) => {
      if (r.url().includes('/v1/policy/policy_pending')) asked.push(r.url());
    });
    await guest.goto('/');
    await guest.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    // Nothing to agree to yet: the member is asked and nothing shows.
    const nothing = page.waitForResponse((r) => r.url().includes('/v1/policy/policy_pending'));
    await page.goto('/');
    expect(((await (await nothing).json()) as { rslt_set: { data_list: unknown[] } }).rslt_set.data_list).toEqual([]);
    expect(await page.locator('[data-policy-consent]').count()).toBe(0);

    const published = await publish(id, `제1조 (목적)\n${run} 개정 이용약관`, `${run} 유료 서비스 조항 추가`);
    await makeEffective(id, published.ver);

    await page.goto('/cs/faq');
    const dialog = page.getByRole('dialog', { name: '약관 변경 안내' });
    await dialog.waitFor();
    const item = dialog.locator(`[data-consent-policy="${id}"]`);
    expect(await item.getAttribute('data-ver')).toBe(String(published.ver));
    expect(await item.textContent()).toContain(`${terms?.title} 버전 ${published.ver}`);
    expect(await item.textContent()).toContain(`${run} 유료 서비스 조항 추가`);
    expect(await item.locator('[data-consent-read]').getAttribute('href')).toBe(`/sub/policy/${id}`);
    expect(await dialog.locator('[data-consent-sign-out]').isVisible()).toBe(true);

    // It cannot be dismissed.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);

    const agreed = page.waitForResponse((r) => r.url().endsWith('/v1/policy/policy_agree_proc'));
    await dialog.locator('[data-consent-agree]').click();
    expect(((await (await agreed).json()) as { rslt_cd: number }).rslt_cd).toBe(0);
    await expect.poll(() => dialog.count()).toBe(0);
    // Still signed in, on the page it was on.
    expect(await page.locator('header [data-user-nick]').textContent()).toContain(member.nick);
    expect(new URL(page.url()).pathname).toBe('/cs/faq');

    // Reloaded: asked again, nothing pending, no dialog.
    const again = page.waitForResponse((r) => r.url().includes('/v1/policy/policy_pending'));
    await page.reload();
    expect(((await (await again).json()) as { rslt_set: { data_list: unknown[] } }).rslt_set.data_list).toEqual([]);
    expect(await page.locator('[data-policy-consent]').count()).toBe(0);
  });
});
