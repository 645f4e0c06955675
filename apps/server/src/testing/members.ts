import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { VerifyPurpose } from '@byeol/contract';
import { hashToken, SESSION_COOKIE } from '../modules/users/users.session.js';
import { users } from '../modules/users/users.tables.js';
import { tokenHash } from '../modules/verification/verification.service.js';
import type { Called, TestApp } from './app.js';

/** A member made through the real join call, with the session cookie the join set. */
export interface Member {
  userKey: number;
  id: string;
  nick: string;
  passwd: string;
  phoneNo: string;
  /** `byeol_sid=…`, to send as the cookie of a call. */
  cookie: string;
}

export const MEMBER_PASSWORD = 'Byeol!pw7x';
const RUN = randomBytes(3).toString('hex');
let seq = 0;

/** A client address of its own, for the `x-forwarded-for` of an app started with TRUST_PROXY=true. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
/**
 * Headers forwarding `ip` (a fresh address by default), so per-address limits, whose counters other
 * test files share on Redis, only bite where a test means them to.
 */
export const fromIp = (ip = randomIp()) => ({ 'x-forwarded-for': ip });

/**
 * `prefix`, then this run's six hex characters, a counter and a random tail: unique across test files and
 * runs. Counter and tail have fixed widths (3 each), so a value cut to a column's length (nicknames: 12)
 * stays unique: with variable widths, counter '1k' + tail 'dup' equalled counter '1kd' + tail 'up…'.
 */
export const unique = (prefix: string) =>
  `${prefix}${RUN}${(seq++).toString(36).padStart(3, '0')}${randomInt(36 ** 3)
    .toString(36)
    .padStart(3, '0')}`;
/** IDs and nicknames unique across test files and runs. */
export const uniqueId = () => unique('m');
export const uniqueNick = () => unique('p').slice(0, 12);
/** A Korean mobile number (010 and eight digits). */
export const randomPhone = () => `010${String(randomInt(10 ** 8)).padStart(8, '0')}`;

export async function sql<T = Record<string, unknown>>(t: TestApp, text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.database.pool.query(text, params)).rows as T[];
}

/** The `byeol_sid=…` pair a call set, or null when it set none. */
export function sessionCookieOf(called: Called<unknown>): string | null {
  const set = called.response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return set ? (set.split(';')[0] as string) : null;
}

/** The `byeol_sid=…` pair a call set; throws when it set none. */
export function sessionCookie(called: Called<unknown>): string {
  const cookie = sessionCookieOf(called);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** A session for an account, stored the way modules/users/users.session.ts stores it (for accounts without a password). */
export async function sessionCookieFor(t: TestApp, userKey: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql(t, `insert into user_session (token_hash, user_key, expires_at) values ($1, $2, now() + interval '30 days')`, [
    hashToken(token),
    userKey,
  ]);
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * A confirmed phone verification of `phoneNo` with a known token, stored the way verification.service.ts
 * stores it, confirmed `confirmedMinutesAgo` minutes ago.
 */
export async function verifiedPhone(t: TestApp, purpose: VerifyPurpose, phoneNo = randomPhone(), confirmedMinutesAgo = 0) {
  const token = randomBytes(32).toString('base64url');
  await sql(
    t,
    `insert into phone_verification (verify_id, purpose, phone_country_num, phone_no, pin_hash, state, expires_at, confirmed_at, token_hash)
     values ($1, $2, '82', $3, 'x', 'confirmed', now() + interval '3 minutes', now() - make_interval(mins => $4), $5)`,
    [randomUUID(), purpose, phoneNo, confirmedMinutesAgo, tokenHash(token)],
  );
  return { token, phoneNo };
}

/** The state of the phone verification holding `token` ('confirmed', 'used', …). */
export async function verificationState(t: TestApp, token: string): Promise<string | undefined> {
  return (await sql<{ state: string }>(t, 'select state from phone_verification where token_hash = $1', [tokenHash(token)]))[0]?.state;
}

/** A valid user_direct_join_proc form with a fresh ID and nickname (`verify_token` still to be set). */
export function joinForm(over: Record<string, string> = {}): Record<string, string> {
  return {
    id: uniqueId(),
    passwd: MEMBER_PASSWORD,
    passwd_confirm: MEMBER_PASSWORD,
    nick: uniqueNick(),
    verify_token: 'set-me',
    birth_date: '1999-04-01',
    sex: 'F',
    email: '',
    agree_terms: 'Y',
    agree_privacy: 'Y',
    ...over,
  };
}

/** Calls user_direct_join_proc with a join verification of `phoneNo` and `joinForm(over)`, whatever it answers. */
export async function tryJoin(t: TestApp, over: Record<string, string> = {}, phoneNo = randomPhone()) {
  const phone = await verifiedPhone(t, 'join', phoneNo);
  const form = joinForm({ verify_token: phone.token, ...over });
  const res = await t.post<{ user_key: number }>('/v1/user/user_direct_join_proc', form);
  return { res, form, phoneToken: phone.token, phoneNo };
}

/**
 * Joins a member the way the join page does (with a confirmed phone verification of `phoneNo` written
 * directly), with `joinForm(over)`.
 */
export async function buildMember(t: TestApp, over: Record<string, string> = {}, phoneNo = randomPhone()): Promise<Member> {
  const { res, form } = await tryJoin(t, over, phoneNo);
  const cookie = sessionCookieOf(res);
  if (res.body.rslt_cd !== 0 || !cookie) throw new Error(`join failed: ${JSON.stringify(res.body)}`);
  return {
    userKey: res.body.rslt_set.user_key,
    id: form.id as string,
    nick: form.nick as string,
    passwd: form.passwd as string,
    phoneNo,
    cookie,
  };
}

/**
 * An account row written directly (no password unless given, no join checks) with a fresh ID, nickname
 * and phone, and a session cookie for it.
 */
export async function buildAccount(t: TestApp, over: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(users)
    .values({ id: uniqueId(), nick: uniqueNick(), phoneCountryNum: '82', phoneNo: randomPhone(), ...over })
    .returning();
  if (!row) throw new Error('no user');
  return { ...row, cookie: await sessionCookieFor(t, row.userKey) };
}

/** Logs a member in again (another browser): answers that session's cookie. */
export async function signedInAs(t: TestApp, member: Pick<Member, 'id' | 'passwd'>): Promise<string> {
  const res = await t.post('/v1/user/login_proc', { id: member.id, passwd: member.passwd }, { headers: fromIp() });
  const cookie = sessionCookieOf(res);
  if (res.body.rslt_cd !== 0 || !cookie) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return cookie;
}
