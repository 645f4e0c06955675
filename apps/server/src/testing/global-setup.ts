import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One migrated database for the integration run, dropped at the end. */
export default async function setup(project: TestProject) {
  const db = await createTestDatabase();
  project.provide('databaseUrl', db.url);
  return async () => {
    await db.drop();
  };
}
