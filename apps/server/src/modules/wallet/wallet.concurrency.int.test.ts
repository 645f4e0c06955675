import { randomUUID } from 'node:crypto';
import { ResultCode, walletEndpoints } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectExternal, type Database } from '../../platform/db.js';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { balancesOf, buildBj, buildOperator, buildViewer, liveRoom, newKey } from '../../testing/builders.js';
import { LedgerService } from './wallet.service.js';
import { verifyLedger } from './wallet.verify.js';

/** No balance below zero and one charge per key, whatever the concurrency (the tests). */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('concurrent gifts', () => {
  it('1,000 concurrent gifts from a wallet funded for 500: exactly 500 pass, the rest are refused, balance 0', {
    timeout: 60_000,
  }, async () => {
    const viewer = await buildViewer(t, { star: 500 });
    const bj = await buildBj(t);
    const vodKey = await liveRoom(t, bj.userKey);
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () =>
        t.call(walletEndpoints.gift, { vod_key: vodKey, star_cnt: '1', idempotency_key: newKey() }, { cookie: viewer.cookie }),
      ),
    );
    const codes = answers.map((a) => a.body.rslt_cd);
    expect(codes.filter((c) => c === 0)).toHaveLength(500);
    expect(codes.filter((c) => c === ResultCode.WALLET_INSUFFICIENT)).toHaveLength(500);
    // Every success answered its own balance after its gift: 499 down to 0, each once.
    const balances = answers.filter((a) => a.body.rslt_cd === 0).map((a) => a.body.rslt_set.balance);
    expect(new Set(balances).size).toBe(500);
    expect(Math.min(...balances)).toBe(0);
    expect(await balancesOf(t, viewer.userKey)).toMatchObject({ STAR: 0 });
    expect((await balancesOf(t, bj.userKey)).earnings).toBe(500);
    const report = await verifyLedger(t.database.pool, { full: true });
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });

  it('the same idempotency key sent 20 times at once charges once, and every answer is equal', async () => {
    const viewer = await buildViewer(t, { star: 100 });
    const bj = await buildBj(t);
    const vodKey = await liveRoom(t, bj.userKey);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(walletEndpoints.gift, { vod_key: vodKey, star_cnt: '30' }, { cookie: viewer.cookie, headers: { 'Idempotency-Key': key } }),
      ),
    );
    expect(answers[0]?.body.rslt_cd).toBe(0);
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect(await balancesOf(t, viewer.userKey)).toMatchObject({ STAR: 70 });
    expect((await balancesOf(t, bj.userKey)).earnings).toBe(30);
    // And once more later: the stored answer.
    const later = await t.call(walletEndpoints.gift, { vod_key: vodKey, star_cnt: '30', idempotency_key: key }, { cookie: viewer.cookie });
    expect(later.body).toEqual(answers[0]?.body);
  });

  it('the same grant key sent 20 times at once grants once', async () => {
    const operator = await buildOperator(t);
    const member = await buildViewer(t);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(
          walletEndpoints.grant,
          { user_key: String(member.userKey), currency: 'CUBIC', amount: '77', reason: 'once', idempotency_key: key },
          { cookie: operator.cookie },
        ),
      ),
    );
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect(answers[0]?.body.rslt_set).toMatchObject({ balance_before: 0, balance_after: 77 });
    expect((await balancesOf(t, member.userKey)).CUBIC).toBe(77);
    const { rows } = await t.database.pool.query('select count(*)::int as n from wallet_grant_audit where user_key = $1', [member.userKey]);
    expect(rows[0].n).toBe(1);
  });
});

describe('two processes on one database', () => {
  let other: Database;
  let ledgerA: LedgerService;
  let ledgerB: LedgerService;

  beforeAll(async () => {
    other = await connectExternal(t.database.connectionString, 4);
    ledgerA = new LedgerService({ db: t.database.db, pool: t.database.pool });
    ledgerB = new LedgerService({ db: other.db, pool: other.pool });
  });

  afterAll(async () => {
    await ledgerA?.close();
    await ledgerB?.close();
    await other?.close();
  });

  it('race the same keys and the same wallets: each key charges once, no balance below zero', { timeout: 60_000 }, async () => {
    const viewers = await Promise.all(Array.from({ length: 10 }, () => buildViewer(t, { star: 50 })));
    const bjs = await Promise.all([buildBj(t), buildBj(t)]);
    // Each viewer sends 40 distinct gifts of 2 (80 > 50), each through both processes at once.
    const calls = viewers.flatMap((v, i) =>
      Array.from({ length: 40 }, (_, j) => ({
        viewer: v.userKey,
        bj: (bjs[(i + j) % 2] as { userKey: number }).userKey,
        key: randomUUID(),
      })),
    );
    const settle = (ledger: LedgerService) => Promise.allSettled(calls.map((c) => ledger.gift(c.viewer, c.bj, 2, c.key)));
    const [a, b] = await Promise.all([settle(ledgerA), settle(ledgerB)]);
    let charged = 0;
    calls.forEach((_, i) => {
      const ra = a[i] as PromiseSettledResult<{ txn_id: number }>;
      const rb = b[i] as PromiseSettledResult<{ txn_id: number }>;
      // Both processes answer a key alike: the same transaction, or the same refusal.
      expect(ra.status).toBe(rb.status);
      if (ra.status === 'fulfilled' && rb.status === 'fulfilled') {
        expect(ra.value.txn_id).toBe(rb.value.txn_id);
        charged++;
      } else {
        expect((ra as PromiseRejectedResult).reason).toMatchObject({ code: 'WALLET_INSUFFICIENT' });
        expect((rb as PromiseRejectedResult).reason).toMatchObject({ code: 'WALLET_INSUFFICIENT' });
      }
    });
    // 10 wallets of 50 in gifts of 2: exactly 25 gifts each.
    expect(charged).toBe(250);
    for (const v of viewers) expect((await balancesOf(t, v.userKey)).STAR).toBe(0);
    const earned = (await balancesOf(t, bjs[0]?.userKey as number)).earnings + (await balancesOf(t, bjs[1]?.userKey as number)).earnings;
    expect(earned).toBe(500);
    expect((await verifyLedger(t.database.pool, { full: true })).ok).toBe(true);
  });
});
