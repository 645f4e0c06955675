import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AdminAuditEntry,
  type AdminDashboard,
  adminEndpoints,
  BOARD_LIMITS,
  type BoardPost,
  communityEndpoints,
  ResultCode,
  resultMessage,
  sanctionsEndpoints,
  siteEndpoints,
  type UploadedFileInfo,
} from '@byeol/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBj, buildBroadcast, buildOperator, buildViewer } from '../../testing/builders.js';
import { sql } from '../../testing/members.js';
import { seedPolicyVersions } from '../site/index.js';

/**
 * Issue 19: the board, the customer centre, reports, versioned policies and the console's moderation,
 * through the real calls against PostgreSQL (docs/community.md).
 */
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'byeol-community-'));
  t = await startTestApp({ env: { DATA_DIR: dataDir, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Member = Awaited<ReturnType<typeof buildViewer>>;
const e = communityEndpoints;
const as = (m: Member | null) => (m ? { cookie: m.cookie } : {});

async function image(): Promise<FormData> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const f = new FormData();
  f.append('purpose', 'board');
  f.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'stage.png');
  return f;
}
async function uploadFor(m: Member, purpose: 'board' | 'qna' = 'board'): Promise<number> {
  const f = await image();
  f.set('purpose', purpose);
  const res = await t.post<UploadedFileInfo>('/v1/upload/upload_thum_ajax', f, as(m));
  expect(res.body.rslt_cd).toBe(0);
  return Number(res.body.rslt_set.temp_file_sn);
}
const write = (m: Member | null, form: Record<string, string>) => t.call(e.boardInsert, form, as(m));
const list = (m: Member | null, q: Record<string, string> = {}) => t.call(e.boardList, q, as(m));
const info = (m: Member | null, boardSn: number, q: Record<string, string> = {}) =>
  t.call(e.boardInfo, { board_sn: String(boardSn), ...q }, as(m));

describe('the board', () => {
  it('lets guests read, members write with images, and counts a view once per member per day', async () => {
    const author = await buildViewer(t);
    const reader = await buildViewer(t);
    expect((await write(null, { title: '제목', content: '내용' })).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);

    const files = [await uploadFor(author), await uploadFor(author)];
    const made = await write(author, { title: '오늘 무대 후기', content: '첫 줄\n둘째 줄', files: files.join(',') });
    expect(made.body.rslt_cd).toBe(0);
    const sn = made.body.rslt_set.board_sn;

    const page = await list(null);
    expect(page.body.rslt_set.params).toMatchObject({ setting_sn: 1, site_key: 1 });
    const row = page.body.rslt_set.eventboard_list.find((p: BoardPost) => p.board_sn === sn);
    expect(row).toMatchObject({ title: '오늘 무대 후기', user_id: author.id, file_cnt: 2, reply_cnt: 0, notice_yn: 'N' });
    expect(page.body.rslt_set.restriction).toBeNull();

    const opened = await info(null, sn, { view_yn: 'Y' });
    expect(opened.body.rslt_set.board_info).toMatchObject({ content: '첫 줄\n둘째 줄', is_mine_yn: 'N', view_cnt: 0 });
    expect(opened.body.rslt_set.board_info.files.map((f) => f.file_sn)).toEqual(files);
    const served = await fetch(`${t.url}${opened.body.rslt_set.board_info.files[0]?.url}`);
    expect(served.status).toBe(200);

    // A guest's view is not counted; a member's counts once a day however often they open it.
    await info(reader, sn, { view_yn: 'Y' });
    await info(reader, sn, { view_yn: 'Y' });
    await info(author, sn, { view_yn: 'N' });
    const again = await info(author, sn, { view_yn: 'Y' });
    expect(again.body.rslt_set.board_info).toMatchObject({ view_cnt: 2, is_mine_yn: 'Y' });

    // Another member's upload, or one used already, is refused; the post keeps its files.
    const foreign = await uploadFor(reader);
    const edit = await write(author, { board_sn: String(sn), title: '오늘 무대 후기', content: '수정', files: `${files[0]},${foreign}` });
    expect(edit.body.rslt_cd).toBe(ResultCode.UPLOAD_NOT_FOUND);
    // An edit drops a file: its row is released and its stored file removed.
    const edited = await write(author, { board_sn: String(sn), title: '오늘 무대 후기 (수정)', content: '수정', files: `${files[1]}` });
    expect(edited.body.rslt_cd).toBe(0);
    const [dropped] = await sql<{ state: string }>(t, 'select state from upload_file where file_sn = $1', [files[0]]);
    expect(dropped?.state).toBe('deleted');
    const after = await info(author, sn);
    expect(after.body.rslt_set.board_info).toMatchObject({ title: '오늘 무대 후기 (수정)', file_cnt: 1 });
    expect(after.body.rslt_set.board_info.mod_date).not.toBeNull();

    // Only the author edits or deletes.
    expect((await write(reader, { board_sn: String(sn), title: '남의 글', content: 'x' })).body.rslt_cd).toBe(ResultCode.BOARD_NOT_OWNER);
    expect((await t.call(e.boardDelete, { board_sn: String(sn) }, as(reader))).body.rslt_cd).toBe(ResultCode.BOARD_NOT_OWNER);
    expect((await t.call(e.boardDelete, { board_sn: String(sn) }, as(author))).body.rslt_cd).toBe(0);
    expect((await info(reader, sn)).body.rslt_cd).toBe(ResultCode.BOARD_POST_NOT_FOUND);
    expect((await list(null)).body.rslt_set.eventboard_list.some((p: BoardPost) => p.board_sn === sn)).toBe(false);
  });

  it('refuses personal data, too many files, empty and long fields with their messages, and masks banned words', async () => {
    const m = await buildViewer(t);
    for (const [field, value] of [
      ['content', '연락주세요 010-1234-5678'],
      ['content', '제 번호는 01012345678 입니다'],
      ['content', '주민번호 900101-1234567'],
      ['title', '메일 fan@example.com 로'],
      ['content', '서울특별시 마포구 월드컵로 123 으로 와요'],
      ['content', '101동 1203호 삽니다'],
    ] as const) {
      const res = await write(m, { title: '안녕하세요', content: '내용입니다', [field]: value });
      expect(res.body.rslt_cd, value).toBe(ResultCode.BOARD_PERSONAL_INFO);
      expect(res.body.rslt_set).toMatchObject({ field });
    }
    // Numbers that are not personal data pass (a date, a time, a count).
    const fine = await write(m, { title: '2026-11-27 공연 후기', content: '19:30 시작, 관객 12,000명, 3층 R열 12번' });
    expect(fine.body.rslt_cd).toBe(0);

    const empty = await t.call(e.boardInsert, { title: ' ', content: '내용' }, { ...as(m), lang: 'en' });
    expect(empty.body).toMatchObject({ rslt_cd: ResultCode.BOARD_TITLE_REQUIRED, rslt_msg: 'Please enter a title.' });
    const long = await write(m, { title: 'a'.repeat(BOARD_LIMITS.titleMax + 1), content: '내용' });
    expect(long.body.rslt_cd).toBe(ResultCode.BOARD_TITLE_LENGTH);
    expect(long.body.rslt_msg).toBe(resultMessage('BOARD_TITLE_LENGTH', 'ko', { max: BOARD_LIMITS.titleMax }));

    const many = Array.from({ length: BOARD_LIMITS.filesMax + 1 }, (_, i) => String(i + 1)).join(',');
    expect((await write(m, { title: '사진', content: '많이', files: many })).body.rslt_cd).toBe(ResultCode.BOARD_FILES_TOO_MANY);
    // A malformed list names the field by its label in the caller's language, never `files` (issue 15).
    const badFiles = await t.call(e.boardInsert, { title: '사진', content: '내용', files: '1,x' }, { ...as(m), lang: 'en' });
    expect(badFiles.body).toMatchObject({
      rslt_cd: ResultCode.INVALID_INPUT,
      rslt_set: { field: 'files' },
      rslt_msg: 'Invalid value: Attachments',
    });
    expect((await write(m, { title: '사진', content: '내용', files: '1,x' })).body.rslt_msg).toBe('입력값이 올바르지 않습니다: 첨부 파일');

    const masked = await write(m, { title: '이런 병신 같은', content: '<script>alert(1)</script> 씨발' });
    const shown = await info(m, masked.body.rslt_set.board_sn);
    expect(shown.body.rslt_set.board_info.title).toBe('이런 ** 같은');
    // Stored as the text it is (HTML is escaped by the page, never interpreted).
    expect(shown.body.rslt_set.board_info.content).toBe('<script>alert(1)</script> **');
  });

  it('comments: write, page, delete own after the author only, counts kept', async () => {
    const author = await buildViewer(t);
    const fan = await buildViewer(t);
    const sn = (await write(author, { title: '댓글 달아주세요', content: '본문' })).body.rslt_set.board_sn;
    expect((await t.call(e.replyInsert, { board_sn: String(sn), content: '좋아요' })).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    const replies = [];
    for (const text of ['첫 댓글', '둘째 댓글', '셋째 댓글']) {
      const r = await t.call(e.replyInsert, { board_sn: String(sn), content: text }, as(fan));
      expect(r.body.rslt_set).toMatchObject({ content: text, user_id: fan.id, is_mine_yn: 'Y' });
      replies.push(r.body.rslt_set.reply_sn);
    }
    const long = await t.call(e.replyInsert, { board_sn: String(sn), content: 'ㅋ'.repeat(BOARD_LIMITS.replyMax + 1) }, as(fan));
    expect(long.body.rslt_cd).toBe(ResultCode.BOARD_REPLY_LENGTH);
    const phone = await t.call(e.replyInsert, { board_sn: String(sn), content: '문자 주세요 010 9876 5432' }, as(fan));
    expect(phone.body.rslt_cd).toBe(ResultCode.BOARD_PERSONAL_INFO);

    const second = await info(author, sn, { offset: '2', limit: '2' });
    expect(second.body.rslt_set.total_count).toBe(3);
    expect(second.body.rslt_set.eventboard_reply_list.map((r) => r.content)).toEqual(['셋째 댓글']);
    expect(second.body.rslt_set.eventboard_reply_list[0]?.is_mine_yn).toBe('N');

    expect((await t.call(e.replyDelete, { reply_sn: String(replies[0]) }, as(author))).body.rslt_cd).toBe(ResultCode.BOARD_NOT_OWNER);
    expect((await t.call(e.replyDelete, { reply_sn: String(replies[0]) }, as(fan))).body.rslt_cd).toBe(0);
    expect((await t.call(e.replyDelete, { reply_sn: String(replies[0]) }, as(fan))).body.rslt_cd).toBe(ResultCode.BOARD_REPLY_NOT_FOUND);
    const now = await info(null, sn);
    expect(now.body.rslt_set.total_count).toBe(2);
    expect(now.body.rslt_set.eventboard_reply_list.map((r) => r.content)).toEqual(['둘째 댓글', '셋째 댓글']);
  });

  it('searches titles and authors (Korean two-syllable words, initial-free), pages by offset and by last_sn', async () => {
    const m = await buildViewer(t);
    const tag = `검색${Date.now() % 100000}`;
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await write(m, { title: `${tag} 정국 직캠 ${i}`, content: '본문' })).body.rslt_set.board_sn);
    }
    const found = await list(null, { search_keyword: `${tag} 정국`, limit: '2' });
    expect(found.body.rslt_set.eventboard_total).toBe(5);
    expect(found.body.rslt_set.eventboard_list.map((p: BoardPost) => p.board_sn)).toEqual([made[4], made[3]]);
    const next = await list(null, { search_keyword: `${tag} 정국`, limit: '2', last_sn: String(made[3]) });
    expect(next.body.rslt_set.eventboard_list.map((p: BoardPost) => p.board_sn)).toEqual([made[2], made[1]]);
    const byOffset = await list(null, { search_keyword: `${tag} 정국`, limit: '2', offset: '4' });
    expect(byOffset.body.rslt_set.eventboard_list.map((p: BoardPost) => p.board_sn)).toEqual([made[0]]);
    const byAuthor = await list(null, { search_keyword: m.id });
    expect(byAuthor.body.rslt_set.eventboard_list.length).toBe(5);
    expect((await list(null, { search_keyword: `${tag} 없는말` })).body.rslt_set.eventboard_total).toBe(0);
    // Past the first pages a list is reached with last_sn, never a deep OFFSET.
    expect((await list(null, { offset: String(BOARD_LIMITS.offsetMax + 1) })).body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
  });
});

