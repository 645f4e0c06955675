import { randomBytes } from 'node:crypto';
import {
  type CsNotice,
  type CsQna,
  type CsReport,
  communityEndpoints,
  type Envelope,
  type GuideEntry,
  type ListSet,
  type PolicyHistorySet,
  ResultCode,
  resultMessage,
  type SiteInfo,
} from '@byeol/contract';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import routes from '../apps/web/app/routes.js';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { API_HEADERS, call, joinByApi, type Member } from './support/members.js';

/**
 * The community console in Chromium (issue 19): a member's post, reported by another member, is hidden from
 * the report queue ("hide and complete"): it leaves the board for members and the reporter reads the outcome;
 * the operator restricts its author from the board for 3 days in /admin/board and the author is refused.
 * A question is answered in /admin/qna, a notice written in /admin/cs shows in the customer centre, a policy
 * version with a date too soon is refused under the date field and one far enough is published into the
 * history; the audit log lists the community's actions by their names. The operator is a member made operator
 * in the database (no page appoints operators).
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);
const DAY_MS = 86_400_000;

afterAll(async () => {
  await closeDatabase();
});

/** Every page path of routes.ts (as phone.e2e.test.ts reads it): whether the board's form page exists yet. */
function pathsOf(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}` : parent;
    return entry.children ? pathsOf(entry.children, here) : [here || '/'];
  });
}
const hasBoardForm = pathsOf(routes).includes('/bbs/form');

/** A GET of the API as `client` (a page's request context carries its member's session). */
async function get<T>(client: APIRequestContext, path: string): Promise<Envelope<T>> {
  const res = await client.get(`/v1${path}`, { headers: API_HEADERS });
  return (await res.json()) as Envelope<T>;
}

/** A POST of the API as `client`, answering the envelope whatever it says. */
async function post<T>(client: APIRequestContext, path: string, form: Record<string, string>): Promise<Envelope<T>> {
  const res = await client.post(`/v1${path}`, { form, headers: API_HEADERS });
  return (await res.json()) as Envelope<T>;
}

/** 'YYYY-MM-DD' of the KST day of `at`. */
const kstDayOf = (at: number) => new Date(at + 9 * 3600_000).toISOString().slice(0, 10);
/** 'YYYY-MM-DD' of the KST day `days` after today. */
const kstDayAhead = (days: number) => kstDayOf(Date.now() + days * DAY_MS);

/** Answers the site's confirmation dialog (확인). */
async function confirmDialog(page: Page) {
  const ask = page.getByRole('alertdialog');
  await ask.waitFor();
  await ask.getByRole('button', { name: '확인', exact: true }).click();
}

let op: Page;
let opId = '';

beforeAll(async () => {
  op = await newPage();
  const member = await joinByApi(op.request, { id: `mdop${run}`, nick: `운영진${run}` });
  await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [member.id]);
  opId = member.id;
});

describe('community console', { timeout: 180_000 }, () => {
  let author: Member;
  let authorPage: Page;
  let boardSn = 0;

  it('a reported post is hidden from the report queue: members no longer see it, the reporter reads the outcome', async () => {
    authorPage = await newPage();
    author = await joinByApi(authorPage.request, { id: `mda${run}`, nick: `글쓴이${run}` });
    const reporterPage = await newPage();
    const reporter = await joinByApi(reporterPage.request, { id: `mdr${run}`, nick: `신고자${run}` });

    const title = `신고될 글 ${run}`;
    ({ board_sn: boardSn } = await call(authorPage.request, communityEndpoints.boardInsert, {
      title,
      content: `욕설이 섞인 본문입니다 ${run}`,
    }));
    const listed = await get<{ eventboard_list: { board_sn: number }[] }>(reporterPage.request, '/sub/eventboard_list');
    expect(listed.rslt_set.eventboard_list.map((p) => p.board_sn)).toContain(boardSn);
    const report = await call(reporterPage.request, communityEndpoints.reportProc, {
      target_type: 'post',
      target_key: String(boardSn),
      report_type: 'abuse',
      content: `욕설이 있는 글입니다 ${run}`,
    });

    // The queue shows what was reported, by whom and why, with a link to the post.
    await op.goto('/admin/reports');
    const row = op.locator(`[data-report-row="${report.report_sn}"]`);
    await expect.poll(() => row.count()).toBe(1);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(title);
    expect(text).toContain(`신고자${run}`);
    expect(text).toContain(`글쓴이${run}`);
    expect(text).toContain(`욕설이 있는 글입니다 ${run}`);
    expect(await row.locator('[data-report-target-link]').getAttribute('href')).toBe(`/bbs/detail/${boardSn}`);
    expect(await row.locator('[data-report-target-link]').getAttribute('target')).toBe('_blank');

    // Hide and complete, with a note to the reporter.
    await row.locator('[data-report-hide]').click();
    const dialog = op.locator('[data-admin-dialog]');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.locator('#admin-reason').inputValue()).not.toBe('');
    const memo = `확인 후 숨김 처리했습니다 ${run}`;
    await dialog.locator('#admin-action_memo').fill(memo);
    await dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    // Settled, it leaves the open queue; the complete list shows it with the action taken.
    await expect.poll(() => row.count()).toBe(0);
    await op.goto('/admin/reports?state=complete');
    await expect.poll(() => row.locator('[data-report-outcome="hidden"]').count()).toBe(1);
    expect(await row.locator('[data-report-outcome]').textContent()).toContain(memo);

    // Members no longer see the post: not in the list, and its page is gone.
    const after = await get<{ eventboard_list: { board_sn: number }[] }>(reporterPage.request, '/sub/eventboard_list');
    expect(after.rslt_set.eventboard_list.map((p) => p.board_sn)).not.toContain(boardSn);
    const detail = await get(reporterPage.request, `/sub/eventboard_info?board_sn=${boardSn}`);
    expect(detail.rslt_cd).toBe(ResultCode.BOARD_POST_NOT_FOUND);
    const own = await get(authorPage.request, `/sub/eventboard_info?board_sn=${boardSn}`);
    expect(own.rslt_cd).toBe(ResultCode.BOARD_POST_NOT_FOUND);

    // The reporter reads the outcome and the note.
    const mine = await get<ListSet<CsReport>>(reporterPage.request, '/sub/cscenter_report');
    const outcome = mine.rslt_set.data_list.find((r) => r.report_sn === report.report_sn);
    expect(outcome).toMatchObject({ state: 'complete', action: 'hidden', action_memo: memo });
    expect(reporter.id).toBeTruthy();
  });

  it('the operator restricts the author from the board for 3 days: the author is told until when and cannot post', async () => {
    // The hidden post is listed in the console with its state; its author is restricted from its row.
    await op.goto(`/admin/board?state=hidden&keyword=${author.id}`);
    const row = op.locator(`[data-post-row="${boardSn}"]`);
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute('data-state')).toBe('hidden');
    expect(await row.textContent()).toContain('숨김');
    await row.locator('[data-restrict]').click();
    const dialog = op.locator('[data-admin-dialog]');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.locator('#admin-days').inputValue()).toBe('3');
    // The reason the member reads is required.
    await dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => dialog.locator('[data-field-errors="admin-reason"]').textContent()).toBe('입력해 주세요.');
    const reason = `욕설 게시 ${run}`;
    await dialog.locator('#admin-reason').fill(reason);
    const asked = Date.now();
    await dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);

    // The board tells the author until when (about 3 days from now, KST to the minute) and why.
    const list = await get<{ restriction: { until: string; reason: string } | null }>(authorPage.request, '/sub/eventboard_list');
    const restriction = list.rslt_set.restriction;
    expect(restriction?.reason).toBe(reason);
    const until = Date.parse(`${(restriction?.until ?? '').replace(' ', 'T')}:00+09:00`);
    expect(Math.abs(until - (asked + 3 * DAY_MS))).toBeLessThan(5 * 60_000);
    const refused = await post(authorPage.request, '/sub/eventboard_insert_proc', { title: `또 쓰기 ${run}`, content: '다시 씁니다' });
    expect(refused.rslt_cd).toBe(ResultCode.BOARD_RESTRICTED);
    if (hasBoardForm) {
      await authorPage.goto('/bbs/form');
      const notice = authorPage.getByRole('alert').filter({ hasText: reason });
      await expect.poll(() => notice.count()).toBe(1);
      expect(await notice.textContent()).toContain(restriction?.until);
    }

    // The sanctions screen lists it by its kind's name.
    await op.goto('/admin/sanctions');
    const sanction = op.locator('[data-sanction]').filter({ hasText: author.id });
    await expect.poll(() => sanction.count()).toBe(1);
    expect(await sanction.textContent()).toContain('게시판 이용 제한');
  });

  it("a member's question is answered in /admin/qna and the member reads the answer", async () => {
    const memberPage = await newPage();
    await joinByApi(memberPage.request, { id: `mdq${run}`, nick: `문의자${run}` });
    const question = await call(memberPage.request, communityEndpoints.qnaProc, {
      mode: 'save',
      category: 'account',
      title: `로그인 문의 ${run}`,
      content: '비밀번호를 바꾼 뒤 로그인이 되지 않습니다.',
    });

    await op.goto('/admin/qna');
    const row = op.locator(`[data-qna-row="${question.qna_sn}"]`);
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(`로그인 문의 ${run}`);
    await row.locator('[data-qna-open]').click();
    const form = op.locator(`[data-qna-form="${question.qna_sn}"]`);
    await expect.poll(() => form.count()).toBe(1);
    expect(await form.locator('[data-qna-content]').textContent()).toBe('비밀번호를 바꾼 뒤 로그인이 되지 않습니다.');
    // An empty answer is named under the field; nothing is sent.
    await form.locator('[data-qna-submit]').click();
    await expect
      .poll(() => form.locator('[data-field-errors="qna-answer"]').textContent())
      .toBe(resultMessage('QNA_ANSWER_REQUIRED', 'ko'));
    const answer = `비밀번호 찾기에서 다시 설정해 주세요. ${run}`;
    await form.locator('#qna-answer').fill(answer);
    await form.locator('[data-qna-submit]').click();
    await expect.poll(() => form.count()).toBe(0);
    // Answered, it leaves the waiting list.
    await expect.poll(() => row.count()).toBe(0);

    const mine = await get<ListSet<CsQna>>(memberPage.request, '/sub/cscenter_qna');
    expect(mine.rslt_set.data_list.find((q) => q.qna_sn === question.qna_sn)).toMatchObject({ state: 'answered', answer });
  });

  it('a notice written in /admin/cs shows in the customer centre', async () => {
    await op.goto('/admin/cs');
    await op.locator('[data-cs-new="notice"]').click();
    const dialog = op.locator('[data-admin-dialog]');
    await expect.poll(() => dialog.count()).toBe(1);
    const title = `점검 안내 ${run}`;
    await dialog.locator('#admin-title').fill(title);
    await dialog.locator('#admin-content').fill('새벽 2시부터 4시까지 서비스 점검이 있습니다.');
    await dialog.locator('#admin-top_yn').check();
    await dialog.locator('[data-admin-submit]').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => op.locator('[data-notice-row]').filter({ hasText: title }).count()).toBe(1);

    const notices = await get<ListSet<CsNotice>>(op.request, '/sub/cscenter_notice');
    expect(notices.rslt_set.data_list.find((n) => n.title === title)).toMatchObject({ top_yn: 'Y' });
  });

  it('the notice period set in /admin/site (refused outside 7–90 days under the field) is what /admin/policies counts from', async () => {
    const [setting] = await sql<{ days: number }>('select policy_notice_days as days from site where site_key = 1');
    const before = setting?.days ?? 7;
    const stored = async () => (await sql<{ days: number }>('select policy_notice_days as days from site where site_key = 1'))[0]?.days;
    try {
      await op.goto('/admin/site');
      const section = op.locator('[data-site-notice-days]');
      expect(await section.getAttribute('data-site-notice-days')).toBe(String(before));
      const field = section.locator('#site-notice-days');
      expect(await field.inputValue()).toBe(String(before));
      const error = section.locator('[data-field-errors="site-notice-days"]');

      // Under the SPEC's 7 days: refused under the field before anything is sent.
      let sent = 0;
      op.on('request', (r) => {
        if (r.url().includes('/v1/admin/policy_notice_days_proc')) sent++;
      });
      await field.fill('6');
      await section.locator('[data-notice-days-save]').click();
      await expect.poll(() => error.textContent()).toBe(resultMessage('POLICY_NOTICE_DAYS_RANGE', 'ko', { min: 7, max: 90 }));
      expect(sent).toBe(0);
      expect(await stored()).toBe(before);

      await field.fill('12');
      expect(await error.count()).toBe(0);
      await section.locator('[data-notice-days-save]').click();
      await expect.poll(() => section.getAttribute('data-site-notice-days')).toBe('12');
      expect(await stored()).toBe(12);

      // The publish form's first date and its hint count from it.
      await op.goto('/admin/policies');
      const date = op.locator('#policy-effective_date');
      await expect.poll(() => date.inputValue()).toBe(kstDayAhead(12));
      expect(await op.locator('#policy-effective_date-msg').textContent()).toBe(
        `게시일로부터 12일 이후여야 합니다 (${kstDayAhead(12)}부터).`,
      );
    } finally {
      await post(op.request, '/admin/policy_notice_days_proc', { days: String(before) });
    }
    expect(await stored()).toBe(before);
  });

  it('a policy version effective too soon is refused under the date field; one far enough is published into the history', async () => {
    const [setting] = await sql<{ days: number }>('select policy_notice_days as days from site where site_key = 1');
    const days = setting?.days ?? 7;
    const soon = kstDayAhead(3);
    const far = kstDayAhead(Math.max(8, days + 1));
    // A guide whose versions all take effect before `far` (versions apply in their order).
    const site = await get<SiteInfo>(op.request, '/pubapi/api_site_cache_info');
    const guides: GuideEntry[] = [...site.rslt_set.service_guide_list, ...site.rslt_set.policy_guide_list];
    let guide: GuideEntry | undefined;
    for (const g of guides) {
      const history = await get<PolicyHistorySet>(op.request, `/policy/policy_history/${g.id}`);
      if (history.rslt_set.data_list.every((v) => kstDayOf(Date.parse(v.effective_date)) < far)) {
        guide = g;
        break;
      }
    }
    if (!guide) throw new Error('no guide can take a new version');

    await op.goto(`/admin/policies?id=${guide.id}`);
    const form = op.locator(`[data-policy-form="${guide.id}"]`);
    await expect.poll(() => form.count()).toBe(1);
    // The date starts at the first day allowed.
    expect(await form.locator('#policy-effective_date').inputValue()).toBe(kstDayAhead(days));
    const content = `제1조 (목적) 이 약관은 별 서비스 이용에 관한 사항을 정합니다. ${run}`;
    await form.locator('#policy-content').fill(content);
    const reason = `서비스 명칭 정리 ${run}`;
    await form.locator('#policy-reason').fill(reason);
    await form.locator('#policy-effective_date').fill(soon);
    await form.locator('[data-policy-submit]').click();
    await confirmDialog(op);
    const dateError = form.locator('[data-field-errors="policy-effective_date"]');
    await expect.poll(() => dateError.textContent()).toBe(resultMessage('POLICY_EFFECTIVE_TOO_SOON', 'ko', { days }));
    expect(await form.locator('[data-policy-done]').count()).toBe(0);

    await form.locator('#policy-effective_date').fill(far);
    expect(await dateError.count()).toBe(0);
    await form.locator('[data-policy-submit]').click();
    await confirmDialog(op);
    const done = form.locator('[data-policy-done]');
    await expect.poll(() => done.count()).toBe(1);
    const ver = await done.getAttribute('data-policy-done');
    // The history lists the new version as upcoming, with its date and reason.
    const version = op.locator(`[data-policy-history] [data-version="${ver}"]`);
    await expect.poll(() => version.count()).toBe(1);
    expect(await version.getAttribute('data-state')).toBe('upcoming');
    expect(await version.locator('[data-effective-date]').textContent()).toBe(far.replaceAll('-', '.'));
    expect(await version.locator('[data-version-reason]').textContent()).toBe(reason);
  });

  it('the audit log lists the community actions by their names', async () => {
    await op.goto(`/admin/audit?actor=${opId}`);
    const rows = op.locator('[data-admin-table="audit"] [data-audit]');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(5);
    const labels: Record<string, string> = {
      post_hide: '게시글 숨김',
      report_update: '신고 처리',
      qna_answer: '문의 답변',
      notice_save: '공지 저장',
      policy_publish: '약관 게시',
      policy_notice_days: '약관 시행 예고 기간 변경',
    };
    for (const [action, label] of Object.entries(labels)) {
      const entry = op.locator(`[data-admin-table="audit"] [data-action="${action}"]`).first();
      expect(await entry.count(), action).toBe(1);
      expect(await entry.locator('[data-audit-action]').textContent()).toBe(label);
    }
    expect(await op.locator('[data-action="post_hide"] [data-audit-target]').first().textContent()).toContain('게시글');
    // The filter offers the community's actions.
    await op.goto(`/admin/audit?action=post_hide&actor=${opId}`);
    await expect.poll(() => op.locator('[data-admin-table="audit"] [data-action="post_hide"]').count()).toBe(1);
    expect(await op.locator('select[name="action"]').inputValue()).toBe('post_hide');
  });
});
