import { randomBytes } from 'node:crypto';
import { ResultCode, sanctionsEndpoints, type UserInfoSet } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildOperator } from '../../testing/builders.js';
import { buildMember, MEMBER_PASSWORD, type Member, sessionCookie, sql, uniqueNick } from '../../testing/members.js';
import { accountChanged, SESSION_CACHE_TTL_MS } from './users.session.js';

/**
 * Sessions answered from each process's memory (issue 20): two app instances, each with its own database
 * pool, session cache and Redis connection, sharing one Redis (under a prefix of this file) as two
 * processes of one installation would. What one process revokes, the other refuses within a second, well
 * inside the cache's own lifetime (SESSION_CACHE_TTL_MS), so only the bus message can have done it.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `sc${randomBytes(4).toString('hex')}:`;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  const env = { REDIS_URL, REDIS_PREFIX: PREFIX };
  [a, b] = await Promise.all([startTestApp({ env }), startTestApp({ env })]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const info = (on: TestApp, cookie: string) => on.get<UserInfoSet>('/v1/user/user_info', {}, { cookie });

/** Polls `on` until it refuses `cookie` as signed out; fails when that takes a second or more. */
async function refusedWithinASecond(on: TestApp, cookie: string): Promise<void> {
  await expect.poll(async () => (await info(on, cookie)).body.rslt_cd, { timeout: 1_000, interval: 10 }).toBe(ResultCode.LOGIN_REQUIRED);
}

/** A member signed in on both processes: each has answered the session once (it is in both caches). */
async function signedInOnBoth(): Promise<Member> {
  const me = await buildMember(a);
  expect((await info(a, me.cookie)).body.rslt_cd).toBe(0);
  expect((await info(b, me.cookie)).body.rslt_cd).toBe(0);
  return me;
}

it('keeps a session longer than the second the revocation tests below allow', () => {
  expect(SESSION_CACHE_TTL_MS).toBeGreaterThanOrEqual(2_000);
});

describe('answers from memory', () => {
  it('answers user_info exactly as the database does, and from memory until a change is announced', async () => {
    const me = await signedInOnBoth();
    const fromDatabase = await info(a, me.cookie);
    await accountChanged(a.database.db, me.userKey);
    const [reread, fromMemory] = [await info(a, me.cookie), await info(a, me.cookie)];
    expect(reread.body).toEqual(fromDatabase.body);
    expect(fromMemory.body).toEqual(fromDatabase.body);

    // A nick written by hand, unannounced, is not seen: the answer came from memory, not the database.
    const byHand = uniqueNick();
    await sql(a, 'update users set nick = $2 where user_key = $1', [me.userKey, byHand]);
    expect((await info(a, me.cookie)).body.rslt_set.user_info?.nick).toBe(me.nick);
    // Announced, it is read again here at once and on the other process within a second.
    await accountChanged(a.database.db, me.userKey);
    expect((await info(a, me.cookie)).body.rslt_set.user_info?.nick).toBe(byHand);
    await expect.poll(async () => (await info(b, me.cookie)).body.rslt_set.user_info?.nick, { timeout: 1_000, interval: 10 }).toBe(byHand);
    // And what each process now answers from memory is what a fresh read answers.
    const cold = await info(b, me.cookie);
    await accountChanged(b.database.db, me.userKey);
    expect((await info(b, me.cookie)).body).toEqual(cold.body);
    expect((await info(a, me.cookie)).body).toEqual(cold.body);
  });

  it('shows a nick change on the next user_info at once, and on the other process within a second', async () => {
    const me = await signedInOnBoth();
    const nick = uniqueNick();
    const changed = await a.post('/v1/user/user_update_proc', { nick }, { cookie: me.cookie });
    expect(changed.body.rslt_cd).toBe(0);
    expect((await info(a, me.cookie)).body.rslt_set.user_info?.nick).toBe(nick);
    await expect.poll(async () => (await info(b, me.cookie)).body.rslt_set.user_info?.nick, { timeout: 1_000, interval: 10 }).toBe(nick);
  });
});

describe('a session revoked on one process is refused on the other within a second', () => {
  it('logout', async () => {
    const me = await signedInOnBoth();
    expect((await a.get('/v1/user/logout_proc', {}, { cookie: me.cookie })).body.rslt_cd).toBe(0);
    expect((await info(a, me.cookie)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    await refusedWithinASecond(b, me.cookie);
  });

  it('password change: every other session ends, the caller keeps a new one that works everywhere', async () => {
    const me = await signedInOnBoth();
    const login = await b.post('/v1/user/login_proc', { id: me.id, passwd: MEMBER_PASSWORD });
    const laptop = sessionCookie(login);
    expect((await info(b, laptop)).body.rslt_cd).toBe(0);
    expect((await info(a, laptop)).body.rslt_cd).toBe(0);

    const next = 'Byeol!pw8y';
    const changed = await a.post(
      '/v1/user/user_update_proc',
      { current_passwd: MEMBER_PASSWORD, passwd: next, passwd_confirm: next },
      { cookie: me.cookie },
    );
    expect(changed.body.rslt_cd).toBe(0);
    const rotated = sessionCookie(changed);
    expect((await info(a, laptop)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    await refusedWithinASecond(b, laptop);
    await refusedWithinASecond(b, me.cookie);
    expect((await info(b, rotated)).body.rslt_cd).toBe(0);
  });

  it('account suspension by an operator', async () => {
    const operator = await buildOperator(a);
    const me = await signedInOnBoth();
    const done = await a.call(
      sanctionsEndpoints.save,
      { id: me.id, kind: 'account', hours: '1', reason: '도배' },
      { cookie: operator.cookie },
    );
    expect(done.body.rslt_cd).toBe(0);
    expect((await info(a, me.cookie)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    await refusedWithinASecond(b, me.cookie);
  });

  it('withdrawal', async () => {
    const me = await signedInOnBoth();
    const other = sessionCookie(await b.post('/v1/user/login_proc', { id: me.id, passwd: MEMBER_PASSWORD }));
    expect((await info(b, other)).body.rslt_cd).toBe(0);
    expect((await a.post('/v1/mypage/withdraw_proc', { passwd: MEMBER_PASSWORD }, { cookie: me.cookie })).body.rslt_cd).toBe(0);
    await refusedWithinASecond(b, other);
    await refusedWithinASecond(b, me.cookie);
  });
});
