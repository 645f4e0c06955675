import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type AdminAuditEntry,
  API_HEADERS,
  adminEndpoints,
  applicationsEndpoints,
  type CsReport,
  communityEndpoints,
  contentEndpoints,
  type Envelope,
  editorialEndpoints,
  ResultCode,
  type ResultCodeName,
  resultMessage,
  type ScheduleItem,
  type UploadedVideoInfo,
  VIDEO_UPLOAD_PATH,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildAccount, buildBj, buildBroadcast, buildOperator, buildViewer } from '../../testing/builders.js';
import { sql, verificationState, verifiedPhone } from '../../testing/members.js';
import { resolveFfmpeg } from '../media/index.js';

/**
 * Issue 21: the magazine (with its switch), the schedule (KST days), events and the audition, through the
 * real calls against PostgreSQL (docs/editorial.md).
 */
let t: TestApp;
/** The data folder of this file's processes (uploads land in it). */
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-editorial-'));
  t = await startTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
const run = promisify(execFile);

type Member = Awaited<ReturnType<typeof buildViewer>>;
const e = editorialEndpoints;
const as = (m: Member | null) => (m ? { cookie: m.cookie } : {});
const HOUR = 3600_000;
/** The KST day `d` days from today. */
const kstDay = (d: number) => new Date(Date.now() + 9 * HOUR + d * 86_400_000).toISOString().slice(0, 10);
const code = (name: ResultCodeName) => ResultCode[name];

