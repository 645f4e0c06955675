import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { type Database, migrateDatabase, openPool, startEmbedded } from '../platform/db.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for a test run: created on the server of DATABASE_URL when it is set (CI
 * points it at the machine's PostgreSQL 15), otherwise in an embedded PostgreSQL in a temporary folder.
 */
export async function createTestDatabase(prefix = 'byeol_test'): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const external = process.env.DATABASE_URL;
  if (external) {
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    const pool = openPool(url.toString(), 2);
    await migrateDatabase(pool);
    await pool.end();
    return {
      url: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: external });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.end();
      },
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'byeol-pg-'));
  const db: Database = await startEmbedded(dir, name, 2, pino({ level: 'silent' }));
  await migrateDatabase(db.pool);
  return {
    url: db.connectionString,
    async drop() {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
