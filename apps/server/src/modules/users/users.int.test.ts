import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  API_HEADERS,
  type Envelope,
  LOGIN_FAILURE_LIMIT,
  PASSWORD_RULES,
  type PasswordRule,
  passwordViolations,
  ResultCode,
  type SiteInfo,
  type UserInfoSet,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CallOptions, startTestApp, type TestApp } from '../../testing/app.js';
import { buildViewer } from '../../testing/builders.js';
import {
  buildAccount,
  buildMember,
  fromIp,
  joinForm,
  MEMBER_PASSWORD,
  randomIp,
  randomPhone,
  sessionCookie,
  sessionCookieOf,
  sql,
  uniqueId,
  uniqueNick,
  verificationState,
  verifiedPhone,
} from '../../testing/members.js';
import { DEVICE_COOKIE } from './users.devices.js';
import { LOGIN_LIMITS } from './users.service.js';
import { accountChanged, hashToken, SESSION_COOKIE } from './users.session.js';
import { userSummary } from './users.summary.js';
import { base32Decode, hotp, stepAt } from './users.totp.js';

let t: TestApp;
beforeAll(async () => {
  // Each call comes from its own (forwarded) address, so the per-address login limit only bites where tested.
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t?.close());

const sessionHash = (cookie: string) => hashToken(cookie.slice(SESSION_COOKIE.length + 1));

const join = (over: Record<string, string> = {}) => buildMember(t, over);

const info = (cookie?: string) => t.get<UserInfoSet>('/v1/user/user_info', {}, cookie ? { cookie } : {});
const login = (body: Record<string, string>, opts: CallOptions = {}) =>
  t.post<{ rtv: string; user_key: number }>('/v1/user/login_proc', body, { headers: fromIp(), ...opts });
const countUsers = async (id: string) =>
  Number((await sql<{ n: string }>(t, 'select count(*) n from users where lower(id) = lower($1)', [id]))[0]?.n);

const USER_INFO_FIELDS = [
  'user_key',
  'user_level',
  'id',
  'nick',
  'sex',
  'type_cd',
  'bj_type_cd',
  'country_cd',
  'star_cnt',
  'cubic_cnt',
  'profile_css',
  'phone_country_num',
  'profile_image',
  'coin_cnt',
  'vip_level',
  'bj_level_v2',
  'state_memo',
  'ci',
  'role',
].sort();

describe('join, user_info, logout, login', () => {
  it('joins logged in, logs out, logs back in', async () => {
    const me = await join();
    const mine = await info(me.cookie);
    expect(mine.body.rslt_cd).toBe(0);
    const u = mine.body.rslt_set.user_info;
    expect(Object.keys(u ?? {}).sort()).toEqual(USER_INFO_FIELDS);
    expect(u).toMatchObject({
      user_key: me.userKey,
      id: me.id,
      nick: me.nick,
      sex: 'F',
      type_cd: 'user',
      user_level: 1,
      star_cnt: 0,
      cubic_cnt: 0,
      coin_cnt: 0,
      vip_level: 0,
      bj_level_v2: 0,
      ci: '',
      phone_country_num: '82',
      state_memo: '',
      role: 'user',
    });
    expect(mine.body.rslt_set.summary_info).toEqual({ item_cnt: 0 });
    const row = (await sql<{ password_hash: string; phone_no: string }>(t, 'select * from users where user_key = $1', [me.userKey]))[0];
    expect(row?.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row?.phone_no).toBe(me.phoneNo);

    const out = await t.get('/v1/user/logout_proc', {}, { cookie: me.cookie });
    expect(out.body).toEqual({ rslt_cd: 0, rslt_set: { rtv: 'SUCC' }, rslt_msg: '성공' });
    const gone = await info(me.cookie);
    expect(gone.body).toMatchObject({ rslt_cd: 2001, rslt_set: { user_info: null, summary_info: { item_cnt: 0 } } });
    // Logging out without a session still succeeds.
    expect((await t.get('/v1/user/logout_proc')).body.rslt_cd).toBe(0);

    const back = await login({ id: me.id.toUpperCase(), passwd: MEMBER_PASSWORD });
    expect(back.body).toMatchObject({ rslt_cd: 0, rslt_set: { rtv: 'SUCC', user_key: me.userKey } });
    expect((await info(sessionCookie(back))).body.rslt_set.user_info?.id).toBe(me.id);
  });

  it('answers each member their own wallet when many ask at once (look-ups batched per turn)', async () => {
    const [a, b, c] = await Promise.all([buildViewer(t, { star: 700 }), buildViewer(t, { star: 30, cubic: 5 }), buildViewer(t)]);
    if (!a || !b || !c) throw new Error('no members');
    // Asked in the same turn: one statement answers all three, a twice.
    const direct = await Promise.all([a, b, c, a].map((m) => userSummary(t.database.db, m.userKey)));
    expect(direct.map((s) => [s.star_cnt, s.cubic_cnt])).toEqual([
      [700, 0],
      [30, 5],
      [0, 0],
      [700, 0],
    ]);
    // And through the call, concurrently, each session sees its own account.
    const answers = await Promise.all([a, b, c].map((m) => info(m.cookie)));
    expect(answers.map((r) => [r.body.rslt_set.user_info?.user_key, r.body.rslt_set.user_info?.star_cnt])).toEqual([
      [a.userKey, 700],
      [b.userKey, 30],
      [c.userKey, 0],
    ]);
    expect(await userSummary(t.database.db, 2 ** 40)).toMatchObject({ star_cnt: 0, item_cnt: 0 });
  });

  it('records consent to the version in effect of each required policy, the one the join page shows', async () => {
    // A revised privacy policy is announced but not in effect yet: a join agrees to the version before it.
    const [privacy] = await sql<{ id: number; ver: number; effective_at: Date }>(
      t,
      `select g.id, v.ver, v.effective_at from guide g
         join lateral (select ver, effective_at from policy_version pv where pv.guide_id = g.id and pv.effective_at <= now()
                       order by pv.ver desc limit 1) v on true
       where g.code = 'privacy' and g.site_key = 1`,
    );
    if (!privacy) throw new Error('no privacy policy in effect');
    const [{ next } = { next: 0 }] = await sql<{ next: number }>(t, 'select max(ver) + 1 as next from policy_version where guide_id = $1', [
      privacy.id,
    ]);
    await sql(
      t,
      `insert into policy_version (guide_id, ver, content, reason, effective_at) values ($1, $2, '개정안', '시행 전 개정', now() + interval '30 days')`,
      [privacy.id, next],
    );
    try {
      // The join page reads the site info: each required policy with its version in effect and since when.
      const site = await t.get<SiteInfo>('/v1/pubapi/api_site_cache_info');
      const required = site.body.rslt_set.policy_guide_list.filter((g) => g.required_yn === 'Y');
      const shown = required.find((g) => g.id === privacy.id);
      expect(shown).toMatchObject({ code: 'privacy', ver: privacy.ver, effective_date: privacy.effective_at.toISOString() });
      expect(required.every((g) => g.ver !== null && g.effective_date !== null)).toBe(true);

      const me = await join();
      const consents = await sql<{ guide_id: number; ver: number }>(
        t,
        'select guide_id, ver from policy_consent where user_key = $1 order by guide_id',
        [me.userKey],
      );
      const byGuide = new Map(consents.map((c) => [c.guide_id, c.ver]));
      for (const g of required) expect(byGuide.get(g.id), g.title).toBe(g.ver);
      expect(consents.filter((c) => c.guide_id === privacy.id)).toEqual([{ guide_id: privacy.id, ver: privacy.ver }]);
    } finally {
      await sql(t, 'delete from policy_version where guide_id = $1 and ver = $2', [privacy.id, next]);
    }
  });

  it('refuses each broken password rule with 1101, naming it, and creates nothing', async () => {
    const samples: Record<PasswordRule, (id: string) => string> = {
      length: () => 'Ab1!x',
      kinds: () => 'pwmzrtkq',
      repeat: () => 'Qx7!aaaK',
      sequence: () => 'Zq!1234k',
      space: () => 'Qx7! mzK',
      same_as_id: (id) => id,
    };
    for (const rule of PASSWORD_RULES) {
      let id = uniqueId();
      // same_as_id needs an ID that breaks no other rule as a password.
      if (rule === 'same_as_id') {
        do id = `Pq${randomBytes(3).toString('hex')}7Z`;
        while (passwordViolations(id, id).length !== 1);
      }
      const passwd = samples[rule](id);
      expect(passwordViolations(passwd, id)).toEqual([rule]);
      const v = await verifiedPhone(t, 'join');
      const res = await t.post('/v1/user/user_direct_join_proc', joinForm({ id, passwd, passwd_confirm: passwd, verify_token: v.token }));
      expect(res.body).toMatchObject({ rslt_cd: 1101, rslt_set: { rule, rules: [rule] } });
      expect(await countUsers(id)).toBe(0);
      expect(await verificationState(t, v.token)).toBe('confirmed');
    }
    const several = await t.post('/v1/user/user_direct_join_proc', joinForm({ passwd: 'aaaa', passwd_confirm: 'aaaa' }));
    expect(several.body.rslt_set).toMatchObject({ rule: 'length', rules: passwordViolations('aaaa') });
  });

  it('refuses a confirmation that does not match (1102) and a bad email (1001 email)', async () => {
    const v = await verifiedPhone(t, 'join');
    const id = uniqueId();
    const mismatch = await t.post(
      '/v1/user/user_direct_join_proc',
      joinForm({ id, passwd_confirm: `${MEMBER_PASSWORD}x`, verify_token: v.token }),
    );
    expect(mismatch.body.rslt_cd).toBe(1102);
    const email = await t.post('/v1/user/user_direct_join_proc', joinForm({ id, email: 'fan@@byeol.kr', verify_token: v.token }));
    expect(email.body).toMatchObject({ rslt_cd: 1001, rslt_set: { field: 'email' } });
    expect(await countUsers(id)).toBe(0);
    expect(await verificationState(t, v.token)).toBe('confirmed');
    // A valid email is accepted. An under-14 join needs a guardian's consent (identity.int.test.ts).
    const fan = await join({ email: 'fan@byeol.kr' });
    expect(fan.userKey).toBeGreaterThan(0);
    const kid = await t.post(
      '/v1/user/user_direct_join_proc',
      joinForm({ verify_token: (await verifiedPhone(t, 'join')).token, birth_date: `${new Date().getUTCFullYear() - 10}-01-01` }),
    );
    expect(kid.body.rslt_cd).toBe(4303);
  });
});

describe('refusal messages in the caller language (issue 15)', () => {
  /** Never an API field name after the colon, in any language: what 'invalid input: value' leaked. */
  const API_NAMES = /[:：]\s*[a-z_]+$/;

  it('names a bad sign-up ID by its rule, in Korean by default and in English by the xlang cookie', async () => {
    const check = (lang?: 'en' | 'ja' | 'zh-CN') =>
      t.post('/v1/user/user_check_proc', { check_type: 'id', value: 'a!' }, lang ? { lang } : {});
    const ko = (await check()).body;
    expect(ko).toMatchObject({ rslt_cd: ResultCode.ID_RULE, rslt_msg: '아이디는 영문 또는 숫자 4~20자로 입력해 주세요.' });
    const en = (await check('en')).body;
    expect(en).toMatchObject({ rslt_cd: ResultCode.ID_RULE, rslt_msg: 'Use 4 to 20 letters or digits for the ID.' });
    expect((await check('zh-CN')).body.rslt_msg).toBe('账号须为4至20个英文字母或数字。');
    for (const msg of [ko.rslt_msg, en.rslt_msg]) expect(msg).not.toMatch(API_NAMES);

    // The same rule refuses the join itself, naming the field for the form in rslt_set.
    const v = await verifiedPhone(t, 'join');
    const joined = await t.post('/v1/user/user_direct_join_proc', joinForm({ id: 'a!', verify_token: v.token }), { lang: 'en' });
    expect(joined.body).toMatchObject({ rslt_cd: ResultCode.ID_RULE, rslt_set: { field: 'id' }, rslt_msg: en.rslt_msg });
    expect(await verificationState(t, v.token)).toBe('confirmed');
  });

  it('names a missing or malformed join field by its label in each language', async () => {
    const v = await verifiedPhone(t, 'join');
    const missingBirth = joinForm({ verify_token: v.token });
    delete (missingBirth as Record<string, string>).birth_date;
    const ko = await t.post('/v1/user/user_direct_join_proc', missingBirth);
    expect(ko.body).toMatchObject({
      rslt_cd: ResultCode.REQUIRED,
      rslt_set: { field: 'birth_date' },
      rslt_msg: '필수 입력 항목입니다: 생년월일',
    });
    const en = await t.post('/v1/user/user_direct_join_proc', missingBirth, { lang: 'en' });
    expect(en.body.rslt_msg).toBe('This field is required: Date of birth');
    const ja = await t.post('/v1/user/user_direct_join_proc', joinForm({ sex: 'X', verify_token: v.token }), { lang: 'ja' });
    expect(ja.body).toMatchObject({
      rslt_cd: ResultCode.INVALID_INPUT,
      rslt_set: { field: 'sex' },
      rslt_msg: '入力値が正しくありません: 性別',
    });
    for (const res of [ko, en, ja]) expect(res.body.rslt_msg).not.toMatch(API_NAMES);
  });

  it("names the sign-in form's fields by their labels", async () => {
    const en = await login({ id: 'someone', passwd: 'x'.repeat(65) }, { lang: 'en' });
    expect(en.body).toMatchObject({
      rslt_cd: ResultCode.INVALID_INPUT,
      rslt_set: { field: 'passwd' },
      rslt_msg: 'Invalid value: Password',
    });
    const ko = await login({ id: '', passwd: 'x' });
    expect(ko.body).toMatchObject({
      rslt_cd: ResultCode.INVALID_INPUT,
      rslt_set: { field: 'id' },
      rslt_msg: '입력값이 올바르지 않습니다: 아이디',
    });
    for (const res of [ko, en]) expect(res.body.rslt_msg).not.toMatch(API_NAMES);
  });
});

describe('user_check_proc and duplicates', () => {
  it('answers available, duplicates case-insensitively, and refuses malformed values', async () => {
    const me = await join();
    const freeId = uniqueId();
    expect((await t.post('/v1/user/user_check_proc', { check_type: 'id', value: freeId })).body).toMatchObject({
      rslt_cd: 0,
      rslt_set: { check_type: 'id', value: freeId, available: true },
    });
    expect((await t.post('/v1/user/user_check_proc', { check_type: 'id', value: me.id.toUpperCase() })).body.rslt_cd).toBe(4101);
    expect((await t.post('/v1/user/user_check_proc', { check_type: 'nick', value: me.nick })).body.rslt_cd).toBe(4102);
    expect((await t.post('/v1/user/user_check_proc', { check_type: 'nick', value: me.nick.toUpperCase() })).body.rslt_cd).toBe(4102);
    expect((await t.post('/v1/user/user_check_proc', { check_type: 'nick', value: uniqueNick() })).body.rslt_cd).toBe(0);
    // A malformed value answers the ID's or the nickname's own rule (issue 15: not 'invalid input: value').
    for (const value of ['ab', 'has space', 'bad!id', 'ㄱㄴㄷㄹ']) {
      expect((await t.post('/v1/user/user_check_proc', { check_type: 'id', value })).body).toMatchObject({
        rslt_cd: ResultCode.ID_RULE,
        rslt_set: { field: 'value' },
        rslt_msg: '아이디는 영문 또는 숫자 4~20자로 입력해 주세요.',
      });
    }
    expect((await t.post('/v1/user/user_check_proc', { check_type: 'nick', value: 'x' })).body.rslt_cd).toBe(ResultCode.NICK_RULE);
    // A closed account keeps its ID and nickname.
    await sql(t, `update users set state = 'closed', closed_at = now() where user_key = $1`, [me.userKey]);
    expect((await t.post('/v1/user/user_check_proc', { check_type: 'id', value: me.id })).body.rslt_cd).toBe(4101);
  });

  it('refuses a duplicate ID or nickname at join without spending the verification', async () => {
    const me = await join();
    const v = await verifiedPhone(t, 'join');
    const dupId = await t.post('/v1/user/user_direct_join_proc', joinForm({ id: me.id.toUpperCase(), verify_token: v.token }));
    expect(dupId.body.rslt_cd).toBe(4101);
    const dupNick = await t.post('/v1/user/user_direct_join_proc', joinForm({ nick: me.nick, verify_token: v.token }));
    expect(dupNick.body.rslt_cd).toBe(4102);
    expect(dupNick.response.headers.getSetCookie().some((c) => c.startsWith(SESSION_COOKIE))).toBe(false);
    expect(await verificationState(t, v.token)).toBe('confirmed');
    // The same verification still serves a join that is fine.
    const ok = await t.post('/v1/user/user_direct_join_proc', joinForm({ verify_token: v.token }));
    expect(ok.body.rslt_cd).toBe(0);
    expect(await verificationState(t, v.token)).toBe('used');
  });

  it('answers one of two racing joins for the same ID with 4101 and leaves its verification unspent', async () => {
    const id = uniqueId();
    const [a, b] = [await verifiedPhone(t, 'join'), await verifiedPhone(t, 'join')];
    const answers = await Promise.all([a, b].map((v) => t.post('/v1/user/user_direct_join_proc', joinForm({ id, verify_token: v.token }))));
    expect(answers.map((r) => r.body.rslt_cd).sort()).toEqual([0, 4101]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await countUsers(id)).toBe(1);
    expect([await verificationState(t, a.token), await verificationState(t, b.token)].sort()).toEqual(['confirmed', 'used']);
  });

  it('answers 4205 for a verification used twice, of another purpose, expired or forged', async () => {
    const v = await verifiedPhone(t, 'join');
    expect((await t.post('/v1/user/user_direct_join_proc', joinForm({ verify_token: v.token }))).body.rslt_cd).toBe(0);
    const cases = [
      v.token,
      (await verifiedPhone(t, 'login_unlock')).token,
      (await verifiedPhone(t, 'find_pw')).token,
      (await verifiedPhone(t, 'join', randomPhone(), 31)).token,
      randomBytes(24).toString('base64url'),
    ];
    for (const token of cases) {
      const id = uniqueId();
      const res = await t.post('/v1/user/user_direct_join_proc', joinForm({ id, verify_token: token }));
      expect(res.body.rslt_cd).toBe(4205);
      expect(await countUsers(id)).toBe(0);
    }
  });
});

describe('login failures', () => {
  it('locks after the limit, even for the right password, until a login_unlock of the same phone', async () => {
    const me = await join();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expect((await login({ id: me.id, passwd: 'Wrong!pw9' })).body.rslt_cd).toBe(2101);
    }
    const fails = async () =>
      (await sql<{ login_fail_cnt: number }>(t, 'select login_fail_cnt from users where user_key = $1', [me.userKey]))[0]?.login_fail_cnt;
    expect(await fails()).toBe(LOGIN_FAILURE_LIMIT);
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(2102);

    // Another phone's verification, or a join verification of this phone, does not unlock (and is not spent).
    const other = await verifiedPhone(t, 'login_unlock');
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD, verify_token: other.token })).body.rslt_cd).toBe(4205);
    expect(await verificationState(t, other.token)).toBe('confirmed');
    const wrongPurpose = await verifiedPhone(t, 'join', me.phoneNo);
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD, verify_token: wrongPurpose.token })).body.rslt_cd).toBe(4205);
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(2102);
    expect(await fails()).toBe(LOGIN_FAILURE_LIMIT);

    const unlock = await verifiedPhone(t, 'login_unlock', me.phoneNo);
    const res = await login({ id: me.id, passwd: MEMBER_PASSWORD, verify_token: unlock.token });
    expect(res.body).toMatchObject({ rslt_cd: 0, rslt_set: { rtv: 'SUCC', user_key: me.userKey } });
    expect(await fails()).toBe(0);
    expect(await verificationState(t, unlock.token)).toBe('used');
    expect((await info(sessionCookie(res))).body.rslt_cd).toBe(0);
  });

  it('answers unknown IDs like wrong passwords, and closed accounts with 2103', async () => {
    const me = await join();
    const unknown = await login({ id: uniqueId(), passwd: MEMBER_PASSWORD });
    const wrong = await login({ id: me.id, passwd: 'Wrong!pw9' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.rslt_cd).toBe(2101);
    // A good login resets the count.
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(0);
    expect((await sql<{ n: number }>(t, 'select login_fail_cnt n from users where user_key = $1', [me.userKey]))[0]?.n).toBe(0);

    await sql(t, `update users set state = 'closed', closed_at = now() where user_key = $1`, [me.userKey]);
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(2103);
    expect((await login({ id: me.id, passwd: 'Wrong!pw9' })).body.rslt_cd).toBe(2101);
    // Its sessions no longer count.
    expect((await info(me.cookie)).body.rslt_cd).toBe(2001);
  });

  it('limits attempts per login ID (429, 9001)', async () => {
    const id = uniqueId();
    for (let i = 0; i < LOGIN_LIMITS.perId; i++) expect((await login({ id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(2101);
    const limited = await login({ id, passwd: MEMBER_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ rslt_cd: 9001, rslt_set: { num: 10 } });
  });

  it('limits attempts per address (429)', async () => {
    const ip = randomIp();
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      expect((await login({ id: uniqueId(), passwd: MEMBER_PASSWORD }, { headers: fromIp(ip) })).status).toBe(200);
    }
    const limited = await login({ id: uniqueId(), passwd: MEMBER_PASSWORD }, { headers: fromIp(ip) });
    expect(limited.status).toBe(429);
    expect(limited.body.rslt_cd).toBe(9001);
  });
});

describe('known browsers (device cookies): strangers cannot lock the owner out', () => {
  /** The `byeol_dev=…` pair a login set (and its attributes), or null. */
  const deviceOf = (res: { response: Response }) => {
    const set = res.response.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    return set ? { cookie: set.split(';')[0] as string, attributes: set } : null;
  };
  const failsOf = async (userKey: number) =>
    (await sql<{ n: number }>(t, 'select login_fail_cnt n from users where user_key = $1', [userKey]))[0]?.n;
  const strangerGuesses = async (id: string, n: number) => {
    for (let i = 0; i < n; i++) await login({ id, passwd: `Guess!${i}x9` });
  };

  it("a stranger's wrong passwords lock new browsers (SPEC §8), not the owner's known browser", async () => {
    const me = await join();
    const first = await login({ id: me.id, passwd: MEMBER_PASSWORD });
    const device = deviceOf(first);
    expect(device?.attributes).toMatch(/HttpOnly/i);
    expect(device?.attributes).toMatch(/SameSite=Strict/i);
    expect(device?.attributes).toMatch(/Path=\/v1\/user/);

    await strangerGuesses(me.id, LOGIN_FAILURE_LIMIT);
    expect(await failsOf(me.userKey)).toBe(LOGIN_FAILURE_LIMIT);
    // The owner's browser signs in; a browser never used for this account gets the SPEC flow.
    const owner = await login({ id: me.id, passwd: MEMBER_PASSWORD }, { cookie: device?.cookie as string });
    expect(owner.body).toMatchObject({ rslt_cd: 0, rslt_set: { user_key: me.userKey } });
    expect((await info(sessionCookie(owner))).body.rslt_set.user_info?.id).toBe(me.id);
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(2102);
    // A device cookie of another account is no pass for this one.
    const other = await join();
    const otherDevice = deviceOf(await login({ id: other.id, passwd: MEMBER_PASSWORD }));
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD }, { cookie: otherDevice?.cookie as string })).body.rslt_cd).toBe(2102);
  });

  it("a stranger exhausting the ID's attempts (429) does not throttle the owner's known browser", async () => {
    const me = await join();
    const device = deviceOf(await login({ id: me.id, passwd: MEMBER_PASSWORD }));
    await strangerGuesses(me.id, LOGIN_LIMITS.perId);
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD })).status).toBe(429);
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD }, { cookie: device?.cookie as string })).body.rslt_cd).toBe(0);
  });

  it('a known browser that guesses wrong LOGIN_FAILURE_LIMIT times is a stranger again', async () => {
    const me = await join();
    const device = deviceOf(await login({ id: me.id, passwd: MEMBER_PASSWORD }));
    const cookie = device?.cookie as string;
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++)
      expect((await login({ id: me.id, passwd: 'Wrong!pw9' }, { cookie })).body.rslt_cd).toBe(2101);
    // Its own failures never counted on the account...
    expect(await failsOf(me.userKey)).toBe(0);
    // ...but from now on they do.
    expect((await login({ id: me.id, passwd: 'Wrong!pw9' }, { cookie })).body.rslt_cd).toBe(2101);
    expect(await failsOf(me.userKey)).toBe(1);
  });

  it('an operator locked out by strangers is unlocked by another operator or by admin:unlock; a GM cannot', async () => {
    const { createOperator } = await import('./users.service.js');
    const locked = await createOperator(t.database.db, { id: uniqueId(), nick: uniqueNick(), role: 'operator', password: MEMBER_PASSWORD });
    await strangerGuesses(locked.id, LOGIN_FAILURE_LIMIT);
    expect((await login({ id: locked.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(2102);

    const gm = await buildAccount(t, { role: 'gm' });
    const byGm = await t.post('/v1/admin/user_unlock_proc', { id: locked.id }, { cookie: gm.cookie });
    expect(byGm.body.rslt_cd).toBe(2002);
    const operator = await buildAccount(t, { role: 'operator' });
    const unknown = await t.post('/v1/admin/user_unlock_proc', { id: uniqueId() }, { cookie: operator.cookie });
    expect(unknown.body.rslt_cd).toBe(7007);
    const done = await t.post('/v1/admin/user_unlock_proc', { id: locked.id }, { cookie: operator.cookie });
    expect(done.body).toMatchObject({ rslt_cd: 0, rslt_set: { id: locked.id, cleared: LOGIN_FAILURE_LIMIT } });
    expect((await login({ id: locked.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(0);

    // The command does the same, for when no operator can sign in at all (locked again directly: the
    // per-ID throttle would refuse more guesses within its window).
    await sql(t, 'update users set login_fail_cnt = $2 where user_key = $1', [locked.user_key, LOGIN_FAILURE_LIMIT]);
    expect((await login({ id: locked.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(2102);
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin-unlock.ts', '--id', locked.id],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: inject('databaseUrl') },
      },
    );
    expect(stdout).toContain(`unlocked ${locked.id} (user_key ${locked.user_key}): ${LOGIN_FAILURE_LIMIT} failed logins cleared`);
    expect((await login({ id: locked.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(0);
  });
});

describe('two-step sign-in for operators and GMs (TOTP)', () => {
  const codeAt = (secret: string, ms = Date.now()) => hotp(base32Decode(secret), stepAt(ms));

  it('is set up with the first code, then every login needs a fresh code; a used or wrong code counts as a failure', async () => {
    const { createOperator } = await import('./users.service.js');
    const op = await createOperator(t.database.db, { id: uniqueId(), nick: uniqueNick(), role: 'operator', password: MEMBER_PASSWORD });
    const first = await login({ id: op.id, passwd: MEMBER_PASSWORD });
    const cookie = sessionCookie(first);
    expect((await t.get<{ enabled_yn: string }>('/v1/mypage/totp_info', {}, { cookie })).body.rslt_set.enabled_yn).toBe('N');
    const setup = await t.post<{ secret: string; otpauth_uri: string }>('/v1/mypage/totp_setup_proc', {}, { cookie });
    const { secret, otpauth_uri } = setup.body.rslt_set;
    expect(otpauth_uri).toBe(`otpauth://totp/Byeol%3A${op.id}?secret=${secret}&issuer=Byeol&algorithm=SHA1&digits=6&period=30`);
    // Not on until confirmed: a login still needs no code.
    expect((await login({ id: op.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(0);
    expect((await t.post('/v1/mypage/totp_enable_proc', { otp: '000000' }, { cookie })).body.rslt_cd).toBe(ResultCode.OTP_INVALID);
    const previousStep = codeAt(secret, Date.now() - 30_000);
    const enableCode = codeAt(secret);
    expect((await t.post('/v1/mypage/totp_enable_proc', { otp: enableCode }, { cookie })).body.rslt_cd).toBe(0);
    expect((await t.post('/v1/mypage/totp_setup_proc', {}, { cookie })).body.rslt_cd).toBe(ResultCode.OTP_ALREADY_ON);

    const noCode = await login({ id: op.id, passwd: MEMBER_PASSWORD });
    expect(noCode.body.rslt_cd).toBe(ResultCode.OTP_REQUIRED);
    expect(sessionCookieOf(noCode)).toBeNull();
    // The code the setup used cannot sign in again, nor one of an earlier step.
    expect((await login({ id: op.id, passwd: MEMBER_PASSWORD, otp: enableCode })).body.rslt_cd).toBe(ResultCode.OTP_INVALID);
    expect((await login({ id: op.id, passwd: MEMBER_PASSWORD, otp: previousStep })).body.rslt_cd).toBe(ResultCode.OTP_INVALID);
    const fails = (await sql<{ n: number }>(t, 'select login_fail_cnt n from users where user_key = $1', [op.user_key]))[0]?.n;
    expect(fails).toBe(2);
    // A fresh code of the next step signs in (waiting for the step would take up to 30 s: the stored step
    // is moved back one instead, as if the setup had been a step earlier).
    await sql(t, 'update user_totp set last_step = last_step - 1 where user_key = $1', [op.user_key]);
    const signedIn = await login({ id: op.id, passwd: MEMBER_PASSWORD, otp: enableCode });
    expect(signedIn.body.rslt_cd).toBe(0);
    expect(sessionCookieOf(signedIn)).not.toBeNull();
    // A member is not offered the second factor.
    const member = await join();
    expect((await t.post('/v1/mypage/totp_setup_proc', {}, { cookie: member.cookie })).body.rslt_cd).toBe(ResultCode.FORBIDDEN);

    // A lost phone: the command turns it off.
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin-unlock.ts', '--id', op.id, '--totp'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: inject('databaseUrl') },
      },
    );
    expect(stdout).toContain('two-step sign-in turned off');
    expect((await login({ id: op.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(0);
  });
});

describe('sessions', () => {
  it('treats forged and expired cookies as logged out', async () => {
    expect((await info(`${SESSION_COOKIE}=forged`)).body.rslt_cd).toBe(2001);
    expect((await info(`${SESSION_COOKIE}=${'x'.repeat(500)}`)).body.rslt_cd).toBe(2001);
    const me = await join();
    expect((await info(me.cookie)).body.rslt_cd).toBe(0);
    await sql(t, `update user_session set expires_at = now() - interval '1 second' where token_hash = $1`, [sessionHash(me.cookie)]);
    // A session changed by hand is announced as the code announces its own changes (unannounced, the
    // process's session cache would answer it for up to SESSION_CACHE_TTL_MS).
    await accountChanged(t.database.db, me.userKey);
    expect((await info(me.cookie)).body).toMatchObject({ rslt_cd: 2001, rslt_set: { user_info: null } });
  });

  it('moves an aged session and its cookie forward, and leaves a fresh one alone', async () => {
    const me = await join();
    const fresh = await info(me.cookie);
    expect(fresh.response.headers.getSetCookie()).toEqual([]);
    await sql(t, `update user_session set expires_at = now() + interval '2 days' where token_hash = $1`, [sessionHash(me.cookie)]);
    await accountChanged(t.database.db, me.userKey);
    const aged = await info(me.cookie);
    expect(aged.body.rslt_cd).toBe(0);
    const [cookie] = aged.response.headers.getSetCookie();
    // The same token, with a new 30-day lifetime for the browser.
    expect(cookie?.split(';')[0]).toBe(me.cookie);
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('HttpOnly');
    const [row] = await sql<{ days: string }>(
      t,
      `select extract(day from expires_at - now()) as days from user_session where token_hash = $1`,
      [sessionHash(me.cookie)],
    );
    expect(Number(row?.days)).toBeGreaterThanOrEqual(29);
    // Moved once: the next request (answered from the session cache) neither writes nor sets it again.
    expect((await info(me.cookie)).response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a logout without the API headers and keeps the session', async () => {
    const me = await join();
    const res = await t.get('/v1/user/logout_proc', {}, { cookie: me.cookie, headers: false });
    expect(res.status).toBe(403);
    expect(res.body.rslt_cd).toBe(1005);
    expect(res.response.headers.getSetCookie()).toEqual([]);
    expect((await info(me.cookie)).body.rslt_cd).toBe(0);
  });

  it('answers each of many concurrent requests with its own account (lookups share one query), a forged one with none', async () => {
    const members = await Promise.all(Array.from({ length: 30 }, () => buildAccount(t)));
    const calls = [...members, ...members].map((m) => info(m.cookie).then((r) => r.body.rslt_set.user_info?.id ?? null));
    const forged = info(`${SESSION_COOKIE}=forged-${randomBytes(8).toString('hex')}`);
    const answers = await Promise.all(calls);
    expect(answers).toEqual([...members, ...members].map((m) => m.id));
    expect((await forged).body).toMatchObject({ rslt_cd: 2001, rslt_set: { user_info: null } });
  });

  it('rotates the session at login', async () => {
    const me = await join();
    const res = await login({ id: me.id, passwd: MEMBER_PASSWORD }, { cookie: me.cookie });
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(me.cookie);
    expect((await info(me.cookie)).body.rslt_cd).toBe(2001);
    expect((await info(fresh)).body.rslt_cd).toBe(0);
  });
});

describe('user_update_proc', () => {
  const update = (cookie: string, body: Record<string, string>) =>
    t.post<{ rtv: string; user_info: UserInfoSet['user_info'] }>('/v1/user/user_update_proc', body, { cookie });

  it('needs a login', async () => {
    expect((await t.post('/v1/user/user_update_proc', { state_memo: 'hi' })).body.rslt_cd).toBe(2001);
  });

  it('changes only what is sent: nick and memo', async () => {
    const me = await join();
    const other = await join();
    const nick = uniqueNick();
    const res = await update(me.cookie, { nick });
    expect(res.body).toMatchObject({ rslt_cd: 0, rslt_set: { rtv: 'SUCC', user_info: { nick, state_memo: '' } } });
    const memo = await update(me.cookie, { state_memo: '오늘도 별 ✨' });
    expect(memo.body.rslt_set.user_info).toMatchObject({ nick, state_memo: '오늘도 별 ✨' });
    expect((await update(me.cookie, { nick: other.nick })).body.rslt_cd).toBe(4102);
    expect((await update(me.cookie, { nick: other.nick.toUpperCase() })).body.rslt_cd).toBe(4102);
    expect((await update(me.cookie, { state_memo: 'x'.repeat(101) })).body).toMatchObject({
      rslt_cd: 1001,
      rslt_set: { field: 'state_memo' },
    });
    expect((await info(me.cookie)).body.rslt_set.user_info).toMatchObject({ nick, state_memo: '오늘도 별 ✨' });
    // Sending one's own nickname again is no conflict.
    expect((await update(me.cookie, { nick })).body.rslt_cd).toBe(0);
  });

  it('changes the password with the current one, by the rules, ending other sessions', async () => {
    const me = await join();
    const second = sessionCookie(await login({ id: me.id, passwd: MEMBER_PASSWORD }));
    const next = 'Newer#pw52';
    expect((await update(me.cookie, { current_passwd: 'Wrong!pw9', passwd: next, passwd_confirm: next })).body.rslt_cd).toBe(2101);
    expect((await update(me.cookie, { current_passwd: MEMBER_PASSWORD, passwd: 'short', passwd_confirm: 'short' })).body).toMatchObject({
      rslt_cd: 1101,
      rslt_set: { rule: 'length' },
    });
    expect((await update(me.cookie, { current_passwd: MEMBER_PASSWORD, passwd: next, passwd_confirm: `${next}!` })).body.rslt_cd).toBe(
      1102,
    );
    expect((await info(second)).body.rslt_cd).toBe(0);

    const changed = await update(me.cookie, { current_passwd: MEMBER_PASSWORD, passwd: next, passwd_confirm: next });
    expect(changed.body.rslt_cd).toBe(0);
    const rotated = sessionCookie(changed);
    expect((await info(rotated)).body.rslt_cd).toBe(0);
    expect((await info(me.cookie)).body.rslt_cd).toBe(2001);
    expect((await info(second)).body.rslt_cd).toBe(2001);
    expect((await login({ id: me.id, passwd: MEMBER_PASSWORD })).body.rslt_cd).toBe(2101);
    expect((await login({ id: me.id, passwd: next })).body.rslt_cd).toBe(0);
  });
});

describe('garbage input', () => {
  async function raw(pathname: string, body: string, contentType: string, cookie = '') {
    const res = await fetch(t.url + pathname, {
      method: 'POST',
      headers: { ...API_HEADERS, 'content-type': contentType, 'x-forwarded-for': randomIp(), ...(cookie ? { cookie } : {}) },
      body,
    });
    return { status: res.status, body: (await res.json()) as Envelope<Record<string, unknown>>, res };
  }

  it('answers a clear envelope error and changes nothing', async () => {
    const me = await join();
    const v = await verifiedPhone(t, 'join');
    const id = uniqueId();
    const nick = uniqueNick();
    const good = joinForm({ id, nick, verify_token: v.token });
    const big = 'a'.repeat(10_000);
    const snapshot = async () =>
      JSON.stringify(
        await sql(
          t,
          `select u.id, u.nick, u.state_memo, u.password_hash, u.login_fail_cnt,
                  (select count(*) from user_session s where s.user_key = u.user_key) sessions
             from users u where u.user_key = $1 or lower(u.id) = lower($2) or u.nick = $3`,
          [me.userKey, id, nick],
        ),
      );
    const before = await snapshot();

    const form = 'application/x-www-form-urlencoded';
    const json = 'application/json';
    const calls: [string, string, string][] = [];
    const paths = ['/v1/user/user_check_proc', '/v1/user/user_direct_join_proc', '/v1/user/login_proc', '/v1/user/user_update_proc'];
    for (const p of paths) {
      // Every field of user_update_proc is optional: an empty body is a valid call that changes nothing.
      if (!p.endsWith('update_proc')) calls.push([p, '', form]);
      calls.push([p, 'id=%ZZ&passwd=%E0%A4%A', form]);
      calls.push([p, '{"id":', json]);
      calls.push([p, 'plain text', 'text/plain']);
    }
    const joinWith = (over: Record<string, unknown>) => JSON.stringify({ ...good, ...over });
    calls.push(
      ['/v1/user/user_check_proc', 'check_type=email&value=x', form],
      ['/v1/user/user_check_proc', `check_type=id&value=${big}`, form],
      ['/v1/user/user_check_proc', 'check_type=id&value=a&value=b', form],
      ['/v1/user/user_check_proc', JSON.stringify({ check_type: 'id', value: 12345 }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ id: big }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ nick: big }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ passwd: big, passwd_confirm: big }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ birth_date: '1999-13-45' }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ birth_date: '2999-01-01' }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ sex: 'X' }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ agree_terms: 'N' }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ verify_token: big }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ id: ['a', 'b'] }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ email: big }), json],
      ['/v1/user/user_direct_join_proc', joinWith({ agree_privacy: undefined }), json],
      ['/v1/user/login_proc', JSON.stringify({ id: me.id }), json],
      ['/v1/user/login_proc', JSON.stringify({ id: me.id, passwd: big }), json],
      ['/v1/user/login_proc', JSON.stringify({ id: big, passwd: MEMBER_PASSWORD }), json],
      ['/v1/user/login_proc', JSON.stringify({ id: me.id, passwd: 12345678 }), json],
      ['/v1/user/login_proc', JSON.stringify({ id: me.id, passwd: 'x', verify_token: big }), json],
    );
    for (const [p, body, type] of calls) {
      const res = await raw(p, body, type, p.endsWith('update_proc') ? me.cookie : '');
      expect(Object.keys(res.body).sort(), `${p} ${body.slice(0, 40)}`).toEqual(['rslt_cd', 'rslt_msg', 'rslt_set']);
      expect(
        [1001, 1002, 1004, ResultCode.ID_RULE, ResultCode.NICK_RULE],
        `${p} ${body.slice(0, 60)} → ${JSON.stringify(res.body).slice(0, 200)}`,
      ).toContain(res.body.rslt_cd);
      expect([200, 400, 415]).toContain(res.status);
      expect(res.res.headers.getSetCookie().some((c) => c.startsWith(SESSION_COOKIE))).toBe(false);
    }
    const updates: Record<string, unknown>[] = [
      { nick: big },
      { nick: 'x' },
      { state_memo: big },
      { nick: 'bad nick!' },
      { passwd: big },
      { state_memo: 5 },
    ];
    for (const body of updates) {
      const res = await raw('/v1/user/user_update_proc', JSON.stringify(body), json, me.cookie);
      expect([1001, 1002, ResultCode.NICK_RULE], JSON.stringify(body).slice(0, 60)).toContain(res.body.rslt_cd);
    }
    expect(await snapshot()).toBe(before);
    expect(await verificationState(t, v.token)).toBe('confirmed');
    expect((await info(me.cookie)).body.rslt_cd).toBe(0);
  });
});

describe('admin:create', () => {
  it('creates operator and GM accounts without a phone; refuses other roles and weak passwords', async () => {
    const { createOperator } = await import('./users.service.js');
    const id = uniqueId();
    const created = await createOperator(t.database.db, { id, nick: uniqueNick(), role: 'operator', password: MEMBER_PASSWORD });
    expect(created).toMatchObject({ id, role: 'operator' });
    const [row] = await sql<{ role: string; phone_no: string }>(t, 'select role, phone_no from users where user_key = $1', [
      created.user_key,
    ]);
    expect(row).toEqual({ role: 'operator', phone_no: '' });
    const signedIn = await login({ id, passwd: MEMBER_PASSWORD });
    expect(signedIn.body.rslt_cd).toBe(0);
    // user_info names the role, so the web can show operators the way to the console.
    expect((await info(sessionCookie(signedIn))).body.rslt_set.user_info?.role).toBe('operator');
    await expect(createOperator(t.database.db, { id, nick: uniqueNick(), role: 'gm', password: MEMBER_PASSWORD })).rejects.toMatchObject({
      code: 'DUPLICATE_ID',
    });
    await expect(
      createOperator(t.database.db, { id: uniqueId(), nick: uniqueNick(), role: 'user' as 'gm', password: MEMBER_PASSWORD }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(createOperator(t.database.db, { id: uniqueId(), nick: uniqueNick(), role: 'gm', password: 'weak' })).rejects.toMatchObject(
      {
        code: 'PASSWORD_RULE',
      },
    );
  });

  it('runs as a command with the password from the environment', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
    const id = uniqueId();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin-create.ts', '--id', id, '--nick', uniqueNick(), '--role', 'gm'],
      { cwd: root, env: { ...process.env, DATABASE_URL: inject('databaseUrl'), BYEOL_ADMIN_PASSWORD: MEMBER_PASSWORD } },
    );
    expect(stdout).toMatch(new RegExp(`created gm ${id} .*user_key \\d+`));
    expect((await sql<{ role: string }>(t, 'select role from users where id = $1', [id]))[0]?.role).toBe('gm');
    const refused = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/admin-create.ts', '--id', uniqueId(), '--nick', uniqueNick(), '--role', 'user'],
      { cwd: root, env: { ...process.env, DATABASE_URL: inject('databaseUrl'), BYEOL_ADMIN_PASSWORD: MEMBER_PASSWORD } },
    ).catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({ code: 2 });
  });
});
