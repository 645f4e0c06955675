import type { TestProject } from 'vitest/node';
import { createTestDatabase, type TestDatabase } from '../../apps/server/src/testing/database.js';
import { startPlatform } from './platform.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * One platform for the end-to-end run, with demo content: on its embedded PostgreSQL by default, or on a
 * fresh database of DATABASE_URL's server (and REDIS_URL's bus) when CI sets them.
 */
export default async function setup(project: TestProject) {
  let db: TestDatabase | undefined;
  if (process.env.DATABASE_URL) db = await createTestDatabase('byeol_e2e');
  const platform = await startPlatform({ DATABASE_URL: db?.url });
  project.provide('baseUrl', platform.url);
  return async () => {
    const code = await platform.stop();
    await db?.drop();
    if (code !== 0) console.error(`platform exited with ${code}:\n${platform.logs()}`);
  };
}