describe('the magazine', () => {
  it('operators write sanitised, scheduled articles; readers list, open, like, count views and report', async () => {
    const operator = await buildOperator(t);
    const reader = await buildViewer(t);
    const tag = `기사${Date.now() % 100000}`;
    expect((await t.call(e.adminMagazineSave, { title: tag, category: 'news', content_html: '<p>x</p>' }, as(reader))).body.rslt_cd).toBe(
      ResultCode.FORBIDDEN,
    );
    const saved = await t.call(
      e.adminMagazineSave,
      {
        title: tag,
        category: 'interview',
        content_html: '<h2>인터뷰</h2><p onclick="x()">본문</p><script>alert(1)</script><img src="https://evil.example/a.png">',
        state: 'published',
      },
      as(operator),
    );
    expect(saved.body.rslt_set).toMatchObject({ title: tag, state: 'published', live_yn: 'Y', summary: '인터뷰 본문' });
    expect(saved.body.rslt_set.content_html).toBe('<h2>인터뷰</h2><p>본문</p>');
    const sn = saved.body.rslt_set.mi_sn;

    // A scheduled one is not shown before its time; a draft never.
    const later = await t.call(
      e.adminMagazineSave,
      { title: `${tag} 예약`, category: 'news', content_html: '<p>곧</p>', state: 'published', publish_date: `${kstDay(2)}T09:00` },
      as(operator),
    );
    expect(later.body.rslt_set.live_yn).toBe('N');
    const draft = await t.call(e.adminMagazineSave, { title: `${tag} 초안`, category: 'news', content_html: '<p>초안</p>' }, as(operator));
    // Written a day ago, published today without a time: it goes out now, not at its creation time.
    await sql(t, `update magazine set published_at = now() - interval '1 day' where mi_sn = $1`, [draft.body.rslt_set.mi_sn]);
    const listed = await t.call(e.magazineList, { limit: '100' });
    const titles = listed.body.rslt_set.magazine_list.map((m) => m.title);
    expect(titles).toContain(tag);
    expect(titles).not.toContain(`${tag} 예약`);
    expect(titles).not.toContain(`${tag} 초안`);
    expect((await t.call(e.magazineInfo, { mi_sn: String(later.body.rslt_set.mi_sn) })).body.rslt_cd).toBe(ResultCode.MAGAZINE_NOT_FOUND);
    const published = await t.call(
      e.adminMagazineSave,
      { mi_sn: String(draft.body.rslt_set.mi_sn), title: `${tag} 초안`, category: 'news', content_html: '<p>초안</p>', state: 'published' },
      as(operator),
    );
    expect(Date.now() - Date.parse(published.body.rslt_set.publish_date)).toBeLessThan(60_000);
    await t.call(
      e.adminMagazineSave,
      { mi_sn: String(draft.body.rslt_set.mi_sn), title: `${tag} 초안`, category: 'news', content_html: '<p>초안</p>', state: 'draft' },
      as(operator),
    );
    const byCategory = await t.call(e.magazineList, { category: 'interview', limit: '100' });
    expect(byCategory.body.rslt_set.magazine_list.every((m) => m.category === 'interview')).toBe(true);
    // The older public list keeps working and follows the same rule.
    const pub = await t.call(contentEndpoints.magazineList, { limit: '100' });
    expect(pub.body.rslt_set.data_list.map((m) => m.title)).toContain(tag);

    const info = await t.call(e.magazineInfo, { mi_sn: String(sn) }, as(reader));
    expect(info.body.rslt_set.magazine_info).toMatchObject({ mi_sn: sn, liked_yn: 'N', category: 'interview' });
    expect(info.body.rslt_set.recommend_magazine_list.some((m) => m.mi_sn === sn)).toBe(false);
    expect(info.body.rslt_set.magazine_report_category_list.map((c) => c.code)).toContain('abuse');

    // A member's view counts once a day; a guest's not at all.
    await t.call(e.magazineProcess, { mi_sn: String(sn) });
    await t.call(e.magazineProcess, { mi_sn: String(sn) }, as(reader));
    const viewed = await t.call(e.magazineProcess, { mi_sn: String(sn) }, as(reader));
    expect(viewed.body.rslt_set.view_cnt).toBe(1);

    expect((await t.call(e.magazineProc, { mi_sn: String(sn), like_yn: 'Y' })).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    await t.call(e.magazineProc, { mi_sn: String(sn), like_yn: 'Y' }, as(reader));
    const liked = await t.call(e.magazineProc, { mi_sn: String(sn), like_yn: 'Y' }, as(reader));
    expect(liked.body.rslt_set).toMatchObject({ like_cnt: 1, liked_yn: 'Y' });
    expect((await t.call(e.magazineProc, { mi_sn: String(sn), like_yn: 'N' }, as(reader))).body.rslt_set).toMatchObject({ like_cnt: 0 });

    const report = await t.call(
      e.magazineReport,
      { mi_sn: String(sn), report_type: 'copyright', content: '사진 출처가 없어요' },
      as(reader),
    );
    expect(report.body.rslt_cd).toBe(0);
    const mine = await t.call(communityEndpoints.csReport, {}, as(reader));
    expect(mine.body.rslt_set.data_list.find((r: CsReport) => r.report_sn === report.body.rslt_set.report_sn)).toMatchObject({
      target_type: 'magazine',
      target_label: tag,
      state: 'received',
    });
    expect((await t.call(e.magazineReport, { mi_sn: String(sn), report_type: '', content: 'x' }, as(reader))).body.rslt_cd).toBe(
      ResultCode.REPORT_TYPE_REQUIRED,
    );
  });

  it('the magazine switch: off, every reader call says the service is being prepared, in this process and another; audited', async () => {
    const operator = await buildOperator(t);
    const reader = await buildViewer(t);
    const saved = await t.call(
      e.adminMagazineSave,
      { title: '스위치 기사', category: 'news', content_html: '<p>x</p>', state: 'published' },
      as(operator),
    );
    const mi_sn = String(saved.body.rslt_set.mi_sn);
    // A second process on the same database (and the same Redis when REDIS_URL is set). With a shared bus it has
    // the site cached as on before the flip, so only the bus can tell it; with an in-process bus each process has
    // its own, so it is asked only after the flip and reads the database.
    const shared = Boolean(process.env.REDIS_URL);
    const other = await startTestApp({ env: { DATA_DIR: dataDir } });
    try {
      if (shared) expect((await other.call(e.magazineList, {}, as(reader))).body.rslt_cd).toBe(0);
      expect((await t.call(e.adminSiteSwitch, { name: 'magazine', value: 'N' }, as(reader))).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
      const off = await t.call(e.adminSiteSwitch, { name: 'magazine', value: 'N' }, as(operator));
      expect(off.body.rslt_set.site_setting.magazine_yn).toBe('N');
      try {
        await expect
          .poll(async () => (await t.call(e.magazineList, {}, { ...as(reader), lang: 'en' })).body)
          .toMatchObject({ rslt_cd: ResultCode.SERVICE_PREPARING, rslt_msg: resultMessage('SERVICE_PREPARING', 'en') });
        const preparing = async (called: Promise<{ body: { rslt_cd: number } }>) => (await called).body.rslt_cd;
        await expect.poll(() => preparing(t.call(contentEndpoints.magazineList, {}))).toBe(ResultCode.SERVICE_PREPARING);
        await expect.poll(() => preparing(t.call(e.magazineInfo, { mi_sn }, as(reader)))).toBe(ResultCode.SERVICE_PREPARING);
        await expect.poll(() => preparing(t.call(e.magazineProcess, { mi_sn }, as(reader)))).toBe(ResultCode.SERVICE_PREPARING);
        await expect.poll(() => preparing(t.call(e.magazineProc, { mi_sn, like_yn: 'Y' }, as(reader)))).toBe(ResultCode.SERVICE_PREPARING);
        await expect
          .poll(() => preparing(t.call(e.magazineReport, { mi_sn, report_type: 'abuse', content: '신고' }, as(reader))))
          .toBe(ResultCode.SERVICE_PREPARING);
        // Nothing was counted, liked or reported meanwhile.
        const [counts] = await sql<{ view_cnt: number; like_cnt: number; reports: number }>(
          t,
          `select view_cnt, like_cnt, (select count(*)::int from cs_report where target_type = 'magazine' and target_key = $1) as reports
             from magazine where mi_sn = $1::bigint`,
          [mi_sn],
        );
        expect(counts).toEqual({ view_cnt: 0, like_cnt: 0, reports: 0 });
        // Operators still reach it; the site info says N.
        expect((await t.call(e.magazineInfo, { mi_sn }, as(operator))).body.rslt_cd).toBe(0);
        await expect
          .poll(
            async () =>
              (await t.get<{ site_setting: Record<string, string> }>('/v1/pubapi/api_site_cache_info')).body.rslt_set.site_setting
                .magazine_yn,
          )
          .toBe('N');
        // The other process refuses too.
        await expect
          .poll(() => preparing(other.call(e.magazineList, {}, as(reader))), { timeout: 5000 })
          .toBe(ResultCode.SERVICE_PREPARING);
        await expect
          .poll(() => preparing(other.call(e.magazineInfo, { mi_sn }, as(reader))), { timeout: 5000 })
          .toBe(ResultCode.SERVICE_PREPARING);
      } finally {
        expect((await t.call(e.adminSiteSwitch, { name: 'magazine', value: 'Y' }, as(operator))).body.rslt_cd).toBe(0);
      }
      await expect.poll(async () => (await t.call(e.magazineList, {})).body.rslt_cd).toBe(0);
      if (shared) await expect.poll(async () => (await other.call(e.magazineList, {})).body.rslt_cd, { timeout: 5000 }).toBe(0);
    } finally {
      await other.close();
    }
    const audit = await t.call(adminEndpoints.auditList, { action: 'site_switch' }, as(operator));
    expect(audit.body.rslt_set.data_list.slice(0, 2).map((a: AdminAuditEntry) => a.after)).toEqual([
      { magazine_yn: 'Y' },
      { magazine_yn: 'N' },
    ]);
  });

  it("pages by offset; a guest cannot report; a report lands in the operators' queue; operators only in the console", async () => {
    const operator = await buildOperator(t);
    const reader = await buildViewer(t);
    const tag = `쪽${Date.now() % 100000}`;
    for (const n of [1, 2, 3, 4]) {
      const made = await t.call(
        e.adminMagazineSave,
        { title: `${tag} ${n}`, category: 'review', content_html: `<p>${n}</p>`, state: 'published' },
        as(operator),
      );
      expect(made.body.rslt_cd).toBe(0);
    }
    const all = (await t.call(e.magazineList, { category: 'review', limit: '100' })).body.rslt_set;
    expect(all.magazine_total).toBe(all.magazine_list.length);
    expect(all.magazine_total).toBeGreaterThanOrEqual(4);
    const page = async (offset: number) =>
      (await t.call(e.magazineList, { category: 'review', offset: String(offset), limit: '2' })).body.rslt_set;
    const [first, second] = [await page(0), await page(2)];
    expect([...first.magazine_list, ...second.magazine_list].map((m) => m.mi_sn)).toEqual(
      all.magazine_list.slice(0, 4).map((m) => m.mi_sn),
    );
    // Newest first: the last written is on top; every page tells the whole total.
    expect(first.magazine_list[0]?.title).toBe(`${tag} 4`);
    expect(second.magazine_total).toBe(all.magazine_total);
    expect((await page(all.magazine_total)).magazine_list).toEqual([]);

    const sn = String(first.magazine_list[0]?.mi_sn);
    const guestReport = await t.call(e.magazineReport, { mi_sn: sn, report_type: 'abuse', content: '신고합니다' });
    expect(guestReport.body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    const report = await t.call(e.magazineReport, { mi_sn: sn, report_type: 'spam', content: `광고 같아요 ${tag}` }, as(reader));
    expect(report.body.rslt_cd).toBe(0);
    const reportSn = report.body.rslt_set.report_sn;
    // The queue is oldest first: this new report is on its last page.
    expect((await t.call(communityEndpoints.adminReportList, {}, as(reader))).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    const head = await t.call(communityEndpoints.adminReportList, { state: 'received', limit: '1' }, as(operator));
    const total = head.body.rslt_set.data_totalcount;
    const tail = await t.call(
      communityEndpoints.adminReportList,
      { state: 'received', offset: String(Math.max(0, total - 50)), limit: '100' },
      as(operator),
    );
    expect(tail.body.rslt_set.data_list.find((r) => r.report_sn === reportSn)).toMatchObject({
      target_type: 'magazine',
      target_key: sn,
      target_label: `${tag} 4`,
      report_type: 'spam',
      state: 'received',
      reporter_id: reader.id,
    });

    // The console's calls are the operators'.
    for (const [who, refused] of [
      [null, ResultCode.LOGIN_REQUIRED],
      [reader, ResultCode.FORBIDDEN],
    ] as const) {
      expect((await t.call(e.adminMagazineList, {}, as(who))).body.rslt_cd).toBe(refused);
      expect((await t.call(e.adminEventList, {}, as(who))).body.rslt_cd).toBe(refused);
      const save = await t.call(e.adminEventSave, { title: `${tag} 몰래`, start_date: kstDay(0), end_date: kstDay(1) }, as(who));
      expect(save.body.rslt_cd).toBe(refused);
    }
    const [sneaked] = await sql<{ n: number }>(t, `select count(*)::int as n from site_event where title = $1`, [`${tag} 몰래`]);
    expect(sneaked?.n).toBe(0);
    expect((await t.call(e.adminMagazineList, { state: 'published', limit: '1' }, as(operator))).body.rslt_cd).toBe(0);
  });
});

describe('the schedule', () => {
  it('a BJ plans, changes and cancels; KST days bound the lists; followers see theirs first; a live slot shows live', async () => {
    const bj = await buildBj(t);
    const other = await buildBj(t);
    const fan = await buildViewer(t);
    const viewer = await buildViewer(t);
    const plan = (m: Member, form: Record<string, string>) => t.call(e.scheduleProc, form, as(m));
    expect((await plan(viewer, { mode: 'insert', title: '방송', start: `${kstDay(1)}T20:00`, duration_min: '60' })).body.rslt_cd).toBe(
      ResultCode.FORBIDDEN,
    );
    expect((await plan(bj, { mode: 'insert', title: '', start: `${kstDay(1)}T20:00`, duration_min: '60' })).body.rslt_cd).toBe(
      ResultCode.SCHEDULE_TITLE_REQUIRED,
    );
    expect((await plan(bj, { mode: 'insert', title: '과거', start: `${kstDay(-1)}T20:00`, duration_min: '60' })).body.rslt_cd).toBe(
      ResultCode.SCHEDULE_IN_PAST,
    );
    expect((await plan(bj, { mode: 'insert', title: '없는 날', start: '2026-02-30T20:00', duration_min: '60' })).body.rslt_cd).toBe(
      ResultCode.SCHEDULE_DATE_INVALID,
    );
    expect((await plan(bj, { mode: 'insert', title: '빈 시간', start: '', duration_min: '60' })).body).toMatchObject({
      rslt_cd: ResultCode.SCHEDULE_DATE_INVALID,
      rslt_set: { field: 'start' },
    });
    const long = await plan(bj, { mode: 'insert', title: '너무 긴 방송', start: `${kstDay(2)}T20:00`, duration_min: '2000' });
    expect(long.body).toMatchObject({ rslt_cd: ResultCode.SCHEDULE_DURATION, rslt_set: { field: 'duration_min' } });
    expect(long.body.rslt_msg).toBe(resultMessage('SCHEDULE_DURATION', 'ko', { min: 10, max: 1440 }));
    // 23:30 KST on day 3 is 14:30 UTC the same day; 00:10 KST on day 4 is still day 3 in UTC.
    const late = await plan(bj, { mode: 'insert', title: '심야 방송', start: `${kstDay(3)}T23:30`, duration_min: '30' });
    expect(late.body.rslt_set).toMatchObject({ day: kstDay(3), title: '심야 방송', state: 'planned' });
    const early = await plan(other, { mode: 'insert', title: '새벽 방송', start: `${kstDay(4)}T00:10`, duration_min: '60' });
    expect(early.body.rslt_set.day).toBe(kstDay(4));
    expect((await plan(bj, { mode: 'insert', title: '겹침', start: `${kstDay(3)}T23:00`, duration_min: '60' })).body.rslt_cd).toBe(
      ResultCode.SCHEDULE_OVERLAP,
    );

    const day3 = await t.call(e.scheduleDetail, { day: kstDay(3) });
    const ids = (list: ScheduleItem[]) => list.map((s) => s.schedule_sn);
    expect(ids(day3.body.rslt_set.data_list)).toContain(late.body.rslt_set.schedule_sn);
    expect(ids(day3.body.rslt_set.data_list)).not.toContain(early.body.rslt_set.schedule_sn);
    const day4 = await t.call(e.scheduleDetail, { day: kstDay(4) });
    expect(ids(day4.body.rslt_set.data_list)).toContain(early.body.rslt_set.schedule_sn);

    // Another slot of `other` on day 3 at 21:00 comes before bj's 23:30 for everyone, but a follower of bj sees bj first.
    const other3 = await plan(other, { mode: 'insert', title: '저녁 방송', start: `${kstDay(3)}T21:00`, duration_min: '60' });
    await sql(t, 'insert into channel_subscribe (user_key, bj_user_key) values ($1, $2)', [fan.userKey, bj.userKey]);
    const forAll = (await t.call(e.scheduleDetail, { day: kstDay(3) })).body.rslt_set.data_list.filter((s) =>
      [late.body.rslt_set.schedule_sn, other3.body.rslt_set.schedule_sn].includes(s.schedule_sn),
    );
    expect(ids(forAll)).toEqual([other3.body.rslt_set.schedule_sn, late.body.rslt_set.schedule_sn]);
    const forFan = (await t.call(e.scheduleDetail, { day: kstDay(3) }, as(fan))).body.rslt_set.data_list.filter((s) =>
      [late.body.rslt_set.schedule_sn, other3.body.rslt_set.schedule_sn].includes(s.schedule_sn),
    );
    expect(forFan.map((s) => [s.schedule_sn, s.followed_yn])).toEqual([
      [late.body.rslt_set.schedule_sn, 'Y'],
      [other3.body.rslt_set.schedule_sn, 'N'],
    ]);

    const week = await t.call(e.scheduleList, { from: kstDay(0), days: '7' });
    expect(ids(week.body.rslt_set.data_list)).toEqual(
      expect.arrayContaining([late.body.rslt_set.schedule_sn, early.body.rslt_set.schedule_sn]),
    );
    const kind = await t.call(e.scheduleList, { from: kstDay(0), days: '7', bj_kind: 'program' });
    expect(ids(kind.body.rslt_set.data_list)).not.toContain(late.body.rslt_set.schedule_sn);

    // Changed, then cancelled by its BJ only; the channel's list follows.
    expect((await plan(other, { mode: 'cancel', schedule_sn: String(late.body.rslt_set.schedule_sn) })).body.rslt_cd).toBe(
      ResultCode.SCHEDULE_NOT_FOUND,
    );
    const moved = await plan(bj, {
      mode: 'update',
      schedule_sn: String(late.body.rslt_set.schedule_sn),
      title: '심야 방송 (변경)',
      start: `${kstDay(5)}T22:00`,
      duration_min: '90',
    });
    expect(moved.body.rslt_set).toMatchObject({ day: kstDay(5), duration_min: 90 });
    const channel = await t.call(e.scheduleHtml, { id: bj.id });
    expect(channel.body.rslt_set.schedule_list.map((s) => s.title)).toEqual(['심야 방송 (변경)']);
    await plan(bj, { mode: 'cancel', schedule_sn: String(late.body.rslt_set.schedule_sn) });
    expect((await t.call(e.scheduleHtml, { id: bj.id })).body.rslt_set.total_count).toBe(0);

    // A slot in progress whose BJ is live shows the live broadcast.
    const now = await plan(bj, {
      mode: 'insert',
      title: '지금 방송',
      start: new Date(Date.now() + 60_000).toISOString(),
      duration_min: '60',
    });
    const live = await buildBroadcast(t.database.db, bj.userKey, { state: 'live' });
    const mineNow = await t.call(e.scheduleHtml, {}, as(bj));
    expect(mineNow.body.rslt_set.schedule_list.find((s) => s.schedule_sn === now.body.rslt_set.schedule_sn)?.live_vod_key).toBe(
      live.vodKey,
    );
  });
});

describe('the schedule: refusals and KST bounds', () => {
  it('a guest cannot plan; bad days and unknown BJs are refused; a range ends before from + days at 00:00 KST', async () => {
    const bj = await buildBj(t);
    const viewer = await buildViewer(t);
    const guest = await t.call(e.scheduleProc, { mode: 'insert', title: '방송', start: `${kstDay(1)}T20:00`, duration_min: '60' });
    expect(guest.body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);

    expect((await t.call(e.scheduleList, { from: '2026-02-30', days: '7' })).body).toMatchObject({
      rslt_cd: ResultCode.SCHEDULE_DATE_INVALID,
      rslt_set: { field: 'from' },
    });
    expect((await t.call(e.scheduleList, { from: '내일', days: '7' })).body).toMatchObject({
      rslt_cd: ResultCode.INVALID_INPUT,
      rslt_set: { field: 'from' },
    });
    expect((await t.call(e.scheduleList, { from: kstDay(0), days: '43' })).body).toMatchObject({
      rslt_cd: ResultCode.INVALID_INPUT,
      rslt_set: { field: 'days' },
    });
    expect((await t.call(e.scheduleDetail, { day: '2026-13-01' })).body).toMatchObject({
      rslt_cd: ResultCode.SCHEDULE_DATE_INVALID,
      rslt_set: { field: 'day' },
    });
    expect((await t.call(e.scheduleDetail, { day: '' })).body).toMatchObject({
      rslt_cd: ResultCode.INVALID_INPUT,
      rslt_set: { field: 'day' },
    });

    // A login ID nobody has, and a member who is not a BJ: no channel.
    expect((await t.call(e.scheduleHtml, { id: `nobody${Date.now() % 100000}` })).body.rslt_cd).toBe(ResultCode.CHANNEL_NOT_FOUND);
    expect((await t.call(e.scheduleHtml, { id: viewer.id })).body.rslt_cd).toBe(ResultCode.CHANNEL_NOT_FOUND);

    // Two days from tomorrow: [tomorrow 00:00, the day after next 00:00) KST.
    const plan = async (start: string, duration_min = '10') => {
      const res = await t.call(e.scheduleProc, { mode: 'insert', title: `경계 ${start}`, start, duration_min }, as(bj));
      expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
      return res.body.rslt_set.schedule_sn;
    };
    const atStart = await plan(`${kstDay(1)}T00:00`);
    const lastMinutes = await plan(`${kstDay(2)}T23:50`);
    const atEnd = await plan(`${kstDay(3)}T00:00`);
    const mine = async (from: string, days: string) =>
      (await t.call(e.scheduleList, { from, days })).body.rslt_set.data_list
        .filter((x) => x.bj.user_key === bj.userKey)
        .map((x) => x.schedule_sn);
    expect(await mine(kstDay(1), '2')).toEqual([atStart, lastMinutes]);
    expect(await mine(kstDay(3), '1')).toEqual([atEnd]);
    expect(await mine(kstDay(2), '2')).toEqual([lastMinutes, atEnd]);
  });
});

describe('events', () => {
  it('operators create events; members reply with limits; the author deletes; phases list them', async () => {
    const operator = await buildOperator(t);
    const m = await buildViewer(t);
    const other = await buildViewer(t);
    const tag = `이벤트${Date.now() % 100000}`;
    expect(
      (await t.call(e.adminEventSave, { title: tag, start_date: kstDay(0), end_date: kstDay(-1), content_html: '<p>x</p>' }, as(operator)))
        .body.rslt_cd,
    ).toBe(ResultCode.EVENT_PERIOD_INVALID);
    const running = await t.call(
      e.adminEventSave,
      { title: tag, start_date: kstDay(-1), end_date: kstDay(5), content_html: '<p>참여하세요</p><script>x</script>' },
      as(operator),
    );
    expect(running.body.rslt_set).toMatchObject({ phase: 'running', content_html: '<p>참여하세요</p>' });
    const upcoming = await t.call(e.adminEventSave, { title: `${tag} 예정`, start_date: kstDay(3), end_date: kstDay(9) }, as(operator));
    const ended = await t.call(e.adminEventSave, { title: `${tag} 끝`, start_date: kstDay(-9), end_date: kstDay(-2) }, as(operator));
    const phase = async (p: string) =>
      (await t.call(e.eventMore, { phase: p, limit: '100' })).body.rslt_set.data_list.map((x) => x.event_sn);
    expect(await phase('running')).toContain(running.body.rslt_set.event_sn);
    expect(await phase('upcoming')).toContain(upcoming.body.rslt_set.event_sn);
    expect(await phase('ended')).toContain(ended.body.rslt_set.event_sn);
    const inSchedule = await t.call(e.scheduleEventMore, { limit: '100' });
    expect(inSchedule.body.rslt_set.data_list.map((x) => x.event_sn)).toEqual(
      expect.arrayContaining([running.body.rslt_set.event_sn, upcoming.body.rslt_set.event_sn]),
    );

    const ev = String(running.body.rslt_set.event_sn);
    expect((await t.call(e.eventReplyProc, { mode: 'insert', event_sn: ev, content: '참여' })).body.rslt_cd).toBe(
      ResultCode.LOGIN_REQUIRED,
    );
    expect((await t.call(e.eventReplyProc, { mode: 'insert', event_sn: ev, content: 'ㅋ'.repeat(301) }, as(m))).body.rslt_cd).toBe(
      code('EVENT_REPLY_LENGTH'),
    );
    const reply = await t.call(e.eventReplyProc, { mode: 'insert', event_sn: ev, content: '<b>참여합니다</b> 시발' }, as(m));
    expect(reply.body.rslt_set).toMatchObject({ content: '<b>참여합니다</b> **', is_mine_yn: 'Y' });
    const sn = String((reply.body.rslt_set as { reply_sn: number }).reply_sn);
    expect(
      (await t.call(e.eventReplyProc, { mode: 'insert', event_sn: String(ended.body.rslt_set.event_sn), content: '늦었나요' }, as(m))).body
        .rslt_cd,
    ).toBe(ResultCode.EVENT_ENDED);
    const info = await t.call(e.eventContentInfo, { event_sn: ev });
    expect(info.body.rslt_set.event_reply_count).toBe(1);
    expect(info.body.rslt_set.event_reply_list[0]?.is_mine_yn).toBe('N');
    expect((await t.call(e.eventReplyProc, { mode: 'delete', reply_sn: sn }, as(other))).body.rslt_cd).toBe(ResultCode.BOARD_NOT_OWNER);
    expect((await t.call(e.eventReplyProc, { mode: 'delete', reply_sn: sn }, as(m))).body.rslt_cd).toBe(0);
    expect((await t.call(e.eventContentInfo, { event_sn: ev })).body.rslt_set.event_reply_count).toBe(0);
  });
});

describe('events: paging and refusals', () => {
  it('event_more, schedule_event_more and the replies of event_content_info page by offset; an unknown event is not found', async () => {
    const operator = await buildOperator(t);
    const tag = `쪽이벤트${Date.now() % 100000}`;
    const made: number[] = [];
    for (const n of [1, 2, 3]) {
      const ev = await t.call(e.adminEventSave, { title: `${tag} ${n}`, start_date: kstDay(-n), end_date: kstDay(20 + n) }, as(operator));
      made.push(ev.body.rslt_set.event_sn);
    }
    const draft = await t.call(
      e.adminEventSave,
      { title: `${tag} 초안`, start_date: kstDay(-1), end_date: kstDay(3), state: 'draft' },
      as(operator),
    );

    const running = (await t.call(e.eventMore, { phase: 'running', limit: '100' })).body.rslt_set;
    expect(running.data_totalcount).toBe(running.data_list.length);
    const slice = (await t.call(e.eventMore, { phase: 'running', offset: '1', limit: '2' })).body.rslt_set;
    expect(slice.data_list.map((x) => x.event_sn)).toEqual(running.data_list.slice(1, 3).map((x) => x.event_sn));
    expect(slice.data_totalcount).toBe(running.data_totalcount);
    expect(running.data_list.map((x) => x.event_sn)).not.toContain(draft.body.rslt_set.event_sn);

    const upcoming = (await t.call(e.scheduleEventMore, { limit: '100' })).body.rslt_set;
    expect(upcoming.data_list.map((x) => x.event_sn)).toEqual(expect.arrayContaining(made));
    const pages: number[] = [];
    for (let offset = 0; offset < upcoming.data_totalcount; offset += 2) {
      const p = (await t.call(e.scheduleEventMore, { offset: String(offset), limit: '2' })).body.rslt_set;
      expect(p.data_totalcount).toBe(upcoming.data_totalcount);
      pages.push(...p.data_list.map((x) => x.event_sn));
    }
    expect(pages).toEqual(upcoming.data_list.map((x) => x.event_sn));

    // Replies, newest first, paged; the count is the event's whole.
    const ev = String(made[0]);
    const said: number[] = [];
    for (const n of [1, 2, 3]) {
      const m = await buildViewer(t);
      const r = await t.call(e.eventReplyProc, { mode: 'insert', event_sn: ev, content: `참여 ${n}` }, as(m));
      said.push((r.body.rslt_set as { reply_sn: number }).reply_sn);
    }
    const second = (await t.call(e.eventContentInfo, { event_sn: ev, offset: '1', limit: '1' })).body.rslt_set;
    expect(second.event_reply_list.map((r) => [r.reply_sn, r.content])).toEqual([[said[1], '참여 2']]);
    expect(second.event_reply_count).toBe(3);
    expect((await t.call(e.eventContentInfo, { event_sn: ev, offset: '3' })).body.rslt_set.event_reply_list).toEqual([]);

    const reader = await buildViewer(t);
    expect((await t.call(e.eventContentInfo, { event_sn: '999999999' }, as(reader))).body.rslt_cd).toBe(ResultCode.EVENT_NOT_FOUND);
    // A draft is the operators' only.
    const draftSn = String(draft.body.rslt_set.event_sn);
    expect((await t.call(e.eventContentInfo, { event_sn: draftSn }, as(reader))).body.rslt_cd).toBe(ResultCode.EVENT_NOT_FOUND);
    expect((await t.call(e.eventContentInfo, { event_sn: draftSn }, as(operator))).body.rslt_cd).toBe(0);
  });
});

describe('the audition', () => {
  /** A member with a verified identity (applications.md) and a session. */
  const applicant = async (over: { phoneNo?: string } = {}) => {
    const m = await buildAccount(t, { ci: `ci-audition-${randomBytes(6).toString('hex')}`, ...over });
    return m;
  };
  const form = (over: Record<string, string> = {}): Record<string, string> => ({
    kind: 'bj',
    audition_yn: 'Y',
    activity_name_ko: '오디션스타',
    activity_name_en: 'Audition Star',
    intro: '노래와 춤을 좋아합니다',
    operating_plan: '주 5회 저녁 방송',
    ...over,
  });
  /** POST /v1/upload/video_upload_proc with the bytes as the body. */
  const upload = async (body: Uint8Array, cookie: string | null, type = 'video/mp4') => {
    const res = await fetch(`${t.url}/v1${VIDEO_UPLOAD_PATH}?purpose=audition`, {
      method: 'POST',
      headers: { ...API_HEADERS, 'content-type': type, ...(cookie ? { cookie } : {}) },
      body,
    });
    return (await res.json()) as Envelope<UploadedVideoInfo>;
  };
  let video: Uint8Array;
  beforeAll(async () => {
    const file = path.join(dataDir, 'stage.mp4');
    await run(resolveFfmpeg().path, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-y', file],
    ]);
    video = new Uint8Array(await readFile(file));
  });

  it('is a broadcaster application with a video link and a verified contact phone; a second one answers already applied', async () => {
    const m = await applicant();
    const phone = await verifiedPhone(t, 'contact');
    const withLink = form({ video_url: 'https://video.example.com/audition/1', verify_token: phone.token });
    const bad = await t.call(applicationsEndpoints.apply, { ...withLink, video_url: 'javascript:alert(1)' }, as(m));
    expect(bad.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'video_url' } });
    // Neither a link nor an upload; no phone; a phone verified for another purpose; an audition of another kind.
    expect((await t.call(applicationsEndpoints.apply, form({ verify_token: phone.token }), as(m))).body).toMatchObject({
      rslt_cd: ResultCode.AUDITION_VIDEO_REQUIRED,
      rslt_set: { field: 'video_url' },
    });
    expect((await t.call(applicationsEndpoints.apply, { ...withLink, verify_token: '' }, as(m))).body).toMatchObject({
      rslt_cd: ResultCode.VERIFY_REQUIRED,
      rslt_set: { field: 'verify_token' },
    });
    const joinToken = await verifiedPhone(t, 'join');
    expect((await t.call(applicationsEndpoints.apply, { ...withLink, verify_token: joinToken.token }, as(m))).body).toMatchObject({
      rslt_cd: ResultCode.VERIFY_REQUIRED,
      rslt_set: { field: 'verify_token' },
    });
    expect((await t.call(applicationsEndpoints.apply, { ...withLink, kind: 'kstar' }, as(m))).body.rslt_set).toMatchObject({
      field: 'audition_yn',
    });
    expect(await verificationState(t, phone.token)).toBe('confirmed');

    const applied = await t.call(applicationsEndpoints.apply, withLink, as(m));
    expect(applied.body.rslt_set).toMatchObject({
      audition: true,
      form: { video_url: withLink.video_url },
      contact_phone_country_num: '82',
      contact_phone_no: phone.phoneNo,
      video_file: null,
    });
    expect(await verificationState(t, phone.token)).toBe('used');
    // A second one is refused and spends nothing.
    const again = await verifiedPhone(t, 'contact');
    expect((await t.call(applicationsEndpoints.apply, { ...withLink, verify_token: again.token }, as(m))).body.rslt_cd).toBe(
      ResultCode.ALREADY_APPLIED,
    );
    expect(await verificationState(t, again.token)).toBe('confirmed');
  });

  it('takes an uploaded video (checked by its content, private to its applicant and operators) instead of a link', async () => {
    const m = await applicant();
    const other = await applicant();
    const operator = await buildOperator(t);
    expect((await upload(video, null)).rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await upload(new TextEncoder().encode('not a video at all'), m.cookie)).rslt_cd).toBe(ResultCode.SHORT_NOT_VIDEO);
    expect((await upload(new Uint8Array(), m.cookie, 'application/octet-stream')).rslt_cd).toBe(ResultCode.SHORT_NOT_VIDEO);
    const up = await upload(video, m.cookie, 'application/octet-stream');
    expect(up.rslt_cd, up.rslt_msg).toBe(0);
    expect(up.rslt_set).toMatchObject({ temp_type: 'audition', mime: 'video/mp4', bytes: video.length, width: 320, height: 240 });
    expect(Math.abs(up.rslt_set.duration_sec - 1)).toBeLessThanOrEqual(0.2);
    expect(up.rslt_set.temp_file_path_nm).toMatch(/^\/files\/audition\/\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4$/);

    // The file: its uploader and operators get it (with ranges); another member and a guest a 404.
    const file = (cookie?: string, range?: string) =>
      fetch(`${t.url}${up.rslt_set.temp_file_path_nm}`, { headers: { ...(cookie ? { cookie } : {}), ...(range ? { range } : {}) } });
    const own = await file(m.cookie);
    expect([own.status, own.headers.get('content-type'), own.headers.get('cache-control')]).toEqual([
      200,
      'video/mp4',
      'private, no-cache',
    ]);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(video);
    const part = await file(operator.cookie, 'bytes=0-9');
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 0-9/${video.length}`]);
    await part.arrayBuffer();
    for (const cookie of [other.cookie, undefined]) {
      const refused = await file(cookie);
      expect(refused.status).toBe(404);
      await refused.arrayBuffer();
    }

    // Another member cannot claim it; its uploader can, once.
    const sn = up.rslt_set.temp_file_sn;
    const stolen = await t.call(
      applicationsEndpoints.apply,
      form({ video_file_sn: sn, verify_token: (await verifiedPhone(t, 'contact')).token }),
      as(other),
    );
    expect(stolen.body).toMatchObject({ rslt_cd: ResultCode.UPLOAD_NOT_FOUND, rslt_set: { field: 'video_file_sn' } });
    const phone = await verifiedPhone(t, 'contact');
    const applied = await t.call(applicationsEndpoints.apply, form({ video_file_sn: sn, verify_token: phone.token }), as(m));
    expect(applied.body.rslt_cd, applied.body.rslt_msg).toBe(0);
    expect(applied.body.rslt_set).toMatchObject({
      audition: true,
      video_file: { url: up.rslt_set.temp_file_path_nm, mime: 'video/mp4' },
      contact_phone_no: phone.phoneNo,
    });
    expect(applied.body.rslt_set.form.video_url).toBeUndefined();
    const [state] = await sql<{ state: string }>(t, 'select state from upload_file where file_sn = $1', [sn]);
    expect(state?.state).toBe('used');

    // The console lists it with the phone and the video.
    const listed = await t.call(
      applicationsEndpoints.adminList,
      { kind: 'bj', state: 'received', limit: '100', offset: '0' },
      as(operator),
    );
    const total = listed.body.rslt_set.data_totalcount;
    const tail = await t.call(
      applicationsEndpoints.adminList,
      { kind: 'bj', state: 'received', limit: '100', offset: String(Math.max(0, total - 100)) },
      as(operator),
    );
    expect(tail.body.rslt_set.data_list.find((a) => a.app_sn === applied.body.rslt_set.app_sn)).toMatchObject({
      applicant_id: m.id,
      audition: true,
      contact_phone_no: phone.phoneNo,
      video_file: { url: up.rslt_set.temp_file_path_nm },
    });
  });

  it('turned into a BJ account, the account gets the contact phone when the applicant has none', async () => {
    const operator = await buildOperator(t);
    const account = async (m: Awaited<ReturnType<typeof applicant>>) => {
      const phone = await verifiedPhone(t, 'contact');
      const applied = await t.call(
        applicationsEndpoints.apply,
        form({ video_url: 'https://video.example.com/a', verify_token: phone.token }),
        as(m),
      );
      const done = await t.call(
        applicationsEndpoints.adminMove,
        { app_sn: String(applied.body.rslt_set.app_sn), state: 'complete' },
        as(operator),
      );
      expect(done.body.rslt_cd, done.body.rslt_msg).toBe(0);
      const [row] = await sql<{ phone_country_num: string; phone_no: string }>(
        t,
        'select phone_country_num, phone_no from users where user_key = $1',
        [done.body.rslt_set.account_user_key],
      );
      return { row, contact: phone.phoneNo };
    };
    const phoneless = await applicant({ phoneNo: '' });
    const first = await account(phoneless);
    expect(first.row).toEqual({ phone_country_num: '82', phone_no: first.contact });
    const withPhone = await applicant();
    const second = await account(withPhone);
    expect(second.row).toEqual({ phone_country_num: '82', phone_no: withPhone.phoneNo });
  });
});
