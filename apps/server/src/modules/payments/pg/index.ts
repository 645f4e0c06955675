import type { Config } from '../../../config.js';
import type { PgClient } from './pg.js';
import { TEST_PG_KEYS } from './test-pg.js';
import { createTossClient } from './toss.js';

export type { PgBillingKey, PgCheckout, PgClient, PgPayment } from './pg.js';
export { PgError } from './pg.js';

/** Where the built-in test PG is mounted in the app (PG_PROVIDER=test). */
export const TEST_PG_PREFIX = '/pg-test';

export type PgProvider = 'test' | 'toss';

/** The configured provider: toss, or the built-in test PG (the default outside production; config.ts refuses it there). */
export const pgProvider = (config: Pick<Config, 'PG_PROVIDER'>): PgProvider => config.PG_PROVIDER ?? 'test';

/** The keys the app's built-in test PG answers to (TOSS_SECRET_KEY / TOSS_CLIENT_KEY when set, else public test keys). */
export function testPgKeys(config: Pick<Config, 'TOSS_SECRET_KEY' | 'TOSS_CLIENT_KEY'>) {
  return { secretKey: config.TOSS_SECRET_KEY ?? TEST_PG_KEYS.secretKey, clientKey: config.TOSS_CLIENT_KEY ?? TEST_PG_KEYS.clientKey };
}

/**
 * The one card PG client of the app (payments and supporters use it). With `toss` it calls Toss' API at
 * TOSS_API_BASE; with `test` the same Toss adapter calls the test PG the app mounts under /pg-test of its
 * own origin, so development and the demo walk the production code path.
 *
 * @param selfOrigin how this server reaches itself (e.g. http://127.0.0.1:3000), read at call time since the
 *   port may be known only after listen; `siteOrigin` is where browsers reach the site (the checkout page).
 */
export function createPgClient(
  config: Pick<Config, 'PG_PROVIDER' | 'TOSS_SECRET_KEY' | 'TOSS_CLIENT_KEY' | 'TOSS_API_BASE'>,
  selfOrigin: string | (() => string),
  siteOrigin = '',
): PgClient {
  if (pgProvider(config) === 'toss') {
    return createTossClient({
      baseUrl: config.TOSS_API_BASE,
      secretKey: config.TOSS_SECRET_KEY ?? '',
      clientKey: config.TOSS_CLIENT_KEY ?? '',
    });
  }
  const origin = typeof selfOrigin === 'function' ? selfOrigin : () => selfOrigin;
  return createTossClient({
    baseUrl: () => `${origin().replace(/\/+$/, '')}${TEST_PG_PREFIX}`,
    ...testPgKeys(config),
    checkoutUrl: `${siteOrigin.replace(/\/+$/, '')}${TEST_PG_PREFIX}/checkout`,
  });
}

/** Where browsers reach the site: PUBLIC_URL, else http://HOST:PORT. */
export function siteOriginOf(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`).replace(/\/+$/, '');
}
