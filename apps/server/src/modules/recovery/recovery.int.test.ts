import { randomBytes, randomUUID } from 'node:crypto';
import {
  API_HEADERS,
  type Envelope,
  LOGIN_FAILURE_LIMIT,
  type RecoveryAccountsSet,
  type ResetPasswordSet,
  ResultCode,
  resultMessages,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallOptions, startTestApp, type TestApp } from '../../testing/app.js';
import {
  buildAccount,
  buildMember,
  fromIp,
  MEMBER_PASSWORD,
  randomIp,
  randomPhone,
  sessionCookie,
  sql,
  verificationState,
  verifiedPhone,
} from '../../testing/members.js';
import { tokenHash } from '../verification/verification.service.js';
import { RECOVERY_LIMITS } from './recovery.service.js';

let t: TestApp;
beforeAll(async () => {
  // Each call comes from its own (forwarded) address, so the per-address limits only bite where tested.
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'Moon#river52';
const from = (ip?: string): CallOptions => ({ headers: fromIp(ip) });
/** Joins through the real call with a join verification of `phoneNo`. */
const join = (phoneNo?: string) => buildMember(t, {}, phoneNo);

/** A social-only account (no password) on a phone, linked to `provider`, as the social sign-up stores it. */
async function socialOnly(phoneNo: string, provider = 'google'): Promise<{ userKey: number; id: string; nick: string }> {
  const { userKey, id, nick } = await buildAccount(t, { phoneNo });
  await sql(t, `insert into user_social (provider, subject, user_key) values ($1, $2, $3)`, [provider, randomUUID(), userKey]);
  return { userKey, id, nick };
}

const list = (verify_token: string, opts: CallOptions = from()) =>
  t.post<RecoveryAccountsSet>('/v1/user/find_id_pw_user_proc', { verify_token }, opts);
const reset = (body: Record<string, string | number>, opts: CallOptions = from()) =>
  t.post<ResetPasswordSet>(
    '/v1/user/forget_proc',
    Object.fromEntries(Object.entries({ passwd: NEW_PASSWORD, passwd_confirm: NEW_PASSWORD, ...body }).map(([k, v]) => [k, String(v)])),
    opts,
  );
const login = (id: string, passwd: string, opts: CallOptions = from()) => t.post('/v1/user/login_proc', { id, passwd }, opts);
const info = (cookie: string) => t.get('/v1/user/user_info', {}, { cookie });
const passwordHashOf = async (userKey: number) =>
  (await sql<{ password_hash: string | null }>(t, 'select password_hash from users where user_key = $1', [userKey]))[0]?.password_hash;

describe('find_id_pw_user_proc: the account chooser', () => {
  it('lists every active account of the phone, oldest first, with full IDs and social-only flags', async () => {
    const phone = randomPhone();
    const first = await join(phone);
    const second = await join(phone);
    const social = await socialOnly(phone, 'naver');
    const closed = await join(phone);
    await sql(t, `update users set state = 'closed', closed_at = now() where user_key = $1`, [closed.userKey]);
    await join(); // another phone's account
    const { token } = await verifiedPhone(t, 'find_id', phone);

    const res = await list(token);
    expect(res.body.rslt_cd).toBe(0);
    expect(res.body.rslt_set.purpose).toBe('find_id');
    expect(res.body.rslt_set.data_totalcount).toBe(3);
    expect(res.body.rslt_set.data_list.map((a) => [a.user_key, a.id, a.nick, a.social_only, a.social_list])).toEqual([
      [first.userKey, first.id, first.nick, 'N', []],
      [second.userKey, second.id, second.nick, 'N', []],
      [social.userKey, social.id, social.nick, 'Y', ['naver']],
    ]);
    for (const a of res.body.rslt_set.data_list) expect(Number.isNaN(Date.parse(a.reg_date))).toBe(false);
    // Listing does not spend the token: the chooser can be shown again.
    expect(await verificationState(t, token)).toBe('confirmed');
    expect((await list(token)).body.rslt_set.data_totalcount).toBe(3);

    // A find_pw confirmation lists the same accounts.
    const pw = await verifiedPhone(t, 'find_pw', phone);
    const forPw = await list(pw.token);
    expect(forPw.body.rslt_set.purpose).toBe('find_pw');
    expect(forPw.body.rslt_set.data_list.map((a) => a.user_key)).toEqual([first.userKey, second.userKey, social.userKey]);
  });

  it('answers PHONE_UNREGISTERED (offer sign-up) for a phone without active accounts', async () => {
    const none = await verifiedPhone(t, 'find_id');
    const res = await list(none.token);
    expect(res.body).toEqual({ rslt_cd: 4206, rslt_set: {}, rslt_msg: resultMessages.PHONE_UNREGISTERED.ko });
    // The pin itself is refused for such a phone.
    const send = await t.post('/v1/user/find_id_pw_phone_no_proc', { phone_no: randomPhone(), purpose: 'find_id' }, from());
    expect(send.body.rslt_cd).toBe(ResultCode.PHONE_UNREGISTERED);
    // Accounts closed after the pin was confirmed are not listed either.
    const gone = await join();
    const late = await verifiedPhone(t, 'find_id', gone.phoneNo);
    await sql(t, `update users set state = 'closed', closed_at = now() where user_key = $1`, [gone.userKey]);
    expect((await list(late.token)).body.rslt_cd).toBe(4206);
  });

  it('answers VERIFY_REQUIRED for tokens of another purpose, spent, expired or forged', async () => {
    const me = await join();
    const spent = await verifiedPhone(t, 'find_id', me.phoneNo);
    await sql(t, `update phone_verification set state = 'used' where token_hash = $1`, [tokenHash(spent.token)]);
    const tokens = [
      (await verifiedPhone(t, 'join', me.phoneNo)).token,
      (await verifiedPhone(t, 'login_unlock', me.phoneNo)).token,
      (await verifiedPhone(t, 'guardian', me.phoneNo)).token,
      spent.token,
      (await verifiedPhone(t, 'find_id', me.phoneNo, 31)).token,
      randomBytes(32).toString('base64url'),
    ];
    for (const token of tokens) {
      const res = await list(token);
      expect(res.body, token).toMatchObject({ rslt_cd: 4205, rslt_set: {} });
      expect(JSON.stringify(res.body)).not.toContain(me.id);
    }
    expect(await verificationState(t, tokens[0] as string)).toBe('confirmed');
  });

  it('limits listings per address (429, 9001)', async () => {
    const ip = randomIp();
    const forged = randomBytes(32).toString('base64url');
    for (let i = 0; i < RECOVERY_LIMITS.listPerIp.max; i++) expect((await list(forged, from(ip))).body.rslt_cd).toBe(4205);
    const limited = await list(forged, from(ip));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ rslt_cd: 9001, rslt_set: { num: 10 } });
  });
});

