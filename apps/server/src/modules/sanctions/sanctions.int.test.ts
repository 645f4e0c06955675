import { ResultCode, type Sanction, type StreamInfo, sanctionsEndpoints, streamEndpoints } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBj, buildBroadcast, buildOperator, buildViewer } from '../../testing/builders.js';
import { buildMember, fromIp, MEMBER_PASSWORD, sql } from '../../testing/members.js';
import { createChatStore } from '../chat/chat.repository.js';
import type { RoomContext } from '../chat/chat.types.js';
import { findPublisher, refusal, suspendedUntil } from '../media/media.repository.js';

/**
 * Issue 16, finding 2: a freeze did not stick and operators could not sanction. Sanctions of a period with
 * a reason: broadcasting (the ingest refuses the next publish), chat everywhere (frozen in every room),
 * the account (sessions end, login answers ACCOUNT_SUSPENDED with the end and the reason).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t?.close());

const sanction = (cookie: string, form: Record<string, string>) => t.call(sanctionsEndpoints.save, form, { cookie });
const login = (id: string, lang: 'ko' | 'en' = 'ko') =>
  t.post<{ rtv: string }>('/v1/user/login_proc', { id, passwd: MEMBER_PASSWORD }, { headers: fromIp(), lang });

describe('who may sanction what', () => {
  it('lets operators apply every kind, GMs broadcasting and chat bans, and nobody else; never against staff', async () => {
    const operator = await buildOperator(t);
    const gm = await buildOperator(t, 'gm');
    const member = await buildViewer(t);
    const target = await buildViewer(t);
    const form = (kind: string) => ({ id: target.id, kind, hours: '2', reason: '도배' });

    expect((await sanction(member.cookie, form('chat'))).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await sanction(gm.cookie, form('account'))).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    const byGm = await sanction(gm.cookie, form('chat'));
    expect(byGm.body).toMatchObject({ rslt_cd: 0, rslt_set: { kind: 'chat', id: target.id, reason: '도배', active_yn: 'Y' } });
    const hours = (Date.parse(byGm.body.rslt_set.ends_at) - Date.parse(byGm.body.rslt_set.starts_at)) / 3600_000;
    expect(hours).toBeCloseTo(2, 3);
    expect((await sanction(operator.cookie, { ...form('account'), id: 'nosuchmember1' })).body.rslt_cd).toBe(
      ResultCode.SANCTION_TARGET_NOT_FOUND,
    );
    expect((await sanction(operator.cookie, { ...form('account'), id: gm.id })).body.rslt_cd).toBe(ResultCode.SANCTION_STAFF);
    // Each bad field is named.
    for (const [field, value] of [
      ['kind', 'forever'],
      ['hours', '0'],
      ['reason', ''],
    ] as const) {
      const res = await sanction(operator.cookie, { ...form('chat'), [field]: value });
      expect([ResultCode.INVALID_INPUT, ResultCode.REQUIRED], `${field}`).toContain(res.body.rslt_cd);
      expect(res.body.rslt_set).toMatchObject({ field });
    }

    // The list shows it in force, with who applied it; lifting ends it, once.
    const listed = await t.call(sanctionsEndpoints.list, { id: target.id }, { cookie: operator.cookie });
    expect(listed.body.rslt_set.data_list.map((s: Sanction) => [s.kind, s.created_by_nick])).toEqual([['chat', gm.nick]]);
    const sn = String(byGm.body.rslt_set.sanction_sn);
    expect((await t.call(sanctionsEndpoints.lift, { sanction_sn: sn }, { cookie: member.cookie })).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    const lifted = await t.call(sanctionsEndpoints.lift, { sanction_sn: sn }, { cookie: gm.cookie });
    expect(lifted.body.rslt_set).toMatchObject({ active_yn: 'N' });
    expect(lifted.body.rslt_set.lifted_at).not.toBeNull();
    expect((await t.call(sanctionsEndpoints.lift, { sanction_sn: sn }, { cookie: gm.cookie })).body.rslt_cd).toBe(
      ResultCode.SANCTION_NOT_ACTIVE,
    );
    const active = await t.call(sanctionsEndpoints.list, { id: target.id, state: 'active' }, { cookie: operator.cookie });
    expect(active.body.rslt_set.data_totalcount).toBe(0);
  });
});

describe('an account suspension', () => {
  it('signs the member out everywhere and refuses the login with the end (KST) and the reason, until lifted', async () => {
    const operator = await buildOperator(t);
    // Joined through the real join call, so the account has a password to log in with.
    const member = await buildMember(t);
    expect((await t.get('/v1/user/user_info', {}, { cookie: member.cookie })).body.rslt_cd).toBe(0);
    const done = await sanction(operator.cookie, { id: member.id, kind: 'account', hours: '24', reason: '욕설' });
    expect(done.body.rslt_cd).toBe(0);
    expect((await t.get('/v1/user/user_info', {}, { cookie: member.cookie })).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);

    const refused = await login(member.id);
    expect(refused.body.rslt_cd).toBe(ResultCode.ACCOUNT_SUSPENDED);
    const endsKst = new Date(Date.parse(done.body.rslt_set.ends_at) + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(refused.body.rslt_msg).toBe(`이용이 정지된 계정입니다. (${endsKst}까지, 사유: 욕설)`);
    expect((await login(member.id, 'en')).body.rslt_msg).toBe(`This account is suspended until ${endsKst} (reason: 욕설).`);

    await t.call(sanctionsEndpoints.lift, { sanction_sn: String(done.body.rslt_set.sanction_sn) }, { cookie: operator.cookie });
    expect((await login(member.id)).body.rslt_cd).toBe(0);
  });
});

describe('a chat ban', () => {
  it('freezes the member in every room (their standing), and only while it is in force', async () => {
    const operator = await buildOperator(t);
    const member = await buildViewer(t);
    const store = createChatStore(t.database.db);
    const rooms: RoomContext[] = [];
    for (let i = 0; i < 2; i++) {
      const bj = await buildBj(t);
      const b = await buildBroadcast(t.database.db, bj.userKey);
      rooms.push((await store.loadRoom(b.vodKey)) as RoomContext);
    }
    for (const room of rooms) expect((await store.loadStanding(room, member.userKey)).frozen).toBe(false);
    const done = await sanction(operator.cookie, { id: member.id, kind: 'chat', hours: '1', reason: '광고' });
    for (const room of rooms) expect((await store.loadStanding(room, member.userKey)).frozen).toBe(true);
    // Over (as if its hour had passed): no longer frozen.
    await sql(t, "update sanction set ends_at = now() - interval '1 second' where sanction_sn = $1", [done.body.rslt_set.sanction_sn]);
    for (const room of rooms) expect((await store.loadStanding(room, member.userKey)).frozen).toBe(false);
  });
});

describe('a broadcasting suspension', () => {
  it('comes with a freeze when asked: the BJ sees its end and the ingest refuses the key until then', async () => {
    const operator = await buildOperator(t);
    const bj = await buildBj(t);
    const info = async () => (await t.call(streamEndpoints.info, { reveal: 'Y' }, { cookie: bj.cookie })).body.rslt_set as StreamInfo;
    const key = (await info()).stream_key;
    expect((await info()).sanctioned_until).toBeNull();
    const live = await buildBroadcast(t.database.db, bj.userKey);

    const noReason = await t.post(
      '/v1/admin/broadcast_freeze_proc',
      { vod_key: live.vodKey, suspend_hours: '3' },
      { cookie: operator.cookie },
    );
    expect(noReason.body).toMatchObject({ rslt_cd: ResultCode.REQUIRED, rslt_set: { field: 'reason' } });
    const frozen = await t.post<{ suspended_until: string }>(
      '/v1/admin/broadcast_freeze_proc',
      { vod_key: live.vodKey, suspend_hours: '3', reason: '저작권 침해' },
      { cookie: operator.cookie },
    );
    expect(frozen.body.rslt_cd).toBe(0);
    const until = frozen.body.rslt_set.suspended_until;
    expect((Date.parse(until) - Date.now()) / 3600_000).toBeCloseTo(3, 1);
    expect((await info()).sanctioned_until).toBe(until);
    // What the ingest decides for the next publish with the same key.
    const publisher = await findPublisher(t.database.db, key);
    expect(refusal(publisher, new Date(), await suspendedUntil(t.database.db, bj.userKey))).toBe('suspended');
    expect(refusal(publisher, new Date(Date.parse(until) + 1000), await suspendedUntil(t.database.db, bj.userKey))).toBeNull();
  });
});
