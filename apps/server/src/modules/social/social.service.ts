import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type Lang,
  type LoginResultSet,
  NICK_LENGTH,
  NICK_PATTERN,
  ResultCode,
  SOCIAL_ERROR_PARAM,
  SOCIAL_TTL,
  type SocialJoinReq,
  type SocialJoinSet,
  type SocialProvider,
  type SocialProviderInfo,
} from '@byeol/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { recordJoinConsents } from '../site/index.js';
import type { SiteService } from '../site/site.service.js';
import { insertUser, nickTaken, uniqueViolation } from '../users/index.js';
import { startSession } from '../users/users.session.js';
import type { SocialClient, SocialIdentity } from './social.providers.js';
import {
  deleteExpired,
  findLinkedUser,
  findSignup,
  insertLink,
  insertSignup,
  insertState,
  linkViolation,
  takeSignup,
  takeState,
  touchLink,
} from './social.repository.js';

export interface SocialDeps {
  db: Db;
  bus: Bus;
  log: Logger;
  /** The configured providers (a provider without a client id is absent). */
  clients: Map<SocialProvider, SocialClient>;
  /** For the site-wide social_login switch (SPEC §1). */
  site: SiteService;
  /** Secure cookies (production). */
  secure: boolean;
}

export interface CallCtx {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Binds a started sign-in to the browser that started it: holds the state sent to the provider. */
export const STATE_COOKIE = 'byeol_oauth';
/** Holds the token of a first social sign-in waiting for /user/join-social. */
export const SIGNUP_COOKIE = 'byeol_social';
/** Sign-in starts, callbacks and social joins per client address (each checks a secret or calls out). */
export const SOCIAL_LIMIT = { max: 30, windowMs: 10 * 60_000 } as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const stateHash = (state: string) => sha256(`oauth-state:${state}`);
const signupHash = (token: string) => sha256(`social-signup:${token}`);

function cookieOptions(secure: boolean, minutes: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: minutes * 60 };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The client of an enabled provider, or SOCIAL_PROVIDER_DISABLED (unknown, no client id, or switched off). */
async function enabledClient(deps: SocialDeps, provider: string, lang: Lang): Promise<SocialClient> {
  const client = deps.clients.get(provider as SocialProvider);
  if (!client || !(await socialSwitchOn(deps, lang))) throw new AppError('SOCIAL_PROVIDER_DISABLED');
  return client;
}

async function socialSwitchOn(deps: SocialDeps, lang: Lang): Promise<boolean> {
  const info = await deps.site.info(lang);
  return info.site_setting.social_login_yn !== 'N';
}

/** GET /user/social_providers: the providers whose buttons the web app shows. */
export async function listProviders(deps: SocialDeps, lang: Lang): Promise<SocialProviderInfo[]> {
  if (!(await socialSwitchOn(deps, lang))) return [];
  return [...deps.clients.keys()].map((provider) => ({ provider, start_url: `/v1/user/social_login/${provider}` }));
}

/**
 * GET /user/social_login/{provider}: remembers a fresh state (hashed), nonce and PKCE verifier for 10
 * minutes, binds the state to this browser with a cookie and answers the provider URL to redirect to.
 */
export async function startSignIn(deps: SocialDeps, { request, reply }: CallCtx, provider: string, returnTo: string): Promise<string> {
  const client = await enabledClient(deps, provider, request.lang);
  await enforceLimits(deps.bus, [{ key: `social:start:${request.ip}`, ...SOCIAL_LIMIT }]);
  let auth: Awaited<ReturnType<SocialClient['authorizationUrl']>>;
  try {
    auth = await client.authorizationUrl();
  } catch (err) {
    deps.log.error({ err, provider }, 'social provider discovery failed');
    throw new AppError('SOCIAL_PROVIDER_ERROR');
  }
  await deleteExpired(deps.db);
  await insertState(deps.db, {
    stateHash: stateHash(auth.challenge.state),
    provider: client.provider,
    codeVerifier: auth.challenge.codeVerifier,
    nonce: auth.challenge.nonce,
    returnTo,
    expiresAt: new Date(Date.now() + SOCIAL_TTL.stateMinutes * 60_000),
  });
  reply.setCookie(STATE_COOKIE, auth.challenge.state, cookieOptions(deps.secure, SOCIAL_TTL.stateMinutes));
  return auth.url.href;
}

/** Where a failed sign-in sends the browser: the login page, which shows the code's message. */
export function failurePath(code: number, returnTo = '/'): string {
  const params = new URLSearchParams({ [SOCIAL_ERROR_PARAM]: String(code) });
  if (returnTo !== '/') params.set('redirect', returnTo);
  return `/user/login?${params}`;
}

/**
 * GET /user/social_callback/{provider}: answers where the browser goes next. A known identity of an
 * active account logs in (the session is rotated) and goes back to `return_to`; a new one is held as a
 * pending sign-up behind a cookie and goes to /user/join-social; any failure goes to the login page with
 * its result code, never a stack.
 */
export async function finishSignIn(
  deps: SocialDeps,
  { request, reply }: CallCtx,
  provider: string,
  params: URLSearchParams,
): Promise<string> {
  let returnTo = '/';
  try {
    const client = await enabledClient(deps, provider, request.lang);
    await enforceLimits(deps.bus, [{ key: `social:callback:${request.ip}`, ...SOCIAL_LIMIT }]);
    const state = params.get('state') ?? '';
    const bound = request.cookies[STATE_COOKIE] ?? '';
    reply.clearCookie(STATE_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secure });
    // Spent whatever happens next: a state never serves twice.
    const row = state && state.length <= 200 ? await takeState(deps.db, stateHash(state)) : undefined;
    if (!row || row.expired || row.provider !== client.provider || !sameSecret(state, bound)) throw new AppError('SOCIAL_STATE_INVALID');
    returnTo = row.returnTo;

    const error = params.get('error');
    if (error) throw new AppError(error === 'access_denied' ? 'SOCIAL_DENIED' : 'SOCIAL_PROVIDER_ERROR');

    let identity: SocialIdentity;
    try {
      identity = await client.identify(params, { state, nonce: row.nonce, codeVerifier: row.codeVerifier });
    } catch (err) {
      if (err instanceof AppError) throw err;
      deps.log.warn({ err: { name: (err as Error).name, message: (err as Error).message }, provider }, 'social sign-in not verified');
      throw new AppError('SOCIAL_PROVIDER_ERROR');
    }

    const linked = await findLinkedUser(deps.db, client.provider, identity.subject);
    if (linked?.state === 'closed') throw new AppError('ACCOUNT_CLOSED');
    if (linked) {
      await touchLink(deps.db, client.provider, identity.subject, identity.email);
      await startSession(deps.db, request, reply, linked.userKey, deps.secure);
      return returnTo;
    }

    const token = randomBytes(32).toString('base64url');
    await insertSignup(deps.db, {
      tokenHash: signupHash(token),
      provider: client.provider,
      subject: identity.subject,
      email: identity.email.slice(0, 254),
      name: identity.name.slice(0, 100),
      expiresAt: new Date(Date.now() + SOCIAL_TTL.signupMinutes * 60_000),
    });
    reply.setCookie(SIGNUP_COOKIE, token, cookieOptions(deps.secure, SOCIAL_TTL.signupMinutes));
    return '/user/join-social';
  } catch (err) {
    if (err instanceof AppError) return failurePath(ResultCode[err.code], returnTo);
    throw err;
  }
}

