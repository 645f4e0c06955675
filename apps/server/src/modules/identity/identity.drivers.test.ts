import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { PRODUCTION_REQUIRED_ENV as PRODUCTION } from '../../testing/config.js';
import { createIdentityDriver, devCi } from './identity.drivers.js';

const PORTONE = { IDENTITY_DRIVER: 'portone', PORTONE_API_SECRET: 's', PORTONE_STORE_ID: 'store', PORTONE_IDENTITY_CHANNEL_KEY: 'ch' };
const db = {} as Db;

describe('choosing the identity driver', () => {
  it('is dev outside production and none in production unless PortOne is set', () => {
    expect(createIdentityDriver(loadConfig({}), db)?.name).toBe('dev');
    expect(createIdentityDriver(loadConfig({ NODE_ENV: 'production', ...PRODUCTION }), db)).toBeNull();
    expect(createIdentityDriver(loadConfig({ NODE_ENV: 'production', ...PRODUCTION, ...PORTONE }), db)?.name).toBe('portone');
  });

  it('refuses the dev driver in production, naming IDENTITY_DRIVER', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION, IDENTITY_DRIVER: 'dev' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION, IDENTITY_DRIVER: 'dev' })).toThrow(/IDENTITY_DRIVER/);
  });

  it('needs every PortOne setting with the portone driver', () => {
    expect(() => loadConfig({ IDENTITY_DRIVER: 'portone', PORTONE_API_SECRET: 's' })).toThrow(
      /PORTONE_STORE_ID.*\n.*PORTONE_IDENTITY_CHANNEL_KEY/,
    );
  });
});

describe('dev ci', () => {
  it('is the same for one person (name spacing aside) and differs by secret, birth date or phone', () => {
    const a = devCi('secret-1', '김 민수', '1990-01-01', '01012345678');
    expect(devCi('secret-1', ' 김  민수', '1990-01-01', '01012345678')).toBe(a);
    expect(devCi('secret-2', '김 민수', '1990-01-01', '01012345678')).not.toBe(a);
    expect(devCi('secret-1', '김 민수', '1990-01-02', '01012345678')).not.toBe(a);
    expect(devCi('secret-1', '김 민수', '1990-01-01', '01012345679')).not.toBe(a);
  });
});
