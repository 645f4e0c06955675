import { ResultCode } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { balancesOf, buildViewer, newKey } from '../../testing/builders.js';
import { sql } from '../../testing/members.js';
import { verifyLedger } from '../wallet/wallet.verify.js';
import { buildItem, deal } from './items.fixtures.js';

/**
 * Purchases racing: one wallet, many purchases at once (never below zero), and the same key sent to two
 * API processes at once (one purchase). Two real servers on the shared integration database.
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  [a, b] = await Promise.all([startTestApp(), startTestApp()]);
});

afterAll(async () => {
  await Promise.allSettled([a?.close(), b?.close()]);
});

describe('concurrent purchases', () => {
  it('30 purchases at once from a wallet funded for 10: exactly 10 pass, the rest are short, the balance ends at 0', async () => {
    const item = await buildItem(a, { price: '10' });
    const viewer = await buildViewer(a, { cubic: 100 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => deal(i % 2 ? a : b, viewer.cookie, { item_sn: String(item.item_sn), cnt: '1' })),
    );
    expect(answers.filter((r) => r.body.rslt_cd === 0)).toHaveLength(10);
    expect(answers.filter((r) => r.body.rslt_cd === ResultCode.WALLET_INSUFFICIENT)).toHaveLength(20);
    expect((await balancesOf(a, viewer.userKey)).CUBIC).toBe(0);
    expect(await sql(a, 'select 1 from user_item where user_key = $1', [viewer.userKey])).toHaveLength(10);
    expect((await verifyLedger(a.database.pool)).ok).toBe(true);
  });

  it('the same key 20 times across two processes: one purchase, one set of items, the same answer', async () => {
    const item = await buildItem(a, { price: '5' });
    const viewer = await buildViewer(a, { cubic: 1_000 });
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        deal(i % 2 ? a : b, viewer.cookie, { item_sn: String(item.item_sn), cnt: '3', idempotency_key: key }),
      ),
    );
    expect(answers.every((r) => r.body.rslt_cd === 0)).toBe(true);
    expect(new Set(answers.map((r) => JSON.stringify(r.body.rslt_set))).size).toBe(1);
    expect(await sql(a, 'select 1 from user_item where user_key = $1', [viewer.userKey])).toHaveLength(3);
    expect((await balancesOf(a, viewer.userKey)).CUBIC).toBe(985);
    expect((await verifyLedger(a.database.pool)).ok).toBe(true);
  });
});