describe('the board, refusals', () => {
  it('a guest cannot delete a post, and nobody comments on a hidden post until it is restored', async () => {
    const author = await buildViewer(t);
    const fan = await buildViewer(t);
    const gm = await buildOperator(t, 'gm');
    const sn = (await write(author, { title: '숨겨질 글', content: '본문' })).body.rslt_set.board_sn;

    expect((await t.call(e.boardDelete, { board_sn: String(sn) })).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await info(null, sn)).body.rslt_set.board_info.title).toBe('숨겨질 글');

    await t.call(e.adminPostProc, { board_sn: String(sn), action: 'hide', reason: '검토 중' }, as(gm));
    const refused = await t.call(e.replyInsert, { board_sn: String(sn), content: '댓글 달래요' }, as(fan));
    expect(refused.body.rslt_cd).toBe(ResultCode.BOARD_POST_NOT_FOUND);
    // Its author cannot either, and the refused comment left no row and no count behind.
    expect((await t.call(e.replyInsert, { board_sn: String(sn), content: '제 글인데요' }, as(author))).body.rslt_cd).toBe(
      ResultCode.BOARD_POST_NOT_FOUND,
    );
    expect(await sql(t, 'select reply_sn from board_reply where board_sn = $1', [sn])).toEqual([]);

    await t.call(e.adminPostProc, { board_sn: String(sn), action: 'restore', reason: '문제 없음' }, as(gm));
    expect((await t.call(e.replyInsert, { board_sn: String(sn), content: '이제 돼요' }, as(fan))).body.rslt_cd).toBe(0);
    expect((await info(null, sn)).body.rslt_set.board_info.reply_cnt).toBe(1);
  });

  it('pages back with first_sn ("newer"): the page just newer than a row, shown newest first', async () => {
    const m = await buildViewer(t);
    const tag = `뒤로${Date.now() % 100000}`;
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await write(m, { title: `${tag} 글 ${i}`, content: '본문' })).body.rslt_set.board_sn);
    const q = { search_keyword: tag, limit: '2' };
    const snsOf = (res: Awaited<ReturnType<typeof list>>) => res.body.rslt_set.eventboard_list.map((p: BoardPost) => p.board_sn);
    // Older from the newest two, then back: the same two as before.
    const older = await list(null, { ...q, last_sn: String(made[3]) });
    expect(snsOf(older)).toEqual([made[2], made[1]]);
    const newer = await list(null, { ...q, first_sn: String(made[2]) });
    expect(snsOf(newer)).toEqual([made[4], made[3]]);
    expect(newer.body.rslt_set.params).toMatchObject({ first_sn: made[2], last_sn: 0 });
    // At the top fewer than a page come back; first_sn wins over last_sn.
    expect(snsOf(await list(null, { ...q, first_sn: String(made[3]), last_sn: String(made[1]) }))).toEqual([made[4]]);
    expect(snsOf(await list(null, { ...q, first_sn: String(made[4]) }))).toEqual([]);
  });
});

