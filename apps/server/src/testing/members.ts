import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { tokenHash } from '../modules/verification/verification.service.js';
import { SESSION_COOKIE } from '../platform/session.js';
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

/**
 * A forwarded client address of its own (for an app started with TRUST_PROXY=true), so per-address
 * limits, whose counters other test files share on Redis, only bite where a test means them to.
 */
export const fromRandomIp = () => ({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

/** IDs and nicknames unique across test files and runs. */
export const uniqueId = () => `m${RUN}${(seq++).toString(36)}${randomInt(36 ** 3).toString(36)}`;
export const uniqueNick = () => `p${RUN}${(seq++).toString(36)}${randomInt(36 ** 2).toString(36)}`.slice(0, 12);

export async function sql<T = Record<string, unknown>>(t: TestApp, text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.database.pool.query(text, params)).rows as T[];
}

/** The `byeol_sid=…` pair a call set, or null when it set none. */
export function sessionCookieOf(called: Called<unknown>): string | null {
  const set = called.response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return set ? (set.split(';')[0] as string) : null;
}

/** Joins a member the way the join page does (with a confirmed phone verification written directly). */
export async function buildMember(t: TestApp): Promise<Member> {
  const token = randomBytes(24).toString('base64url');
  const phoneNo = `010${String(randomInt(10 ** 8)).padStart(8, '0')}`;
  await sql(
    t,
    `insert into phone_verification (verify_id, purpose, phone_country_num, phone_no, pin_hash, state, expires_at, confirmed_at, token_hash)
     values ($1, 'join', '82', $2, 'x', 'confirmed', now() + interval '3 minutes', now(), $3)`,
    [randomUUID(), phoneNo, tokenHash(token)],
  );
  const id = uniqueId();
  const nick = uniqueNick();
  const res = await t.post<{ user_key: number }>('/v1/user/user_direct_join_proc', {
    id,
    passwd: MEMBER_PASSWORD,
    passwd_confirm: MEMBER_PASSWORD,
    nick,
    verify_token: token,
    birth_date: '1995-05-05',
    sex: 'M',
    email: `${id}@byeol.example`,
    agree_terms: 'Y',
    agree_privacy: 'Y',
  });
  const cookie = sessionCookieOf(res);
  if (res.body.rslt_cd !== 0 || !cookie) throw new Error(`join failed: ${JSON.stringify(res.body)}`);
  return { userKey: res.body.rslt_set.user_key, id, nick, passwd: MEMBER_PASSWORD, phoneNo, cookie };
}

/** Logs a member in again (another browser): answers that session's cookie. */
export async function signedInAs(t: TestApp, member: Pick<Member, 'id' | 'passwd'>): Promise<string> {
  const res = await t.post('/v1/user/login_proc', { id: member.id, passwd: member.passwd }, { headers: fromRandomIp() });
  const cookie = sessionCookieOf(res);
  if (res.body.rslt_cd !== 0 || !cookie) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return cookie;
}
