import {
  CURRENCIES,
  type Currency,
  LEDGER_AMOUNT_MAX,
  STAR_GIFT,
  type StatementEntry,
  type TxnKind,
  type UserAccountKind,
  WALLET_GRANT,
  type WalletGrantSet,
} from '@byeol/contract';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db } from '../../platform/db.js';
import { AppError, invalid, required } from '../../platform/errors.js';
import { TurnLoader } from '../../platform/turn-loader.js';
import { findByKey } from '../users/index.js';
import { type Applied, type BatcherOptions, LedgerBatcher, type Posting } from './wallet.batcher.js';
import { FanWriter } from './wallet.fans.js';
import {
  type AccountRef,
  type AccountRow,
  accountStatement,
  applyOnPool,
  ensureAccounts,
  findAccount,
  refKey,
  userAccounts,
} from './wallet.repository.js';
import { fingerprintOf, parseRewardRate, requireAmount, splitGift } from './wallet.rules.js';

export type { AccountRef } from './wallet.repository.js';

/** transfer(): one amount from one account to another, in one currency. */
export interface TransferReq {
  from: AccountRef;
  to: AccountRef;
  amount: number;
  currency: Currency;
  kind: TxnKind;
  /** Chosen by the caller once per user action; a retry with the same key charges once and answers the same. */
  idempotencyKey: string;
  /** Whose key it is (the viewer, the operator); 0 for the system. */
  actorUserKey: number;
  meta?: Record<string, unknown>;
}

/** The answer of a paying call; a replay answers the first call's values. */
export interface TransferResult {
  txn_id: number;
  kind: TxnKind;
  currency: Currency;
  amount: number;
  /** The payer's balance right after the transaction. */
  balance: number;
  /** The (first) receiver's balance right after its credit. */
  receiver_balance: number;
  /** ISO 8601, when the transaction was first applied. */
  created_at: string;
  /** True when this answer is the stored result of an earlier call with the same key. */
  replayed: boolean;
  /** A gift paid now: the payer's fan number in the BJ's fan club (null for replays and other kinds). */
  fan_no: number | null;
  /** A gift paid now that made the payer join the fan club (in the gift's own transaction). */
  fan_joined: boolean;
}

export interface Balances {
  STAR: number;
  CUBIC: number;
  /** A broadcaster's gift earnings (STAR). */
  earnings: number;
}

export interface LedgerOptions {
  db: Db;
  /** The pool the batches run on (prepared statement, one round trip per batch). */
  pool: pg.Pool;
  /** The site's reward rate (SPEC §9 site setting reward_rate, '1.0'); read per gift, cached by the site service. */
  rewardRate?: () => string | Promise<string>;
  batch?: BatcherOptions;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

const CACHE_MAX = 200_000;
const BJ_TTL_MS = 60_000;

/**
 * The STAR/CUBIC ledger (docs/wallet-ledger.md): double entry, integer amounts, no user balance below
 * zero, one charge per idempotency key. Every paying call goes through one batcher per process, so
 * concurrent calls share statements and transactions.
 */
export class LedgerService {
  private readonly db: Db;
  readonly batcher: LedgerBatcher;
  /** Fans and gift rankings of paid gifts (bj_fan, star_gift_rank), written after each commit. */
  readonly fans: FanWriter;
  /**
   * Gifts handed to the fan writer and not yet written, by txn_id: concurrent calls with one key share one
   * batcher answer (all `new`), and the gift must count once. They all resume before the write returns.
   */
  private readonly counting = new Set<number>();
  private readonly accounts = new Map<string, AccountRow>();
  /** Account lookups waiting for the next query, and those asked for (waiting or running). */
  private readonly inflight = new Map<string, Promise<AccountRow | undefined>>();
  private readonly loader = new TurnLoader<AccountRef, AccountRow>(refKey, async (refs) => {
    const found = await ensureAccounts(this.db, refs);
    if (this.accounts.size + found.size > CACHE_MAX) this.accounts.clear();
    for (const [key, row] of found) this.accounts.set(key, row);
    return found;
  });
  private readonly bjCache = new Map<number, { ok: boolean; at: number }>();
  private readonly rewardRate: () => string | Promise<string>;
  private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'> | undefined;
  private warnedRate = '';

  constructor(opts: LedgerOptions) {
    this.db = opts.db;
    this.rewardRate = opts.rewardRate ?? (() => '1.0');
    this.log = opts.log;
    const pool = opts.pool;
    this.batcher = new LedgerBatcher((batch) => applyOnPool(pool, batch), opts.batch);
    this.fans = new FanWriter(pool, opts.log);
  }

  /** Waits for every submitted posting to be applied (and its gift counted for fans and rankings). */
  async close(): Promise<void> {
    await this.batcher.drain();
    await this.fans.drain();
  }

  // ---- paying calls ------------------------------------------------------------------------------

  /** Moves `amount` from one account to another (both in `currency`). */
  async transfer(req: TransferReq): Promise<TransferResult> {
    const [from, to] = await this.resolve([req.from, req.to]);
    return this.post({ ...req, from, credits: [{ account: to, amount: req.amount }], primary: to });
  }

