import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AccountRole } from '@byeol/contract';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../platform/bus.js';
import { type Db, type Exec, perDatabase } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { TurnLoader } from '../../platform/turn-loader.js';
import { type AccountRow, type FoundSession, SessionCache } from './users.session-cache.js';
import { userSession, users } from './users.tables.js';

export { type AccountRow, SESSION_CACHE_TTL_MS } from './users.session-cache.js';

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
  /** Carries account changes to the other processes' session caches (`accountChanged`). */
  bus?: Bus;
  /** The session cache's lifetime (SESSION_CACHE_TTL_MS unless configured; 0: no cache). */
  cacheTtlMs?: number;
}

/** The bus channel of account changes: `{ from, keys }`, keys a list of user keys or 'all'. */
export const ACCOUNT_CHANGED_CHANNEL = 'account.changed';

interface AccountChangedMessage {
  /** The process that sent it (it dropped its own entries already). */
  from: string;
  keys: number[] | 'all';
}

/** The session caches of the apps built on a database handle (one in production; tests build several). */
interface Invalidator {
  cache: SessionCache;
  bus: Bus | undefined;
  origin: string;
  log: FastifyBaseLogger;
}
const invalidators = new WeakMap<Db, Set<Invalidator>>();

/**
 * Announces that accounts changed: their users row (anything a signed-in request reads from its session:
 * nick, role, state, settings, level, profile, password hash…) or their sessions (logout, password change,
 * withdrawal, suspension). Every session of those accounts is read from the database again: in this process
 * at once, in the others when the bus message arrives. Call it after the change committed (`db`, never the
 * transaction): a lookup between an early announcement and the commit would keep the old row.
 * `'all'`: every account (a change of many rows, such as a level table's re-levelling).
 */
export async function accountChanged(db: Db, keys: number | readonly number[] | 'all'): Promise<void> {
  if (db instanceof PgTransaction) throw new Error('accountChanged runs after the commit: pass the database, not the transaction');
  const list = keys === 'all' ? 'all' : typeof keys === 'number' ? [keys] : [...new Set(keys)];
  if (list !== 'all' && list.length === 0) return;
  for (const own of invalidators.get(db) ?? []) {
    if (list === 'all') own.cache.clear();
    else own.cache.forget(list);
    if (!own.bus) continue;
    const message: AccountChangedMessage = { from: own.origin, keys: list };
    await own.bus
      .publish(ACCOUNT_CHANGED_CHANNEL, message)
      .catch((err: unknown) =>
        own.log.warn({ err }, 'account change not published (other processes catch up within the session cache lifetime)'),
      );
  }
}

export function sessionCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: SESSION_TTL_MS / 1000 };
}

/** Requests that started or ended a session: their own cookie must not be overwritten by a refresh. */
const sessionChanged = new WeakSet<FastifyRequest>();

/** Deletes the session of `token` (if any) and announces it. */
async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  const ended = await db
    .delete(userSession)
    .where(eq(userSession.tokenHash, hashToken(token)))
    .returning({ userKey: userSession.userKey });
  await accountChanged(
    db,
    ended.map((e) => e.userKey),
  );
}

