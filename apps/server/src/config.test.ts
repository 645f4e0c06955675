import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ROLES } from './config.js';
import { PRODUCTION_REQUIRED_ENV as PRODUCTION } from './testing/config.js';

/** The ConfigError a bad environment throws (fails the test when none is thrown). */
function errorOf(env: NodeJS.ProcessEnv, overrides: Record<string, string> = {}): ConfigError {
  try {
    loadConfig(env, overrides);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify({ env, overrides })}`);
}

describe('loadConfig', () => {
  it('has working defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c).toEqual({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 3000,
      BYEOL_ROLES: ['api', 'chat', 'media', 'web'],
      DATABASE_URL: undefined,
      DATABASE_POOL_MAX: 16,
      REDIS_URL: undefined,
      REDIS_PREFIX: 'byeol:',
      CHAT_TOKEN_SECRET: 'byeol-development-chat-token-secret',
      PAYMENT_WEBHOOK_SECRET: 'byeol-development-payment-webhook-secret',
      CHAT_ADVERTISE: '',
      CHAT_SSL_PORT: 0,
      CHAT_MAX_SOCKETS_PER_ADDRESS: 50,
      CHAT_MAX_SOCKETS_PER_IDENTITY: 5,
      CHAT_NODE_CAPACITY: 19_000,
      ICE_SERVERS: [],
      TURN_URL: [],
      TURN_SECRET: undefined,
      TURN_TTL_S: 3600,
      TRANSLATOR: 'none',
      TRANSLATOR_API_KEY: undefined,
      TRANSLATOR_MODEL_DIR: undefined,
      TRANSLATOR_TIMEOUT_MS: 1500,
      TRANSLATOR_URL: undefined,
      SMS_LIMIT_PER_IP: 20,
      DATA_DIR: path.resolve('data'),
      EMBEDDED_PG_STAGE_DIR: '/var/lib/byeol',
      RTMP_HOST: '127.0.0.1',
      RTMP_PORT: 1935,
      MEDIA_FLV_PORT: 0,
      MEDIA_FLV_ORIGIN: undefined,
      TRANSCODE_LEVELS: [],
      BYEOL_DEMO: false,
      BYEOL_DEMO_VIDEO: true,
      LOG_LEVEL: 'info',
      BODY_LIMIT: 1_048_576,
      UPLOAD_LIMIT: 20 * 1_048_576,
      PAGE_CACHE_MS: 1000,
      SESSION_CACHE_MS: 5000,
      WEB_BUILD_DIR: path.resolve('apps/web/build'),
      API_ORIGIN: undefined,
      TRUST_PROXY: false,
      SHUTDOWN_GRACE_SECONDS: 10,
      REPLAY_MOBILE_ONLY: false,
      RANKING_REFRESH_SECONDS: 600,
      SMS_DRIVER: 'log',
      SOLAPI_API_KEY: undefined,
      SOLAPI_API_SECRET: undefined,
      SMS_SENDER: undefined,
      SOLAPI_BASE_URL: 'https://api.solapi.com',
      IDENTITY_DRIVER: undefined,
      IDENTITY_DEV_CI_SECRET: 'byeol-development-ci-secret',
      PORTONE_API_SECRET: undefined,
      PORTONE_STORE_ID: undefined,
      PORTONE_IDENTITY_CHANNEL_KEY: undefined,
      PORTONE_BASE_URL: 'https://api.portone.io',
      PG_PROVIDER: undefined,
      TOSS_SECRET_KEY: undefined,
      TOSS_CLIENT_KEY: undefined,
      TOSS_API_BASE: 'https://api.tosspayments.com',
      TOSS_WEBHOOK_SECRET: undefined,
      PUBLIC_URL: undefined,
      RTMP_PUBLIC_URL: undefined,
      SOCIAL_GOOGLE_CLIENT_ID: undefined,
      SOCIAL_GOOGLE_CLIENT_SECRET: undefined,
      SOCIAL_GOOGLE_ISSUER: 'https://accounts.google.com',
      SOCIAL_NAVER_CLIENT_ID: undefined,
      SOCIAL_NAVER_CLIENT_SECRET: undefined,
      SOCIAL_NAVER_AUTHORIZATION_URL: 'https://nid.naver.com/oauth2.0/authorize',
      SOCIAL_NAVER_TOKEN_URL: 'https://nid.naver.com/oauth2.0/token',
      SOCIAL_NAVER_PROFILE_URL: 'https://openapi.naver.com/v1/nid/me',
      SOCIAL_APPLE_CLIENT_ID: undefined,
      SOCIAL_APPLE_CLIENT_SECRET: undefined,
      SOCIAL_APPLE_ISSUER: 'https://appleid.apple.com',
    });
    expect(ROLES).toEqual(['api', 'chat', 'media', 'web']);
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '', BYEOL_ROLES: '' });
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.BYEOL_ROLES).toEqual([...ROLES]);
  });

  it('ignores variables it does not know', () => {
    const c = loadConfig({ SOMETHING_ELSE: 'x', PATH: '/usr/bin' });
    expect(c).not.toHaveProperty('SOMETHING_ELSE');
  });

  it('parses values from the environment', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db.example:5432/byeol',
      DATABASE_POOL_MAX: '40',
      REDIS_URL: 'rediss://cache.example:6380',
      DATA_DIR: '/var/lib/byeol',
      BYEOL_DEMO: 'no',
      LOG_LEVEL: 'warn',
      BODY_LIMIT: '2048',
      UPLOAD_LIMIT: '4096',
      SHUTDOWN_GRACE_SECONDS: '2.5',
      // Production refuses the development SMS driver and the development chat token key.
      ...PRODUCTION,
    });
    expect(c).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: 8080,
      DATABASE_URL: 'postgres://u:p@db.example:5432/byeol',
      DATABASE_POOL_MAX: 40,
      REDIS_URL: 'rediss://cache.example:6380',
      DATA_DIR: '/var/lib/byeol',
      BYEOL_DEMO: false,
      LOG_LEVEL: 'warn',
      BODY_LIMIT: 2048,
      UPLOAD_LIMIT: 4096,
      SHUTDOWN_GRACE_SECONDS: 2.5,
    });
    expect(loadConfig({ DATA_DIR: 'relative/dir' }).DATA_DIR).toBe(path.resolve('relative/dir'));
  });

  it('lets overrides (command-line flags) win over the environment', () => {
    const c = loadConfig({ PORT: '4000', BYEOL_ROLES: 'web' }, { PORT: '5000', BYEOL_ROLES: 'api' });
    expect(c.PORT).toBe(5000);
    expect(c.BYEOL_ROLES).toEqual(['api']);
  });

  it.each([
    ['1', true],
    ['true', true],
    ['yes', true],
    ['0', false],
    ['false', false],
    ['no', false],
  ])('reads BYEOL_DEMO=%s as %s', (value, expected) => {
    expect(loadConfig({ BYEOL_DEMO: value }).BYEOL_DEMO).toBe(expected);
  });

  describe('BYEOL_ROLES', () => {
    it.each([
      ['api', ['api']],
      ['chat', ['chat']],
      ['api,chat', ['api', 'chat']],
      [' media , chat ', ['media', 'chat']],
      ['api,api,web,', ['api', 'web']],
      ['web,media,chat,api', ['web', 'media', 'chat', 'api']],
    ])('%j serves %j', (value, roles) => {
      expect(loadConfig({ BYEOL_ROLES: value }).BYEOL_ROLES).toEqual(roles);
    });

    it('refuses an unknown role, naming BYEOL_ROLES and the bad role', () => {
      const err = errorOf({ BYEOL_ROLES: 'api,streamer' });
      expect(err.message).toMatch(/^Invalid configuration:/);
      expect(err.message).toContain('BYEOL_ROLES');
      expect(err.message).toContain('streamer');
      expect(err.message).toContain('api,chat,media,web');
    });

    it('needs API_ORIGIN when web runs without api, and takes it when given', () => {
      expect(errorOf({ BYEOL_ROLES: 'web' }).message).toContain('API_ORIGIN');
      expect(loadConfig({ BYEOL_ROLES: 'web', API_ORIGIN: 'http://api.internal:3000' }).API_ORIGIN).toBe('http://api.internal:3000');
      expect(errorOf({ BYEOL_ROLES: 'web', API_ORIGIN: 'api.internal' }).message).toContain('API_ORIGIN');
    });

    it('refuses a list with no role at all', () => {
      const err = errorOf({ BYEOL_ROLES: ' , ,' });
      expect(err.message).toContain('BYEOL_ROLES');
    });

    it('names BYEOL_ROLES when the bad value comes from --roles', () => {
      const err = errorOf({}, { BYEOL_ROLES: 'API' });
      expect(err.message).toContain('BYEOL_ROLES');
    });
  });

  it.each(['abc', '-1', '65536', '80.5', '0x'])('refuses PORT=%s, naming PORT and the value', (value) => {
    const err = errorOf({ PORT: value });
    expect(err.message).toMatch(/(^|\n)\s*PORT: /);
    expect(err.message).toContain(JSON.stringify(value));
    expect(err.message).not.toContain('DATABASE_URL');
  });

  it.each(['not a url', 'mysql://u:p@localhost/byeol', 'http://localhost:5432/byeol', 'localhost:5432/byeol'])(
    'refuses DATABASE_URL=%s, naming DATABASE_URL',
    (value) => {
      const err = errorOf({ DATABASE_URL: value });
      expect(err.message).toMatch(/(^|\n)\s*DATABASE_URL: /);
    },
  );

  it('accepts both postgres: and postgresql: URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/byeol' }).DATABASE_URL).toBe('postgresql://localhost/byeol');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/byeol' }).DATABASE_URL).toBe('postgres://localhost/byeol');
  });

  it('reads TRANSCODE_LEVELS as a list of normal/low and refuses anything else, naming it', () => {
    expect(loadConfig({ TRANSCODE_LEVELS: ' low, normal,low ' }).TRANSCODE_LEVELS).toEqual(['low', 'normal']);
    expect(errorOf({ TRANSCODE_LEVELS: 'high' }).message).toContain('TRANSCODE_LEVELS');
    expect(errorOf({ TRANSCODE_LEVELS: 'normal,4k' }).message).toContain('4k');
  });

  it('refuses a REDIS_PREFIX that does not end in a colon or holds other characters, naming it', () => {
    expect(errorOf({ REDIS_PREFIX: 'byeol' }).message).toContain('REDIS_PREFIX');
    expect(errorOf({ REDIS_PREFIX: 'by eol:' }).message).toContain('REDIS_PREFIX');
    expect(loadConfig({ REDIS_PREFIX: 'byeol_staging:' }).REDIS_PREFIX).toBe('byeol_staging:');
  });

  it('refuses a REDIS_URL that is not redis: or rediss:, naming it', () => {
    expect(errorOf({ REDIS_URL: 'http://localhost:6379' }).message).toContain('REDIS_URL');
  });

  it('names every bad variable at once', () => {
    const err = errorOf({ PORT: 'abc', LOG_LEVEL: 'loud', BODY_LIMIT: '10', NODE_ENV: 'staging', BYEOL_DEMO: 'maybe' });
    for (const name of ['PORT', 'LOG_LEVEL', 'BODY_LIMIT', 'NODE_ENV', 'BYEOL_DEMO']) expect(err.message).toContain(`${name}: `);
  });

  describe('BYEOL_DEMO in production', () => {
    it('is refused with NODE_ENV=production, naming BYEOL_DEMO', () => {
      const err = errorOf({ NODE_ENV: 'production', BYEOL_DEMO: '1' });
      expect(err.message).toContain('BYEOL_DEMO');
      expect(err.message).toContain('production');
    });

    it('is refused when --demo overrides a production environment', () => {
      expect(errorOf({ NODE_ENV: 'production' }, { BYEOL_DEMO: '1' }).message).toContain('BYEOL_DEMO');
    });

    it('is allowed outside production, and production runs without it', () => {
      expect(loadConfig({ NODE_ENV: 'development', BYEOL_DEMO: '1' }).BYEOL_DEMO).toBe(true);
      expect(loadConfig({ NODE_ENV: 'test', BYEOL_DEMO: 'true' }).BYEOL_DEMO).toBe(true);
      expect(loadConfig({ NODE_ENV: 'production', BYEOL_DEMO: '0', ...PRODUCTION }).BYEOL_DEMO).toBe(false);
    });
  });

  describe('CHAT_TOKEN_SECRET', () => {
    it('is required in production, where the public development key would let anyone forge chat tokens', () => {
      const { CHAT_TOKEN_SECRET: _, ...rest } = PRODUCTION;
      expect(errorOf({ NODE_ENV: 'production', ...rest }).message).toContain('CHAT_TOKEN_SECRET: required in production');
      expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }).CHAT_TOKEN_SECRET).toBe('a-production-chat-token-key');
    });

    it('refuses a key shorter than 16 characters', () => {
      expect(errorOf({ CHAT_TOKEN_SECRET: 'short' }).message).toContain('CHAT_TOKEN_SECRET: ');
    });
  });

  describe('PAYMENT_WEBHOOK_SECRET', () => {
    it('is required in production, where the public development key would let anyone forge a paid deposit', () => {
      const { PAYMENT_WEBHOOK_SECRET: _, ...rest } = PRODUCTION;
      expect(errorOf({ NODE_ENV: 'production', ...rest }).message).toContain('PAYMENT_WEBHOOK_SECRET: required in production');
      expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }).PAYMENT_WEBHOOK_SECRET).toBe('a-production-payment-webhook-key');
    });

    it('refuses a key shorter than 16 characters', () => {
      expect(errorOf({ PAYMENT_WEBHOOK_SECRET: 'short' }).message).toContain('PAYMENT_WEBHOOK_SECRET: ');
    });
  });

  describe('PG_PROVIDER', () => {
    it('refuses the test PG in production and needs both Toss keys with toss', () => {
      const { PG_PROVIDER: _, ...rest } = PRODUCTION;
      expect(errorOf({ NODE_ENV: 'production', ...rest }).message).toContain('PG_PROVIDER: the test PG');
      expect(errorOf({ NODE_ENV: 'production', ...PRODUCTION, PG_PROVIDER: 'test' }).message).toContain('PG_PROVIDER');
      expect(errorOf({ PG_PROVIDER: 'toss', TOSS_SECRET_KEY: 'test_sk_x' }).message).toContain(
        'TOSS_CLIENT_KEY: required when PG_PROVIDER=toss',
      );
      expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }).PG_PROVIDER).toBe('toss');
    });
  });

  describe('SMS_DRIVER', () => {
    it('needs the Solapi key, secret and sender with SMS_DRIVER=solapi, naming each missing one', () => {
      const none = errorOf({ SMS_DRIVER: 'solapi' }).message;
      for (const name of ['SOLAPI_API_KEY', 'SOLAPI_API_SECRET', 'SMS_SENDER']) expect(none).toContain(`${name}: `);
      const noSecret = errorOf({ ...PRODUCTION, SOLAPI_API_SECRET: '' }).message;
      expect(noSecret).toContain('SOLAPI_API_SECRET');
      expect(noSecret).not.toContain('SOLAPI_API_KEY');
      expect(errorOf({ ...PRODUCTION, SMS_SENDER: '' }).message).toContain('SMS_SENDER');
      const c = loadConfig({ ...PRODUCTION, SOLAPI_BASE_URL: 'http://127.0.0.1:9999' });
      expect(c).toMatchObject({ SMS_DRIVER: 'solapi', SOLAPI_API_KEY: 'key', SOLAPI_BASE_URL: 'http://127.0.0.1:9999' });
    });

    it('refuses the log driver in production, naming SMS_DRIVER', () => {
      const err = errorOf({ NODE_ENV: 'production' });
      expect(err.message).toContain('SMS_DRIVER');
      expect(err.message).toContain('production');
      expect(errorOf({ NODE_ENV: 'production', SMS_DRIVER: 'log' }).message).toContain('SMS_DRIVER');
      expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }).SMS_DRIVER).toBe('solapi');
    });

    it('refuses an unknown driver and a base URL that is not http(s)', () => {
      expect(errorOf({ SMS_DRIVER: 'twilio' }).message).toContain('SMS_DRIVER: ');
      expect(errorOf({ SOLAPI_BASE_URL: 'api.solapi.com' }).message).toContain('SOLAPI_BASE_URL: ');
    });
  });

  describe('social login', () => {
    it('allows plain-http issuers (local providers) outside production only, naming each one', () => {
      expect(loadConfig({ SOCIAL_GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).SOCIAL_GOOGLE_ISSUER).toBe('http://127.0.0.1:4000');
      const err = errorOf({
        NODE_ENV: 'production',
        ...PRODUCTION,
        SOCIAL_GOOGLE_ISSUER: 'http://127.0.0.1:4000',
        SOCIAL_NAVER_TOKEN_URL: 'http://x',
      });
      expect(err.message).toContain('SOCIAL_GOOGLE_ISSUER: must be https');
      expect(err.message).toContain('SOCIAL_NAVER_TOKEN_URL: must be https');
      expect(errorOf({ PUBLIC_URL: 'byeol.example' }).message).toContain('PUBLIC_URL: ');
    });
  });
});

describe('video call ICE settings', () => {
  it('reads ICE_SERVERS as JSON and TURN_URL as a list, and wants TURN_SECRET with TURN_URL', () => {
    const c = loadConfig({
      ICE_SERVERS: '[{"urls":["stun:a.example:3478"]},{"urls":"turn:b.example","username":"u","credential":"p"}]',
      TURN_URL: 'turn:t.example:3478, turns:t.example:5349',
      TURN_SECRET: 'a-secret-of-16-chars',
    });
    expect(c.ICE_SERVERS).toEqual([{ urls: ['stun:a.example:3478'] }, { urls: 'turn:b.example', username: 'u', credential: 'p' }]);
    expect(c.TURN_URL).toEqual(['turn:t.example:3478', 'turns:t.example:5349']);
    expect(() => loadConfig({ TURN_URL: 'turn:t.example' })).toThrow(/TURN_SECRET: required when TURN_URL is set/);
    expect(() => loadConfig({ ICE_SERVERS: 'not json' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS/);
    expect(() => loadConfig({ TURN_URL: 'http://t.example', TURN_SECRET: 'a-secret-of-16-chars' })).toThrow(/TURN_URL/);
  });
});
