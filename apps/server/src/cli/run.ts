import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { connectExternal, type Database, migrateDatabase, startEmbedded } from '../platform/db.js';

/**
 * Runs a command-line tool's main and exits with its code (explicitly: nothing left open keeps the process
 * alive after it). An uncaught error prints its message (never a stack
 * for a configuration error) and exits with `errorCode`.
 */
export function runCli(main: () => Promise<number>, errorCode = 1): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
      process.exit(errorCode);
    },
  );
}

/**
 * Opens the database like the server does (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR: stop a
 * server using the same DATA_DIR first), migrates it, runs `work` and closes it.
 */
export async function withCliDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  let database: Database | undefined;
  try {
    database = config.DATABASE_URL
      ? await connectExternal(config.DATABASE_URL, 2)
      : await startEmbedded(config.DATA_DIR, 'byeol', 2, pino({ level: 'warn' }), config.EMBEDDED_PG_STAGE_DIR);
    await migrateDatabase(database.pool);
    return await work(database);
  } finally {
    await database?.close();
  }
}
