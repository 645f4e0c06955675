import path from 'node:path';
import { z } from 'zod';
import { iceServersSetting, turnUrlsSetting } from './modules/chat/chat.ice.js';
import { checkEngineInstalled, loadModelDir, ModelDirError } from './modules/chat/translate/local-model.js';
import { DEFAULT_STAGE_ROOT } from './platform/embedded-pg.js';

export const ROLES = ['api', 'chat', 'media', 'web'] as const;
export type Role = (typeof ROLES)[number];

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL (${protocols.join(' or ')})`,
  );

/**
 * Every setting comes from the environment through this one schema. Each key is documented in the
 * README's configuration table; keep the two in step.
 */
export const ConfigSchema = z.object({
  /** production refuses demo content and development-only drivers. */
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  /** Address the HTTP server binds. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** HTTP port for the API, chat, web pages and media files. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Comma-separated subset of api,chat,media,web this process serves. */
  BYEOL_ROLES: z
    .string()
    .default(ROLES.join(','))
    .transform((v, ctx) => {
      const roles = [
        ...new Set(
          v
            .split(',')
            .map((r) => r.trim())
            .filter(Boolean),
        ),
      ];
      const bad = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
      if (bad.length > 0 || roles.length === 0) {
        ctx.addIssue({ code: 'custom', message: `unknown role(s) ${bad.join(',') || '(none)'}; use ${ROLES.join(',')}` });
        return z.NEVER;
      }
      return roles as Role[];
    }),
  /** PostgreSQL ≥ 15; unset starts the embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  /** Connections in the pool of this process. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(16),
  /** Redis for the bus across processes; unset uses the in-process bus. */
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  /** Start of every Redis key and channel, so several installations (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,40}:$/)
    .default('byeol:'),
  /** Folder for the embedded database and media files. */
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .transform((v) => path.resolve(v)),
  /**
   * As root, where the embedded PostgreSQL's binaries and data go when its `postgres` user cannot reach
   * them (a clone in /root): platform/embedded-pg.ts.
   */
  EMBEDDED_PG_STAGE_DIR: z
    .string()
    .min(1)
    .default(DEFAULT_STAGE_ROOT)
    .transform((v) => path.resolve(v)),
  /** Address the RTMP ingest (media role) binds; 0.0.0.0 lets OBS on other machines publish. */
  RTMP_HOST: z.string().min(1).default('127.0.0.1'),
  /** RTMP port OBS publishes to (rtmp://host:RTMP_PORT/live, the stream key as the stream name). */
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  /** Port of node-media-server's own HTTP-FLV, bound to 127.0.0.1 (the packager and /media/flv read it); 0 picks a free one. */
  MEDIA_FLV_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Where a web process without the media role reaches that HTTP-FLV (e.g. http://127.0.0.1:8000); unset: /media/flv is 404 there. */
  MEDIA_FLV_ORIGIN: url(['http:']).optional(),
  /** Transcoded quality levels the ingest may make besides the copied source (high): '', 'normal', 'low' or 'normal,low'. */
  TRANSCODE_LEVELS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const levels = [
        ...new Set(
          v
            .split(',')
            .map((l) => l.trim())
            .filter(Boolean),
        ),
      ];
      const bad = levels.filter((l) => l !== 'normal' && l !== 'low');
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `unknown level(s) ${bad.join(',')}; use normal,low` });
        return z.NEVER;
      }
      return levels as ('normal' | 'low')[];
    }),
  /** Seed demo users, broadcasters and content (never in production). */
  BYEOL_DEMO: bool.default(false),
  /**
   * With BYEOL_DEMO and the media role: the demo live rooms play a generated video looped into the RTMP
   * ingest, and the demo replays get its recording (apps/server/src/demo/demo.video.ts); 0 keeps them without video.
   */
  BYEOL_DEMO_VIDEO: bool.default(true),
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest request body accepted, in bytes. */
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  /** Largest uploaded file, in bytes. */
  UPLOAD_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1_048_576),
  /** Where the built web app lives (react-router build output). */
  /**
   * How long an anonymous page (no session cookie) is kept and served to everybody who asks for the same
   * path in the same language (platform/page-cache.ts); 0 renders every request.
   */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * How long a process answers a signed-in request's session from memory (modules/users/users.session-cache.ts);
   * every change the platform makes to an account drops it at once. 0 reads the database on every request.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  WEB_BUILD_DIR: z
    .string()
    .default('apps/web/build')
    .transform((v) => path.resolve(v)),
  /** Where a process with the web role but not the api role reaches the API (e.g. http://api:3000). */
  API_ORIGIN: url(['http:', 'https:']).optional(),
  /** Trust X-Forwarded-* headers: only behind your own reverse proxy. */
  TRUST_PROXY: bool.default(false),
  /** Seconds to let in-flight requests finish on SIGTERM before closing anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** SPEC §1 'replay viewing is mobile only': /vod answers 'mobile only' to desktop browsers when on. */
  REPLAY_MOBILE_ONLY: bool.default(false),
  /** Seconds between two ranking snapshots (docs/rankings.md); 0: this process never computes them. */
  RANKING_REFRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** How pin codes reach phones: log (development outbox, refused in production) or solapi. */
  /** HMAC key of chat tokens (`us`); every api and chat process of an installation shares it. Required in production. */
  CHAT_TOKEN_SECRET: z.string().min(16).default('byeol-development-chat-token-secret'),
  /** HMAC key the bank-deposit notifier signs /hooks/payment/deposit bodies with (docs/payments.md). Required in production. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).default('byeol-development-payment-webhook-secret'),
  /**
   * `host:port` browsers reach this chat node at, announced to the chat monitor. Empty (the single-process
   * default): the page's own host.
   */
  CHAT_ADVERTISE: z.string().default(''),
  /** The TLS port of chat hosts behind the site's TLS terminator (ReqChatHost's chat_ssl_port); 0: the chat_host port. */
  CHAT_SSL_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Sockets one chat node accepts before the monitor sends new rooms elsewhere and joins are refused. */
  CHAT_NODE_CAPACITY: z.coerce.number().int().min(1).default(19_000),
  /** Chat sockets one client address may hold open on one node (many fans share a campus or carrier address). */
  CHAT_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** Chat sockets one member, or one guest token, may have joined on one node (tabs, devices). */
  CHAT_MAX_SOCKETS_PER_IDENTITY: z.coerce.number().int().min(1).default(5),
  /**
   * Chat translation (docs/chat-protocol.md, "Translation and captions"): none (the original only), glossary
   * (the project's K-pop phrase table; no general translator), http (a LibreTranslate-compatible service at
   * TRANSLATOR_URL) or local-model (a model folder, TRANSLATOR_MODEL_DIR, run by transformers.js, which the operator
   * installs; both checked at start).
   */
  TRANSLATOR: z.enum(['none', 'glossary', 'http', 'local-model']).default('none'),
  /** TRANSLATOR=http: the service's base URL (`/translate` is appended), e.g. http://127.0.0.1:5000. */
  TRANSLATOR_URL: url(['http:', 'https:']).optional(),
  /** TRANSLATOR=http: LibreTranslate's api_key, when the service asks for one. */
  TRANSLATOR_API_KEY: z.string().optional(),
  /** TRANSLATOR=http: milliseconds before a translation request is given up (the message stays untranslated). */
  TRANSLATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1500),
  /** TRANSLATOR=local-model: the operator's model folder with its byeol-translator.json manifest. */
  TRANSLATOR_MODEL_DIR: z
    .string()
    .min(1)
    .optional()
    .transform((v) => (v === undefined ? v : path.resolve(v))),
  /**
   * Guests' video calls (docs/chat-protocol.md, "Video connection with guests"): ICE servers given to the
   * browsers as they are, a JSON array of RTCIceServer objects; [] (host candidates only) by default.
   */
  ICE_SERVERS: iceServersSetting,
  /** TURN server(s) for the calls, comma-separated turn:/turns: URLs (coturn); unset: no TURN relay. */
  TURN_URL: turnUrlsSetting,
  /** coturn's static-auth-secret (use-auth-secret): signs the short-lived TURN credentials. Required with TURN_URL. */
  TURN_SECRET: z.string().min(16).optional(),
  /** Seconds a minted TURN credential stays valid. */
  TURN_TTL_S: z.coerce.number().int().min(60).max(86_400).default(3600),
  /**
   * Pins one IP address may ask for within an hour (SMS pumping costs money). Raise it for many members
   * behind one address (a carrier NAT, a campus, the end-to-end tests' 127.0.0.1).
   */
  SMS_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(20),
  SMS_DRIVER: z.enum(['log', 'solapi']).default('log'),
  /** Solapi API key (required with SMS_DRIVER=solapi). */
  SOLAPI_API_KEY: z.string().optional(),
  /** Solapi API secret that signs each request (required with SMS_DRIVER=solapi). */
  SOLAPI_API_SECRET: z.string().optional(),
  /** Sender number registered with the SMS provider, digits only (required with SMS_DRIVER=solapi). */
  SMS_SENDER: z.string().optional(),
  /** Solapi REST API base URL. */
  SOLAPI_BASE_URL: url(['http:', 'https:']).default('https://api.solapi.com'),
  /** Identity verification (adult, guardian): dev (name + phone pin; default outside production, refused in it) or portone. */
  IDENTITY_DRIVER: z.enum(['dev', 'portone']).optional(),
  /** dev identity driver: the secret its ci (HMAC-SHA256 of name|birth|phone) is keyed with. */
  IDENTITY_DEV_CI_SECRET: z.string().min(8).default('byeol-development-ci-secret'),
  /** PortOne V2 API secret (required with IDENTITY_DRIVER=portone). */
  PORTONE_API_SECRET: z.string().optional(),
  /** PortOne store id (required with IDENTITY_DRIVER=portone; the browser SDK needs it too). */
  PORTONE_STORE_ID: z.string().optional(),
  /** PortOne channel key of the identity-verification channel (required with IDENTITY_DRIVER=portone). */
  PORTONE_IDENTITY_CHANNEL_KEY: z.string().optional(),
  /** PortOne REST API base URL. */
  PORTONE_BASE_URL: url(['http:', 'https:']).default('https://api.portone.io'),
  /** Card payments (docs/payments.md): test (the built-in test PG under /pg-test; default outside production, refused in it) or toss. */
  PG_PROVIDER: z.enum(['test', 'toss']).optional(),
  /** Toss Payments secret key (test_sk_…/live_sk_…; required with PG_PROVIDER=toss). With test: the built-in test PG's key. */
  TOSS_SECRET_KEY: z.string().optional(),
  /** Toss Payments client key the browser SDK opens the checkout with (required with PG_PROVIDER=toss). */
  TOSS_CLIENT_KEY: z.string().optional(),
  /** Toss Payments API base URL. */
  TOSS_API_BASE: url(['http:', 'https:']).default('https://api.tosspayments.com'),
  /** Toss' security key for signed webhooks (tosspayments-webhook-signature); payment webhooks are re-checked with the API anyway. */
  TOSS_WEBHOOK_SECRET: z.string().optional(),
  /** Origin the browser reaches this site at, used in social-login redirect URIs; default http://HOST:PORT. */
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  /** What /mypage/stream and the guides show OBS as its server (rtmp://host:port/live); default from PUBLIC_URL's host (or HOST) and RTMP_PORT. */
  RTMP_PUBLIC_URL: url(['rtmp:', 'rtmps:']).optional(),
  /** Google sign-in: OAuth client id (unset hides the Google button). */
  SOCIAL_GOOGLE_CLIENT_ID: z.string().optional(),
  /** Google sign-in: OAuth client secret. */
  SOCIAL_GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Google sign-in: OpenID Connect issuer (discovery). */
  SOCIAL_GOOGLE_ISSUER: url(['http:', 'https:']).default('https://accounts.google.com'),
  /** Naver sign-in: client id (unset hides the Naver button). */
  SOCIAL_NAVER_CLIENT_ID: z.string().optional(),
  /** Naver sign-in: client secret. */
  SOCIAL_NAVER_CLIENT_SECRET: z.string().optional(),
  /** Naver sign-in: OAuth 2 authorization endpoint (Naver has no OpenID discovery). */
  SOCIAL_NAVER_AUTHORIZATION_URL: url(['http:', 'https:']).default('https://nid.naver.com/oauth2.0/authorize'),
  /** Naver sign-in: OAuth 2 token endpoint. */
  SOCIAL_NAVER_TOKEN_URL: url(['http:', 'https:']).default('https://nid.naver.com/oauth2.0/token'),
  /** Naver sign-in: profile API answering the member's id, e-mail and name. */
  SOCIAL_NAVER_PROFILE_URL: url(['http:', 'https:']).default('https://openapi.naver.com/v1/nid/me'),
  /** Sign in with Apple: Services ID (unset hides the Apple button). */
  SOCIAL_APPLE_CLIENT_ID: z.string().optional(),
  /** Sign in with Apple: the client secret JWT signed with the team's key (Apple lets it live at most 6 months). */
  SOCIAL_APPLE_CLIENT_SECRET: z.string().optional(),
  /** Sign in with Apple: OpenID Connect issuer (discovery). */
  SOCIAL_APPLE_ISSUER: url(['http:', 'https:']).default('https://appleid.apple.com'),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<string, string>> = {}): Config {
  const source: Record<string, string | undefined> = {};
  for (const key of Object.keys(ConfigSchema.shape)) {
    const value = overrides[key] ?? env[key];
    // An empty variable means "not set", as shells often leave them.
    source[key] = value === '' ? undefined : value;
  }
  const parsed = ConfigSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message} (got ${JSON.stringify(source[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const roles = parsed.data.BYEOL_ROLES;
  if (roles.includes('web') && !roles.includes('api') && !parsed.data.API_ORIGIN) {
    throw new ConfigError(
      'Invalid configuration:\n  API_ORIGIN: required when BYEOL_ROLES has web without api (where pages reach the API)',
    );
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.BYEOL_DEMO) {
    throw new ConfigError('Invalid configuration:\n  BYEOL_DEMO: demo content is never created in production (NODE_ENV=production)');
  }
  /** A driver's settings: every one of `keys` is needed when `when` (e.g. 'SMS_DRIVER=solapi') holds. */
  const requireWith = (when: string, keys: readonly (keyof Config)[]) => {
    const missing = keys.filter((k) => !parsed.data[k]);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration:\n  ${missing.map((k) => `${k}: required when ${when}`).join('\n  ')}`);
    }
  };
  if (parsed.data.SMS_DRIVER === 'solapi') requireWith('SMS_DRIVER=solapi', ['SOLAPI_API_KEY', 'SOLAPI_API_SECRET', 'SMS_SENDER']);
  if (parsed.data.NODE_ENV === 'production' && parsed.data.SMS_DRIVER === 'log') {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_DRIVER: the log driver only writes pins to the log and a development outbox; set SMS_DRIVER=solapi in production (NODE_ENV=production)',
    );
  }
  if (parsed.data.NODE_ENV === 'production') {
    // Social-login endpoints carry codes and tokens: plain HTTP is only for local providers in development and tests.
    const plain = (
      [
        'SOCIAL_GOOGLE_ISSUER',
        'SOCIAL_APPLE_ISSUER',
        'SOCIAL_NAVER_AUTHORIZATION_URL',
        'SOCIAL_NAVER_TOKEN_URL',
        'SOCIAL_NAVER_PROFILE_URL',
      ] as const
    ).filter((k) => new URL(parsed.data[k]).protocol !== 'https:');
    if (plain.length > 0) {
      throw new ConfigError(`Invalid configuration:\n  ${plain.map((k) => `${k}: must be https in production`).join('\n  ')}`);
    }
  }
  if (parsed.data.IDENTITY_DRIVER === 'portone') {
    requireWith('IDENTITY_DRIVER=portone', ['PORTONE_API_SECRET', 'PORTONE_STORE_ID', 'PORTONE_IDENTITY_CHANNEL_KEY']);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.IDENTITY_DRIVER === 'dev') {
    throw new ConfigError(
      'Invalid configuration:\n  IDENTITY_DRIVER: the dev driver trusts the typed name and birth date; set IDENTITY_DRIVER=portone in production (NODE_ENV=production)',
    );
  }
  if (parsed.data.PG_PROVIDER === 'toss') requireWith('PG_PROVIDER=toss', ['TOSS_SECRET_KEY', 'TOSS_CLIENT_KEY']);
  if (parsed.data.TRANSLATOR === 'http') requireWith('TRANSLATOR=http', ['TRANSLATOR_URL']);
  if (parsed.data.TURN_URL.length > 0) requireWith('TURN_URL is set', ['TURN_SECRET']);
  if (parsed.data.TRANSLATOR === 'local-model') {
    requireWith('TRANSLATOR=local-model', ['TRANSLATOR_MODEL_DIR']);
    // A chat node with a bad model folder does not start (the folder is only read by chat processes).
    if (roles.includes('chat')) {
      try {
        loadModelDir(parsed.data.TRANSLATOR_MODEL_DIR as string);
        checkEngineInstalled();
      } catch (err) {
        if (!(err instanceof ModelDirError)) throw err;
        throw new ConfigError(`Invalid configuration:\n  TRANSLATOR_MODEL_DIR: ${err.message}`);
      }
    }
  }
  if (parsed.data.NODE_ENV === 'production' && (parsed.data.PG_PROVIDER ?? 'test') === 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  PG_PROVIDER: the test PG simulates card payments with no real money; set PG_PROVIDER=toss in production (NODE_ENV=production)',
    );
  }
  if (parsed.data.NODE_ENV === 'production' && !source.CHAT_TOKEN_SECRET) {
    throw new ConfigError('Invalid configuration:\n  CHAT_TOKEN_SECRET: required in production (the development default is public)');
  }
  if (parsed.data.NODE_ENV === 'production' && !source.PAYMENT_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  PAYMENT_WEBHOOK_SECRET: required in production (the development default is public)');
  }
  return parsed.data;
}
