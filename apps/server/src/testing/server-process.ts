import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (the server's entry is started from there, as `npm start` does). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  proc: ChildProcess;
  /** Resolves when the process has exited (also when it already had). */
  exited: Promise<void>;
  /** Everything it printed. */
  output: () => string;
}

/**
 * The real server (main.ts, api role) as a child process on the test database `databaseUrl`, for tests that
 * kill it (SIGKILL) in the middle of something and start it again: no Redis, no demo content, no data folder.
 * Answers once /readyz says ready.
 */
export async function startServerProcess(databaseUrl: string, port: number): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['REDIS_URL', 'BYEOL_DEMO', 'DATA_DIR']) delete env[name];
  Object.assign(env, {
    DATABASE_URL: databaseUrl,
    BYEOL_ROLES: 'api',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  });
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let output = '';
  for (const stream of [proc.stdout, proc.stderr]) stream?.on('data', (d: Buffer) => (output += d.toString()));
  const until = Date.now() + 40_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return { proc, exited, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not ready:\n${output}`);
}
