import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope, ListSet, LiveListItem, SiteInfo, UserInfoSet, VodListItem } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './platform/net.js';

/**
 * The real process, as an operator starts it: `node --import tsx apps/server/src/main.ts --roles api --demo`
 * with its own embedded PostgreSQL under a temporary DATA_DIR (DATABASE_URL and REDIS_URL removed).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = 'apps/server/src/main.ts';
const START_TIMEOUT = 40_000;
const STOP_BOUND = 15_000;

interface Proc {
  child: ChildProcess;
  port: number;
  url: string;
  /** stdout and stderr as they arrive. */
  output: () => string;
  /** pino's JSON lines from stdout. */
  logs: () => Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: Proc[] = [];

function start(env: Record<string, string>, args = ['--roles', 'api', '--demo']): Proc {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'BYEOL_ROLES', 'BYEOL_DEMO', 'HOST', 'PORT', 'DATA_DIR', 'LOG_LEVEL', 'NODE_ENV']) {
    delete childEnv[name];
  }
  Object.assign(childEnv, { NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
  // --import tsx: one process, so SIGTERM reaches main.ts itself (the tsx CLI would sit in between).
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stdout = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const port = Number(env.PORT ?? 0);
  const proc: Proc = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    logs: () =>
      stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => {
          try {
            return JSON.parse(l) as Record<string, unknown>;
          } catch {
            return {};
          }
        }),
    exited,
  };
  started.push(proc);
  return proc;
}

const running = (p: Proc) => p.child.exitCode === null && p.child.signalCode === null;

/** Waits for /readyz to answer 200; fails at once, with the output, if the process dies first. */
async function waitReady(p: Proc): Promise<void> {
  const until = Date.now() + START_TIMEOUT;
  while (Date.now() < until) {
    if (!running(p)) throw new Error(`process exited (${p.child.exitCode}) before it was ready:\n${p.output()}`);
    try {
      const res = await fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`not ready within ${START_TIMEOUT} ms:\n${p.output()}`);
}

/** SIGTERM, then the exit within `bound` ms (undefined if it did not exit). */
async function stop(p: Proc, bound = STOP_BOUND) {
  const t0 = Date.now();
  p.child.kill('SIGTERM');
  const result = await Promise.race([p.exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), bound))]);
  return { result, ms: Date.now() - t0 };
}

async function api<T>(p: Proc, urlPath: string): Promise<Envelope<T>> {
  const res = await fetch(p.url + urlPath);
  expect(res.status).toBe(200);
  return (await res.json()) as Envelope<T>;
}

/** A form POST with the API headers; answers the envelope and the session cookie it set, if any. */
async function post<T>(p: Proc, urlPath: string, form: Record<string, string>, cookie = '') {
  const res = await fetch(p.url + urlPath, {
    method: 'POST',
    headers: { 'X-Api-Mode': 'TRUE', 'X-Requested-With': 'xmlhttprequest', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(form),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('byeol_sid='));
  return { body: (await res.json()) as Envelope<T>, cookie: set?.split(';')[0] ?? '' };
}

/** Signs up through the real phone verification (pin read from the development outbox); answers the session cookie. */
async function signUp(p: Proc, id: string): Promise<string> {
  const phone = `0109${String(Date.now()).slice(-7)}`;
  const sent = await post<{ verify_id: string }>(p, '/v1/user/auth_phone_no_proc', { phone_no: phone, purpose: 'join' });
  expect(sent.body.rslt_cd, sent.body.rslt_msg).toBe(0);
  const outbox = await api<ListSet<{ text: string }>>(p, `/v1/dev/sms_outbox?phone_no=${phone}`);
  const pin = /\[(\d{6})\]/.exec(outbox.rslt_set.data_list[0]?.text ?? '')?.[1] ?? '';
  const confirmed = await post<{ verify_token: string }>(p, '/v1/user/confirm_pincode', {
    verify_id: sent.body.rslt_set.verify_id,
    pincode: pin,
  });
  expect(confirmed.body.rslt_cd, confirmed.body.rslt_msg).toBe(0);
  const joined = await post(p, '/v1/user/user_direct_join_proc', {
    id,
    passwd: 'Star#7392moon',
    passwd_confirm: 'Star#7392moon',
    nick: `재시작${id.slice(-4)}`,
    verify_token: confirmed.body.rslt_set.verify_token,
    birth_date: '2000-01-01',
    sex: 'F',
    agree_terms: 'Y',
    agree_privacy: 'Y',
  });
  expect(joined.body.rslt_cd, joined.body.rslt_msg).toBe(0);
  expect(joined.cookie).not.toBe('');
  return joined.cookie;
}

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-main-int-'));
});