  /**
   * A viewer's gift of `amount` STAR to a broadcaster: the BJ's earnings receive amount × reward rate
   * (rounded down), the platform's revenue the remainder. Once paid, the gift counts for the viewer's fan
   * row with the BJ and, with `meta.vod_key`, for the room's ranking.
   */
  async gift(
    viewerUserKey: number,
    bjUserKey: number,
    amount: number | string,
    key: string,
    meta: Record<string, unknown> = {},
  ): Promise<TransferResult> {
    const value = requireAmount(amount, STAR_GIFT, 'star_cnt');
    if (viewerUserKey === bjUserKey) throw new AppError('WALLET_SELF_GIFT');
    await this.requireBj(bjUserKey);
    const { bj, platform } = splitGift(value, await this.ratePpm());
    const [from, earnings, revenue] = await this.resolve([
      { kind: 'wallet', userKey: viewerUserKey, currency: 'STAR' },
      { kind: 'earnings', userKey: bjUserKey, currency: 'STAR' },
      { kind: 'revenue', currency: 'STAR' },
    ]);
    const credits = [
      { account: earnings, amount: bj },
      { account: revenue, amount: platform },
    ].filter((c) => c.amount > 0);
    const result = await this.post({
      kind: 'gift',
      currency: 'STAR',
      amount: value,
      idempotencyKey: key,
      actorUserKey: viewerUserKey,
      meta: { ...meta, bj_user_key: bjUserKey },
      from,
      credits,
      // The BJ's earnings identify the gift whatever the rate was: a retry after a rate change is still a replay.
      primary: earnings,
    });
    // A replay answers the fan club standing the gift gave, as the first answer did.
    if (result.replayed) {
      const club = await this.fans.fanClubOf(result.txn_id, viewerUserKey, bjUserKey);
      return { ...result, fan_no: club.fanNo, fan_joined: club.first };
    }
    // Counted for fans and rankings once per paid gift (callers sharing one answer count it once), after
    // the commit and without waiting: the answer does not depend on it (wallet.fans.ts).
    if (!this.counting.has(result.txn_id)) {
      const txnId = result.txn_id;
      this.counting.add(txnId);
      void this.fans
        .add({
          txnId,
          bjUserKey,
          userKey: viewerUserKey,
          vodKey: typeof meta.vod_key === 'string' ? meta.vod_key : null,
          amount: value,
          createdAt: new Date(result.created_at),
        })
        .then(() => this.counting.delete(txnId));
    }
    return result;
  }

  /** An operator's grant from the grant account to a user's wallet, audited (who, when, why, before/after). */
  async grant(
    operatorUserKey: number,
    userKey: number,
    currency: Currency,
    amount: number | string,
    reason: string,
    key: string,
  ): Promise<WalletGrantSet> {
    const value = requireAmount(amount, WALLET_GRANT);
    const why = reason.trim();
    if (why === '') throw required('reason');
    if (why.length > WALLET_GRANT.reasonMax) throw invalid('reason');
    const user = await findByKey(this.db, userKey);
    if (user?.state !== 'active') throw new AppError('WALLET_USER_NOT_FOUND');
    const result = await this.transfer({
      from: { kind: 'grant', currency },
      to: { kind: 'wallet', userKey, currency },
      amount: value,
      currency,
      kind: 'grant',
      idempotencyKey: key,
      actorUserKey: operatorUserKey,
      meta: { reason: why },
    });
    return {
      txn_id: result.txn_id,
      user_key: userKey,
      currency,
      amount: value,
      balance_before: result.receiver_balance - value,
      balance_after: result.receiver_balance,
      reason: why,
      created_at: result.created_at,
    };
  }

  /**
   * How `amount` STAR paid to a BJ splits at the site's reward rate (the BJ's share rounded down, the
   * platform's the rest), as a gift splits: mission payouts use it (docs/missions.md).
   */
  async rewardSplit(amount: number): Promise<{ bj: number; platform: number }> {
    return splitGift(amount, await this.ratePpm());
  }

  // ---- reads -------------------------------------------------------------------------------------

  /** A user's wallet balances and earnings (accounts never used count 0). */
  async balances(userKey: number): Promise<Balances> {
    const out: Balances = { STAR: 0, CUBIC: 0, earnings: 0 };
    for (const a of await userAccounts(this.db, userKey)) {
      if (a.kind === 'wallet' && (a.currency === 'STAR' || a.currency === 'CUBIC')) out[a.currency] = a.balance;
      if (a.kind === 'earnings' && a.currency === 'STAR') out.earnings = a.balance;
    }
    return out;
  }

