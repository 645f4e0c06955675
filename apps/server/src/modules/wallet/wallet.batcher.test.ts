import { describe, expect, it } from 'vitest';
import { type Applied, LedgerBatcher, type Posting } from './wallet.batcher.js';

/** wallet_apply() in memory: the same decisions on the same input (see migration 0008). */
function fakeLedger(balances: Record<number, number>, opts: { failWhen?: (batch: Posting[]) => boolean; delayMs?: number } = {}) {
  const stored = new Map<string, Applied & { fingerprint: string }>();
  const batches: Posting[][] = [];
  let txn = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const apply = async (batch: Posting[]): Promise<Applied[]> => {
    batches.push(batch);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, opts.delayMs ?? 1));
    inFlight--;
    if (opts.failWhen?.(batch)) throw new Error('batch failed');
    const seen = new Set<string>();
    const pre = { ...balances };
    const spent: Record<number, number> = {};
    return batch.map((p) => {
      const key = `${p.actor}/${p.key}`;
      if (seen.has(key)) throw new Error('duplicate key in one batch');
      seen.add(key);
      const prior = stored.get(key);
      if (prior) return { ...prior, outcome: prior.fingerprint === p.fingerprint ? 'replay' : 'reused' };
      spent[p.from] = (spent[p.from] ?? 0) + p.amount;
      const ok = p.fromSystem || (spent[p.from] as number) <= (pre[p.from] ?? 0);
      if (ok) {
        balances[p.from] = (balances[p.from] ?? 0) - p.amount;
        for (const c of p.credits) balances[c.account] = (balances[c.account] ?? 0) + c.amount;
      }
      const applied: Applied = {
        outcome: 'new',
        txnId: ++txn,
        state: ok ? 'done' : 'refused',
        payerBalance: balances[p.from] ?? 0,
        receiverBalance: ok ? (balances[p.credits[0]?.account ?? 0] ?? 0) : null,
        createdAt: new Date(0),
      };
      stored.set(key, { ...applied, fingerprint: p.fingerprint });
      return applied;
    });
  };
  return { apply, batches, stored, maxInFlight: () => maxInFlight };
}

let seq = 0;
const gift = (from: number, amount: number, over: Partial<Posting> = {}): Posting => ({
  actor: from,
  key: `k${seq++}`,
  fingerprint: `gift:${from}:${amount}`,
  kind: 'gift',
  currency: 'STAR',
  from,
  fromSystem: false,
  amount,
  meta: {},
  credits: [{ account: 900, amount }],
  ...over,
});