describe('reports and moderation', () => {
  it('a reported post is hidden by an operator, its author restricted for 3 days, and the reporter sees the outcome', async () => {
    const author = await buildViewer(t);
    const reporter = await buildViewer(t);
    const operator = await buildOperator(t);
    const gm = await buildOperator(t, 'gm');
    const sn = (await write(author, { title: '문제의 글', content: '신고당할 내용' })).body.rslt_set.board_sn;

    const form = { target_type: 'post', target_key: String(sn), report_type: 'abuse', content: '욕설이 있어요' };
    expect((await t.call(e.reportProc, form, as(author))).body.rslt_cd).toBe(ResultCode.REPORT_SELF);
    expect((await t.call(e.reportProc, { ...form, report_type: '' }, as(reporter))).body.rslt_cd).toBe(ResultCode.REPORT_TYPE_REQUIRED);
    expect((await t.call(e.reportProc, { ...form, content: '' }, as(reporter))).body.rslt_cd).toBe(ResultCode.REPORT_CONTENT_REQUIRED);
    expect((await t.call(e.reportProc, { ...form, target_key: '999999999' }, as(reporter))).body.rslt_cd).toBe(
      ResultCode.REPORT_TARGET_NOT_FOUND,
    );
    const dashboard = async () => (await t.post<AdminDashboard>('/v1/admin/dashboard', {}, as(operator))).body.rslt_set;
    const before = await dashboard();
    const report = await t.call(e.reportProc, form, as(reporter));
    // The console's dashboard counts the open reports (its menu shows them as a badge).
    expect((await dashboard()).open_reports).toBe(before.open_reports + 1);
    expect(report.body.rslt_set).toMatchObject({ state: 'received', target_label: '문제의 글', action: null });
    expect((await t.call(e.reportProc, form, as(reporter))).body.rslt_cd).toBe(ResultCode.REPORT_DUPLICATE);

    // Members cannot reach the console calls.
    expect((await t.call(e.adminReportList, {}, as(reporter))).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await t.call(e.adminPostProc, { board_sn: String(sn), action: 'hide', reason: 'x' }, as(reporter))).body.rslt_cd).toBe(
      ResultCode.FORBIDDEN,
    );

    const queue = await t.call(e.adminReportList, { state: 'open', limit: '100' }, as(gm));
    const item = queue.body.rslt_set.data_list.find((r) => r.report_sn === report.body.rslt_set.report_sn);
    expect(item).toMatchObject({ reporter_id: reporter.id, target_user_id: author.id, target_url: `/bbs/detail/${sn}` });
    const posts = await t.call(e.adminPostList, { keyword: '문제의 글' }, as(gm));
    expect(posts.body.rslt_set.data_list.find((p) => p.board_sn === sn)).toMatchObject({ report_cnt: 1, state: 'visible' });

    const taken = await t.call(e.adminReportProc, { report_sn: String(item?.report_sn), state: 'in_progress' }, as(gm));
    expect(taken.body.rslt_set).toMatchObject({ state: 'in_progress', action: null });
    const hidden = await t.call(e.adminPostProc, { board_sn: String(sn), action: 'hide', reason: '욕설' }, as(gm));
    expect(hidden.body.rslt_set).toMatchObject({ state: 'hidden', moderation_reason: '욕설' });
    expect((await info(reporter, sn)).body.rslt_cd).toBe(ResultCode.BOARD_POST_NOT_FOUND);
    const done = await t.call(
      e.adminReportProc,
      { report_sn: String(item?.report_sn), state: 'complete', action: 'hidden', action_memo: '게시글을 숨겼습니다.' },
      as(gm),
    );
    expect(done.body.rslt_set).toMatchObject({ state: 'complete', action: 'hidden', handled_by_nick: gm.nick });
    expect((await t.call(e.adminReportProc, { report_sn: String(item?.report_sn), state: 'in_progress' }, as(gm))).body.rslt_cd).toBe(
      ResultCode.REPORT_STATE_INVALID,
    );
    const mine = await t.call(e.csReport, {}, as(reporter));
    expect(mine.body.rslt_set.data_list[0]).toMatchObject({ state: 'complete', action: 'hidden', action_memo: '게시글을 숨겼습니다.' });

    // A 3-day board restriction: the author sees until when, writes and comments are refused.
    const restrict = await t.call(sanctionsEndpoints.save, { id: author.id, kind: 'board', hours: '72', reason: '욕설 반복' }, as(gm));
    expect(restrict.body.rslt_cd).toBe(0);
    const seen = await list(author);
    expect(seen.body.rslt_set.restriction?.reason).toBe('욕설 반복');
    expect(seen.body.rslt_set.restriction?.until).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const refused = await write(author, { title: '다시 씀', content: '내용' });
    expect(refused.body.rslt_cd).toBe(ResultCode.BOARD_RESTRICTED);
    expect(refused.body.rslt_msg).toContain(seen.body.rslt_set.restriction?.until ?? 'x');
    const other = (await write(reporter, { title: '다른 글', content: '내용' })).body.rslt_set.board_sn;
    expect((await t.call(e.replyInsert, { board_sn: String(other), content: '댓글' }, as(author))).body.rslt_cd).toBe(
      ResultCode.BOARD_RESTRICTED,
    );

    // Restoring masks personal data that slipped in (an edit by SQL stands for text written before the rule).
    await sql(t, `update board_post set content = '연락처 010-2222-3333' where board_sn = $1`, [sn]);
    const restored = await t.call(e.adminPostProc, { board_sn: String(sn), action: 'restore', reason: '이의 인정' }, as(operator));
    expect(restored.body.rslt_set.content).toBe('연락처 *************');
    expect((await info(reporter, sn)).body.rslt_cd).toBe(0);
    const removed = await t.call(e.adminPostProc, { board_sn: String(sn), action: 'delete', reason: '재신고' }, as(operator));
    expect(removed.body.rslt_set.state).toBe('deleted');

    // Every action is in the console's audit list.
    const audit = await t.call(adminEndpoints.auditList, { action: '', limit: '50' }, as(operator));
    const actions = audit.body.rslt_set.data_list
      .filter((a: AdminAuditEntry) => a.source === 'community' && a.target?.sn === sn)
      .map((a: AdminAuditEntry) => a.action);
    expect(actions).toEqual(['post_delete', 'post_restore', 'post_hide']);
  });

  it('comments are hidden and restored by staff with the post count kept', async () => {
    const author = await buildViewer(t);
    const fan = await buildViewer(t);
    const gm = await buildOperator(t, 'gm');
    const sn = (await write(author, { title: '댓글 관리', content: '본문' })).body.rslt_set.board_sn;
    const reply = (await t.call(e.replyInsert, { board_sn: String(sn), content: '나쁜 댓글' }, as(fan))).body.rslt_set.reply_sn;
    const hide = await t.call(e.adminReplyProc, { reply_sn: String(reply), action: 'hide', reason: '비방' }, as(gm));
    expect(hide.body.rslt_set).toMatchObject({ state: 'hidden', post_title: '댓글 관리' });
    // Hiding it again (a second report) changes nothing and is not refused.
    const again = await t.call(e.adminReplyProc, { reply_sn: String(reply), action: 'hide', reason: '비방' }, as(gm));
    expect(again.body).toMatchObject({ rslt_cd: 0, rslt_set: { state: 'hidden' } });
    // A report of a comment links the console to its post.
    const reporter = await buildViewer(t);
    await t.call(e.reportProc, { target_type: 'reply', target_key: String(reply), report_type: 'abuse', content: '비방' }, as(reporter));
    const queue = await t.call(e.adminReportList, { state: 'open', limit: '100' }, as(gm));
    expect(queue.body.rslt_set.data_list.find((r) => r.target_key === String(reply))?.target_url).toBe(`/bbs/detail/${sn}`);
    expect((await info(author, sn)).body.rslt_set.total_count).toBe(0);
    await t.call(e.adminReplyProc, { reply_sn: String(reply), action: 'restore', reason: '복구' }, as(gm));
    expect((await info(author, sn)).body.rslt_set.total_count).toBe(1);
  });
});

