import { randomBytes, randomInt } from 'node:crypto';
import {
  API_HEADERS,
  type Envelope,
  type LoginResultSet,
  ResultCode,
  type SocialJoinSet,
  socialEndpoints,
  type UserInfoSet,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { type LocalOidcProvider, startLocalOidcProvider } from './oidc-test-provider.js';
import { SIGNUP_COOKIE, STATE_COOKIE } from './social.service.js';

/**
 * The whole social sign-in over HTTP against a real OpenID Provider (oidc-provider) configured as Google
 * and as Apple (form_post). The browser is played by a small cookie jar that follows redirects. Browsers
 * reach the site at PUBLIC (as behind a reverse proxy); the jar sends those requests to the test server.
 */
const PUBLIC = 'http://byeol.test';
const GOOGLE = { clientId: 'byeol-google', clientSecret: randomBytes(16).toString('hex') };
const APPLE = { clientId: 'byeol-apple', clientSecret: randomBytes(16).toString('hex') };

let idp: LocalOidcProvider;
let t: TestApp;
beforeAll(async () => {
  idp = await startLocalOidcProvider([
    { ...GOOGLE, redirectUris: [`${PUBLIC}/v1/user/social_callback/google`] },
    { ...APPLE, redirectUris: [`${PUBLIC}/oauth/form_post/apple`] },
  ]);
  t = await startTestApp({
    env: {
      TRUST_PROXY: 'true',
      PUBLIC_URL: PUBLIC,
      SOCIAL_GOOGLE_CLIENT_ID: GOOGLE.clientId,
      SOCIAL_GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
      SOCIAL_GOOGLE_ISSUER: idp.issuer,
      SOCIAL_APPLE_CLIENT_ID: APPLE.clientId,
      SOCIAL_APPLE_CLIENT_SECRET: APPLE.clientSecret,
      SOCIAL_APPLE_ISSUER: idp.issuer,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const RUN = randomBytes(3).toString('hex');
let seq = 0;
/** A provider account nobody else in the run uses (the login name at the provider is the subject). */
const usub = () => `s${RUN}${(seq++).toString(36)}`;
const unick = () => `k${RUN}${(seq++).toString(36)}`.slice(0, 12);

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.database.pool.query(text, params)).rows as T[];
}

interface Page {
  status: number;
  /** Where the browser is (public URL). */
  url: string;
  text: string;
}

/** A browser: one cookie jar per host, its own client address, redirects followed by hand. */
class Browser {
  private jar = new Map<string, Map<string, string>>();
  readonly ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  setCookie(host: string, name: string, value: string): void {
    const forHost = this.jar.get(host) ?? new Map<string, string>();
    forHost.set(name, value);
    this.jar.set(host, forHost);
  }

  /** One request, as a browser would send it to `url` (requests for PUBLIC reach the test server). */
  async request(url: string, init: { method?: string; form?: Record<string, string>; api?: boolean } = {}): Promise<Response> {
    const target = new URL(url);
    const host = target.host;
    const real = target.origin === PUBLIC ? new URL(target.pathname + target.search, t.url) : target;
    const headers = new Headers();
    const cookies = [...(this.jar.get(host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookies) headers.set('cookie', cookies);
    if (target.origin === PUBLIC) headers.set('x-forwarded-for', this.ip);
    if (init.api) for (const [k, v] of Object.entries(API_HEADERS)) headers.set(k, v);
    const res = await fetch(real, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a)) || value === '';
      const forHost = this.jar.get(host) ?? new Map<string, string>();
      if (gone) forHost.delete(name);
      else forHost.set(name, value);
      this.jar.set(host, forHost);
    }
    return res;
  }

  /**
   * Follows redirects from `url` until a page that is not a redirect, or until the browser reaches a
   * web page of the site (the test server has only the API role) or the callback when `stopAtCallback`.
   */
  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}, stopAtCallback = false): Promise<Page> {
    let current = url;
    let next = init;
    for (let hops = 0; hops < 20; hops++) {
      const at = new URL(current);
      const sitePage = at.origin === PUBLIC && !at.pathname.startsWith('/v1/') && !at.pathname.startsWith('/oauth/');
      if (sitePage || (stopAtCallback && at.pathname.startsWith('/v1/user/social_callback/'))) {
        return { status: 0, url: current, text: '' };
      }
      const res = await this.request(current, next);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        // Locations on the test server's own origin are the public site too.
        const resolved = new URL(location, current);
        current = resolved.origin === t.url ? `${PUBLIC}${resolved.pathname}${resolved.search}` : resolved.href;
        next = {};
        continue;
      }
      return { status: res.status, url: current, text: await res.text() };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  async api<T>(path: string, form?: Record<string, string>): Promise<Envelope<T>> {
    const res = await this.request(`${PUBLIC}${path}`, form ? { method: 'POST', form, api: true } : { api: true });
    return (await res.json()) as Envelope<T>;
  }
}

/** Submits the local provider's development login form (any password) and follows on. */
async function logInAtProvider(browser: Browser, page: Page, sub: string, stopAtCallback = false): Promise<Page> {
  expect(page.text, 'the provider shows its login form').toContain('name="login"');
  const action = /<form[^>]*action="([^"]+)"/.exec(page.text)?.[1] as string;
  return browser.go(
    new URL(action, page.url).href,
    { method: 'POST', form: { prompt: 'login', login: sub, password: 'any' } },
    stopAtCallback,
  );
}

/** A provider answer with response_mode=form_post: the auto-submitting form the browser would send. */
async function submitFormPost(browser: Browser, page: Page): Promise<Page> {
  const action = /<form[^>]*action="([^"]+)"/.exec(page.text)?.[1];
  expect(action, 'the provider answers with a form to post').toBeDefined();
  const form: Record<string, string> = {};
  for (const m of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g))
    form[m[1] as string] = decodeHtml(m[2] as string);
  return browser.go(decodeHtml(action as string), { method: 'POST', form });
}

const decodeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const startPath = (provider: string, returnTo: string) =>
  `${PUBLIC}/v1/user/social_login/${provider}?${new URLSearchParams({ return_to: returnTo })}`;

/** The provider URL the start redirects to (with its state), without going there. */
async function authorizationUrl(browser: Browser, provider = 'google', returnTo = '/'): Promise<URL> {
  const res = await browser.request(startPath(provider, returnTo));
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') as string);
}

/** Start and follow to the provider's login form. */
const start = (browser: Browser, provider = 'google', returnTo = '/') => browser.go(startPath(provider, returnTo));

/** Start → provider login → back on the site; answers the site path the browser lands on. */
async function signIn(browser: Browser, sub: string, returnTo = '/'): Promise<string> {
  const atProvider = await start(browser, 'google', returnTo);
  // A browser that is still signed in at the provider comes straight back.
  const landed = atProvider.status === 0 ? atProvider : await logInAtProvider(browser, atProvider, sub);
  expect(landed.status, landed.text.slice(0, 300)).toBe(0);
  const url = new URL(landed.url);
  return url.pathname + url.search;
}

const errorPath = (code: number, redirect?: string) =>
  `/user/login?${new URLSearchParams({ social_error: String(code), ...(redirect ? { redirect } : {}) })}`;

async function joinSocial(browser: Browser, nick = unick()) {
  return browser.api<SocialJoinSet>('/v1/user/social_join_proc', { nick, agree_terms: 'Y', agree_privacy: 'Y' });
}

const stateRows = async () => Number((await sql<{ n: string }>('select count(*) n from oauth_state'))[0]?.n);
const usersOf = async (sub: string) =>
  sql<{ user_key: string; password_hash: string | null; state: string; email: string; nick: string; id: string }>(
    `select u.user_key, u.password_hash, u.state, u.email, u.nick, u.id from user_social s join users u using (user_key)
     where s.provider = 'google' and s.subject = $1`,
    [sub],
  );