describe('LedgerBatcher', () => {
  it('sends a lone posting at once, in a batch of one', async () => {
    const ledger = fakeLedger({ 1: 10 });
    const batcher = new LedgerBatcher(ledger.apply);
    const r = await batcher.submit(gift(1, 3));
    expect(r.state).toBe('done');
    expect(ledger.batches.map((b) => b.length)).toEqual([1]);
  });

  it('gathers concurrent postings into batches of at most maxBatch, at most `concurrency` in flight', async () => {
    const balances: Record<number, number> = {};
    for (let i = 1; i <= 1000; i++) balances[i] = 5;
    const ledger = fakeLedger(balances, { delayMs: 3 });
    const batcher = new LedgerBatcher(ledger.apply, { maxBatch: 100, concurrency: 2 });
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => batcher.submit(gift(i + 1, 5))));
    expect(results.every((r) => r.state === 'done')).toBe(true);
    expect(Math.max(...ledger.batches.map((b) => b.length))).toBe(100);
    expect(ledger.batches.length).toBeLessThanOrEqual(12);
    expect(ledger.maxInFlight()).toBe(2);
    expect(balances[900]).toBe(5000);
  });

  it('puts one posting per paying account in a batch, so each is decided on the balance the previous left', async () => {
    const balances = { 1: 500, 2: 7 };
    const ledger = fakeLedger(balances);
    const batcher = new LedgerBatcher(ledger.apply, { maxBatch: 200 });
    // 1,000 gifts of 1 from a wallet of 500, mixed with a big refused one and small ones from another payer.
    const postings = [gift(2, 100), ...Array.from({ length: 1000 }, () => gift(1, 1)), gift(2, 3), gift(2, 4)];
    const results = await Promise.all(postings.map((p) => batcher.submit(p)));
    expect(results.filter((r, i) => postings[i]?.from === 1 && r.state === 'done')).toHaveLength(500);
    expect(results[0]?.state).toBe('refused');
    // Refused alone: the smaller gifts after it still pass (3 + 4 = 7).
    expect(results.slice(-2).map((r) => r.state)).toEqual(['done', 'done']);
    expect(balances).toMatchObject({ 1: 0, 2: 0 });
    for (const b of ledger.batches) {
      const payers = b.filter((p) => !p.fromSystem).map((p) => p.from);
      expect(new Set(payers).size).toBe(payers.length);
    }
  });

  it('lets system payers (grants) share a batch', async () => {
    const ledger = fakeLedger({});
    const batcher = new LedgerBatcher(ledger.apply);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => batcher.submit(gift(7, 1, { fromSystem: true, credits: [{ account: 100 + i, amount: 1 }] }))),
    );
    expect(ledger.batches.map((b) => b.length)).toEqual([50]);
  });

  it('answers the same key in flight with the first call, once charged', async () => {
    const balances = { 1: 100 };
    const ledger = fakeLedger(balances);
    const batcher = new LedgerBatcher(ledger.apply);
    const p = gift(1, 10, { key: 'same-key' });
    const results = await Promise.all(Array.from({ length: 20 }, () => batcher.submit({ ...p })));
    expect(new Set(results.map((r) => r.txnId)).size).toBe(1);
    expect(results.every((r) => r === results[0])).toBe(true);
    expect(balances[1]).toBe(90);
    // A later retry is answered by the stored result.
    const again = await batcher.submit({ ...p });
    expect(again).toMatchObject({ outcome: 'replay', txnId: results[0]?.txnId });
    // The same key for another request: reused, nothing moves.
    const other = await batcher.submit({ ...p, amount: 11, fingerprint: 'gift:1:11' });
    expect(other.outcome).toBe('reused');
    expect(balances[1]).toBe(90);
  });

  it('retries a failed batch one posting at a time, so only the bad one fails', async () => {
    const balances = { 1: 10, 2: 10, 3: 10 };
    const ledger = fakeLedger(balances, { failWhen: (b) => b.some((p) => p.key === 'poison') });
    const batcher = new LedgerBatcher(ledger.apply);
    const [a, bad, c] = await Promise.allSettled([
      batcher.submit(gift(1, 1)),
      batcher.submit(gift(2, 1, { key: 'poison' })),
      batcher.submit(gift(3, 1)),
    ]);
    expect(a.status).toBe('fulfilled');
    expect(bad.status).toBe('rejected');
    expect(c.status).toBe('fulfilled');
    expect(batcher.stats.splits).toBe(1);
    expect(balances).toMatchObject({ 1: 9, 2: 10, 3: 9 });
  });

  it('refuses at once with WALLET_BUSY beyond maxPending', async () => {
    const ledger = fakeLedger({ 1: 100, 2: 100, 3: 100 }, { delayMs: 5 });
    const batcher = new LedgerBatcher(ledger.apply, { maxPending: 2, concurrency: 1 });
    const settled = await Promise.allSettled([batcher.submit(gift(1, 1)), batcher.submit(gift(2, 1)), batcher.submit(gift(3, 1))]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'WALLET_BUSY' });
  });

  it('beside a running batch, waits for company (minFill) or for the running batch, not starting tiny batches', async () => {
    const ledger = fakeLedger({ 1: 10, 2: 10, 3: 10, 4: 10 }, { delayMs: 30 });
    const batcher = new LedgerBatcher(ledger.apply, { concurrency: 3, minFill: 10, lingerMs: 1000 });
    const first = batcher.submit(gift(1, 1));
    await new Promise((r) => setImmediate(r));
    const later = [batcher.submit(gift(2, 1)), batcher.submit(gift(3, 1)), batcher.submit(gift(4, 1))];
    await Promise.all([first, ...later]);
    // Not three more batches of one beside the first: the three went together once it finished.
    expect(ledger.batches.map((b) => b.length)).toEqual([1, 3]);
    // With a short linger they go beside it instead, still together.
    const quick = fakeLedger({ 1: 10, 2: 10, 3: 10 }, { delayMs: 50 });
    const eager = new LedgerBatcher(quick.apply, { concurrency: 3, minFill: 10, lingerMs: 5 });
    const a = eager.submit(gift(1, 1));
    await new Promise((r) => setImmediate(r));
    await Promise.all([a, eager.submit(gift(2, 1)), eager.submit(gift(3, 1))]);
    expect(quick.batches.map((b) => b.length)).toEqual([1, 2]);
    expect(quick.maxInFlight()).toBe(2);
  });

  it('drains: resolves once nothing waits or runs', async () => {
    const ledger = fakeLedger({ 1: 100 }, { delayMs: 5 });
    const batcher = new LedgerBatcher(ledger.apply);
    const all = Promise.all(Array.from({ length: 5 }, () => batcher.submit(gift(1, 1))));
    await batcher.drain();
    expect(ledger.batches.length).toBe(5);
    await all;
  });
});