describe('reports of every target, and their states', () => {
  it('takes a chat line with its quote, a member and a broadcast; refuses an unknown target type', async () => {
    const reporter = await buildViewer(t);
    const chatter = await buildViewer(t);
    const bj = await buildBj(t);
    const gm = await buildOperator(t, 'gm');
    const room = await buildBroadcast(t.database.db, bj.userKey, { title: '신고될 방송' });
    const report = (form: Record<string, string>) =>
      t.call(e.reportProc, { report_type: 'abuse', content: '신고합니다', ...form }, as(reporter));

    const chat = await report({ target_type: 'chat', target_key: chatter.id, quote: '  채팅 욕설 한 줄  ' });
    expect(chat.body.rslt_set).toMatchObject({
      target_type: 'chat',
      target_key: chatter.id,
      target_label: `${chatter.nick} (${chatter.id})`,
      quote: '채팅 욕설 한 줄',
      state: 'received',
    });
    const member = await report({ target_type: 'member', target_key: bj.id });
    expect(member.body.rslt_set).toMatchObject({ target_type: 'member', target_label: `${bj.nick} (${bj.id})`, quote: '' });
    const broadcast = await report({ target_type: 'broadcast', target_key: room.vodKey });
    expect(broadcast.body.rslt_set).toMatchObject({ target_type: 'broadcast', target_label: '신고될 방송' });
    // A chat line's author, like a member, may be reported again only after the open report is complete.
    expect((await report({ target_type: 'chat', target_key: chatter.id, quote: '다른 줄' })).body.rslt_cd).toBe(
      ResultCode.REPORT_DUPLICATE,
    );

    // The console sees who is concerned and where to look.
    const queue = await t.call(e.adminReportList, { state: 'open', limit: '100' }, as(gm));
    const byNumber = (sn: number) => queue.body.rslt_set.data_list.find((r) => r.report_sn === sn);
    expect(byNumber(chat.body.rslt_set.report_sn)).toMatchObject({
      quote: '채팅 욕설 한 줄',
      target_user_id: chatter.id,
      target_url: `/channel/bj/${chatter.id}`,
    });
    expect(byNumber(member.body.rslt_set.report_sn)).toMatchObject({ target_user_id: bj.id, target_url: `/channel/bj/${bj.id}` });
    expect(byNumber(broadcast.body.rslt_set.report_sn)).toMatchObject({ target_user_id: bj.id, target_url: `/play/${room.vodKey}` });

    const unknown = await report({ target_type: 'song', target_key: '12' });
    expect(unknown.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'target_type' } });
    expect((await report({ target_type: 'member', target_key: 'nobody_here_1' })).body.rslt_cd).toBe(ResultCode.REPORT_TARGET_NOT_FOUND);
    expect((await report({ target_type: 'broadcast', target_key: 'no_such_room' })).body.rslt_cd).toBe(ResultCode.REPORT_TARGET_NOT_FOUND);
  });

  it('goes from received to complete in one step, and cannot be taken twice', async () => {
    const reporter = await buildViewer(t);
    const target = await buildViewer(t);
    const gm = await buildOperator(t, 'gm');
    const proc = (sn: number, form: Record<string, string>) => t.call(e.adminReportProc, { report_sn: String(sn), ...form }, as(gm));
    const first = (
      await t.call(e.reportProc, { target_type: 'member', target_key: target.id, report_type: 'spam', content: '광고' }, as(reporter))
    ).body.rslt_set.report_sn;
    const done = await proc(first, { state: 'complete', action: 'warned', action_memo: '경고했습니다.' });
    expect(done.body.rslt_set).toMatchObject({
      state: 'complete',
      action: 'warned',
      action_memo: '경고했습니다.',
      handled_by_nick: gm.nick,
    });
    expect((await proc(first, { state: 'complete', action: 'none' })).body.rslt_cd).toBe(ResultCode.REPORT_STATE_INVALID);

    // Complete, the member may report the same target again.
    const second = (
      await t.call(e.reportProc, { target_type: 'member', target_key: target.id, report_type: 'spam', content: '또 광고' }, as(reporter))
    ).body.rslt_set.report_sn;
    expect((await proc(second, { state: 'in_progress' })).body.rslt_set).toMatchObject({ state: 'in_progress', action: null });
    expect((await proc(second, { state: 'in_progress' })).body.rslt_cd).toBe(ResultCode.REPORT_STATE_INVALID);
    expect((await proc(second, { state: 'complete', action: 'none' })).body.rslt_set.state).toBe('complete');
    expect((await proc(999_999_999, { state: 'in_progress' })).body.rslt_cd).toBe(ResultCode.REPORT_NOT_FOUND);
  });
});

