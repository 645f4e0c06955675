import { randomBytes } from 'node:crypto';
import { applicationsEndpoints, ResultCode, type UserInfoSet } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildAccount, sessionCookie, sql, unique } from '../../testing/members.js';
import type { users } from '../users/users.tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** A member account with a verified identity (unless `ci: ''`) and a session cookie for it. */
const buildUser = (over: Partial<typeof users.$inferInsert> = {}) =>
  buildAccount(t, {
    ci: `ci-${randomBytes(8).toString('hex')}`,
    realName: '신청자',
    birthDate: '1990-01-01',
    adultVerifiedAt: new Date(),
    ...over,
  });

const bjForm = (over: Record<string, string> = {}) => ({
  kind: 'bj',
  activity_name_ko: unique('별빛').slice(0, 10),
  activity_name_en: 'Starlight',
  intro: '노래하는 BJ입니다.',
  operating_plan: '매주 화, 목 저녁 8시 라이브',
  social_url: 'https://example.com/starlight',
  ...over,
});
/** A K-star application with its company fields, under `business_no`. */
const kstarForm = (business_no: string) =>
  bjForm({ kind: 'kstar', debut_date: '2020-02-02', agency: '별 엔터', company_name: '(주)별엔터', representative: '김대표', business_no });
const applyAs = (cookie: string | undefined, form: Record<string, string>) =>
  t.call(applicationsEndpoints.apply, form, cookie ? { cookie } : {});
const move = (cookie: string, app_sn: number, state: string, memo?: string) =>
  t.call(applicationsEndpoints.adminMove, { app_sn: String(app_sn), state, ...(memo ? { operator_memo: memo } : {}) }, { cookie });
const applicationCount = async (userKey: number) =>
  Number((await sql<{ n: string }>(t, 'select count(*) n from account_application where user_key = $1', [userKey]))[0]?.n);
const ownedCount = async (userKey: number) =>
  Number((await sql<{ n: string }>(t, 'select count(*) n from users where owner_user_key = $1', [userKey]))[0]?.n);

const whoAmI = async (cookie: string) => (await t.get<UserInfoSet>('/v1/user/user_info', {}, { cookie })).body.rslt_set.user_info;

let operator: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  operator = await buildUser({ role: 'operator', ci: '' });
});