describe('GET /v1/user/social_providers', () => {
  it('lists the providers with a client id, in order, with where each starts', async () => {
    const res = await t.call(socialEndpoints.providers);
    expect(res.body).toMatchObject({
      rslt_cd: 0,
      rslt_set: {
        data_list: [
          { provider: 'google', start_url: '/v1/user/social_login/google' },
          { provider: 'apple', start_url: '/v1/user/social_login/apple' },
        ],
        data_totalcount: 2,
      },
    });
  });
});

describe('first social login, join-social, logout, second login', () => {
  it('goes through /user/join-social once, then signs straight in', async () => {
    const sub = usub();
    const browser = new Browser();
    const before = await stateRows();

    // Start: a redirect to the provider with PKCE, state and nonce; the state is bound to this browser.
    const startRes = await browser.request(`${PUBLIC}/v1/user/social_login/google?return_to=%2Fmypage`);
    expect(startRes.status).toBe(302);
    const auth = new URL(startRes.headers.get('location') as string);
    expect(auth.origin).toBe(idp.issuer);
    expect(Object.fromEntries(auth.searchParams)).toMatchObject({
      client_id: GOOGLE.clientId,
      redirect_uri: `${PUBLIC}/v1/user/social_callback/google`,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    const state = auth.searchParams.get('state') as string;
    expect(browser.cookie('byeol.test', STATE_COOKIE)).toBe(state);
    // Stored hashed: the state itself is nowhere in the table.
    expect(await stateRows()).toBe(before + 1);
    expect(await sql('select 1 from oauth_state where state_hash = $1', [state])).toHaveLength(0);

    const atProvider = await browser.go(auth.href);
    const landed = await logInAtProvider(browser, atProvider, sub);
    expect(new URL(landed.url).pathname).toBe('/user/join-social');
    expect(browser.cookie('byeol.test', STATE_COOKIE)).toBeUndefined();
    expect(browser.cookie('byeol.test', SIGNUP_COOKIE)).toBeTruthy();
    expect(await usersOf(sub)).toEqual([]);

    // Not logged in yet; the join-social page asks what the pending sign-in is.
    expect((await browser.api<UserInfoSet>('/v1/user/user_info')).rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    const pending = await browser.api<LoginResultSet>('/v1/user/login_result', {});
    expect(pending).toMatchObject({
      rslt_cd: 0,
      rslt_set: { provider: 'google', email: `${sub}@example.test`, name: `Tester ${sub}` },
    });
    expect(pending.rslt_set.suggested_nick).toBe(`Tester${sub}`.slice(0, 12));
    expect(Date.parse(pending.rslt_set.expires_at)).toBeGreaterThan(Date.now());

    const nick = unick();
    const joined = await joinSocial(browser, nick);
    expect(joined).toMatchObject({ rslt_cd: 0, rslt_set: { nick } });
    expect(joined.rslt_set.id).toMatch(/^google[a-z0-9]{10}$/);
    const info = await browser.api<UserInfoSet>('/v1/user/user_info');
    expect(info).toMatchObject({ rslt_cd: 0, rslt_set: { user_info: { user_key: joined.rslt_set.user_key, nick } } });
    const [row] = await usersOf(sub);
    expect(row).toMatchObject({ password_hash: null, state: 'active', email: `${sub}@example.test` });
    // The pending sign-up is spent: its cookie is gone and it cannot make a second account.
    expect(browser.cookie('byeol.test', SIGNUP_COOKIE)).toBeUndefined();
    expect((await browser.api('/v1/user/login_result', {})).rslt_cd).toBe(ResultCode.SOCIAL_SIGNUP_EXPIRED);

    // Logout, then the second sign-in goes straight back to return_to, logged in as the same account.
    expect((await browser.api<{ rtv: string }>('/v1/user/logout_proc')).rslt_set).toEqual({ rtv: 'SUCC' });
    expect((await browser.api<UserInfoSet>('/v1/user/user_info')).rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect(await signIn(browser, sub, '/mypage?tab=1')).toBe('/mypage?tab=1');
    const again = await browser.api<UserInfoSet>('/v1/user/user_info');
    expect(again.rslt_set.user_info?.user_key).toBe(joined.rslt_set.user_key);
    expect(await usersOf(sub)).toHaveLength(1);
  });

  it('signs straight in from a fresh browser that logs in at the provider again', async () => {
    const sub = usub();
    const first = new Browser();
    expect(await signIn(first, sub)).toBe('/user/join-social');
    const joined = await joinSocial(first);
    expect(joined.rslt_cd).toBe(0);

    const second = new Browser();
    expect(await signIn(second, sub, '/sub/live')).toBe('/sub/live');
    const info = await second.api<UserInfoSet>('/v1/user/user_info');
    expect(info.rslt_set.user_info?.user_key).toBe(joined.rslt_set.user_key);
  });

  it('answers ACCOUNT_CLOSED to the social identity of a closed account', async () => {
    const sub = usub();
    const browser = new Browser();
    await signIn(browser, sub);
    const joined = await joinSocial(browser);
    await sql(`update users set state = 'closed', closed_at = now() where user_key = $1`, [joined.rslt_set.user_key]);

    const other = new Browser();
    expect(await signIn(other, sub)).toBe(errorPath(ResultCode.ACCOUNT_CLOSED));
    expect((await other.api('/v1/user/user_info')).rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect(other.cookie('byeol.test', SIGNUP_COOKIE)).toBeUndefined();
  });
});

describe('Sign in with Apple (response_mode=form_post)', () => {
  it('accepts the posted answer through /oauth/form_post/apple and reaches /user/join-social', async () => {
    const sub = usub();
    const browser = new Browser();
    const auth = await authorizationUrl(browser, 'apple');
    expect(auth.searchParams.get('response_mode')).toBe('form_post');
    expect(auth.searchParams.get('redirect_uri')).toBe(`${PUBLIC}/oauth/form_post/apple`);
    const atProvider = await browser.go(auth.href);
    const posted = await logInAtProvider(browser, atProvider, sub);
    // The provider answers with a form the browser posts, cross-site, without the API headers.
    const landed = await submitFormPost(browser, posted);
    expect(new URL(landed.url).pathname).toBe('/user/join-social');
    expect(await browser.api<LoginResultSet>('/v1/user/login_result', {})).toMatchObject({
      rslt_cd: 0,
      rslt_set: { provider: 'apple', email: `${sub}@example.test` },
    });
    expect((await joinSocial(browser)).rslt_cd).toBe(0);
  });
});

describe('refused sign-ins come back to the login page with a result code', () => {
  it('refuses a replayed callback: a state is spent once', async () => {
    const browser = new Browser();
    const atProvider = await start(browser);
    const callback = await logInAtProvider(browser, atProvider, usub(), true);
    expect(new URL(callback.url).pathname).toBe('/v1/user/social_callback/google');

    // The replay carries everything the first request had, the binding cookie included.
    const bound = browser.cookie('byeol.test', STATE_COOKIE) as string;
    expect(new URL((await browser.go(callback.url)).url).pathname).toBe('/user/join-social');
    browser.setCookie('byeol.test', STATE_COOKIE, bound);
    const replayed = new URL((await browser.go(callback.url)).url);
    expect(replayed.pathname + replayed.search).toBe(errorPath(ResultCode.SOCIAL_STATE_INVALID));
  });

  it('refuses a callback from a browser that did not start the sign-in, and spends the state', async () => {
    const starter = new Browser();
    const atProvider = await start(starter);
    const callback = await logInAtProvider(starter, atProvider, usub(), true);
    // Login CSRF: the answer is handed to another browser.
    const victim = new Browser();
    const landed = new URL((await victim.go(callback.url)).url);
    expect(landed.pathname + landed.search).toBe(errorPath(ResultCode.SOCIAL_STATE_INVALID));
    expect(victim.cookie('byeol.test', SIGNUP_COOKIE)).toBeUndefined();
    // …and the starter cannot use it afterwards either.
    const late = new URL((await starter.go(callback.url)).url);
    expect(late.pathname + late.search).toBe(errorPath(ResultCode.SOCIAL_STATE_INVALID));
  });

  it('refuses an expired state (older than 10 minutes)', async () => {
    const browser = new Browser();
    const atProvider = await start(browser, 'google', '/mypage');
    const callback = await logInAtProvider(browser, atProvider, usub(), true);
    await sql(`update oauth_state set expires_at = now() - interval '1 second'`);
    const landed = new URL((await browser.go(callback.url)).url);
    expect(landed.pathname + landed.search).toBe(errorPath(ResultCode.SOCIAL_STATE_INVALID));
  });

  it('refuses unknown, garbage and missing states', async () => {
    const browser = new Browser();
    for (const query of ['state=nope&code=x', 'code=x', `state=${'%FF'.repeat(300)}&code=x`, 'state[]=1&state[]=2']) {
      const landed = new URL((await browser.go(`${PUBLIC}/v1/user/social_callback/google?${query}`)).url);
      expect(landed.pathname + landed.search, query).toBe(errorPath(ResultCode.SOCIAL_STATE_INVALID));
    }
  });

  it('tells the user they cancelled when they refuse at the provider, back to where they started', async () => {
    const browser = new Browser();
    const atProvider = await start(browser, 'google', '/mypage');
    const interaction = new URL(atProvider.url).pathname;
    expect(interaction).toMatch(/^\/interaction\/[^/]+$/);
    const landed = new URL((await browser.go(`${idp.issuer}${interaction}/abort`)).url);
    expect(landed.pathname + landed.search).toBe(errorPath(ResultCode.SOCIAL_DENIED, '/mypage'));
  });

  it('answers a provider error that is not a refusal as SOCIAL_PROVIDER_ERROR, and a forged code likewise', async () => {
    const browser = new Browser();
    let state = (await authorizationUrl(browser)).searchParams.get('state') as string;
    let landed = new URL((await browser.go(`${PUBLIC}/v1/user/social_callback/google?error=server_error&state=${state}`)).url);
    expect(landed.pathname + landed.search).toBe(errorPath(ResultCode.SOCIAL_PROVIDER_ERROR));

    state = (await authorizationUrl(browser)).searchParams.get('state') as string;
    landed = new URL(
      (await browser.go(`${PUBLIC}/v1/user/social_callback/google?code=forged&state=${state}&iss=${encodeURIComponent(idp.issuer)}`)).url,
    );
    expect(landed.pathname + landed.search).toBe(errorPath(ResultCode.SOCIAL_PROVIDER_ERROR));
  });
});

describe('GET /v1/user/social_login/{provider} refuses what it cannot start', () => {
  it('refuses absolute and protocol-relative return_to values and starts nothing', async () => {
    const before = await stateRows();
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'mypage']) {
      const res = await t.get('/v1/user/social_login/google', { return_to: returnTo });
      expect(res.body, returnTo).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'return_to' } });
      expect(res.response.headers.get('location')).toBeNull();
    }
    expect(await stateRows()).toBe(before);
  });

  it('refuses unknown providers and providers without a client id', async () => {
    for (const provider of ['naver', 'facebook']) {
      const res = await t.get(`/v1/user/social_login/${provider}`);
      expect(res.body.rslt_cd, provider).toBe(ResultCode.SOCIAL_PROVIDER_DISABLED);
    }
    // A NUL is no provider name at all: refused as an invalid value before the route runs (platform/api.ts).
    const nul = await t.get('/v1/user/social_login/%00');
    expect(nul.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'provider' } });
    const res = await new Browser().go(`${PUBLIC}/v1/user/social_callback/naver?code=x&state=y`);
    expect(new URL(res.url).search).toBe(`?social_error=${ResultCode.SOCIAL_PROVIDER_DISABLED}`);
  });
});

