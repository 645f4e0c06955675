import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbeddedServer } from './embedded-pg.js';
import type { Logger } from './logger.js';

export type Db = NodePgDatabase<Record<string, never>>;
/** An open transaction (the callback argument of `db.transaction`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query runs: the pool or an open transaction. */
export type Exec = Db | Tx;

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
  /**
   * Calls `listener` after every statement of this process that changed rows (INSERT, UPDATE, DELETE,
   * MERGE with a row count) outside a transaction, and after every COMMIT, as its answer arrives: what a
   * page shows may have changed (the anonymous page cache, platform/page-cache.ts). It is told which
   * tables were written (`WrittenTables`; the shared answers, platform/shared-answers.ts, use them).
   * Answers the function that stops it.
   */
  onWrite(listener: (tables: WrittenTables) => void): () => void;
}

/**
 * The tables a statement or a committed transaction wrote, by the statements' own targets (`insert into t`,
 * `update t`, `delete from t`, `merge into t`); null when that cannot be told (a statement of another shape
 * that changed rows, a commit of a transaction with no such statement): anything may have changed. Rows a
 * trigger or a database function writes count for nobody but the statement's target, and a function called
 * by a SELECT outside a transaction is not seen at all.
 */
export type WrittenTables = ReadonlySet<string> | null;

/**
 * `build(db)` made once per database handle and kept with it (a prepared statement: built once, planned
 * once per connection; a loader of its own). Answers the function that gives a handle its copy.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let found = made.get(db);
    if (found === undefined) {
      found = build(db);
      made.set(db, found);
    }
    return found;
  };
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

const CHANGING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
/** The target of a plain write, as drizzle and hand-written SQL name it: `update "broadcast" set …`. */
const TARGET = /^\s*(?:insert\s+into|update|delete\s+from|merge\s+into)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?[\s(]/i;

/** What a statement's first argument says it is: its text (a string or a query config), if any. */
function statementText(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  const text = (arg as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : undefined;
}

/**
 * Watches every pooled connection's answers for changes (Database.onWrite): a query's promise gets one
 * more reaction, a callback is called through a check; a submittable (a cursor, a stream) passes untouched.
 * Each connection remembers the tables its open transaction wrote and reports them at its COMMIT.
 */
function watchWrites(pool: pg.Pool): (listener: (tables: WrittenTables) => void) => () => void {
  const listeners = new Set<(tables: WrittenTables) => void>();
  const tell = (tables: WrittenTables) => {
    for (const l of listeners) l(tables);
  };
  pool.on('connect', (client) => {
    // The open transaction's written tables (null inside it: one write could not be told), or undefined.
    let open: Set<string> | null | undefined;
    const seen = (text: string | undefined, result: unknown) => {
      for (const r of Array.isArray(result) ? result : [result]) {
        const { command, rowCount } = (r ?? {}) as { command?: string; rowCount?: number | null };
        if (command === 'BEGIN' || command === 'START') open = new Set();
        else if (command === 'COMMIT') {
          const tables = open === undefined || (open !== null && open.size === 0) ? null : open;
          open = undefined;
          if (listeners.size > 0) tell(tables);
        } else if (command === 'ROLLBACK') {
          // `rollback to savepoint` keeps the transaction (and what it wrote before) open.
          if (!text || !/\bsavepoint\b/i.test(text)) open = undefined;
        } else if (command !== undefined && CHANGING.has(command) && (rowCount ?? 0) > 0) {
          const table = text === undefined ? undefined : TARGET.exec(text)?.[1]?.toLowerCase();
          if (open === undefined) {
            if (listeners.size > 0) tell(table ? new Set([table]) : null);
          } else if (open !== null) {
            if (table) open.add(table);
            else open = null;
          }
        }
      }
    };
    // A COMMIT that failed ended its transaction all the same (PostgreSQL rolled it back).
    const failed = (text: string | undefined) => {
      if (text && /^\s*(?:commit|end)\b/i.test(text)) open = undefined;
    };
    const query = client.query;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const text = statementText(args[0]);
      // pool.query calls its client back; drizzle and transactions use the promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (err: unknown, result: unknown) => {
          if (err) failed(text);
          else seen(text, result);
          return (callback as (e: unknown, r: unknown) => unknown)(err, result);
        };
      }
      const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (answer instanceof Promise)
        answer.then(
          (result) => seen(text, result),
          () => failed(text),
        );
      return answer;
    } as typeof client.query;
  });
  return (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
}

function wrap(pool: pg.Pool, url: string, embedded: boolean, stop: () => Promise<void>): Database {
  let closed = false;
  const onWrite = watchWrites(pool);
  return {
    onWrite,
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

/**
 * Starts the embedded PostgreSQL (platform/embedded-pg.ts) with its data under `dir`: created on first use,
 * reused (with its data) on every later start, on a free port, stopped by `close()`; `database` is created
 * when missing.
 */
export async function startEmbedded(dir: string, database: string, max: number, log: Logger, stageRoot?: string): Promise<Database> {
  const started = Date.now();
  const server = await startEmbeddedServer({ dir, log, ...(stageRoot ? { stageRoot } : {}) });
  try {
    const admin = new pg.Client({
      host: '127.0.0.1',
      port: server.port,
      user: 'postgres',
      password: server.password,
      database: 'postgres',
    });
    admin.on('error', () => {});
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database]);
      if (!rowCount) await admin.query(`create database "${database.replace(/"/g, '""')}"`);
    } finally {
      await admin.end();
    }
  } catch (err) {
    await server.stop();
    throw err;
  }
  log.info({ dataDir: server.dataDir, port: server.port, fresh: server.fresh, ms: Date.now() - started }, 'embedded PostgreSQL started');
  const url = `postgres://postgres:${encodeURIComponent(server.password)}@127.0.0.1:${server.port}/${database}`;
  const pool = openPool(url, max);
  return wrap(pool, url, true, async () => {
    await server.stop();
    log.info('embedded PostgreSQL stopped');
  });
}
