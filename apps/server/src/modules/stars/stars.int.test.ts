import { editorialEndpoints, ResultCode, searchEndpoints, starsEndpoints } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast, buildOperator } from '../../testing/builders.js';
import { buildAccount, sql } from '../../testing/members.js';

/** Issue 22: the program and K-star directories and the K-star profiles operators keep (docs/stars.md). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const e = starsEndpoints;

describe('the directories', () => {
  it('list programs and K-stars live first; operators set a K-star group that the group list and filter use', async () => {
    const operator = await buildOperator(t);
    const quiet = await buildAccount(t, { typeCd: 'bj', role: 'bj', bjTypeCd: 'program' });
    const onAir = await buildAccount(t, { typeCd: 'bj', role: 'bj', bjTypeCd: 'program' });
    const general = await buildAccount(t, { typeCd: 'bj', role: 'bj', bjTypeCd: 'general' });
    const live = await buildBroadcast(t.database.db, onAir.userKey, { title: '생방송 토크', viewerCnt: 42 });
    const programs = (await t.call(e.programMore, { limit: '100' })).body.rslt_set.data_list;
    const ids = programs.map((p) => p.id);
    expect(ids).toContain(quiet.id);
    expect(ids).not.toContain(general.id);
    expect(ids.indexOf(onAir.id)).toBeLessThan(ids.indexOf(quiet.id));
    expect(programs.find((p) => p.id === onAir.id)).toMatchObject({ live_vod_key: live.vodKey, live_title: '생방송 토크', viewer_cnt: 42 });

    const star = await buildAccount(t, { typeCd: 'bj', role: 'bj', bjTypeCd: 'enter' });
    const group = `G${Date.now() % 100000}`;
    expect((await t.call(e.adminProfile, { user_id: star.id, group_name: group }, { cookie: star.cookie })).body.rslt_cd).toBe(
      ResultCode.FORBIDDEN,
    );
    expect((await t.call(e.adminProfile, { user_id: quiet.id, group_name: group }, { cookie: operator.cookie })).body.rslt_cd).toBe(
      ResultCode.KSTAR_NOT_FOUND,
    );
    expect((await t.call(e.adminProfile, { user_id: star.id, debut_date: '2024-13-40' }, { cookie: operator.cookie })).body.rslt_cd).toBe(
      ResultCode.KSTAR_DEBUT_INVALID,
    );
    const saved = await t.call(
      e.adminProfile,
      { user_id: star.id, agency: '별빛엔터', group_name: group, debut_date: '2024-05-01' },
      { cookie: operator.cookie },
    );
    expect(saved.body.rslt_set).toMatchObject({ id: star.id, agency: '별빛엔터', group_name: group, debut_date: '2024-05-01' });
    const filtered = (await t.call(e.kstarMore, { group_name: group })).body.rslt_set;
    expect(filtered.data_list.map((s) => s.id)).toEqual([star.id]);
    const groups = (await t.call(e.memberGroupList, {})).body.rslt_set.group_list;
    expect(groups.find((g) => g.group_name === group)).toMatchObject({ agency: '별빛엔터', debut_date: '2024-05-01', live_cnt: 0 });
    const audit = await sql<{ action: string }>(t, 'select action from star_audit where member_key = $1', [star.userKey]);
    expect(audit.map((a) => a.action)).toEqual(['star_profile_save']);
    await sql(t, "update broadcast set state = 'ended', ended_at = now() where vod_key = $1", [live.vodKey]);
  });

  it('answer service being prepared while their switch is off', async () => {
    const operator = await buildOperator(t);
    for (const [name, ep] of [
      ['kstar', e.kstarMore],
      ['program', e.programMore],
    ] as const) {
      await t.call(editorialEndpoints.adminSiteSwitch, { name, value: 'N' }, { cookie: operator.cookie });
      try {
        await expect.poll(async () => (await t.call(ep, {})).body.rslt_cd).toBe(ResultCode.SERVICE_PREPARING);
        expect((await t.call(ep, {}, { cookie: operator.cookie })).body.rslt_cd).toBe(0);
        // Search leaves the kind out too: its own page answers the same, the all-kinds page has no such section.
        const find = (kind: string, cookie?: string) => t.call(searchEndpoints.more, { kind, keyword: '별빛' }, cookie ? { cookie } : {});
        expect((await find(name)).body.rslt_cd).toBe(ResultCode.SERVICE_PREPARING);
        expect((await find(name, operator.cookie)).body.rslt_cd).toBe(0);
        const all = (await find('all')).body.rslt_set;
        expect(Object.keys(all.kind_totals)).not.toContain(name);
        expect(Object.keys(all.kind_totals)).toContain('bj');
      } finally {
        await t.call(editorialEndpoints.adminSiteSwitch, { name, value: 'Y' }, { cookie: operator.cookie });
      }
      await expect.poll(async () => (await t.call(ep, {})).body.rslt_cd).toBe(0);
    }
    expect((await t.call(e.memberGroupList, {})).body.rslt_cd).toBe(0);
  });
});
