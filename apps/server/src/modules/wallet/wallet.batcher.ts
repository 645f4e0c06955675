import type { Currency, TxnKind } from '@byeol/contract';
import { AppError } from '../../platform/errors.js';

/** One ledger transaction as wallet_apply() takes it (accounts already resolved to ids). */
export interface Posting {
  /** The user who asked; 0 for the system. With `key`, identifies the call (idempotency). */
  actor: number;
  key: string;
  /** The request's shape: the same key with another fingerprint is `reused`, not replayed. */
  fingerprint: string;
  kind: TxnKind;
  currency: Currency;
  /** The paying account, and whether it is a system account (never refused, never queued behind itself). */
  from: number;
  fromSystem: boolean;
  amount: number;
  meta: Record<string, unknown>;
  /** Receiving accounts; their amounts are positive and sum to `amount`. */
  credits: Array<{ account: number; amount: number }>;
}

/** What wallet_apply() answered for one posting. */
export interface Applied {
  /** new: applied or refused now; replay: the key's earlier answer; reused: the key belongs to another request. */
  outcome: 'new' | 'replay' | 'reused';
  txnId: number;
  state: 'done' | 'refused';
  /** The payer's balance after the transaction (or when it was refused). */
  payerBalance: number;
  /** The first receiver's balance right after its credit (null when refused). */
  receiverBalance: number | null;
  createdAt: Date;
  /** A gift paid now: the payer's number in the BJ's fan club (null otherwise). */
  fanNo?: number | null;
  /** A gift paid now that made the payer join the BJ's fan club. */
  fanJoined?: boolean;
}

/** Applies one batch in one database transaction; answers one result per posting, in order. */
export type ApplyFn = (batch: Posting[]) => Promise<Applied[]>;

/**
 * The batcher's sizes unless a caller sets them (bench/ledger.ts takes them as its defaults too).
 * wallet_apply() holds the hot receive-only accounts (a popular BJ's earnings) only for its last step, so
 * batches on different connections overlap. On this 2-core machine (`npm run bench:ledger -- --skip-http`,
 * 5-second runs, 2,000 callers, 2026-11-29): 200 per statement and 3 in flight gave 16,265–21,327 gifts/s
 * over ten runs (mean about 19,000); 300 and 4 gave 20,372–22,213 over five (mean about 21,400); 400 and
 * 3 gave 18,139–19,425, the machine less busy (the batches waited on each other's payers). Gifts over HTTP
 * (100 connections, about 40 per batch) did not change: 4,995–5,503 gifts/s with either.
 */
export const LEDGER_BATCH = { maxBatch: 300, concurrency: 4 } as const;

export interface BatcherOptions {
  /** Most postings per statement (default LEDGER_BATCH.maxBatch). */
  maxBatch?: number;
  /** Batches in flight at once, each on its own connection (default LEDGER_BATCH.concurrency). */
  concurrency?: number;
  /** Postings waiting beyond this are refused at once (WALLET_BUSY) instead of queueing without bound. */
  maxPending?: number;
  /** Postings that must be waiting to start a batch beside running ones (default maxBatch / 4). */
  minFill?: number;
  /**
   * How long an under-filled batch waits for a running one to finish before it starts anyway (default 20 ms,
   * about one batch's time in PostgreSQL: a shorter wait started a small batch beside nearly every running
   * one; bench/ledger.ts over HTTP, -c 100: 2 ms → 18 gifts per batch and 1,575–1,748 gifts/s, 20 ms → 35
   * per batch and 2,049–2,175 gifts/s, p99 lower too).
   */
  lingerMs?: number;
}

interface Waiting {
  posting: Posting;
  resolve: (a: Applied) => void;
  reject: (e: unknown) => void;
}

export interface BatcherStats {
  batches: number;
  postings: number;
  /** Batches that failed as a whole and were retried one posting at a time. */
  splits: number;
  largestBatch: number;
}

/**
 * Gathers concurrent postings into batches for wallet_apply(), so thousands of gifts a second cost a few
 * hundred statements instead of thousands of transactions (docs/wallet-ledger.md).
 *
 * - A batch starts as soon as a slot is free: under low load a posting goes alone at once; under load the
 *   postings that arrive while the running batches commit form the next one (up to `maxBatch`).
 * - A user account pays at most once per batch: later postings of the same payer wait for the next batch,
 *   so each is decided on the balance the previous one left (exactly, not just safely).
 * - The same (actor, key) while in flight shares the first call's promise: one charge, the same answer.
 * - A batch that fails as a whole (a key raced in by another process, a constraint) is retried one posting
 *   at a time, so one bad posting fails alone.
 */
export class LedgerBatcher {
  private readonly maxBatch: number;
  private readonly concurrency: number;
  private readonly maxPending: number;
  private readonly minFill: number;
  private readonly lingerMs: number;
  /** Waiting postings per payer, in arrival order; a Map keeps payers in the order they first waited. */
  private queues = new Map<string, Waiting[]>();
  private pending = 0;
  private inFlight = 0;
  private scheduled = false;
  private linger: NodeJS.Timeout | undefined;
  private systemSeq = 0;
  private readonly calls = new Map<string, { fingerprint: string; promise: Promise<Applied> }>();
  private idle: Array<() => void> = [];
  readonly stats: BatcherStats = { batches: 0, postings: 0, splits: 0, largestBatch: 0 };

