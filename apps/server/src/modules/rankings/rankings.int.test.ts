import {
  adminEndpoints,
  DEFAULT_RANKING_WEIGHTS,
  type RankingCategory,
  type RankingPeriod,
  ResultCode,
  rankingsEndpoints,
  walletEndpoints,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { type Account, buildAccount, buildBj, buildBroadcast, buildOperator, buildViewer, newKey } from '../../testing/builders.js';
import { sql } from '../../testing/members.js';
import { RankingsService } from './rankings.service.js';

/**
 * Issue 18: the rankings job over real PostgreSQL and the ledger. The job ranks every BJ in the database,
 * other suites' included; each check weighs one part at 100 % so the order of this file's BJs does not
 * depend on anyone else's values, and looks at this file's BJs only.
 */
let t: TestApp;
let rankings: RankingsService;
let operator: Account;
beforeAll(async () => {
  t = await startTestApp({ roles: ['api'] });
  rankings = new RankingsService(t.database.db);
  operator = await buildOperator(t);
});
afterAll(async () => {
  await rankings?.saveSetting(0, { ...DEFAULT_RANKING_WEIGHTS, rookie_days: 90 });
  await t?.close();
});

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const weigh = async (w: Partial<typeof DEFAULT_RANKING_WEIGHTS>) => {
  const res = await t.call(
    rankingsEndpoints.settingProc,
    Object.fromEntries(
      Object.entries({ peak_viewers: 0, likes: 0, fan_growth: 0, star: 0, rookie_days: 90, ...w }).map(([k, v]) => [k, String(v)]),
    ),
    { cookie: operator.cookie },
  );
  expect(res.body.rslt_cd).toBe(0);
};
const list = async (category: RankingCategory, period: RankingPeriod) => {
  const res = await t.call(rankingsEndpoints.more, { category, period, limit: '100' });
  expect(res.body.rslt_cd).toBe(0);
  return res.body.rslt_set;
};
const mine = (rows: Array<{ bj: { user_key: number } }>, keys: number[]) =>
  rows.filter((r) => keys.includes(r.bj.user_key)).map((r) => r.bj.user_key);

describe('the ranking job', () => {
  it('orders BJs per period and category from broadcasts, gifts and fan-club joins, and keeps the previous rank', async () => {
    const kstar = await buildBj(t);
    const general = await buildBj(t);
    const pib = await buildBj(t);
    const program = await buildBj(t);
    const veteran = await buildBj(t);
    await sql(
      t,
      `update users set bj_type_cd = x.t from (values ($1::bigint, 'enter'), ($2::bigint, 'public'), ($3::bigint, 'program')) as x(k, t) where user_key = x.k`,
      [kstar.userKey, pib.userKey, program.userKey],
    );
    const db = t.database.db;
    await buildBroadcast(db, kstar.userKey, {
      state: 'ended',
      replayYn: true,
      startedAt: ago(3 * DAY),
      endedAt: ago(3 * DAY - 3_600_000),
      peakViewerCnt: 9_000_003,
      likeCnt: 1,
    });
    const live = await buildBroadcast(db, general.userKey, { peakViewerCnt: 9_000_002, likeCnt: 2 });
    await buildBroadcast(db, pib.userKey, {
      state: 'ended',
      startedAt: ago(3_600_000),
      endedAt: ago(60_000),
      peakViewerCnt: 9_000_001,
      likeCnt: 50,
    });
    await buildBroadcast(db, program.userKey, {
      state: 'ended',
      startedAt: ago(20 * DAY),
      endedAt: ago(20 * DAY - 60_000),
      peakViewerCnt: 9_000_004,
    });
    await buildBroadcast(db, veteran.userKey, {
      state: 'ended',
      startedAt: ago(200 * DAY),
      endedAt: ago(200 * DAY - 60_000),
      peakViewerCnt: 9_000_005,
    });
    await buildBroadcast(db, veteran.userKey, { state: 'ended', startedAt: ago(2 * 3_600_000), endedAt: ago(3_600_000), peakViewerCnt: 5 });
    const keys = [kstar, general, pib, program, veteran].map((b) => b.userKey);

    // Peak viewers alone: a broadcast counts in the windows it started in (a live one in all of them).
    await weigh({ peak_viewers: 100 });
    expect((await rankings.compute(new Date(), 0)).ran).toBe(true);
    const day = await list('all', 'day');
    expect(mine(day.data_list, keys)).toEqual([general.userKey, pib.userKey, veteran.userKey]);
    expect(mine((await list('all', 'week')).data_list, keys)).toEqual([kstar.userKey, general.userKey, pib.userKey, veteran.userKey]);
    const month = await list('all', 'month');
    expect(mine(month.data_list, keys)).toEqual([program.userKey, kstar.userKey, general.userKey, pib.userKey, veteran.userKey]);
    expect(mine((await list('kstar', 'week')).data_list, keys)).toEqual([kstar.userKey]);
    expect(mine((await list('pib', 'day')).data_list, keys)).toEqual([pib.userKey]);
    expect(mine((await list('program', 'week')).data_list, keys)).toEqual([]);
    expect(mine((await list('program', 'month')).data_list, keys)).toEqual([program.userKey]);
    // Rookies: first broadcast within 90 days (the veteran's was 200 days ago).
    expect(mine((await list('rookie', 'month')).data_list, keys)).toEqual([program.userKey, kstar.userKey, general.userKey, pib.userKey]);
    const row = day.data_list.find((r) => r.bj.user_key === general.userKey);
    expect(row).toMatchObject({
      live_vod_key: live.vodKey,
      peak_viewer_cnt: 9_000_002,
      like_cnt: 2,
      bj: { id: general.id, nick: general.nick },
    });
    expect(day).toMatchObject({ weights: { peak_viewers: 100, likes: 0, fan_growth: 0, star: 0 }, rookie_days: 90 });
    expect(Date.parse(day.period_end) - Date.parse(day.period_start)).toBe(DAY);

    // Likes alone, then STAR alone: real gifts through the ledger, folded by the job exactly once.
    await weigh({ likes: 100 });
    // Within the same KST day/week/month a new snapshot keeps the unit's baseline (none yet: no arrows)...
    await rankings.compute(new Date(), 0);
    expect((await list('all', 'month')).data_list.filter((x) => keys.includes(x.bj.user_key)).map((r) => r.prev_rank)).toEqual(
      keys.map(() => null),
    );
    // ...and the first snapshot of a new unit moves against the last one of the unit before.
    await sql(t, `update ranking_run set computed_at = computed_at - interval '40 days'`, []);
    await sql(t, `update ranking_snapshot set prev_rank = null`, []);
    const firstOfUnit = new Map((await list('all', 'month')).data_list.map((r) => [r.bj.user_key, r.rank]));
    await rankings.compute(new Date(), 0);
    const byLikes = await list('all', 'month');
    // Every BJ with anything in the window ranks; a tie (no likes) goes to the higher peak.
    expect(mine(byLikes.data_list, keys)).toEqual([pib.userKey, general.userKey, kstar.userKey, program.userKey, veteran.userKey]);
    for (const r of byLikes.data_list.filter((x) => keys.includes(x.bj.user_key))) expect(r.prev_rank).toBe(firstOfUnit.get(r.bj.user_key));
    // A later run in the same unit keeps that baseline.
    await rankings.compute(new Date(), 0);
    for (const r of (await list('all', 'month')).data_list.filter((x) => keys.includes(x.bj.user_key)))
      expect(r.prev_rank).toBe(firstOfUnit.get(r.bj.user_key));
    // The periodic job skips when a snapshot is younger than most of its interval (several processes run it).
    expect((await rankings.compute(new Date(), 0, 60_000)).ran).toBe(false);

    const fan1 = await buildViewer(t, { star: 1_000 });
    const fan2 = await buildViewer(t, { star: 1_000 });
    const give = async (fan: Account, n: number) => {
      const res = await t.call(
        walletEndpoints.gift,
        { vod_key: live.vodKey, star_cnt: String(n), idempotency_key: newKey() },
        { cookie: fan.cookie },
      );
      expect(res.body.rslt_cd).toBe(0);
    };
    await give(fan1, 300);
    await give(fan2, 200);
    await give(fan1, 7);
    await weigh({ star: 100 });
    await rankings.compute(new Date(), 0);
    await rankings.compute(new Date(), 0); // a second run folds nothing twice
    const byStar = await list('all', 'day');
    const g = byStar.data_list.find((r) => r.bj.user_key === general.userKey);
    expect(g).toMatchObject({ star_cnt: 507, fan_growth_cnt: 2 });
    expect(mine(byStar.data_list, keys)[0]).toBe(general.userKey);

    // A BJ who keeps the fan lists private still ranks, without their fan and STAR counts.
    await sql(
      t,
      `insert into chat_setting (bj_user_key, sponsor_list_public_yn) values ($1, false)
                  on conflict (bj_user_key) do update set sponsor_list_public_yn = false`,
      [general.userKey],
    );
    const hidden = (await list('all', 'day')).data_list.find((r) => r.bj.user_key === general.userKey);
    expect(hidden).toMatchObject({ star_cnt: null, fan_growth_cnt: null, rank: g?.rank });

    // Fan-club growth alone.
    await weigh({ fan_growth: 100 });
    await rankings.compute(new Date(), 0);
    expect(mine((await list('all', 'week')).data_list, keys)[0]).toBe(general.userKey);
  });

  it('links an adult live only for adult-verified viewers and neither lists nor counts a BJ who left', async () => {
    const adultBj = await buildBj(t);
    const leaver = await buildBj(t);
    const adultLive = await buildBroadcast(t.database.db, adultBj.userKey, { peakViewerCnt: 8_000_002, adultYn: true });
    await buildBroadcast(t.database.db, leaver.userKey, { peakViewerCnt: 8_000_001 });
    await weigh({ peak_viewers: 100 });
    await rankings.compute(new Date(), 0);
    const before = await list('all', 'day');
    const row = (rows: typeof before.data_list) => rows.find((r) => r.bj.user_key === adultBj.userKey);
    expect(row(before.data_list)).toMatchObject({ live_vod_key: '' });
    // Adult-verified, with adult broadcasts left off (/mypage/setting's default): still not linked.
    const verified = await buildAccount(t, { adultVerifiedAt: new Date() });
    const off = await t.call(rankingsEndpoints.more, { category: 'all', period: 'day', limit: '100' }, { cookie: verified.cookie });
    expect(row(off.body.rslt_set.data_list)).toMatchObject({ live_vod_key: '' });
    const showing = await buildAccount(t, {
      adultVerifiedAt: new Date(),
      settings: { adult_broadcast: true, viewer_count: true, translation: false },
    });
    const seen = await t.call(rankingsEndpoints.more, { category: 'all', period: 'day', limit: '100' }, { cookie: showing.cookie });
    expect(row(seen.body.rslt_set.data_list)).toMatchObject({ live_vod_key: adultLive.vodKey });

    await sql(t, `update users set state = 'closed' where user_key = $1`, [leaver.userKey]);
    const after = await list('all', 'day');
    expect(after.data_list.some((r) => r.bj.user_key === leaver.userKey)).toBe(false);
    expect(after.data_totalcount).toBe(before.data_totalcount - 1);
    expect(after.data_list).toHaveLength(Math.min(100, after.data_totalcount));
  });

  it('lets operators alone change the weights, which must add up to 100', async () => {
    const viewer = await buildViewer(t);
    const bad = { peak_viewers: '50', likes: '30', fan_growth: '15', star: '15', rookie_days: '90' };
    const good = { ...bad, peak_viewers: '40' };
    expect((await t.call(rankingsEndpoints.settingProc, good)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await t.call(rankingsEndpoints.settingProc, good, { cookie: viewer.cookie })).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await t.call(rankingsEndpoints.setting, {}, { cookie: viewer.cookie })).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    const refused = await t.call(rankingsEndpoints.settingProc, bad, { cookie: operator.cookie, lang: 'ko' });
    expect(refused.body.rslt_cd).toBe(ResultCode.RANKING_WEIGHTS_SUM);
    expect(refused.body.rslt_msg).toBe('가중치의 합은 100이어야 합니다.');
    const saved = await t.call(
      rankingsEndpoints.settingProc,
      { ...bad, peak_viewers: '40', rookie_days: '30' },
      { cookie: operator.cookie },
    );
    expect(saved.body.rslt_set).toEqual({ peak_viewers: 40, likes: 30, fan_growth: 15, star: 15, rookie_days: 30 });
    expect((await t.call(rankingsEndpoints.setting, {}, { cookie: operator.cookie })).body.rslt_set.rookie_days).toBe(30);
    // The change is in the console's audit list, with what it was before.
    const audit = await t.call(
      adminEndpoints.auditList,
      { action: 'ranking_setting_save', actor: operator.id },
      { cookie: operator.cookie },
    );
    expect(audit.body.rslt_cd).toBe(0);
    const [last] = audit.body.rslt_set.data_list;
    expect(last).toMatchObject({ source: 'ranking', actor_user_key: operator.userKey, after: { peak_viewers: 40, rookie_days: 30 } });
    expect(last?.before).toHaveProperty('rookie_days');
  });
});