/** Starts a session for `userKey` (a fresh token: the login rotates it) and sets the cookie. */
export async function startSession(db: Db, request: FastifyRequest, reply: FastifyReply, userKey: number, secure: boolean): Promise<void> {
  await deleteSession(db, request.cookies[SESSION_COOKIE]);
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
  await deleteSession(db, request.cookies[SESSION_COOKIE]);
  sessionChanged.add(request);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** Ends every session of an account (password change, withdrawal) and announces it. */
export async function endAllSessions(db: Db, userKey: number): Promise<void> {
  await deleteAllSessions(db, userKey);
  await accountChanged(db, userKey);
}

/**
 * Deletes every session of an account inside the caller's transaction (a suspension with its sanction row);
 * the caller announces it with `accountChanged` once committed.
 */
export async function deleteAllSessions(db: Exec, userKey: number): Promise<void> {
  await db.delete(userSession).where(eq(userSession.userKey, userKey));
}

/**
 * Decorates requests with `currentUser()`; a forged, expired or closed-account session is no session.
 * Sessions are answered from this process's SessionCache while fresh (users.session-cache.ts), so a
 * signed-in request costs no query for its session; `accountChanged` keeps the cache honest.
 */
export const sessions = fp<SessionOptions>(async (app: FastifyInstance, { db, secure, bus, cacheTtlMs }) => {
  const perRequest = new WeakMap<FastifyRequest, Promise<AccountRow | null>>();
  const extended = new WeakSet<FastifyRequest>();
  const lookups = sessionLookups(db);
  const cache = new SessionCache(cacheTtlMs);
  const own: Invalidator = { cache, bus, origin: randomUUID(), log: app.log };
  let mine = invalidators.get(db);
  if (!mine) {
    mine = new Set();
    invalidators.set(db, mine);
  }
  mine.add(own);
  const unsubscribe = await bus?.subscribe(ACCOUNT_CHANGED_CHANNEL, (raw) => {
    const message = raw as Partial<AccountChangedMessage> | null;
    if (!message || message.from === own.origin) return;
    if (message.keys === 'all') cache.clear();
    else if (Array.isArray(message.keys)) cache.forget(message.keys.filter((k): k is number => typeof k === 'number'));
  });
  app.addHook('onClose', async () => {
    mine.delete(own);
    await unsubscribe?.();
  });
  const account = (request: FastifyRequest) => {
    let found = perRequest.get(request);
    if (!found) {
      found = lookup(db, lookups, cache, request.cookies[SESSION_COOKIE], () => extended.add(request));
      perRequest.set(request, found);
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
  app.addHook('onSend', (request, reply, payload, done) => {
    const token = request.cookies?.[SESSION_COOKIE];
    if (token && extended.has(request) && !sessionChanged.has(request))
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secure));
    done(null, payload);
  });
});

/** Every column of `users`, read from the lookup's rows under the table's own name and decoded as drizzle does. */
const accountColumns = Object.fromEntries(
  Object.entries(getTableColumns(users)).map(([key, column]) => [key, sql`"users".${sql.identifier(column.name)}`.mapWith(column)]),
) as { [K in keyof AccountRow]: SQL<AccountRow[K]> };

/**
 * The session lookup runs on every logged-in request the session cache cannot answer. Lookups asked for in
 * the same turn of the event loop share one call (`session_lookups`, migration 0040: each token hash and
 * its account found by primary key, however the tables' statistics stood when the connection planned it), a
 * prepared statement built once per database handle: under load one round trip serves a whole burst of
 * requests (bench/ledger.ts, the HTTP gift rate), and a lone request waits for nothing but its own
 * query. The function answers the account as the `users` row type, expanded here under the table's own
 * name so the columns read as `users`' own.
 */
const lookupStatement = perDatabase((db) =>
  db
    .select({
      account: accountColumns,
      tokenHash: sql<string>`"users"."session_token_hash"`,
      expiresAt: sql<Date>`"users"."session_expires_at"`.mapWith(userSession.expiresAt),
    })
    .from(
      sql`(select (l.account).*, l.token_hash as session_token_hash, l.expires_at as session_expires_at
           from session_lookups(${sql.placeholder('tokenHashes')}::text[]) l) as "users"`,
    )
    .prepare('byeol_session_lookup'),
);

/** The live sessions of these token hashes, with their accounts (active ones only), in one call. */
export async function findSessions(db: Db, tokenHashes: string[]): Promise<Map<string, FoundSession>> {
  const rows = await lookupStatement(db).execute({ tokenHashes });
  return new Map(rows.map((r) => [r.tokenHash, { account: r.account, expiresAt: r.expiresAt }]));
}

/** The session lookups of one turn of the event loop, in one query. */
function sessionLookups(db: Db): TurnLoader<string, FoundSession> {
  return new TurnLoader(
    (tokenHash) => tokenHash,
    (tokenHashes) => findSessions(db, tokenHashes),
  );
}

async function lookup(
  db: Db,
  lookups: TurnLoader<string, FoundSession>,
  cache: SessionCache,
  token: string | undefined,
  onExtended: () => void,
): Promise<AccountRow | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  let found = cache.get(tokenHash);
  if (!found) {
    const mark = cache.mark();
    found = await lookups.get(tokenHash);
    if (!found) return null;
    cache.set(tokenHash, found, mark);
  }
  // Sliding expiry, written at most once a day per session. The new expiry is noted before the write, so
  // the session's other requests meanwhile (cached or of the same batch) do not write it again.
  if (found.expiresAt.getTime() - Date.now() < SESSION_TTL_MS - 24 * 3600 * 1000) {
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    found.expiresAt = expiresAt;
    await db.update(userSession).set({ lastSeenAt: new Date(), expiresAt }).where(eq(userSession.tokenHash, tokenHash));
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