describe('applying for a broadcaster, K-star or program account', () => {
  it('needs a login and a verified identity', async () => {
    expect((await applyAs(undefined, bjForm())).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    const unverified = await buildUser({ ci: '', adultVerifiedAt: null });
    const res = await applyAs(unverified.cookie, bjForm());
    expect(res.body).toMatchObject({ rslt_cd: ResultCode.APPLY_IDENTITY_REQUIRED, rslt_msg: '본인인증(성인인증)을 먼저 완료해 주세요.' });
    const info = await t.call(applicationsEndpoints.signupInfo, { kind: 'bj' }, { cookie: unverified.cookie });
    expect(info.body.rslt_set).toEqual({ kind: 'bj', application: null, identity_verified: false, personal: true });
    expect(await applicationCount(unverified.userKey)).toBe(0);
  });

  it('names the missing or malformed field, and garbage changes nothing', async () => {
    const me = await buildUser();
    const cases: [Record<string, string>, number, string][] = [
      [bjForm({ intro: '  ' }), ResultCode.REQUIRED, 'intro'],
      [bjForm({ social_url: 'javascript:alert(1)' }), ResultCode.INVALID_INPUT, 'social_url'],
      [bjForm({ activity_name_en: '별빛' }), ResultCode.INVALID_INPUT, 'activity_name_en'],
      [bjForm({ debut_date: '2999-01-01' }), ResultCode.INVALID_INPUT, 'debut_date'],
      [bjForm({ kind: 'king' }), ResultCode.INVALID_INPUT, 'kind'],
      [bjForm({ intro: 'x'.repeat(1001) }), ResultCode.INVALID_INPUT, 'intro'],
      [kstarForm('124-81-00999'), ResultCode.INVALID_INPUT, 'business_no'],
      [bjForm({ kind: 'program' }), ResultCode.REQUIRED, 'company_name'],
    ];
    for (const [form, code, field] of cases) {
      const res = await applyAs(me.cookie, form);
      expect(res.body, JSON.stringify(form)).toMatchObject({ rslt_cd: code, rslt_set: { field } });
    }
    expect(await applicationCount(me.userKey)).toBe(0);
  });

  it('records the application as received and answers already applied to a second one, even in parallel', async () => {
    const me = await buildUser();
    const [a, b] = await Promise.all([applyAs(me.cookie, bjForm()), applyAs(me.cookie, bjForm())]);
    const codes = [a.body.rslt_cd, b.body.rslt_cd].sort();
    expect(codes).toEqual([0, ResultCode.ALREADY_APPLIED]);
    const done = a.body.rslt_cd === 0 ? a : b;
    expect(done.body.rslt_set).toMatchObject({ kind: 'bj', state: 'received', account_user_key: null });
    // Only the kind's fields are kept.
    expect(Object.keys(done.body.rslt_set.form).sort()).toEqual([
      'activity_name_en',
      'activity_name_ko',
      'intro',
      'operating_plan',
      'social_url',
    ]);

    const again = await applyAs(me.cookie, bjForm());
    expect(again.body).toMatchObject({ rslt_cd: ResultCode.ALREADY_APPLIED, rslt_msg: '이미 신청하셨습니다.' });
    const info = await t.call(applicationsEndpoints.signupInfo, { kind: 'bj' }, { cookie: me.cookie });
    expect(info.body.rslt_set).toMatchObject({ identity_verified: true, personal: true, application: { state: 'received' } });
    // Another kind is a separate application.
    const kstar = await applyAs(me.cookie, kstarForm('124-81-00998'));
    expect(kstar.body.rslt_set).toMatchObject({ kind: 'kstar', state: 'received' });
    expect(await applicationCount(me.userKey)).toBe(2);
  });
});

describe('operators move applications; completion creates the owned account once', () => {
  it('refuses non-operators and bad moves, completes once, and allows a new application only after a rejection', async () => {
    const me = await buildUser();
    const applied = await applyAs(me.cookie, bjForm());
    const appSn = applied.body.rslt_set.app_sn;

    expect((await move(me.cookie, appSn, 'complete')).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await t.call(applicationsEndpoints.adminList, {}, { cookie: me.cookie })).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await move('', appSn, 'complete')).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect(await ownedCount(me.userKey)).toBe(0);

    const list = await t.call(
      applicationsEndpoints.adminList,
      { state: 'received', kind: 'bj', limit: '100' },
      { cookie: operator.cookie },
    );
    expect(list.body.rslt_cd).toBe(0);
    expect(list.body.rslt_set.data_list.some((a) => a.app_sn === appSn && a.applicant_id === me.id)).toBe(true);

    expect((await move(operator.cookie, appSn, 'waiting')).body.rslt_set.state).toBe('waiting');
    expect((await move(operator.cookie, appSn, 'received')).body.rslt_cd).toBe(ResultCode.APPLICATION_STATE);
    expect((await move(operator.cookie, appSn, 'in_progress', '서류 검토 중')).body.rslt_set).toMatchObject({
      state: 'in_progress',
      operator_memo: '서류 검토 중',
    });
    const [c1, c2] = await Promise.all([move(operator.cookie, appSn, 'complete'), move(operator.cookie, appSn, 'complete')]);
    expect([c1.body.rslt_cd, c2.body.rslt_cd].sort()).toEqual([0, ResultCode.APPLICATION_STATE]);
    const done = (c1.body.rslt_cd === 0 ? c1 : c2).body.rslt_set;
    expect(done.state).toBe('complete');
    expect(await ownedCount(me.userKey)).toBe(1);
    const [account] = await sql<Record<string, unknown>>(
      t,
      'select user_key, nick, type_cd, bj_type_cd, role, password_hash, owner_user_key, ci from users where owner_user_key = $1',
      [me.userKey],
    );
    expect(account).toMatchObject({
      user_key: String(done.account_user_key),
      nick: applied.body.rslt_set.form.activity_name_ko,
      type_cd: 'bj',
      bj_type_cd: 'general',
      role: 'bj',
      password_hash: null,
      owner_user_key: String(me.userKey),
      ci: me.ci,
    });
    expect((await move(operator.cookie, appSn, 'rejected')).body.rslt_cd).toBe(ResultCode.APPLICATION_STATE);
    expect((await move(operator.cookie, 999_999_999, 'waiting')).body.rslt_cd).toBe(ResultCode.NO_DATA);
    expect((await move(operator.cookie, appSn, 'done')).body.rslt_cd).toBe(ResultCode.INVALID_INPUT);

    // Completed: no second BJ application. A rejected program application can be followed by a new one.
    expect((await applyAs(me.cookie, bjForm())).body.rslt_cd).toBe(ResultCode.ALREADY_APPLIED);
    const programForm = bjForm({ kind: 'program', company_name: '별방송', representative: '이대표', business_no: '1248100998' });
    const program = await applyAs(me.cookie, programForm);
    expect((await move(operator.cookie, program.body.rslt_set.app_sn, 'rejected', '서류 미비')).body.rslt_set.state).toBe('rejected');
    expect((await applyAs(me.cookie, programForm)).body.rslt_set.state).toBe('received');
  });

  it('falls back to another nickname when the activity name is taken', async () => {
    const taken = await buildUser();
    const me = await buildUser();
    const applied = await applyAs(me.cookie, bjForm({ activity_name_ko: taken.nick }));
    const done = await move(operator.cookie, applied.body.rslt_set.app_sn, 'complete');
    expect(done.body.rslt_cd).toBe(0);
    const [account] = await sql<{ nick: string }>(t, 'select nick from users where user_key = $1', [done.body.rslt_set.account_user_key]);
    expect(account?.nick).not.toBe(taken.nick);
    expect(account?.nick).toMatch(/_2$/);
  });
});

