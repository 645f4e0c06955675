import { API_HEADERS, type Envelope, type MissionDetail, missionsEndpoints } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../platform/net.js';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { type Account, balancesOf, buildBj, buildViewer, liveRoom, newKey } from '../../testing/builders.js';
import { sql } from '../../testing/members.js';
import { type ServerProcess, startServerProcess } from '../../testing/server-process.js';
import { verifyLedger } from '../wallet/wallet.verify.js';
import { verifyMissionEscrow } from './missions.verify.js';

/**
 * The server killed with SIGKILL while the BJ settles a batch of missions (issue 23): the real process
 * (main.ts, api role) on the integration database, the settlements over HTTP. Whatever the kill
 * interrupted, each mission is settled whole or not at all, the ledger and escrow checks pass, and after a
 * restart the same calls settle every mission exactly once.
 */
const MEMBERS = 40;
const MISSIONS = 18;
const PLEDGES_EACH = 10;
const FUNDS = 20_000;

let t: TestApp;
let server: ServerProcess | undefined;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  if (server && server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGKILL');
  await t?.close();
});

type Verdict = 'success' | 'fail' | 'cancel';

async function settle(port: number, bj: Account, sn: number, verdict: Verdict): Promise<Envelope<MissionDetail> | null> {
  const ep = verdict === 'cancel' ? missionsEndpoints.cancel : missionsEndpoints.result;
  const form: Record<string, string> = { mission_sn: String(sn), ...(verdict === 'cancel' ? {} : { result: verdict }) };
  try {
    const res = await fetch(`http://127.0.0.1:${port}/v1${ep.path}`, {
      method: 'POST',
      headers: { ...API_HEADERS, cookie: bj.cookie },
      body: new URLSearchParams(form),
    });
    return (await res.json()) as Envelope<MissionDetail>;
  } catch {
    return null; // the server died under this request
  }
}

describe('SIGKILL in the middle of settlements', () => {
  it('settles each mission whole or not at all, and exactly once after a restart', { timeout: 120_000 }, async () => {
    const bj = await buildBj(t);
    const vk = await liveRoom(t, bj.userKey);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => buildViewer(t, { star: FUNDS })));
    const plan: Array<{ sn: number; verdict: Verdict; pledges: Array<{ member: Account; star: number }> }> = [];
    for (let i = 0; i < MISSIONS; i++) {
      const made = await t.call(missionsEndpoints.create, { vod_key: vk, title: `미션 ${i}` }, { cookie: bj.cookie });
      expect(made.body.rslt_cd, made.body.rslt_msg).toBe(0);
      const sn = made.body.rslt_set.mission.mission_sn;
      const pledges = Array.from({ length: PLEDGES_EACH }, (_, j) => ({
        member: members[(i * 3 + j * 7) % MEMBERS] as Account,
        star: 1 + ((i * 31 + j * 17) % 300),
      }));
      await Promise.all(
        pledges.map(async (p) => {
          const r = await t.call(
            missionsEndpoints.add,
            { mission_sn: String(sn), star_cnt: String(p.star), idempotency_key: newKey() },
            { cookie: p.member.cookie },
          );
          expect(r.body.rslt_cd, r.body.rslt_msg).toBe(0);
        }),
      );
      const started = await t.call(missionsEndpoints.start, { mission_sn: String(sn) }, { cookie: bj.cookie });
      expect(started.body.rslt_cd, started.body.rslt_msg).toBe(0);
      plan.push({ sn, verdict: (['success', 'fail', 'cancel'] as const)[i % 3] as Verdict, pledges });
    }

    const port = await freePort();
    server = await startServerProcess(t.database.connectionString, port);
    let answered = 0;
    let killed = false;
    const first = server;
    await Promise.all(
      plan.map(async (m) => {
        const e = await settle(port, bj, m.sn, m.verdict);
        if (e?.rslt_cd === 0) answered += 1;
        if (!killed && answered >= 3) {
          killed = true;
          first.proc.kill('SIGKILL');
        }
      }),
    );
    expect(killed).toBe(true);
    await first.exited;
    expect(first.proc.signalCode).toBe('SIGKILL');

    // Whole or nothing: a mission is still running with no settlement posting, or settled with its postings.
    const keysOf = (sn: number) => [`mission:${sn}:pay`, `mission:${sn}:refund`];
    const postings = async () =>
      new Map(
        (
          await sql<{ idem_key: string; n: number }>(
            t,
            'select idem_key, count(*)::int as n from wallet_txn where actor_user_key = 0 and idem_key = any($1) group by idem_key',
            [plan.flatMap((m) => keysOf(m.sn))],
          )
        ).map((r) => [r.idem_key, r.n]),
      );
    const states = async () =>
      new Map(
        (
          await sql<{ mission_sn: string; state: string }>(t, 'select mission_sn, state from mission where mission_sn = any($1)', [
            plan.map((m) => m.sn),
          ])
        ).map((r) => [Number(r.mission_sn), r.state]),
      );
    const afterKill = await states();
    const postedAfterKill = await postings();
    const settledBeforeRestart = plan.filter((m) => afterKill.get(m.sn) !== 'running').length;
    expect(settledBeforeRestart).toBeGreaterThanOrEqual(3);
    for (const m of plan) {
      const posted = keysOf(m.sn).some((k) => postedAfterKill.has(k));
      expect(posted, `mission ${m.sn} ${afterKill.get(m.sn)}`).toBe(afterKill.get(m.sn) !== 'running');
    }
    expect((await verifyLedger(t.database.pool, { full: true })).ok).toBe(true);
    expect(await verifyMissionEscrow(t.database.pool)).toMatchObject({ ok: true });

    // Restart and send every settlement again, as a BJ clicks again after an error.
    server = await startServerProcess(t.database.connectionString, port);
    for (const m of plan) {
      const e = await settle(port, bj, m.sn, m.verdict);
      expect(e?.rslt_cd, JSON.stringify(e)).toBe(0);
    }
    const final = await states();
    const posted = await postings();
    for (const m of plan) {
      expect(final.get(m.sn)).toBe(m.verdict === 'cancel' ? 'cancelled' : m.verdict);
      // One posting per settlement, never two.
      expect(posted.get(`mission:${m.sn}:pay`) ?? 0).toBe(m.verdict === 'success' ? 1 : 0);
      expect(posted.get(`mission:${m.sn}:refund`) ?? 0).toBe(m.verdict === 'success' ? 0 : 1);
    }
    // Every balance equals a recomputation: members lose only what went to successful missions.
    const lost = new Map<number, number>();
    for (const m of plan.filter((p) => p.verdict === 'success'))
      for (const p of m.pledges) lost.set(p.member.userKey, (lost.get(p.member.userKey) ?? 0) + p.star);
    for (const member of members) expect((await balancesOf(t, member.userKey)).STAR).toBe(FUNDS - (lost.get(member.userKey) ?? 0));
    expect((await balancesOf(t, bj.userKey)).earnings).toBe([...lost.values()].reduce((a, b) => a + b, 0));
    expect((await verifyLedger(t.database.pool, { full: true })).ok).toBe(true);
    expect(await verifyMissionEscrow(t.database.pool)).toMatchObject({ ok: true });
    server.proc.kill('SIGTERM');
    await server.exited;
  });
});
