import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { hashToken, SESSION_COOKIE } from '../apps/server/src/modules/users/users.session.js';

/**
 * The first demo member, signed in as a login signs in (a session row: the cookie holds the token, the
 * table its hash): the `cookie` header for their requests, and their nick (page benches: pages.ts,
 * render-hooks.ts).
 */
export async function signInDemoMember(pool: pg.Pool): Promise<{ headers: { cookie: string }; nick: string }> {
  const viewer = (
    await pool.query<{ user_key: string; nick: string }>(`select user_key, nick from users where is_demo order by user_key limit 1`)
  ).rows[0];
  if (!viewer) throw new Error('no demo member');
  const token = randomBytes(32).toString('base64url');
  await pool.query(`insert into user_session (token_hash, user_key, expires_at) values ($1, $2, now() + interval '1 day')`, [
    hashToken(token),
    viewer.user_key,
  ]);
  return { headers: { cookie: `${SESSION_COOKIE}=${token}` }, nick: viewer.nick };
}