  constructor(
    private readonly apply: ApplyFn,
    opts: BatcherOptions = {},
  ) {
    this.maxBatch = Math.max(1, opts.maxBatch ?? LEDGER_BATCH.maxBatch);
    this.concurrency = Math.max(1, opts.concurrency ?? LEDGER_BATCH.concurrency);
    this.maxPending = opts.maxPending ?? 50_000;
    this.minFill = Math.max(1, opts.minFill ?? Math.ceil(this.maxBatch / 4));
    this.lingerMs = opts.lingerMs ?? 20;
  }

  /** Applies a posting (in some batch); answers its own result. */
  submit(posting: Posting): Promise<Applied> {
    const callKey = `${posting.actor}\u0000${posting.key}`;
    const same = this.calls.get(callKey);
    if (same) {
      if (same.fingerprint === posting.fingerprint) return same.promise;
      // Another request under a key in flight: once the first is stored, the database answers `reused`.
      return same.promise.then(
        () => this.submit(posting),
        () => this.submit(posting),
      );
    }
    if (this.pending >= this.maxPending) return Promise.reject(new AppError('WALLET_BUSY', {}, 503));
    const promise = new Promise<Applied>((resolve, reject) => {
      const queueKey = posting.fromSystem ? `s${this.systemSeq++}` : `a${posting.from}`;
      const queue = this.queues.get(queueKey);
      const waiting = { posting, resolve, reject };
      if (queue) queue.push(waiting);
      else this.queues.set(queueKey, [waiting]);
      this.pending++;
    });
    const entry = { fingerprint: posting.fingerprint, promise };
    this.calls.set(callKey, entry);
    const forget = () => {
      if (this.calls.get(callKey) === entry) this.calls.delete(callKey);
    };
    promise.then(forget, forget);
    this.schedule();
    return promise;
  }

  /** Resolves once nothing waits and nothing runs. */
  drain(): Promise<void> {
    if (this.pending === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate: what arrives in the same turn of the event loop (one socket read, one burst of
    // callers) goes into one batch.
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /**
   * Starts batches while slots are free: with nothing running, at once (low load: a batch of one, no
   * delay); beside running batches, only with at least `minFill` postings waiting, or after `lingerMs`.
   * Small concurrent batches would each pay the fixed cost of a statement for a handful of gifts; waiting
   * for a running batch to finish lets the next one gather what arrived meanwhile.
   */
  private pump(): void {
    while (this.inFlight < this.concurrency && this.pending > 0) {
      if (this.inFlight > 0 && this.pending < this.minFill) {
        this.linger ??= setTimeout(() => {
          this.linger = undefined;
          if (this.inFlight < this.concurrency && this.pending > 0) this.start();
          this.pump();
        }, this.lingerMs);
        return;
      }
      this.start();
    }
  }

  private start(): void {
    if (this.linger) {
      clearTimeout(this.linger);
      this.linger = undefined;
    }
    const batch = this.take();
    this.inFlight++;
    let released = false;
    // The slot is given back as soon as the database has answered, before the batch's callers resume: the
    // next batch's statement is on its way while this one's answers are written (each caller's HTTP answer
    // would otherwise run first, and the database would wait for them).
    const release = () => {
      if (released) return;
      released = true;
      this.inFlight--;
      if (this.pending > 0) this.pump();
    };
    void this.run(batch, release).finally(() => {
      release();
      if (this.pending === 0 && this.inFlight === 0) for (const done of this.idle.splice(0)) done();
    });
  }

  /** The first waiting posting of each payer, in order, up to maxBatch; payers with more go to the back. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const again: Array<[string, Waiting[]]> = [];
    for (const [key, queue] of this.queues) {
      if (batch.length >= this.maxBatch) break;
      batch.push(queue.shift() as Waiting);
      this.queues.delete(key);
      if (queue.length > 0) again.push([key, queue]);
    }
    for (const [key, queue] of again) this.queues.set(key, queue);
    this.pending -= batch.length;
    return batch;
  }

  private async run(batch: Waiting[], release: () => void): Promise<void> {
    this.stats.batches++;
    this.stats.postings += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    try {
      const results = await this.apply(batch.map((w) => w.posting));
      release();
      batch.forEach((w, i) => {
        const r = results[i];
        if (r) w.resolve(r);
        else w.reject(new Error('wallet_apply answered fewer rows than postings'));
      });
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      // Nothing of the batch was written (one statement, one transaction): each posting again, alone.
      this.stats.splits++;
      await Promise.all(
        batch.map(async (w) => {
          try {
            const [r] = await this.apply([w.posting]);
            if (r) w.resolve(r);
            else w.reject(new Error('wallet_apply answered no row'));
          } catch (e) {
            w.reject(e);
          }
        }),
      );
    }
  }
}
