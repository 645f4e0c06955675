import { type ChildProcess, spawn } from 'node:child_process';
import { API_HEADERS, type Envelope, type StarGiftSet } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../platform/net.js';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { type Account, balancesOf, buildBj, buildViewer, liveRoom, newKey } from '../../testing/builders.js';
import { ROOT, startServerProcess } from '../../testing/server-process.js';
import { verifyLedger } from './wallet.verify.js';

/**
 * A server killed with SIGKILL in the middle of a gift storm: the real process (main.ts, api role) on the
 * integration database, gifts over HTTP from this process. Whatever the kill interrupted, the ledger check
 * passes, no gift is half-applied, and after a restart the same keys charge each gift exactly once.
 */
const VIEWERS = 20;
const GIFTS_EACH = 100;
const FUNDS = 1000;

let t: TestApp;
let child: ChildProcess | undefined;
const exits = new WeakMap<ChildProcess, Promise<void>>();
/** Resolves when the process has exited (also when it already had). */
const exited = (p: ChildProcess) => exits.get(p) as Promise<void>;

async function startServer(port: number): Promise<ChildProcess> {
  const server = await startServerProcess(t.database.connectionString, port);
  exits.set(server.proc, server.exited);
  return server.proc;
}

interface Gift {
  viewer: Account;
  amount: number;
  key: string;
}

