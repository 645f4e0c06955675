import { API_BASE, SOCIAL_PROVIDERS, type SocialProvider } from '@byeol/contract';
import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';

/** What the provider told us about the person, after every check passed. */
export interface SocialIdentity {
  /** The provider's stable subject identifier. */
  subject: string;
  email: string;
  name: string;
}

/** What a sign-in needs to remember between the start and the callback (kept in oauth_state). */
export interface Challenge {
  state: string;
  nonce: string;
  codeVerifier: string;
}

interface ProviderSettings {
  provider: SocialProvider;
  clientId: string;
  clientSecret: string;
  /** OpenID Connect: the issuer to discover. Plain OAuth 2 (Naver): the endpoints. */
  issuer?: URL;
  endpoints?: { authorization: string; token: string; profile: string };
  scope: string;
  /** Apple answers by POSTing a form (response_mode=form_post) when name or e-mail are asked for. */
  formPost: boolean;
}

/** The callback the provider sends the browser back to (registered with the provider). */
export function callbackPath(provider: SocialProvider, formPost: boolean): string {
  // A cross-site form POST cannot carry the API headers every POST under /v1 needs, so Apple's answer
  // lands outside /v1 and is handed on to the GET callback (see social.routes.ts).
  return formPost ? `/oauth/form_post/${provider}` : `${API_BASE}/user/social_callback/${provider}`;
}

/** Every provider's settings; one is offered only when its client id is configured. */
function settingsOf(config: Config): Record<SocialProvider, Omit<ProviderSettings, 'clientId'> & { clientId: string | undefined }> {
  return {
    google: {
      provider: 'google',
      clientId: config.SOCIAL_GOOGLE_CLIENT_ID,
      clientSecret: config.SOCIAL_GOOGLE_CLIENT_SECRET ?? '',
      issuer: new URL(config.SOCIAL_GOOGLE_ISSUER),
      scope: 'openid email profile',
      formPost: false,
    },
    naver: {
      provider: 'naver',
      clientId: config.SOCIAL_NAVER_CLIENT_ID,
      clientSecret: config.SOCIAL_NAVER_CLIENT_SECRET ?? '',
      endpoints: {
        authorization: config.SOCIAL_NAVER_AUTHORIZATION_URL,
        token: config.SOCIAL_NAVER_TOKEN_URL,
        profile: config.SOCIAL_NAVER_PROFILE_URL,
      },
      scope: '',
      formPost: false,
    },
    apple: {
      provider: 'apple',
      clientId: config.SOCIAL_APPLE_CLIENT_ID,
      clientSecret: config.SOCIAL_APPLE_CLIENT_SECRET ?? '',
      issuer: new URL(config.SOCIAL_APPLE_ISSUER),
      scope: 'openid email name',
      formPost: true,
    },
  };
}

/**
 * One configured provider: builds the authorization URL (code flow with PKCE, state and, for OpenID
 * Connect, nonce) and turns the provider's answer into a verified identity, with openid-client doing
 * every protocol check (state, issuer, PKCE, ID token signature, audience, nonce, expiry).
 */