describe('hide and complete', () => {
  it('hides the reported post and completes the report in one call, audited; a second report of it closes the same way', async () => {
    const author = await buildViewer(t);
    const reporters = [await buildViewer(t), await buildViewer(t)];
    const gm = await buildOperator(t, 'gm');
    const sn = (await write(author, { title: '한 번에 숨길 글', content: '욕설 본문' })).body.rslt_set.board_sn;
    const [one, two] = await Promise.all(
      reporters.map(
        async (r) =>
          (await t.call(e.reportProc, { target_type: 'post', target_key: String(sn), report_type: 'abuse', content: '욕설' }, as(r))).body
            .rslt_set.report_sn,
      ),
    );
    const done = await t.call(
      e.adminReportProc,
      { report_sn: String(one), state: 'complete', hide_target: 'Y', hide_reason: '욕설', action_memo: '게시글을 숨겼습니다.' },
      as(gm),
    );
    // The action is `hidden` whatever `action` said (it defaults to none).
    expect(done.body.rslt_set).toMatchObject({ state: 'complete', action: 'hidden', action_memo: '게시글을 숨겼습니다.' });
    expect((await info(reporters[0] ?? null, sn)).body.rslt_cd).toBe(ResultCode.BOARD_POST_NOT_FOUND);
    const posts = await t.call(e.adminPostList, { keyword: '한 번에 숨길 글' }, as(gm));
    expect(posts.body.rslt_set.data_list.find((p) => p.board_sn === sn)).toMatchObject({
      state: 'hidden',
      moderation_reason: '욕설',
      report_cnt: 1,
    });

    // The second report: the post is hidden already, the report is completed all the same (no second hide).
    const again = await t.call(
      e.adminReportProc,
      { report_sn: String(two), state: 'complete', hide_target: 'Y', hide_reason: '욕설' },
      as(gm),
    );
    expect(again.body.rslt_set).toMatchObject({ state: 'complete', action: 'hidden' });

    const audit = await t.call(adminEndpoints.auditList, { actor: gm.id, limit: '20' }, as(gm));
    const rows = audit.body.rslt_set.data_list.map((a: AdminAuditEntry) => [a.action, a.target?.kind, a.target?.sn]);
    expect(rows).toEqual([
      ['report_update', 'report', two],
      ['report_update', 'report', one],
      ['post_hide', 'post', sn],
    ]);
  });

  it('hides a reported comment; refuses what it cannot hide and leaves the report open when the hiding fails', async () => {
    const author = await buildViewer(t);
    const fan = await buildViewer(t);
    const reporter = await buildViewer(t);
    const gm = await buildOperator(t, 'gm');
    const sn = (await write(author, { title: '댓글 신고', content: '본문' })).body.rslt_set.board_sn;
    const reply = (await t.call(e.replyInsert, { board_sn: String(sn), content: '나쁜 댓글' }, as(fan))).body.rslt_set.reply_sn;
    const reportOf = async (form: Record<string, string>) =>
      (await t.call(e.reportProc, { report_type: 'abuse', content: '신고', ...form }, as(reporter))).body.rslt_set.report_sn;
    const proc = (report: number, form: Record<string, string>) =>
      t.call(e.adminReportProc, { report_sn: String(report), state: 'complete', hide_target: 'Y', hide_reason: '비방', ...form }, as(gm));
    const stateOf = async (report: number) =>
      (await sql<{ state: string; action: string | null }>(t, 'select state, action from cs_report where report_sn = $1', [report]))[0];

    const onReply = await reportOf({ target_type: 'reply', target_key: String(reply) });
    // Hiding goes with completing only, and needs a reason.
    expect((await proc(onReply, { state: 'in_progress' })).body).toMatchObject({
      rslt_cd: ResultCode.REPORT_HIDE_UNSUPPORTED,
      rslt_set: { field: 'hide_target' },
    });
    expect((await proc(onReply, { hide_reason: ' ' })).body).toMatchObject({
      rslt_cd: ResultCode.REQUIRED,
      rslt_set: { field: 'hide_reason' },
    });
    expect(await stateOf(onReply)).toEqual({ state: 'received', action: null });
    expect((await proc(onReply, {})).body.rslt_set).toMatchObject({ state: 'complete', action: 'hidden' });
    const [hidden] = await sql<{ state: string }>(t, 'select state from board_reply where reply_sn = $1', [reply]);
    expect(hidden?.state).toBe('hidden');
    expect((await info(author, sn)).body.rslt_set.total_count).toBe(0);

    // A member cannot be hidden: refused, the report stays as it was.
    const onMember = await reportOf({ target_type: 'member', target_key: fan.id });
    const unsupported = await proc(onMember, {});
    expect(unsupported.body.rslt_cd).toBe(ResultCode.REPORT_HIDE_UNSUPPORTED);
    expect(unsupported.body.rslt_msg).toBe(resultMessage('REPORT_HIDE_UNSUPPORTED', 'ko'));
    expect(await stateOf(onMember)).toEqual({ state: 'received', action: null });

    // The post went (its author deleted it) before the operator acted: nothing is completed, nothing audited.
    const doomed = (await write(author, { title: '곧 지울 글', content: '본문' })).body.rslt_set.board_sn;
    const onPost = await reportOf({ target_type: 'post', target_key: String(doomed) });
    await t.call(e.boardDelete, { board_sn: String(doomed) }, as(author));
    expect((await proc(onPost, {})).body.rslt_cd).toBe(ResultCode.BOARD_POST_NOT_FOUND);
    expect(await stateOf(onPost)).toEqual({ state: 'received', action: null });
    const audit = await sql(t, `select action from community_audit where target_kind = 'report' and target_sn = $1`, [onPost]);
    expect(audit).toEqual([]);
  });
});

