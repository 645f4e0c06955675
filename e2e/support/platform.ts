import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/platform/net.js';

export interface RunningPlatform {
  url: string;
  /** Its DATA_DIR (removed by stop()): the embedded PostgreSQL's credentials live there (support/database.ts). */
  dataDir: string;
  /** Where the platform's RTMP ingest listens: rtmp://127.0.0.1:{rtmpPort}/live/{stream key}. */
  rtmpPort: number;
  process: ChildProcess;
  logs: () => string;
  stop(): Promise<number | null>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the platform exactly as `npm start` runs it (the server entry through tsx, all roles), with
 * its own data folder: the embedded PostgreSQL unless `env.DATABASE_URL` is given.
 */
export async function startPlatform(env: Record<string, string | undefined> = {}, args: string[] = ['--demo']): Promise<RunningPlatform> {
  // A caller that must know the port beforehand (e.g. for redirect URIs registered at a provider) passes PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-e2e-'));
  // Each platform's RTMP ingest (media role) takes a free port, so platforms and a developer's own server coexist.
  const rtmpPort = env.RTMP_PORT ? Number(env.RTMP_PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      RTMP_PORT: String(rtmpPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Rate-limit counters keyed by 127.0.0.1 must not carry over from an earlier run on the same Redis.
      REDIS_PREFIX: `byeol_e2e_${path.basename(dataDir).replace(/[^\w]/g, '')}:`,
      // Every simulated member of every e2e file asks for pins from 127.0.0.1; the default (20 an hour)
      // is for real addresses. The limit itself is tested in verification.int.test.ts.
      SMS_LIMIT_PER_IP: '1000',
      // The demo rooms stay without their generated video (the loops' first encode and four publishers would
      // compete with the browser on 2 cores, and many files expect the seeded rooms as they are);
      // demo-video.e2e.test.ts starts a platform of its own with it on.
      BYEOL_DEMO_VIDEO: '0',
      // Files change rows by hand in SQL (a member made a BJ, a broadcast opened), which nothing announces to
      // the running platform: its anonymous page cache and session cache would show the old rows for their
      // lifetime. Both are tested with their lifetimes as shipped: page-cache.e2e.test.ts (a platform of its
      // own) and users.session-cache.int.test.ts (two processes over Redis).
      PAGE_CACHE_MS: '0',
      SESSION_CACHE_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`platform exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`platform not ready in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    rtmpPort,
    process: child,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 20_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