describe('forget_proc: a new password', () => {
  it('resets the chosen account through the real pin flow, ends its sessions and spends the token once', async () => {
    const phone = randomPhone();
    const me = await join(phone);
    const sibling = await join(phone);
    const second = sessionCookie(await login(me.id, MEMBER_PASSWORD));
    expect((await info(second)).body.rslt_cd).toBe(0);

    const sent = await t.post<{ verify_id: string }>('/v1/user/find_id_pw_phone_no_proc', { phone_no: phone, purpose: 'find_pw' }, from());
    expect(sent.body.rslt_cd).toBe(0);
    const outbox = await t.get<{ data_list: { text: string }[] }>('/v1/dev/sms_outbox', { phone_no: phone });
    const pin = /\[(\d{6})\]/.exec(outbox.body.rslt_set.data_list[0]?.text ?? '')?.[1] ?? '';
    const confirmed = await t.post<{ verify_token: string }>('/v1/user/confirm_pincode', {
      verify_id: sent.body.rslt_set.verify_id,
      pincode: pin,
    });
    const token = confirmed.body.rslt_set.verify_token;
    expect((await list(token)).body.rslt_set.data_list.map((a) => a.id)).toEqual([me.id, sibling.id]);

    const res = await reset({ verify_token: token, user_key: me.userKey });
    expect(res.body).toEqual({ rslt_cd: 0, rslt_set: { rtv: 'SUCC', user_key: me.userKey, id: me.id }, rslt_msg: '성공' });
    expect(res.response.headers.getSetCookie()).toEqual([]);
    expect((await passwordHashOf(me.userKey))?.startsWith('$argon2id$')).toBe(true);
    // Every session of the account ended; the sibling account is untouched.
    expect((await info(me.cookie)).body.rslt_cd).toBe(2001);
    expect((await info(second)).body.rslt_cd).toBe(2001);
    expect((await info(sibling.cookie)).body.rslt_cd).toBe(0);
    expect((await login(me.id, MEMBER_PASSWORD)).body.rslt_cd).toBe(2101);
    expect((await login(me.id, NEW_PASSWORD)).body.rslt_cd).toBe(0);
    expect((await login(sibling.id, MEMBER_PASSWORD)).body.rslt_cd).toBe(0);

    // Spent: neither a second reset (of any account) nor a listing accepts it.
    expect(await verificationState(t, token)).toBe('used');
    expect(
      (await reset({ verify_token: token, user_key: sibling.userKey, passwd: 'Other#pw83', passwd_confirm: 'Other#pw83' })).body.rslt_cd,
    ).toBe(4205);
    expect((await list(token)).body.rslt_cd).toBe(4205);
    expect((await login(sibling.id, MEMBER_PASSWORD)).body.rslt_cd).toBe(0);
  });

  it('lifts the login-failure lock', async () => {
    const me = await join();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) expect((await login(me.id, 'Wrong!pw9')).body.rslt_cd).toBe(2101);
    expect((await login(me.id, MEMBER_PASSWORD)).body.rslt_cd).toBe(2102);
    const { token } = await verifiedPhone(t, 'find_pw', me.phoneNo);
    expect((await reset({ verify_token: token, user_key: me.userKey })).body.rslt_cd).toBe(0);
    expect((await sql<{ n: number }>(t, 'select login_fail_cnt n from users where user_key = $1', [me.userKey]))[0]?.n).toBe(0);
    const back = await login(me.id, NEW_PASSWORD);
    expect(back.body.rslt_cd).toBe(0);
    expect((await info(sessionCookie(back))).body.rslt_cd).toBe(0);
  });

  it('refuses an account that is not an active account of the verified phone, leaving the token usable', async () => {
    const me = await join();
    const stranger = await join();
    const closed = await join(me.phoneNo);
    await sql(t, `update users set state = 'closed', closed_at = now() where user_key = $1`, [closed.userKey]);
    const social = await socialOnly(me.phoneNo);
    const { token } = await verifiedPhone(t, 'find_pw', me.phoneNo);
    const before = await passwordHashOf(stranger.userKey);

    for (const userKey of [stranger.userKey, closed.userKey, 9_007_199_254_740_991]) {
      const res = await reset({ verify_token: token, user_key: userKey });
      expect(res.body).toEqual({ rslt_cd: 4601, rslt_set: {}, rslt_msg: resultMessages.RECOVERY_ACCOUNT_MISMATCH.ko });
    }
    const en = await reset({ verify_token: token, user_key: social.userKey }, { ...from(), lang: 'en' });
    expect(en.body).toEqual({ rslt_cd: 4602, rslt_set: {}, rslt_msg: resultMessages.RECOVERY_SOCIAL_ONLY.en });
    expect(await passwordHashOf(social.userKey)).toBeNull();
    expect(await passwordHashOf(stranger.userKey)).toBe(before);
    expect((await login(stranger.id, MEMBER_PASSWORD)).body.rslt_cd).toBe(0);
    expect(await verificationState(t, token)).toBe('confirmed');
    // The same token still resets the right account.
    expect((await reset({ verify_token: token, user_key: me.userKey })).body.rslt_cd).toBe(0);
  });

  it('answers VERIFY_REQUIRED for a find_id, join or unlock token, or one of another phone, changing nothing', async () => {
    const me = await join();
    const before = await passwordHashOf(me.userKey);
    const tokens = [
      (await verifiedPhone(t, 'find_id', me.phoneNo)).token,
      (await verifiedPhone(t, 'join', me.phoneNo)).token,
      (await verifiedPhone(t, 'login_unlock', me.phoneNo)).token,
      (await verifiedPhone(t, 'find_pw', me.phoneNo, 31)).token,
      randomBytes(32).toString('base64url'),
    ];
    for (const token of tokens) expect((await reset({ verify_token: token, user_key: me.userKey })).body.rslt_cd).toBe(4205);
    // A find_pw token of another phone (with accounts of its own) does not reach this account.
    const other = await join();
    const theirs = await verifiedPhone(t, 'find_pw', other.phoneNo);
    expect((await reset({ verify_token: theirs.token, user_key: me.userKey })).body.rslt_cd).toBe(4601);
    expect(await passwordHashOf(me.userKey)).toBe(before);
    expect(await verificationState(t, tokens[0] as string)).toBe('confirmed');
    expect((await info(me.cookie)).body.rslt_cd).toBe(0);
  });

  it('follows the password rules of the join (1101 naming them, 1102) without spending the token', async () => {
    const me = await join();
    const { token } = await verifiedPhone(t, 'find_pw', me.phoneNo);
    const before = await passwordHashOf(me.userKey);
    const cases: [string, string, number, Record<string, unknown>][] = [
      ['Ab1!x', 'Ab1!x', 1101, { rule: 'length', rules: ['length'] }],
      ['pwmzrtkq', 'pwmzrtkq', 1101, { rule: 'kinds' }],
      ['Zq!1234k', 'Zq!1234k', 1101, { rule: 'sequence', rules: ['sequence'] }],
      ['aaaa', 'aaaa', 1101, { rule: 'length', rules: ['length', 'kinds', 'repeat'] }],
      [NEW_PASSWORD, `${NEW_PASSWORD}x`, 1102, {}],
    ];
    for (const [passwd, passwd_confirm, code, set] of cases) {
      const res = await reset({ verify_token: token, user_key: me.userKey, passwd, passwd_confirm });
      expect(res.body.rslt_cd, passwd).toBe(code);
      expect(res.body.rslt_set).toMatchObject(set);
    }
    // The account's own ID is refused (same_as_id needs the chosen account's ID, checked by the server).
    const same = await reset({
      verify_token: token,
      user_key: me.userKey,
      passwd: me.id.toUpperCase(),
      passwd_confirm: me.id.toUpperCase(),
    });
    expect(same.body).toMatchObject({ rslt_cd: 1101, rslt_set: { rules: expect.arrayContaining(['same_as_id']) } });
    expect(await passwordHashOf(me.userKey)).toBe(before);
    expect(await verificationState(t, token)).toBe('confirmed');
    expect((await info(me.cookie)).body.rslt_cd).toBe(0);
  });

  it('spends a token once when two resets race', async () => {
    const phone = randomPhone();
    const [a, b] = [await join(phone), await join(phone)];
    const { token } = await verifiedPhone(t, 'find_pw', phone);
    const answers = await Promise.all([a, b].map((m) => reset({ verify_token: token, user_key: m.userKey })));
    expect(answers.map((r) => r.body.rslt_cd).sort()).toEqual([0, 4205]);
    const changed = await Promise.all([a, b].map(async (m) => (await login(m.id, NEW_PASSWORD)).body.rslt_cd));
    expect(changed.sort()).toEqual([0, 2101]);
  });

  it('limits resets per address and per phone (429, 9001)', async () => {
    const ip = randomIp();
    const forged = randomBytes(32).toString('base64url');
    for (let i = 0; i < RECOVERY_LIMITS.resetPerIp.max; i++) {
      expect((await reset({ verify_token: forged, user_key: 1 }, from(ip))).body.rslt_cd).toBe(4205);
    }
    const limited = await reset({ verify_token: forged, user_key: 1 }, from(ip));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ rslt_cd: 9001, rslt_set: { num: 10 } });

    const me = await join();
    const { token } = await verifiedPhone(t, 'find_pw', me.phoneNo);
    for (let i = 0; i < RECOVERY_LIMITS.resetPerPhone.max; i++) {
      expect((await reset({ verify_token: token, user_key: me.userKey, passwd: 'short', passwd_confirm: 'short' })).body.rslt_cd).toBe(
        1101,
      );
    }
    const phoneLimited = await reset({ verify_token: token, user_key: me.userKey });
    expect(phoneLimited.status).toBe(429);
    expect(phoneLimited.body).toMatchObject({ rslt_cd: 9001, rslt_set: { num: 60 } });
    expect(await verificationState(t, token)).toBe('confirmed');
  });
});