async function pendingSignup(deps: SocialDeps, request: FastifyRequest) {
  const token = request.cookies[SIGNUP_COOKIE];
  if (!token || token.length > 100) throw new AppError('SOCIAL_SIGNUP_EXPIRED');
  const row = await findSignup(deps.db, signupHash(token));
  if (!row) throw new AppError('SOCIAL_SIGNUP_EXPIRED');
  return { token, row };
}

/** A free nickname made from the provider's name or e-mail, or '' when none comes easily. */
async function suggestNick(db: Db, name: string, email: string): Promise<string> {
  const clean = (text: string) =>
    [...text]
      .filter((c) => NICK_PATTERN.test(c))
      .slice(0, NICK_LENGTH.max)
      .join('');
  const base = clean(name) || clean(email.split('@')[0] ?? '');
  if ([...base].length < NICK_LENGTH.min) return '';
  if (!(await nickTaken(db, base))) return base;
  for (let i = 0; i < 3; i++) {
    const candidate = [...base].slice(0, NICK_LENGTH.max - 4).join('') + String(randomInt(10_000)).padStart(4, '0');
    if (!(await nickTaken(db, candidate))) return candidate;
  }
  return '';
}

/**
 * POST /user/login_result: what the pending first social sign-in of this browser is (SPEC §7 names the
 * call; here it feeds /user/join-social: the provider, the e-mail and name it gave, a nickname to offer).
 */
export async function loginResult(deps: SocialDeps, request: FastifyRequest): Promise<LoginResultSet> {
  const { row } = await pendingSignup(deps, request);
  return {
    provider: row.provider,
    email: row.email,
    name: row.name,
    suggested_nick: await suggestNick(deps.db, row.name, row.email),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** A login ID for an account that signs in only socially: the provider's name and 10 random letters/digits. */
function generatedId(provider: SocialProvider): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return provider + Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * POST /user/social_join_proc: creates the account of the pending social sign-in (no password; a
 * generated ID), links the identity and logs in. Spending the sign-up, the duplicate checks and the
 * inserts are one transaction, so a refused join (nickname taken) keeps the sign-up usable.
 */
export async function joinSocial(deps: SocialDeps, { request, reply }: CallCtx, input: SocialJoinReq): Promise<SocialJoinSet> {
  await enforceLimits(deps.bus, [{ key: `social:join:${request.ip}`, ...SOCIAL_LIMIT }]);
  const { token } = await pendingSignup(deps, request);
  for (let attempt = 0; ; attempt++) {
    try {
      const user = await deps.db.transaction(async (tx) => {
        const signup = await takeSignup(tx, signupHash(token));
        if (!signup) throw new AppError('SOCIAL_SIGNUP_EXPIRED');
        if (await findLinkedUser(tx, signup.provider, signup.subject)) throw new AppError('SOCIAL_ALREADY_JOINED');
        if (await nickTaken(tx, input.nick)) throw new AppError('DUPLICATE_NICK');
        const row = await insertUser(tx, {
          id: generatedId(signup.provider),
          nick: input.nick,
          passwordHash: null,
          email: signup.email,
          agreeMarketing: input.agree_marketing === 'Y',
        });
        await insertLink(tx, { provider: signup.provider, subject: signup.subject, userKey: row.userKey, email: signup.email });
        await recordJoinConsents(tx, row.userKey);
        return row;
      });
      await startSession(deps.db, request, reply, user.userKey, deps.secure);
      reply.clearCookie(SIGNUP_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secure });
      return { user_key: user.userKey, id: user.id, nick: user.nick };
    } catch (err) {
      const which = uniqueViolation(err);
      if (which === 'nick') throw new AppError('DUPLICATE_NICK');
      if (linkViolation(err)) throw new AppError('SOCIAL_ALREADY_JOINED');
      // A generated ID that happens to exist: draw another.
      if (which === 'id' && attempt < 3) continue;
      throw err;
    }
  }
}
