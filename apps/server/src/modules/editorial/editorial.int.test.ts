import {
  type AdminAuditEntry,
  adminEndpoints,
  applicationsEndpoints,
  type CsReport,
  communityEndpoints,
  contentEndpoints,
  editorialEndpoints,
  ResultCode,
  type ResultCodeName,
  resultMessage,
  type ScheduleItem,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBj, buildBroadcast, buildOperator, buildViewer } from '../../testing/builders.js';
import { sql } from '../../testing/members.js';

/**
 * Issue 21: the magazine (with its switch), the schedule (KST days), events and the audition, through the
 * real calls against PostgreSQL (docs/editorial.md).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

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

  it('the magazine switch: off, readers are told the service is being prepared; the flip is audited', async () => {
    const operator = await buildOperator(t);
    const reader = await buildViewer(t);
    expect((await t.call(e.adminSiteSwitch, { name: 'magazine', value: 'N' }, as(reader))).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    const off = await t.call(e.adminSiteSwitch, { name: 'magazine', value: 'N' }, as(operator));
    expect(off.body.rslt_set.site_setting.magazine_yn).toBe('N');
    try {
      const refused = await t.call(e.magazineList, {}, { ...as(reader), lang: 'en' });
      expect(refused.body).toMatchObject({ rslt_cd: ResultCode.SERVICE_PREPARING, rslt_msg: resultMessage('SERVICE_PREPARING', 'en') });
      expect((await t.call(contentEndpoints.magazineList, {})).body.rslt_cd).toBe(ResultCode.SERVICE_PREPARING);
      const site = await t.get<{ site_setting: Record<string, string> }>('/v1/pubapi/api_site_cache_info');
      expect(site.body.rslt_set.site_setting.magazine_yn).toBe('N');
    } finally {
      expect((await t.call(e.adminSiteSwitch, { name: 'magazine', value: 'Y' }, as(operator))).body.rslt_cd).toBe(0);
    }
    expect((await t.call(e.magazineList, {})).body.rslt_cd).toBe(0);
    const audit = await t.call(adminEndpoints.auditList, { action: 'site_switch' }, as(operator));
    expect(audit.body.rslt_set.data_list.slice(0, 2).map((a: AdminAuditEntry) => a.after)).toEqual([
      { magazine_yn: 'Y' },
      { magazine_yn: 'N' },
    ]);
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

describe('the audition', () => {
  it('is a broadcaster application with a video link; a second one answers already applied', async () => {
    const m = await buildViewer(t);
    // Applying needs a verified identity (applications.md); the member verified theirs.
    await sql(t, `update users set ci = $2 where user_key = $1`, [m.userKey, `ci-audition-${m.userKey}`]);
    const form = {
      kind: 'bj',
      activity_name_ko: '오디션스타',
      activity_name_en: 'Audition Star',
      intro: '노래와 춤을 좋아합니다',
      operating_plan: '주 5회 저녁 방송',
      video_url: 'https://video.example.com/audition/1',
    };
    const bad = await t.call(applicationsEndpoints.apply, { ...form, video_url: 'javascript:alert(1)' }, as(m));
    expect(bad.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'video_url' } });
    const applied = await t.call(applicationsEndpoints.apply, form, as(m));
    expect(applied.body.rslt_set.form).toMatchObject({ video_url: form.video_url });
    expect((await t.call(applicationsEndpoints.apply, form, as(m))).body.rslt_cd).toBe(ResultCode.ALREADY_APPLIED);
  });
});