describe('the customer centre', () => {
  it('questions: ask with an image, answered by an operator, closed by the member; the states hold', async () => {
    const m = await buildViewer(t);
    const other = await buildViewer(t);
    const operator = await buildOperator(t);
    expect((await t.call(e.csQna, {})).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    const missing = await t.call(e.qnaProc, { mode: 'save', title: '결제 문의', content: '' }, as(m));
    expect(missing.body.rslt_cd).toBe(ResultCode.QNA_CATEGORY_REQUIRED);
    const file = await uploadFor(m, 'qna');
    const asked = await t.call(
      e.qnaProc,
      { mode: 'save', category: 'payment', title: '충전이 안 돼요', content: '주문번호 D20261127-00000001', files: String(file) },
      as(m),
    );
    expect(asked.body.rslt_set).toMatchObject({ state: 'waiting', answer: null, category: 'payment' });
    expect(asked.body.rslt_set.files).toHaveLength(1);
    const qna = asked.body.rslt_set.qna_sn;
    expect((await t.call(e.qnaProc, { mode: 'complete', qna_sn: String(qna) }, as(m))).body.rslt_cd).toBe(ResultCode.QNA_NOT_ANSWERED);
    expect((await t.call(e.qnaProc, { mode: 'complete', qna_sn: String(qna) }, as(other))).body.rslt_cd).toBe(ResultCode.QNA_NOT_FOUND);
    const dropped = await t.call(e.qnaProc, { mode: 'file_delete', qna_sn: String(qna), file_sn: String(file) }, as(m));
    expect(dropped.body.rslt_set.files).toHaveLength(0);

    const waiting = await t.call(e.adminQnaList, { state: 'waiting', limit: '100' }, as(operator));
    expect(waiting.body.rslt_set.data_list.some((q) => q.qna_sn === qna && q.user_id === m.id)).toBe(true);
    expect((await t.call(e.adminQnaAnswer, { qna_sn: String(qna), answer: '' }, as(operator))).body.rslt_cd).toBe(
      ResultCode.QNA_ANSWER_REQUIRED,
    );
    const answered = await t.call(e.adminQnaAnswer, { qna_sn: String(qna), answer: '확인 후 충전해 드렸습니다.' }, as(operator));
    expect(answered.body.rslt_set).toMatchObject({ state: 'answered', answered_by_nick: operator.nick });
    expect(
      (await t.call(e.qnaProc, { mode: 'save', qna_sn: String(qna), category: 'payment', title: 'x', content: 'y' }, as(m))).body.rslt_cd,
    ).toBe(ResultCode.QNA_ANSWERED);
    const mine = await t.call(e.csQna, {}, as(m));
    expect(mine.body.rslt_set.data_list[0]).toMatchObject({ qna_sn: qna, state: 'answered', answer: '확인 후 충전해 드렸습니다.' });
    expect((await t.call(e.qnaProc, { mode: 'complete', qna_sn: String(qna) }, as(m))).body.rslt_set.state).toBe('complete');
    expect((await t.call(e.adminQnaAnswer, { qna_sn: String(qna), answer: '추가' }, as(operator))).body.rslt_cd).toBe(
      ResultCode.QNA_COMPLETE,
    );
  });

  it('notices and FAQ: operators write them, everyone reads them; a GM may not', async () => {
    const operator = await buildOperator(t);
    const gm = await buildOperator(t, 'gm');
    const tag = `공지${Date.now() % 100000}`;
    expect((await t.call(e.adminNoticeProc, { title: tag, content: '내용' }, as(gm))).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await t.call(e.adminNoticeProc, { title: '', content: '내용' }, as(operator))).body.rslt_cd).toBe(
      ResultCode.BOARD_TITLE_REQUIRED,
    );
    const notice = await t.call(e.adminNoticeProc, { title: tag, content: '점검 안내', top_yn: 'Y' }, as(operator));
    const notices = await t.call(e.csNotice, { limit: '100' });
    expect(notices.body.rslt_set.data_list[0]).toMatchObject({ title: tag, top_yn: 'Y' });
    await t.call(e.adminNoticeProc, { notice_sn: String(notice.body.rslt_set.sn), delete_yn: 'Y' }, as(operator));
    expect((await t.call(e.csNotice, { limit: '100' })).body.rslt_set.data_list.some((n) => n.title === tag)).toBe(false);

    const principle = await t.call(e.adminNoticeProc, { title: `${tag} 원칙`, content: '지켜주세요', place: 'board' }, as(operator));
    const pinned = (await list(null)).body.rslt_set.notice_list.find((n: BoardPost) => n.board_sn === principle.body.rslt_set.sn);
    expect(pinned).toMatchObject({ title: `${tag} 원칙`, content: '지켜주세요', notice_yn: 'Y' });
    const principles = await t.call(e.csNotice, { place: 'board', limit: '100' });
    expect(principles.body.rslt_set.data_list.some((n) => n.notice_sn === principle.body.rslt_set.sn)).toBe(true);
    expect(
      (await t.call(e.csNotice, { limit: '100' })).body.rslt_set.data_list.some((n) => n.notice_sn === principle.body.rslt_set.sn),
    ).toBe(false);

    const q = `${tag} 환불은 어떻게`;
    await t.call(e.adminFaqProc, { category: 'payment', question: q, answer: '1:1 문의로' }, as(operator));
    const byCategory = await t.call(e.csFaq, { category: 'payment', limit: '100' });
    expect(byCategory.body.rslt_set.data_list.some((f) => f.question === q)).toBe(true);
    expect((await t.call(e.csFaq, { category: 'account', keyword: tag })).body.rslt_set.data_totalcount).toBe(0);
    expect((await t.call(e.csFaq, { keyword: tag })).body.rslt_set.data_list.map((f) => f.question)).toEqual([q]);
  });
});