export class SocialClient {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: ProviderSettings,
    private readonly publicUrl: string,
  ) {}

  get provider(): SocialProvider {
    return this.settings.provider;
  }

  get redirectUri(): string {
    return new URL(callbackPath(this.settings.provider, this.settings.formPost), this.publicUrl).href;
  }

  /** Discovery runs once per process; a failed one is tried again on the next sign-in. */
  private config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      this.configuration = this.build().catch((err) => {
        this.configuration = null;
        throw err;
      });
    }
    return this.configuration;
  }

  private async build(): Promise<oidc.Configuration> {
    const { settings } = this;
    const auth = oidc.ClientSecretPost(settings.clientSecret);
    let config: oidc.Configuration;
    if (settings.issuer) {
      const insecure = settings.issuer.protocol === 'http:';
      config = await oidc.discovery(settings.issuer, settings.clientId, undefined, auth, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      });
    } else {
      const endpoints = settings.endpoints as NonNullable<ProviderSettings['endpoints']>;
      config = new oidc.Configuration(
        {
          issuer: new URL(endpoints.authorization).origin,
          authorization_endpoint: endpoints.authorization,
          token_endpoint: endpoints.token,
        },
        settings.clientId,
        undefined,
        auth,
      );
      if (new URL(endpoints.token).protocol === 'http:') oidc.allowInsecureRequests(config);
    }
    config.timeout = 10;
    return config;
  }

  /** A fresh state, nonce and PKCE verifier, and the provider URL the browser goes to. */
  async authorizationUrl(): Promise<{ url: URL; challenge: Challenge }> {
    const config = await this.config();
    const challenge: Challenge = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri,
      response_type: 'code',
      state: challenge.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(challenge.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (this.settings.scope) params.scope = this.settings.scope;
    if (this.settings.issuer) params.nonce = challenge.nonce;
    if (this.settings.formPost) params.response_mode = 'form_post';
    return { url: oidc.buildAuthorizationUrl(config, params), challenge };
  }

  /**
   * Checks the provider's answer (`params`: the callback's query, or Apple's posted form) against the
   * challenge, redeems the code and answers who signed in.
   */
  async identify(params: URLSearchParams, challenge: Challenge): Promise<SocialIdentity> {
    const config = await this.config();
    const current = new URL(this.redirectUri);
    for (const [k, v] of params) current.searchParams.append(k, v);
    const checks: oidc.AuthorizationCodeGrantChecks = { expectedState: challenge.state, pkceCodeVerifier: challenge.codeVerifier };
    if (this.settings.issuer) checks.expectedNonce = challenge.nonce;
    const tokens = await oidc.authorizationCodeGrant(config, current, checks);

    if (this.settings.issuer) {
      const claims = tokens.claims();
      if (!claims?.sub) throw new AppError('SOCIAL_PROVIDER_ERROR');
      // Only an address the provider vouches for is kept (Apple sends the flag as a string).
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      const email = typeof claims.email === 'string' && verified ? claims.email : '';
      return { subject: claims.sub, email, name: typeof claims.name === 'string' ? claims.name : appleName(params) };
    }
    return this.naverProfile(config, tokens.access_token);
  }

  /** Naver's profile API: `{ resultcode: '00', response: { id, email, name, nickname } }`. */
  private async naverProfile(config: oidc.Configuration, accessToken: string): Promise<SocialIdentity> {
    const endpoints = this.settings.endpoints as NonNullable<ProviderSettings['endpoints']>;
    const res = await oidc.fetchProtectedResource(config, accessToken, new URL(endpoints.profile), 'GET');
    const body = (await res.json().catch(() => null)) as {
      resultcode?: string;
      response?: { id?: unknown; email?: unknown; name?: unknown; nickname?: unknown };
    } | null;
    const profile = body?.resultcode === '00' ? body.response : undefined;
    if (!res.ok || typeof profile?.id !== 'string' || profile.id === '') throw new AppError('SOCIAL_PROVIDER_ERROR');
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { subject: profile.id, email: text(profile.email), name: text(profile.nickname) || text(profile.name) };
  }
}

/** Apple sends the name only once, beside the code: `user={"name":{"firstName","lastName"}}`. */
function appleName(params: URLSearchParams): string {
  try {
    const user = JSON.parse(params.get('user') ?? '{}') as { name?: { firstName?: unknown; lastName?: unknown } };
    return [user.name?.firstName, user.name?.lastName].filter((p): p is string => typeof p === 'string' && p !== '').join(' ');
  } catch {
    return '';
  }
}

/** The providers with a client id, in SOCIAL_PROVIDERS order. */
export function socialClients(config: Config): Map<SocialProvider, SocialClient> {
  const publicUrl = config.PUBLIC_URL ?? `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
  const clients = new Map<SocialProvider, SocialClient>();
  const settings = settingsOf(config);
  for (const provider of SOCIAL_PROVIDERS) {
    const { clientId, ...rest } = settings[provider];
    if (clientId) clients.set(provider, new SocialClient({ ...rest, clientId }, publicUrl));
  }
  return clients;
}
