import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startLocalOidcProvider } from '../../apps/server/src/modules/social/oidc-test-provider.js';
import { freePort } from '../../apps/server/src/platform/net.js';
import { createTestDatabase, type TestDatabase } from '../../apps/server/src/testing/database.js';
import { embeddedDatabaseUrl } from './database.js';
import { startPlatform } from './platform.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The platform's RTMP ingest port: rtmp://127.0.0.1:{rtmpPort}/live/{stream key}. */
    rtmpPort: number;
    /** The local OpenID Provider the platform uses as its Google issuer (social login). */
    socialIssuer: string;
    /** The platform's database, for set-up no page can do (support/database.ts). */
    databaseUrl: string;
  }
}

/**
 * One platform for the end-to-end run, with demo content: on its embedded PostgreSQL by default, or on a
 * fresh database of DATABASE_URL's server (and REDIS_URL's bus) when CI sets them. A real local OpenID
 * Provider stands in for Google, so social login runs end to end without reaching Google.
 */
export default async function setup(project: TestProject) {
  let db: TestDatabase | undefined;
  if (process.env.DATABASE_URL) db = await createTestDatabase('byeol_e2e');
  const port = await freePort();
  const google = { clientId: 'byeol-e2e-google', clientSecret: randomBytes(16).toString('hex') };
  const idp = await startLocalOidcProvider([{ ...google, redirectUris: [`http://127.0.0.1:${port}/v1/user/social_callback/google`] }]);
  const platform = await startPlatform({
    DATABASE_URL: db?.url,
    PORT: String(port),
    SOCIAL_GOOGLE_CLIENT_ID: google.clientId,
    SOCIAL_GOOGLE_CLIENT_SECRET: google.clientSecret,
    SOCIAL_GOOGLE_ISSUER: idp.issuer,
  });
  project.provide('baseUrl', platform.url);
  project.provide('socialIssuer', idp.issuer);
  project.provide('rtmpPort', platform.rtmpPort);
  project.provide('databaseUrl', db?.url ?? (await embeddedDatabaseUrl(platform.dataDir)));
  return async () => {
    const code = await platform.stop();
    await idp.close();
    await db?.drop();
    if (code !== 0) console.error(`platform exited with ${code}:\n${platform.logs()}`);
  };
}