describe('the audit of FAQ and comment actions', () => {
  it('lists each FAQ save, edit and removal and each comment hide, restore and delete with before and after', async () => {
    const operator = await buildOperator(t);
    const author = await buildViewer(t);
    const fan = await buildViewer(t);
    const tag = `감사${Date.now() % 100000}`;
    const faq = (await t.call(e.adminFaqProc, { category: 'item', question: `${tag} 질문`, answer: '답' }, as(operator))).body.rslt_set.sn;
    await t.call(e.adminFaqProc, { faq_sn: String(faq), category: 'item', question: `${tag} 고친 질문`, answer: '답' }, as(operator));
    await t.call(e.adminFaqProc, { faq_sn: String(faq), delete_yn: 'Y' }, as(operator));
    expect((await t.call(e.adminFaqProc, { faq_sn: String(faq), delete_yn: 'Y' }, as(operator))).body.rslt_cd).toBe(
      ResultCode.FAQ_NOT_FOUND,
    );

    const sn = (await write(author, { title: `${tag} 글`, content: '본문' })).body.rslt_set.board_sn;
    const reply = (await t.call(e.replyInsert, { board_sn: String(sn), content: '감사될 댓글' }, as(fan))).body.rslt_set.reply_sn;
    for (const action of ['hide', 'restore', 'delete'] as const) {
      const res = await t.call(e.adminReplyProc, { reply_sn: String(reply), action, reason: `${action} 사유` }, as(operator));
      expect(res.body.rslt_cd, action).toBe(0);
    }

    const audit = await t.call(adminEndpoints.auditList, { actor: operator.id, limit: '20' }, as(operator));
    const rows = audit.body.rslt_set.data_list.map((a: AdminAuditEntry) => ({
      action: a.action,
      source: a.source,
      kind: a.target?.kind,
      sn: a.target?.sn,
      before: a.before,
      after: a.after,
    }));
    expect(rows).toEqual([
      {
        action: 'reply_delete',
        source: 'community',
        kind: 'reply',
        sn: reply,
        before: { state: 'visible', content: '감사될 댓글' },
        after: { state: 'deleted', reason: 'delete 사유' },
      },
      {
        action: 'reply_restore',
        source: 'community',
        kind: 'reply',
        sn: reply,
        before: { state: 'hidden', content: '감사될 댓글' },
        after: { state: 'visible', reason: 'restore 사유' },
      },
      {
        action: 'reply_hide',
        source: 'community',
        kind: 'reply',
        sn: reply,
        before: { state: 'visible', content: '감사될 댓글' },
        after: { state: 'hidden', reason: 'hide 사유' },
      },
      {
        action: 'faq_delete',
        source: 'community',
        kind: 'faq',
        sn: faq,
        before: { question: `${tag} 고친 질문` },
        after: { deleted: true },
      },
      {
        action: 'faq_save',
        source: 'community',
        kind: 'faq',
        sn: faq,
        before: { question: `${tag} 질문` },
        after: { question: `${tag} 고친 질문`, category: 'item' },
      },
      { action: 'faq_save', source: 'community', kind: 'faq', sn: faq, before: null, after: { question: `${tag} 질문`, category: 'item' } },
    ]);
    // A comment's rows name its author as the member concerned.
    const hideRow = audit.body.rslt_set.data_list.find((a: AdminAuditEntry) => a.action === 'reply_hide');
    expect(hideRow?.target?.label).toContain(fan.id);
  });
});