describe('POST /v1/user/social_join_proc refuses garbage and changes nothing', () => {
  it('needs a pending social sign-in', async () => {
    const res = await t.call(socialEndpoints.join, { nick: unick(), agree_terms: 'Y', agree_privacy: 'Y' });
    expect(res.body).toMatchObject({ rslt_cd: ResultCode.SOCIAL_SIGNUP_EXPIRED, rslt_set: {} });
    const forged = await t.call(
      socialEndpoints.join,
      { nick: unick(), agree_terms: 'Y', agree_privacy: 'Y' },
      { cookie: `${SIGNUP_COOKIE}=${randomBytes(32).toString('base64url')}` },
    );
    expect(forged.body.rslt_cd).toBe(ResultCode.SOCIAL_SIGNUP_EXPIRED);
    expect((await t.post('/v1/user/login_result', {})).body.rslt_cd).toBe(ResultCode.SOCIAL_SIGNUP_EXPIRED);
  });

  it('answers a clear error for each bad field, and the sign-up stays usable', async () => {
    const sub = usub();
    const browser = new Browser();
    expect(await signIn(browser, sub)).toBe('/user/join-social');
    const cases: [Record<string, string>, number, string][] = [
      [{ nick: 'x', agree_terms: 'Y', agree_privacy: 'Y' }, ResultCode.NICK_RULE, 'nick'],
      [{ nick: '<script>', agree_terms: 'Y', agree_privacy: 'Y' }, ResultCode.NICK_RULE, 'nick'],
      [{ nick: 'a'.repeat(500), agree_terms: 'Y', agree_privacy: 'Y' }, ResultCode.NICK_RULE, 'nick'],
      [{ agree_terms: 'Y', agree_privacy: 'Y' }, ResultCode.REQUIRED, 'nick'],
      [{ nick: unick(), agree_privacy: 'Y' }, ResultCode.INVALID_INPUT, 'agree_terms'],
      [{ nick: unick(), agree_terms: 'N', agree_privacy: 'Y' }, ResultCode.INVALID_INPUT, 'agree_terms'],
      [{ nick: unick(), agree_terms: 'Y', agree_privacy: 'Y', agree_marketing: 'maybe' }, ResultCode.INVALID_INPUT, 'agree_marketing'],
    ];
    for (const [form, code, field] of cases) {
      const res = await browser.api('/v1/user/social_join_proc', form);
      expect(res, JSON.stringify(form)).toMatchObject({ rslt_cd: code, rslt_set: { field } });
      expect(typeof res.rslt_msg).toBe('string');
    }
    const broken = await browser.request(`${PUBLIC}/v1/user/social_join_proc`, { method: 'POST', api: true });
    expect(broken.status).toBeLessThan(500);

    // A taken nickname (any case) is DUPLICATE_NICK and keeps the sign-up.
    const other = new Browser();
    await signIn(other, usub());
    const taken = unick();
    expect((await joinSocial(other, taken)).rslt_cd).toBe(0);
    expect((await joinSocial(browser, taken.toUpperCase())).rslt_cd).toBe(ResultCode.DUPLICATE_NICK);

    expect(await usersOf(sub)).toEqual([]);
    expect((await browser.api('/v1/user/user_info')).rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await joinSocial(browser)).rslt_cd).toBe(0);
    expect(await usersOf(sub)).toHaveLength(1);
  });

  it('needs the API headers like every POST', async () => {
    const res = await t.call(socialEndpoints.join, { nick: unick(), agree_terms: 'Y', agree_privacy: 'Y' }, { headers: false });
    expect(res.status).toBe(403);
    expect(res.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
  });
});
