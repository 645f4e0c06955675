import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * The connection string of the platform's embedded PostgreSQL (startEmbedded in platform/db.ts): the
 * password it keeps in DATA_DIR/pg.json, the port PostgreSQL wrote into postmaster.pid (its 4th line).
 */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const { password } = JSON.parse(await readFile(path.join(dataDir, 'pg.json'), 'utf8')) as { password: string };
  const port = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]?.trim();
  if (!port) throw new Error(`no port in ${dataDir}/pg/postmaster.pid`);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/byeol`;
}

let pool: pg.Pool | undefined;

/**
 * Runs SQL on the e2e platform's database, for what no page or call can set up (a BJ account without an
 * operator, a broadcast row). One small pool per test file; `closeDatabase()` in afterAll.
 */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await poolOf().query(text, params)).rows as T[];
}

function poolOf(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  return pool;
}

/** The same database through Drizzle, for the shared builders (apps/server/src/testing/builders.ts). */
export const database = () => drizzle(poolOf());

export async function closeDatabase(): Promise<void> {
  await pool?.end();
  pool = undefined;
}