describe('policies', () => {
  it('publishes versions with a notice period, keeps the history, and asks members to agree again at login', async () => {
    const operator = await buildOperator(t);
    const terms = await sql<{ id: number }>(t, `select id from guide where code = 'terms'`);
    const id = String(terms[0]?.id);
    const current = await t.call(e.policyGuide, { id });
    expect(current.body.rslt_set).toMatchObject({ code: 'terms', required_yn: 'Y', upcoming: null });
    const ver = current.body.rslt_set.version?.ver ?? 0;
    expect(ver).toBeGreaterThanOrEqual(1);

    // A member who joined agreed to the version in effect.
    const m = await buildViewer(t);
    await sql(
      t,
      'insert into policy_consent (user_key, guide_id, ver) select $1, g.id, v.ver from guide g join policy_version v on v.guide_id = g.id where g.required on conflict do nothing',
      [m.userKey],
    );
    expect((await t.call(e.policyPending, {}, as(m))).body.rslt_set.data_list).toEqual([]);

    const day = (d: number) => new Date(Date.now() + 9 * 3600_000 + d * 86_400_000).toISOString().slice(0, 10);
    const form = { id, content: '제1조 (목적) 바뀐 약관', reason: '유료 서비스 조항 정비' };
    const soon = await t.call(e.adminPolicyPublish, { ...form, effective_date: day(3) }, as(operator));
    expect(soon.body).toMatchObject({ rslt_cd: ResultCode.POLICY_EFFECTIVE_TOO_SOON, rslt_set: { field: 'effective_date' } });
    expect(soon.body.rslt_msg).toBe(resultMessage('POLICY_EFFECTIVE_TOO_SOON', 'ko', { days: 7 }));
    expect((await t.call(e.adminPolicyPublish, { ...form, effective_date: '2026-02-30' }, as(operator))).body.rslt_cd).toBe(
      ResultCode.POLICY_DATE_INVALID,
    );
    expect((await t.call(e.adminPolicyPublish, { ...form, effective_date: day(8) }, as(m))).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    const published = await t.call(e.adminPolicyPublish, { ...form, effective_date: day(7) }, as(operator));
    expect(published.body.rslt_set).toMatchObject({ ver: ver + 1, state: 'upcoming', reason: '유료 서비스 조항 정비' });

    // Announced, not in effect: the page shows the old text and the upcoming date; nobody is asked yet.
    const announced = await t.call(e.policyGuide, { id });
    expect(announced.body.rslt_set.version?.ver).toBe(ver);
    expect(announced.body.rslt_set.upcoming).toMatchObject({ ver: ver + 1, state: 'upcoming' });
    expect((await t.call(e.policyPending, {}, as(m))).body.rslt_set.data_list).toEqual([]);
    expect((await t.call(e.policyAgree, { id, ver: String(ver + 1) }, as(m))).body.rslt_cd).toBe(ResultCode.POLICY_VERSION_STALE);

    // Its date comes: it is in effect, the old text stays readable, and the member is asked to agree.
    await sql(t, `update policy_version set effective_at = now() - interval '1 minute' where guide_id = $1 and ver = $2`, [id, ver + 1]);
    const history = await t.call(e.policyHistory, { id });
    expect(history.body.rslt_set.data_list.slice(0, 2).map((v) => [v.ver, v.state])).toEqual([
      [ver + 1, 'current'],
      [ver, 'old'],
    ]);
    const old = await t.call(e.policyGuide, { id, ver: String(ver) });
    expect(old.body.rslt_set.version).toMatchObject({ ver, state: 'old' });
    const pending = await t.call(e.policyPending, {}, as(m));
    expect(pending.body.rslt_set.data_list).toEqual([
      expect.objectContaining({ id: Number(id), ver: ver + 1, agreed_ver: ver, reason: '유료 서비스 조항 정비' }),
    ]);
    expect((await t.call(e.policyAgree, { id, ver: String(ver + 1) }, as(m))).body.rslt_cd).toBe(0);
    expect((await t.call(e.policyPending, {}, as(m))).body.rslt_set.data_list).toEqual([]);
    // Staff publish the policies: they are never asked.
    expect((await t.call(e.policyPending, {}, as(operator))).body.rslt_set.data_list).toEqual([]);

    // A required policy's first version is agreed by the members who joined before it existed.
    const [added] = await sql<{ id: number }>(
      t,
      `insert into guide (site_key, kind, code, required, title, sort_no) values (1, 'policy', 'operation', true, '운영정책', 9) returning id`,
    );
    await seedPolicyVersions(t.database.db);
    const consents = await sql<{ ver: number }>(t, 'select ver from policy_consent where user_key = $1 and guide_id = $2', [
      m.userKey,
      added?.id,
    ]);
    expect(consents).toEqual([{ ver: 1 }]);
    await sql(t, 'delete from guide where id = $1', [added?.id]);

    // A service guide is not a policy; an unknown id answers POLICY_NOT_FOUND.
    expect((await t.call(e.serviceGuide, { id })).body.rslt_cd).toBe(ResultCode.POLICY_NOT_FOUND);
    expect((await t.call(e.policyGuide, { id: '999999' })).body.rslt_cd).toBe(ResultCode.POLICY_NOT_FOUND);
    const audit = await t.call(adminEndpoints.auditList, { action: 'policy_publish' }, as(operator));
    expect(audit.body.rslt_set.data_list[0]).toMatchObject({ source: 'policy', actor_user_key: operator.userKey });
  });

  it('the notice period is an operator setting (7 to 90 days, audited) that the site info shows and publishing follows', async () => {
    const operator = await buildOperator(t);
    const gm = await buildOperator(t, 'gm');
    const member = await buildViewer(t);
    const set = (days: string, m: Member | null = operator, lang?: 'en') =>
      t.call(e.adminPolicyNoticeDays, { days }, { ...as(m), ...(lang ? { lang } : {}) });
    const shown = async () => (await t.call(siteEndpoints.cacheInfo, {})).body.rslt_set.policy_notice_days;
    expect(await shown()).toBe(7);

    expect((await set('10', null)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await set('10', member)).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await set('10', gm)).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    for (const bad of ['6', '91', '0', '8.5', 'abc', '']) {
      const res = await set(bad);
      expect(res.body, bad).toMatchObject({ rslt_cd: ResultCode.POLICY_NOTICE_DAYS_RANGE, rslt_set: { field: 'days' } });
      expect(res.body.rslt_msg).toBe(resultMessage('POLICY_NOTICE_DAYS_RANGE', 'ko', { min: 7, max: 90 }));
    }
    expect((await set('91', operator, 'en')).body.rslt_msg).toBe('The notice period must be a whole number of days from 7 to 90.');
    expect(await shown()).toBe(7);

    const [guide] = await sql<{ id: number }>(t, `select id from guide where kind = 'service' order by sort_no desc, id desc limit 1`);
    const id = String(guide?.id);
    const day = (d: number) => new Date(Date.now() + 9 * 3600_000 + d * 86_400_000).toISOString().slice(0, 10);
    try {
      expect((await set('10')).body).toMatchObject({ rslt_cd: 0, rslt_set: { days: 10 } });
      // Every process's site info follows (over the bus: Redis when set).
      await expect.poll(shown).toBe(10);
      const form = { id, content: 'OBS 가이드 개정', reason: '설정 화면 변경' };
      const soon = await t.call(e.adminPolicyPublish, { ...form, effective_date: day(9) }, as(operator));
      expect(soon.body).toMatchObject({ rslt_cd: ResultCode.POLICY_EFFECTIVE_TOO_SOON, rslt_set: { field: 'effective_date', days: 10 } });
      expect(soon.body.rslt_msg).toBe(resultMessage('POLICY_EFFECTIVE_TOO_SOON', 'ko', { days: 10 }));
      expect((await t.call(e.adminPolicyPublish, { ...form, effective_date: day(10) }, as(operator))).body.rslt_set.state).toBe('upcoming');

      const audit = await t.call(adminEndpoints.auditList, { action: 'policy_notice_days', actor: operator.id }, as(operator));
      expect(audit.body.rslt_set.data_list).toEqual([
        expect.objectContaining({
          source: 'community',
          actor_user_key: operator.userKey,
          target: expect.objectContaining({ kind: 'site', sn: 1 }),
          before: { policy_notice_days: 7 },
          after: { policy_notice_days: 10 },
        }),
      ]);
      // The same value again changes nothing and writes no row.
      expect((await set('10')).body.rslt_cd).toBe(0);
      const same = await t.call(adminEndpoints.auditList, { action: 'policy_notice_days', actor: operator.id }, as(operator));
      expect(same.body.rslt_set.data_totalcount).toBe(1);
    } finally {
      expect((await set('7')).body.rslt_cd).toBe(0);
      await expect.poll(shown).toBe(7);
    }
  });
});