describe('garbage input', () => {
  it('answers a clear envelope error and changes nothing', async () => {
    const me = await join();
    const { token } = await verifiedPhone(t, 'find_pw', me.phoneNo);
    const snapshot = async () =>
      JSON.stringify(
        await sql(
          t,
          `select u.password_hash, u.login_fail_cnt, u.state,
                  (select count(*) from user_session s where s.user_key = u.user_key) sessions,
                  (select state from phone_verification where token_hash = $2) verification
             from users u where u.user_key = $1`,
          [me.userKey, tokenHash(token)],
        ),
      );
    const before = await snapshot();
    const big = 'a'.repeat(10_000);
    const form = 'application/x-www-form-urlencoded';
    const json = 'application/json';
    const good = { verify_token: token, user_key: me.userKey, passwd: NEW_PASSWORD, passwd_confirm: NEW_PASSWORD };
    const resetWith = (over: Record<string, unknown>) => JSON.stringify({ ...good, ...over });
    const calls: [string, string, string][] = [];
    for (const p of ['/v1/user/find_id_pw_user_proc', '/v1/user/forget_proc']) {
      calls.push([p, '', form], [p, 'verify_token=%ZZ', form], [p, '{"verify_token":', json], [p, 'plain text', 'text/plain']);
      calls.push([p, JSON.stringify({ verify_token: big }), json], [p, JSON.stringify({ verify_token: ['a', 'b'] }), json]);
      calls.push([p, JSON.stringify({ verify_token: 12345 }), json], [p, JSON.stringify({ verify_token: '   ' }), json]);
    }
    calls.push(
      ['/v1/user/forget_proc', resetWith({ user_key: 'abc' }), json],
      ['/v1/user/forget_proc', resetWith({ user_key: -1 }), json],
      ['/v1/user/forget_proc', resetWith({ user_key: 1.5 }), json],
      ['/v1/user/forget_proc', resetWith({ user_key: '1e400' }), json],
      ['/v1/user/forget_proc', resetWith({ user_key: undefined }), json],
      ['/v1/user/forget_proc', resetWith({ passwd: big, passwd_confirm: big }), json],
      ['/v1/user/forget_proc', resetWith({ passwd: 12345678 }), json],
      ['/v1/user/forget_proc', resetWith({ passwd_confirm: undefined }), json],
      ['/v1/user/forget_proc', `verify_token=${token}&user_key=${me.userKey}&user_key=2&passwd=x&passwd_confirm=x`, form],
    );
    for (const [p, body, type] of calls) {
      const res = await fetch(t.url + p, {
        method: 'POST',
        headers: { ...API_HEADERS, 'content-type': type, 'x-forwarded-for': randomIp() },
        body,
      });
      const answer = (await res.json()) as Envelope<Record<string, unknown>>;
      const label = `${p} ${body.slice(0, 60)} → ${JSON.stringify(answer).slice(0, 200)}`;
      expect(Object.keys(answer).sort(), label).toEqual(['rslt_cd', 'rslt_msg', 'rslt_set']);
      expect([1001, 1002, 1004], label).toContain(answer.rslt_cd);
      expect([200, 400, 415], label).toContain(res.status);
      expect(JSON.stringify(answer)).not.toMatch(/select|stack|at \w+ \(/i);
    }
    // Without the API headers nothing runs.
    const noHeaders = await t.post('/v1/user/forget_proc', { ...good, user_key: String(me.userKey) }, { headers: false });
    expect(noHeaders.status).toBe(403);
    expect(noHeaders.body.rslt_cd).toBe(1005);
    expect(await snapshot()).toBe(before);
    expect((await info(me.cookie)).body.rslt_cd).toBe(0);
  });
});