  /** A user's statement for one account (the wallet of a currency, or STAR earnings), newest first. */
  async statement(
    userKey: number,
    opts: {
      currency: Currency;
      account?: UserAccountKind;
      offset?: number;
      limit?: number;
      /** Only transactions made in [from, to) (a KST month of the details pages). */
      range?: { from: Date; to: Date } | undefined;
    },
  ): Promise<{ list: StatementEntry[]; total: number }> {
    const account = await findAccount(this.db, { kind: opts.account ?? 'wallet', userKey, currency: opts.currency });
    if (!account) return { list: [], total: 0 };
    return accountStatement(this.db, account.accountId, opts.offset ?? 0, Math.min(opts.limit ?? 20, 100), opts.range);
  }

  // ---- internals ---------------------------------------------------------------------------------

  private async post(req: {
    kind: TxnKind;
    currency: Currency;
    amount: number;
    idempotencyKey: string;
    actorUserKey: number;
    meta?: Record<string, unknown> | undefined;
    from: AccountRow;
    credits: Array<{ account: AccountRow; amount: number }>;
    primary: AccountRow;
  }): Promise<TransferResult> {
    if (!CURRENCIES.includes(req.currency)) throw invalid('currency');
    const amount = requireAmount(req.amount, { min: 1, max: LEDGER_AMOUNT_MAX });
    if (!req.idempotencyKey || req.idempotencyKey.length > 128) throw invalid('idempotency_key');
    for (const a of [req.from, ...req.credits.map((c) => c.account)]) {
      if (a.currency !== req.currency) throw invalid('currency');
    }
    if (req.credits.some((c) => c.account.accountId === req.from.accountId)) throw invalid('to');
    const posting: Posting = {
      actor: req.actorUserKey,
      key: req.idempotencyKey,
      fingerprint: fingerprintOf(req.kind, req.from.accountId, req.primary.accountId, req.currency, amount),
      kind: req.kind,
      currency: req.currency,
      from: req.from.accountId,
      fromSystem: req.from.userKey === null,
      amount,
      meta: req.meta ?? {},
      credits: req.credits.map((c) => ({ account: c.account.accountId, amount: c.amount })),
    };
    return this.answer(req.kind, req.currency, amount, await this.batcher.submit(posting));
  }

  private answer(kind: TxnKind, currency: Currency, amount: number, a: Applied): TransferResult {
    if (a.outcome === 'reused') throw new AppError('WALLET_KEY_REUSED');
    if (a.state === 'refused') throw new AppError('WALLET_INSUFFICIENT', { currency, balance: a.payerBalance });
    return {
      txn_id: a.txnId,
      kind,
      currency,
      amount,
      balance: a.payerBalance,
      receiver_balance: a.receiverBalance ?? 0,
      created_at: a.createdAt.toISOString(),
      replayed: a.outcome === 'replay',
      fan_no: a.fanNo ?? null,
      fan_joined: a.fanJoined === true,
    };
  }

  private async ratePpm(): Promise<number> {
    const raw = await this.rewardRate();
    const { ppm, valid } = parseRewardRate(raw);
    if (!valid && this.warnedRate !== raw) {
      this.warnedRate = raw;
      this.log?.warn({ reward_rate: raw }, 'reward_rate is not a decimal between 0 and 1: gifts use 1.0');
    }
    return ppm;
  }

  /** Only a broadcaster account receives gifts; the answer is cached for a minute. */
  private async requireBj(userKey: number): Promise<void> {
    const now = Date.now();
    const cached = this.bjCache.get(userKey);
    let ok = cached && now - cached.at < BJ_TTL_MS ? cached.ok : undefined;
    if (ok === undefined) {
      const row = await findByKey(this.db, userKey);
      ok = row !== undefined && row.state === 'active' && (row.typeCd === 'bj' || row.role === 'bj');
      if (this.bjCache.size >= CACHE_MAX) this.bjCache.clear();
      this.bjCache.set(userKey, { ok, at: now });
    }
    if (!ok) throw new AppError('WALLET_NOT_BJ');
  }

  /**
   * Account ids for refs (created when missing), from memory (ids never change) or, for the ones not seen
   * yet, from one query per turn of the event loop shared by every concurrent caller; a ref already being
   * looked up waits for that lookup, so concurrent lookups never ask for the same account. A ref whose user
   * does not exist answers WALLET_USER_NOT_FOUND. Other modules posting through `applyInTx` (items) use it.
   */
  resolve<const T extends readonly AccountRef[]>(refs: T): Promise<{ [K in keyof T]: AccountRow }> {
    return Promise.all(refs.map((ref) => this.accounts.get(refKey(ref)) ?? this.lookup(ref))) as Promise<{ [K in keyof T]: AccountRow }>;
  }

  private lookup(ref: AccountRef): Promise<AccountRow> {
    const key = refKey(ref);
    let found = this.inflight.get(key);
    if (!found) {
      found = this.loader.get(ref);
      this.inflight.set(key, found);
      const forget = () => this.inflight.delete(key);
      found.then(forget, forget);
    }
    return found.then((row) => {
      if (!row) throw new AppError('WALLET_USER_NOT_FOUND');
      return row;
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ledger of a process with the api role, else null. */
    ledger: LedgerService | null;
  }
}