async function send(port: number, vodKey: string, g: Gift): Promise<Envelope<StarGiftSet> | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1/star/user_star_use_proc`, {
      method: 'POST',
      headers: { ...API_HEADERS, cookie: g.viewer.cookie, 'Idempotency-Key': g.key },
      body: new URLSearchParams({ vod_key: vodKey, star_cnt: String(g.amount) }),
    });
    return (await res.json()) as Envelope<StarGiftSet>;
  } catch {
    return null; // the server died under this request
  }
}

/** Sends every gift with at most `concurrency` in flight; `onAnswer` may stop the storm early. */
async function storm(
  port: number,
  vodKey: string,
  gifts: Gift[],
  concurrency: number,
  onAnswer: (g: Gift, e: Envelope<StarGiftSet> | null) => void,
) {
  let next = 0;
  const worker = async () => {
    while (next < gifts.length) {
      const g = gifts[next++] as Gift;
      onAnswer(g, await send(port, vodKey, g));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
  }
  await t?.close();
});

describe('SIGKILL in the middle of a gift storm', () => {
  it('leaves the ledger exact, no gift half-applied, and a restart charges each key once', { timeout: 120_000 }, async () => {
    const viewers = await Promise.all(Array.from({ length: VIEWERS }, () => buildViewer(t, { star: FUNDS })));
    const bj = await buildBj(t);
    const vodKey = await liveRoom(t, bj.userKey);
    const gifts: Gift[] = viewers.flatMap((viewer) =>
      Array.from({ length: GIFTS_EACH }, (_, i) => ({ viewer, amount: 1 + (i % 5), key: newKey() })),
    );
    // Shuffled, so the kill lands in the middle of every wallet's history.
    gifts.sort(() => Math.random() - 0.5);

    const port = await freePort();
    child = await startServer(port);
    const answeredFirst = new Map<string, number>();
    let killed = false;
    await storm(port, vodKey, gifts, 64, (g, e) => {
      if (e?.rslt_cd === 0) answeredFirst.set(g.key, e.rslt_set.txn_id);
      if (!killed && answeredFirst.size >= 300) {
        killed = true;
        child?.kill('SIGKILL');
      }
    });
    expect(killed).toBe(true);
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');
    // Some gifts were in flight when it died: they were applied whole or not at all.
    expect(answeredFirst.size).toBeLessThan(gifts.length);

    const afterKill = await verifyLedger(t.database.pool, { full: true });
    expect(afterKill.ok, JSON.stringify(afterKill)).toBe(true);
    const keys = gifts.map((g) => g.key);
    const { rows: applied } = await t.database.pool.query<{ idem_key: string; txn_id: string; state: string; legs: number; total: string }>(
      `select t.idem_key, t.txn_id, t.state, count(e.leg)::int as legs, coalesce(sum(e.amount), 0) as total
       from wallet_txn t left join wallet_entry e on e.txn_id = t.txn_id
       where t.idem_key = any($1) group by t.txn_id`,
      [keys],
    );
    // Every stored gift is whole: done with its debit and its credit summing to zero.
    for (const r of applied) expect({ state: r.state, legs: r.legs, total: Number(r.total) }).toEqual({ state: 'done', legs: 2, total: 0 });
    // Every gift answered before the kill is stored with the transaction it was answered with.
    const storedTxn = new Map(applied.map((r) => [r.idem_key, Number(r.txn_id)]));
    for (const [key, txn] of answeredFirst) expect(storedTxn.get(key)).toBe(txn);
    // Each wallet lost exactly the gifts stored for it.
    for (const v of viewers) {
      const mine = gifts.filter((g) => g.viewer === v && storedTxn.has(g.key)).reduce((s, g) => s + g.amount, 0);
      expect((await balancesOf(t, v.userKey)).STAR).toBe(FUNDS - mine);
    }

    // Restart and retry everything with the same keys, as clients retry after an error.
    child = await startServer(port);
    const second = new Map<string, Envelope<StarGiftSet> | null>();
    await storm(port, vodKey, gifts, 64, (g, e) => second.set(g.key, e));
    for (const g of gifts) {
      const e = second.get(g.key);
      expect(e?.rslt_cd, JSON.stringify(e)).toBe(0);
      const before = answeredFirst.get(g.key) ?? storedTxn.get(g.key);
      if (before !== undefined) expect(e?.rslt_set.txn_id).toBe(before);
    }
    const total = gifts.reduce((s, g) => s + g.amount, 0);
    for (const v of viewers) {
      const mine = gifts.filter((g) => g.viewer === v).reduce((s, g) => s + g.amount, 0);
      expect((await balancesOf(t, v.userKey)).STAR).toBe(FUNDS - mine);
    }
    expect((await balancesOf(t, bj.userKey)).earnings).toBe(total);
    const { rows: count } = await t.database.pool.query('select count(*)::int as n from wallet_txn where idem_key = any($1)', [keys]);
    expect(count[0].n).toBe(gifts.length);

    // Fans and room rankings are written just after each commit, so the kill may have cost them a flush:
    // the restarted server's reconciliation (wallet.fans.ts reconcileFans, soon after the start) counts
    // every paid gift that no flush counted, exactly once.
    const expectedFans = viewers
      .map((v) => ({
        user_key: v.userKey,
        star_total: gifts.filter((g) => g.viewer === v).reduce((sum, g) => sum + g.amount, 0),
        gift_cnt: GIFTS_EACH,
      }))
      .sort((a, b) => a.user_key - b.user_key);
    const fansNow = async () =>
      (
        await t.database.pool.query<{ user_key: string; star_total: string; gift_cnt: number }>(
          'select user_key, star_total, gift_cnt from bj_fan where bj_user_key = $1 order by user_key',
          [bj.userKey],
        )
      ).rows.map((f) => ({ user_key: Number(f.user_key), star_total: Number(f.star_total), gift_cnt: f.gift_cnt }));
    await expect.poll(fansNow, { timeout: 15_000, interval: 250 }).toEqual(expectedFans);

    child.kill('SIGTERM');
    await exited(child);

    // The command-line check agrees (npm run ledger:verify runs this file).
    const cli = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts', '--full'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: t.database.connectionString },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let cliOut = '';
    cli.stdout?.on('data', (d: Buffer) => {
      cliOut += d.toString();
    });
    cli.stderr?.on('data', (d: Buffer) => {
      cliOut += d.toString();
    });
    const code = await new Promise<number | null>((r) => cli.once('exit', r));
    expect(code, cliOut).toBe(0);
    expect(cliOut).toMatch(/^ledger OK \(full\)/);

    // npm run fans:rebuild recomputes them from the ledger too, and agrees.
    const rebuild = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/fans-rebuild.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: t.database.connectionString },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let rebuildOut = '';
    for (const stream of [rebuild.stdout, rebuild.stderr]) stream?.on('data', (d: Buffer) => (rebuildOut += d.toString()));
    expect(await new Promise<number | null>((r) => rebuild.once('exit', r)), rebuildOut).toBe(0);
    // (Its 'corrected' count covers the whole shared test database, where other files write fan rows of
    // their own: this BJ's rows are checked below instead.)
    expect(rebuildOut).toMatch(/^fans rebuilt: /);
    const { rows: fans } = await t.database.pool.query<{ user_key: string; star_total: string; gift_cnt: number }>(
      'select user_key, star_total, gift_cnt from bj_fan where bj_user_key = $1',
      [bj.userKey],
    );
    const { rows: ranks } = await t.database.pool.query<{ user_key: string; star_total: string }>(
      'select user_key, star_total from star_gift_rank where vod_key = $1',
      [vodKey],
    );
    const expected = viewers.map((v) => ({
      user_key: v.userKey,
      star_total: gifts.filter((g) => g.viewer === v).reduce((sum, g) => sum + g.amount, 0),
      gift_cnt: GIFTS_EACH,
    }));
    const byUser = (a: { user_key: number }, b: { user_key: number }) => a.user_key - b.user_key;
    expect(
      fans.map((f) => ({ user_key: Number(f.user_key), star_total: Number(f.star_total), gift_cnt: f.gift_cnt })).sort(byUser),
    ).toEqual(expected.sort(byUser));
    expect(ranks.map((r) => ({ user_key: Number(r.user_key), star_total: Number(r.star_total) })).sort(byUser)).toEqual(
      expected.map(({ user_key, star_total }) => ({ user_key, star_total })),
    );
  });
});