afterAll(async () => {
  // Nothing may outlive the test: not the process, not its PostgreSQL.
  for (const p of started) {
    if (!running(p)) continue;
    const { result } = await stop(p);
    if (!result) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  }
  if (dataDir) {
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      const ours = pid > 0 && existsSync(`/proc/${pid}/cmdline`) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
      if (ours) process.kill(pid, 'SIGTERM');
    }
    await rm(dataDir, { recursive: true, force: true });
  }
});

describe('the real process (main.ts)', () => {
  let firstKeys: { live: string[]; vod: string[] };
  const member = { id: `restart${String(Date.now()).slice(-6)}`, cookie: '' };

  it('starts with its own embedded PostgreSQL and serves site info and the demo lists', { timeout: 60_000 }, async () => {
    const p = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await waitReady(p);

    const ready = (await (await fetch(`${p.url}/readyz`)).json()) as { checks: Record<string, string> };
    expect(ready.checks).toEqual({ database: 'ok', bus: 'ok' });

    const site = await api<SiteInfo>(p, '/v1/pubapi/api_site_cache_info');
    expect(site.rslt_cd).toBe(0);
    expect(site.rslt_set.site_terms).toEqual({ BJ_NAME: 'BJ', CURRENCY_ITEM_NAME: 'CUBIC', CURRENCY_NAME: 'STAR' });

    const live = await api<ListSet<LiveListItem>>(p, '/v1/pubapi/play_live_list');
    expect(live.rslt_cd).toBe(0);
    expect(live.rslt_set.data_totalcount).toBe(4);
    expect(live.rslt_set.data_list.map((i) => i.viewer_cnt)).toEqual([2405, 1234, 867, 312]);
    expect(live.rslt_set.data_list.every((i) => i.bj.id.startsWith('demo_'))).toBe(true);

    const vod = await api<ListSet<VodListItem>>(p, '/v1/pubapi/play_vod_list');
    expect(vod.rslt_cd).toBe(0);
    // Five demo replays of the BJs, three of each demo program account (issue 22).
    expect(vod.rslt_set.data_totalcount).toBe(11);

    firstKeys = { live: live.rslt_set.data_list.map((i) => i.vod_key), vod: vod.rslt_set.data_list.map((i) => i.vod_key) };
    member.cookie = await signUp(p, member.id);

    const logs = p.logs();
    const msgs = logs.map((l) => l.msg);
    expect(msgs).toContain('demo content seeded');
    expect(logs.find((l) => l.msg === 'embedded PostgreSQL started')).toMatchObject({ fresh: true });
    expect(logs.find((l) => l.msg === 'Byeol is up')).toMatchObject({ bus: 'memory' });
    // The database password never reaches the log.
    const { password } = JSON.parse(readFileSync(path.join(dataDir, 'pg.json'), 'utf8')) as { password: string };
    expect(p.output()).not.toContain(password);

    // SIGTERM: a graceful stop, exit code 0, within the bound, and it says so.
    const { result, ms } = await stop(p);
    expect(result, `no exit within ${STOP_BOUND} ms:\n${p.output()}`).toEqual({ code: 0, signal: null });
    expect(ms).toBeLessThan(STOP_BOUND);
    const after = p.logs().map((l) => l.msg);
    expect(p.logs().find((l) => typeof l.msg === 'string' && l.msg.startsWith('shutting down'))).toMatchObject({ signal: 'SIGTERM' });
    expect(after).toContain('embedded PostgreSQL stopped');
    expect(after.at(-1)).toBe('stopped');
    expect(p.output()).not.toMatch(/"level":(50|60)/);
    // Its PostgreSQL went with it.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    await expect(fetch(`${p.url}/healthz`)).rejects.toThrow();
  });

  it('starts again on the same DATA_DIR with the same data, seeding nothing twice', { timeout: 60_000 }, async () => {
    expect(firstKeys, 'the first start must have passed').toBeDefined();
    const p = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await waitReady(p);

    const live = await api<ListSet<LiveListItem>>(p, '/v1/pubapi/play_live_list');
    const vod = await api<ListSet<VodListItem>>(p, '/v1/pubapi/play_vod_list');
    expect(live.rslt_set.data_list.map((i) => i.vod_key)).toEqual(firstKeys.live);
    expect(vod.rslt_set.data_list.map((i) => i.vod_key)).toEqual(firstKeys.vod);
    expect(live.rslt_set.data_totalcount).toBe(4);
    // Five demo replays of the BJs, three of each demo program account (issue 22).
    expect(vod.rslt_set.data_totalcount).toBe(11);

    const logs = p.logs();
    const msgs = logs.map((l) => l.msg);
    expect(msgs).not.toContain('demo content seeded');
    expect(msgs).not.toContain('site defaults seeded');
    expect(logs.find((l) => l.msg === 'embedded PostgreSQL started')).toMatchObject({ fresh: false });

    // Whoever was logged in before the restart still is: sessions live in the database.
    const me = await fetch(`${p.url}/v1/user/user_info`, { headers: { cookie: member.cookie } });
    const info = (await me.json()) as Envelope<UserInfoSet>;
    expect(info.rslt_cd).toBe(0);
    expect(info.rslt_set.user_info?.id).toBe(member.id);

    const { result } = await stop(p);
    expect(result, p.output()).toEqual({ code: 0, signal: null });
  });

  // A self-hoster who is root and cloned into /root (0700): the database's own user cannot enter DATA_DIR.
  it.runIf(process.getuid?.() === 0)('starts as root with DATA_DIR inside a folder only root can enter', { timeout: 60_000 }, async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'byeol-root-'));
    const stage = await mkdtemp(path.join(os.tmpdir(), 'byeol-root-stage-'));
    try {
      await chmod(stage, 0o755);
      expect(statSync(home).mode & 0o777).toBe(0o700);
      const p = start({ DATA_DIR: path.join(home, 'byeol', 'data'), EMBEDDED_PG_STAGE_DIR: stage, PORT: String(await freePort()) });
      await waitReady(p);
      const site = await api<SiteInfo>(p, '/v1/pubapi/api_site_cache_info');
      expect(site.rslt_cd).toBe(0);
      expect(p.logs().find((l) => l.msg === 'embedded PostgreSQL started')).toMatchObject({ fresh: true });
      expect(p.output()).not.toMatch(/EACCES|"level":(50|60)/);
      const { result } = await stop(p);
      expect(result, p.output()).toEqual({ code: 0, signal: null });
    } finally {
      await rm(home, { recursive: true, force: true });
      await rm(stage, { recursive: true, force: true });
    }
  });

  it('refuses a bad environment value with a non-zero exit naming the variable', { timeout: 30_000 }, async () => {
    const badPort = start({ DATA_DIR: dataDir, PORT: 'abc' });
    const badRole = start({ DATA_DIR: dataDir, PORT: '0' }, ['--roles', 'api,streamer']);
    const [port, role] = await Promise.all([badPort.exited, badRole.exited]);
    expect(port.code, badPort.output()).not.toBe(0);
    expect(port.code).not.toBeNull();
    expect(badPort.output()).toMatch(/PORT: .*"abc"/);
    expect(role.code, badRole.output()).not.toBe(0);
    expect(badRole.output()).toMatch(/BYEOL_ROLES: .*streamer/);
    // Refused before anything started: no stack trace, no database.
    expect(badPort.output()).not.toMatch(/\n\s+at /);
    expect(badPort.output()).not.toContain('embedded PostgreSQL started');
  });
});