describe('switching between the personal account and the owned ones', () => {
  it('switches there and back with a new session each time, and never into someone else’s account', async () => {
    const me = await buildUser();
    const applied = await applyAs(me.cookie, bjForm());
    const bjKey = (await move(operator.cookie, applied.body.rslt_set.app_sn, 'complete')).body.rslt_set.account_user_key as number;

    const family = await t.call(applicationsEndpoints.accountList, {}, { cookie: me.cookie });
    expect(family.body.rslt_set.data_list.map((a) => [a.user_key, a.kind, a.current])).toEqual([
      [me.userKey, 'personal', true],
      [bjKey, 'bj', false],
    ]);

    const there = await t.post<{ user_key: number; type_cd: string }>('/v1/mypage/switch_bj_proc', {}, { cookie: me.cookie });
    expect(there.body.rslt_set).toMatchObject({ rtv: 'SUCC', user_key: bjKey, type_cd: 'bj', bj_type_cd: 'general' });
    const bjCookie = sessionCookie(there);
    expect((await whoAmI(bjCookie))?.user_key).toBe(bjKey);
    // The session was rotated: the old token is gone.
    expect(await whoAmI(me.cookie)).toBeNull();
    // The owned account cannot apply itself.
    expect((await applyAs(bjCookie, bjForm())).body.rslt_cd).toBe(ResultCode.APPLY_PERSONAL_ONLY);
    expect((await t.post('/v1/mypage/switch_kstar_proc', {}, { cookie: bjCookie })).body.rslt_cd).toBe(ResultCode.NO_OWNED_ACCOUNT);

    const back = await t.post<{ user_key: number }>('/v1/mypage/switch_bj_proc', {}, { cookie: bjCookie });
    expect(back.body.rslt_set.user_key).toBe(me.userKey);
    expect((await whoAmI(sessionCookie(back)))?.user_key).toBe(me.userKey);

    const stranger = await buildUser();
    const refused = await t.post('/v1/mypage/switch_bj_proc', {}, { cookie: stranger.cookie });
    expect(refused.body).toMatchObject({ rslt_cd: ResultCode.NO_OWNED_ACCOUNT, rslt_msg: '전환할 계정이 없습니다.' });
    expect(refused.response.headers.getSetCookie()).toEqual([]);
    expect((await whoAmI(stranger.cookie))?.user_key).toBe(stranger.userKey);
    expect((await t.post('/v1/mypage/switch_bj_proc', {})).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);

    // Nobody logs in to the owned account with its ID: it has no password.
    const [bjRow] = await sql<{ id: string }>(t, 'select id from users where user_key = $1', [bjKey]);
    const login = await t.post('/v1/user/login_proc', { id: bjRow?.id as string, passwd: 'Anything!23x' });
    expect(login.body.rslt_cd).toBe(ResultCode.LOGIN_FAILED);
  });
});
