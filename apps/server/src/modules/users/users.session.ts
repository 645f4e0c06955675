import { createHash, randomBytes } from 'node:crypto';
import type { AccountRole } from '@byeol/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { TurnLoader } from '../../platform/turn-loader.js';
import { userSession, users } from './users.tables.js';

/** The cookie holding the opaque session token. */
export const SESSION_COOKIE = 'byeol_sid';
/** Sessions last this long after their last use; the expiry (and the cookie) move forward at most once a day. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export interface SessionUser {
  userKey: number;
  id: string;
  nick: string;
  role: AccountRole;
  bjTypeCd: string;
}

/** The logged-in account's whole row, as the session lookup read it. */
export type AccountRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in account, or null; read once per request, only by calls that ask. */
    currentUser(): Promise<SessionUser | null>;
    /** The same lookup's whole account row (user_info answers from it without a second query). */
    currentAccount(): Promise<AccountRow | null>;
  }
}

/** How a session token is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionOptions {
  db: Db;
  /** Secure cookies outside development (the accounts issue: Secure outside development). */
  secure: boolean;
}

export function sessionCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: SESSION_TTL_MS / 1000 };
}

/** Requests that started or ended a session: their own cookie must not be overwritten by a refresh. */
const sessionChanged = new WeakSet<FastifyRequest>();

/** Starts a session for `userKey` (a fresh token: the login rotates it) and sets the cookie. */
export async function startSession(db: Db, request: FastifyRequest, reply: FastifyReply, userKey: number, secure: boolean): Promise<void> {
  const old = request.cookies[SESSION_COOKIE];
  if (old) await db.delete(userSession).where(eq(userSession.tokenHash, hashToken(old)));
  const token = randomBytes(32).toString('base64url');
  await db.insert(userSession).values({
    tokenHash: hashToken(token),
    userKey,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
  });
  sessionChanged.add(request);
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secure));
}

/** Ends the caller's session (if any) and clears the cookie. */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply, secure: boolean): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await db.delete(userSession).where(eq(userSession.tokenHash, hashToken(token)));
  sessionChanged.add(request);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** Ends every session of an account (password change, withdrawal). */
export async function endAllSessions(db: Db, userKey: number): Promise<void> {
  await db.delete(userSession).where(eq(userSession.userKey, userKey));
}

/** Decorates requests with `currentUser()`; a forged, expired or closed-account session is no session. */
export const sessions = fp<SessionOptions>(async (app: FastifyInstance, { db, secure }) => {
  const cache = new WeakMap<FastifyRequest, Promise<AccountRow | null>>();
  const extended = new WeakSet<FastifyRequest>();
  const lookups = sessionLookups(db);
  const account = (request: FastifyRequest) => {
    let found = cache.get(request);
    if (!found) {
      found = lookup(db, lookups, request.cookies[SESSION_COOKIE], () => extended.add(request));
      cache.set(request, found);
    }
    return found;
  };
  app.decorateRequest('currentAccount', function currentAccount(this: FastifyRequest) {
    return account(this);
  });
  app.decorateRequest('currentUser', async function currentUser(this: FastifyRequest) {
    const row = await account(this);
    return row && { userKey: row.userKey, id: row.id, nick: row.nick, role: row.role, bjTypeCd: row.bjTypeCd };
  });
  // When the server moved a session's expiry forward, the browser's cookie moves with it. This hook must
  // run before @fastify/cookie's own onSend writer, so app.ts registers this plugin before the cookie one.
  app.addHook('onSend', async (request, reply) => {
    const token = request.cookies?.[SESSION_COOKIE];
    if (token && extended.has(request) && !sessionChanged.has(request))
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secure));
  });
});

/**
 * The session lookup runs on every logged-in request. Lookups asked for in the same turn of the event loop
 * share one query (`token_hash = any(…)`), a prepared statement built once per database handle and planned
 * once per connection: under load one round trip serves a whole burst of requests (bench/ledger.bench.ts,
 * the HTTP gift rate), and a lone request waits for nothing but its own query.
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return db
    .select({ account: users, tokenHash: userSession.tokenHash, expiresAt: userSession.expiresAt })
    .from(userSession)
    .innerJoin(users, eq(users.userKey, userSession.userKey))
    .where(
      and(
        sql`${userSession.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        gt(userSession.expiresAt, sql`now()`),
        eq(users.state, 'active'),
      ),
    )
    .prepare('byeol_session_lookup');
}

type Found = { account: AccountRow; expiresAt: Date };

/** The session lookups of one turn of the event loop, in one query. */
function sessionLookups(db: Db): TurnLoader<string, Found> {
  return new TurnLoader(
    (tokenHash) => tokenHash,
    async (tokenHashes) => {
      let statement = prepared.get(db);
      if (!statement) {
        statement = prepareLookup(db);
        prepared.set(db, statement);
      }
      const rows = await statement.execute({ tokenHashes });
      return new Map(rows.map((r) => [r.tokenHash, { account: r.account, expiresAt: r.expiresAt }]));
    },
  );
}

async function lookup(
  db: Db,
  lookups: TurnLoader<string, Found>,
  token: string | undefined,
  onExtended: () => void,
): Promise<AccountRow | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const found = await lookups.get(tokenHash);
  if (!found) return null;
  // Sliding expiry, written at most once a day per session.
  if (found.expiresAt.getTime() - Date.now() < SESSION_TTL_MS - 24 * 3600 * 1000) {
    await db
      .update(userSession)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
      .where(eq(userSession.tokenHash, tokenHash));
    onExtended();
  }
  return found.account;
}

/** The logged-in account, or SPEC §6 'This is a login-required service'. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.currentUser();
  if (!user) throw new AppError('LOGIN_REQUIRED');
  return user;
}

/** The logged-in account's whole row (as this request's session lookup read it), or LOGIN_REQUIRED. */
export async function requireAccount(request: FastifyRequest): Promise<AccountRow> {
  const row = await request.currentAccount();
  if (!row) throw new AppError('LOGIN_REQUIRED');
  return row;
}

/** The logged-in account if its role is one of `roles` (operators and GMs pass every check). */
export async function requireRole(request: FastifyRequest, ...roles: AccountRole[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role === 'operator' || user.role === 'gm' || roles.includes(user.role)) return user;
  throw new AppError('FORBIDDEN');
}
