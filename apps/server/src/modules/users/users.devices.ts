import { randomBytes } from 'node:crypto';
import { LOGIN_FAILURE_LIMIT } from '@byeol/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Exec } from '../../platform/db.js';
import { hashToken } from './users.session.js';
import { trustedDevice, users } from './users.tables.js';

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a browser that signed
 * in to an account successfully gets `byeol_dev`, a random token stored hashed in `trusted_device`. On
 * the next login to that account from that browser:
 * - the per-ID throttle and the account's failure limit (SPEC §8, `users.login_fail_cnt`) do not apply:
 *   strangers guessing passwords from elsewhere cannot lock the owner's known browser out;
 * - its own wrong passwords count on its row; at LOGIN_FAILURE_LIMIT the browser stops being trusted and
 *   from then on answers like any other source.
 */
export const DEVICE_COOKIE = 'byeol_dev';
/** A known browser stays known for a year after its last successful login. */
const DEVICE_TTL_MS = 365 * 24 * 3600 * 1000;
/** Known browsers kept per account (the least recently used go first). */
const DEVICES_PER_ACCOUNT = 20;

export interface KnownDevice {
  tokenHash: string;
  userKey: number;
  /** The account's login ID, lower-cased (for the per-ID throttle). */
  loginId: string;
}

/** The known browser the request's device cookie names, if any (one primary-key read). */
export async function deviceOf(db: Exec, request: FastifyRequest): Promise<KnownDevice | null> {
  const token = request.cookies[DEVICE_COOKIE];
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ userKey: trustedDevice.userKey, loginId: sql<string>`lower(${users.id})` })
    .from(trustedDevice)
    .innerJoin(users, eq(users.userKey, trustedDevice.userKey))
    .where(
      and(
        eq(trustedDevice.tokenHash, tokenHash),
        sql`${trustedDevice.lastSeenAt} > now() - make_interval(secs => ${DEVICE_TTL_MS / 1000})`,
      ),
    );
  return row ? { tokenHash, userKey: row.userKey, loginId: row.loginId } : null;
}

/** A wrong password from a known browser: counted on it; at the limit it is forgotten. */
export async function deviceFailed(db: Exec, device: KnownDevice): Promise<void> {
  const [row] = await db
    .update(trustedDevice)
    .set({ failCnt: sql`${trustedDevice.failCnt} + 1` })
    .where(eq(trustedDevice.tokenHash, device.tokenHash))
    .returning({ n: trustedDevice.failCnt });
  if (row && row.n >= LOGIN_FAILURE_LIMIT) await db.delete(trustedDevice).where(eq(trustedDevice.tokenHash, device.tokenHash));
}

/**
 * After a successful login: the browser is (still) known to this account. A cookie of this account is
 * kept (its failures reset); otherwise a new token is set. Old devices beyond the per-account cap go.
 */
export async function trustDevice(
  db: Exec,
  reply: FastifyReply,
  userKey: number,
  device: KnownDevice | null,
  secure: boolean,
): Promise<void> {
  if (device && device.userKey === userKey) {
    await db.update(trustedDevice).set({ failCnt: 0, lastSeenAt: new Date() }).where(eq(trustedDevice.tokenHash, device.tokenHash));
    return;
  }
  const token = randomBytes(32).toString('base64url');
  await db.insert(trustedDevice).values({ tokenHash: hashToken(token), userKey });
  await db.execute(sql`
    delete from trusted_device where user_key = ${userKey} and token_hash in (
      select token_hash from trusted_device where user_key = ${userKey} order by last_seen_at desc offset ${DEVICES_PER_ACCOUNT})`);
  await db
    .delete(trustedDevice)
    .where(and(eq(trustedDevice.userKey, userKey), lt(trustedDevice.lastSeenAt, new Date(Date.now() - DEVICE_TTL_MS))));
  reply.setCookie(DEVICE_COOKIE, token, { path: '/v1/user', httpOnly: true, sameSite: 'strict', secure, maxAge: DEVICE_TTL_MS / 1000 });
}
