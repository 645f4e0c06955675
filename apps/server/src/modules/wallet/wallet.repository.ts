import type { Currency, GiftRankEntry, GiftRankScope, StatementEntry, TxnKind } from '@byeol/contract';
import { and, asc, count, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { type Db, type Exec, perDatabase } from '../../platform/db.js';
import { users as usersTable } from '../users/index.js';
import type { Applied, Posting } from './wallet.batcher.js';
import { bjFan, starGiftRank, walletAccount, walletEntry, walletTxn } from './wallet.tables.js';

/**
 * An account as callers name it: a user's wallet or earnings, a BJ's mission escrow (docs/missions.md), or a
 * system account, in one currency.
 */
export type AccountRef =
  | { kind: 'wallet' | 'earnings' | 'escrow'; userKey: number; currency: Currency }
  | { kind: 'grant' | 'revenue' | 'sink' | 'refund'; currency: Currency };

export interface AccountRow {
  accountId: number;
  kind: string;
  userKey: number | null;
  currency: Currency;
}

export const refKey = (ref: AccountRef) => `${ref.kind}:${'userKey' in ref ? ref.userKey : ''}:${ref.currency}`;
const rowKey = (row: AccountRow) => `${row.kind}:${row.userKey ?? ''}:${row.currency}`;

const accountColumns = {
  accountId: walletAccount.accountId,
  kind: walletAccount.kind,
  userKey: walletAccount.userKey,
  currency: walletAccount.currency,
};

/**
 * The accounts of `refs`, created when missing (for users that exist), by refKey; a ref whose user does
 * not exist is left out. Existing accounts are found by the unique index (one statement for the list);
 * missing ones are inserted in index order, so two processes creating the same accounts never deadlock.
 */
export async function ensureAccounts(db: Exec, refs: AccountRef[]): Promise<Map<string, AccountRow>> {
  const found = new Map<string, AccountRow>();
  const users = refs.filter((r): r is Extract<AccountRef, { userKey: number }> => 'userKey' in r);
  if (users.length < refs.length) {
    // System accounts: a handful, created by the migration.
    const rows = await db.select(accountColumns).from(walletAccount).where(isNull(walletAccount.userKey));
    for (const row of rows as AccountRow[]) found.set(rowKey(row), row);
  }
  if (users.length === 0) return found;
  const lists = () => [
    sql.param(users.map((r) => r.userKey)),
    sql.param(users.map((r) => r.kind)),
    sql.param(users.map((r) => r.currency)),
  ];
  const select = async () => {
    const [owners, kinds, currencies] = lists();
    const { rows } = await db.execute<{ account_id: string; kind: string; user_key: string; currency: Currency }>(sql`
      select a.account_id, a.kind, a.user_key, a.currency
      from unnest(${owners}::bigint[], ${kinds}::text[], ${currencies}::text[]) as w(user_key, kind, currency)
      join wallet_account a on a.user_key = w.user_key and a.kind = w.kind and a.currency = w.currency`);
    for (const r of rows) {
      const row = { accountId: Number(r.account_id), kind: r.kind, userKey: Number(r.user_key), currency: r.currency };
      found.set(rowKey(row), row);
    }
  };
  await select();
  const missing = users.filter((r) => !found.has(refKey(r)));
  if (missing.length === 0) return found;
  const [owners, kinds, currencies] = [
    sql.param(missing.map((r) => r.userKey)),
    sql.param(missing.map((r) => r.kind)),
    sql.param(missing.map((r) => r.currency)),
  ];
  await db.execute(sql`
    insert into wallet_account (user_key, kind, currency)
    select w.user_key, w.kind, w.currency
    from unnest(${owners}::bigint[], ${kinds}::text[], ${currencies}::text[]) as w(user_key, kind, currency)
    where exists (select 1 from users u where u.user_key = w.user_key)
    order by w.user_key, w.kind, w.currency
    on conflict do nothing`);
  // Those this statement inserted and those another process inserted meanwhile.
  await select();
  return found;
}

/** The account of a ref if it exists (never creates one). */
export async function findAccount(db: Exec, ref: AccountRef): Promise<AccountRow | undefined> {
  const [row] = await db
    .select({
      accountId: walletAccount.accountId,
      kind: walletAccount.kind,
      userKey: walletAccount.userKey,
      currency: walletAccount.currency,
    })
    .from(walletAccount)
    .where(
      and(
        'userKey' in ref ? eq(walletAccount.userKey, ref.userKey) : isNull(walletAccount.userKey),
        eq(walletAccount.kind, ref.kind),
        eq(walletAccount.currency, ref.currency),
      ),
    );
  return row as AccountRow | undefined;
}

// ---- wallet_apply ---------------------------------------------------------------------------------

const APPLY_SQL =
  'select * from wallet_apply_fan($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::jsonb[], $9::integer[], $10::bigint[], $11::bigint[])';

function applyArgs(batch: Posting[]): unknown[] {
  const legTxn: number[] = [];
  const legAccount: number[] = [];
  const legAmount: number[] = [];
  batch.forEach((p, i) => {
    for (const c of p.credits) {
      legTxn.push(i + 1);
      legAccount.push(c.account);
      legAmount.push(c.amount);
    }
  });
  return [
    batch.map((p) => p.actor),
    batch.map((p) => p.key),
    batch.map((p) => p.fingerprint),
    batch.map((p) => p.kind),
    batch.map((p) => p.currency),
    batch.map((p) => p.from),
    batch.map((p) => p.amount),
    batch.map((p) => JSON.stringify(p.meta)),
    legTxn,
    legAccount,
    legAmount,
  ];
}

interface ApplyRow {
  idx: number;
  outcome: Applied['outcome'];
  txn_id: string;
  state: Applied['state'];
  payer_balance: string;
  receiver_balance: string | null;
  created_at: Date | string;
  fan_no: number | null;
  fan_joined: boolean;
}

function toApplied(rows: ApplyRow[], n: number): Applied[] {
  const out = new Array<Applied>(n);
  for (const r of rows) {
    out[r.idx - 1] = {
      outcome: r.outcome,
      txnId: Number(r.txn_id),
      state: r.state,
      payerBalance: Number(r.payer_balance),
      receiverBalance: r.receiver_balance === null ? null : Number(r.receiver_balance),
      createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
      fanNo: r.fan_no,
      fanJoined: r.fan_joined,
    };
  }
  return out;
}

/**
 * Applies a batch on a pool (the ledger service's hot path): one prepared statement, one round trip, its
 * own transaction.
 */
export async function applyOnPool(pool: pg.Pool, batch: Posting[]): Promise<Applied[]> {
  const { rows } = await pool.query<ApplyRow>({ name: 'byeol_wallet_apply', text: APPLY_SQL, values: applyArgs(batch) });
  return toApplied(rows, batch.length);
}

/** Applies a batch inside a caller's transaction (demo seed, jobs that must commit with other rows). */
export async function applyInTx(db: Exec, batch: Posting[]): Promise<Applied[]> {
  const [a, b, c, d, e, f, g, h, i, j, k] = applyArgs(batch).map((v) => sql.param(v));
  const { rows } = await db.execute<ApplyRow & Record<string, unknown>>(
    sql`select * from wallet_apply_fan(${a}::bigint[], ${b}::text[], ${c}::text[], ${d}::text[], ${e}::text[], ${f}::bigint[], ${g}::bigint[], ${h}::jsonb[], ${i}::integer[], ${j}::bigint[], ${k}::bigint[])`,
  );
  return toApplied(rows, batch.length);
}

// ---- reads ----------------------------------------------------------------------------------------

/**
 * STAR and CUBIC of a user's wallet, for user_info on every page view: a prepared statement (built once
 * per database handle, planned once per connection), as the session lookup is.
 */
const countsStatement = perDatabase((db) =>
  db
    .select({ currency: walletAccount.currency, balance: walletAccount.balance })
    .from(walletAccount)
    .where(and(eq(walletAccount.userKey, sql.placeholder('userKey')), eq(walletAccount.kind, 'wallet')))
    .prepare('byeol_wallet_counts'),
);

export async function walletCounts(db: Db, userKey: number): Promise<{ star_cnt: number; cubic_cnt: number }> {
  const rows = await countsStatement(db).execute({ userKey });
  return {
    star_cnt: rows.find((r) => r.currency === 'STAR')?.balance ?? 0,
    cubic_cnt: rows.find((r) => r.currency === 'CUBIC')?.balance ?? 0,
  };
}

/** Every account a user owns, with its balance. */
export async function userAccounts(db: Exec, userKey: number) {
  return db
    .select({ kind: walletAccount.kind, currency: walletAccount.currency, balance: walletAccount.balance })
    .from(walletAccount)
    .where(eq(walletAccount.userKey, userKey));
}

/** One account's entries, newest first, with their transactions; and how many there are (within `range` when given). */
export async function accountStatement(
  db: Exec,
  accountId: number,
  offset: number,
  limit: number,
  range?: { from: Date; to: Date },
): Promise<{ list: StatementEntry[]; total: number }> {
  const where: SQL | undefined = range
    ? and(eq(walletEntry.accountId, accountId), gte(walletTxn.createdAt, range.from), lt(walletTxn.createdAt, range.to))
    : eq(walletEntry.accountId, accountId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        txnId: walletEntry.txnId,
        amount: walletEntry.amount,
        balanceAfter: walletEntry.balanceAfter,
        kind: walletTxn.kind,
        currency: walletTxn.currency,
        meta: walletTxn.meta,
        createdAt: walletTxn.createdAt,
      })
      .from(walletEntry)
      .innerJoin(walletTxn, eq(walletTxn.txnId, walletEntry.txnId))
      .where(where)
      .orderBy(desc(walletEntry.txnId), desc(walletEntry.leg))
      .offset(offset)
      .limit(limit),
    range
      ? db.select({ n: count() }).from(walletEntry).innerJoin(walletTxn, eq(walletTxn.txnId, walletEntry.txnId)).where(where)
      : db.select({ n: count() }).from(walletEntry).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      txn_id: r.txnId,
      kind: r.kind as TxnKind,
      currency: r.currency as Currency,
      amount: r.amount,
      balance_after: r.balanceAfter,
      meta: r.meta,
      created_at: r.createdAt.toISOString(),
    })),
    total: totals?.n ?? 0,
  };
}

// ---- gifts: the rankings -------------------------------------------------------------------------

/**
 * The top supporters of one broadcast (`room`: star_gift_rank) or of a BJ over all broadcasts (`bj`:
 * bj_fan), most STAR first; at equal totals the one who got there first ranks higher.
 */
export async function giftRanking(
  db: Exec,
  scope: GiftRankScope,
  key: { vodKey: string; bjUserKey: number },
  limit: number,
): Promise<{ list: GiftRankEntry[]; total: number }> {
  const table = scope === 'room' ? starGiftRank : bjFan;
  const where = scope === 'room' ? eq(starGiftRank.vodKey, key.vodKey) : eq(bjFan.bjUserKey, key.bjUserKey);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ userKey: table.userKey, nick: usersTable.nick, starTotal: table.starTotal, giftCnt: table.giftCnt })
      .from(table)
      .innerJoin(usersTable, eq(usersTable.userKey, table.userKey))
      .where(where)
      .orderBy(desc(table.starTotal), asc(table.lastGiftAt), asc(table.userKey))
      .limit(limit),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return {
    list: rows.map((r, i) => ({ rank: i + 1, user_key: r.userKey, nick: r.nick, star_total: r.starTotal, gift_cnt: r.giftCnt })),
    total: totals?.n ?? 0,
  };
}

/**
 * Paid STAR gifts after a ledger transaction, summed per receiving BJ and hour (the rankings' STAR
 * counter). Only the committed prefix is answered: the first transaction younger than `settleMs` stops the
 * batch, so one still committing (a lower id seen after a higher one) is never skipped by `upto`.
 */
export async function paidGiftsByHour(
  db: Exec,
  afterTxnId: number,
  limit: number,
  settleMs = 5_000,
): Promise<{ rows: Array<{ bjUserKey: number; hour: Date; star: number }>; upto: number }> {
  const { rows } = await db.execute<{ bj_user_key: string | null; hour: Date | null; star: string | null; upto: string | null }>(sql`
    with w as (
      select txn_id, kind, state, currency, meta, amount, created_at from wallet_txn
      where txn_id > ${afterTxnId} order by txn_id limit ${limit}
    ), cut as (
      select coalesce(min(txn_id), 9223372036854775807) as x from w where created_at >= now() - make_interval(secs => ${settleMs / 1000})
    ), g as (select * from w where txn_id < (select x from cut))
    select (meta->>'bj_user_key')::bigint as bj_user_key, date_trunc('hour', created_at) as hour, sum(amount)::bigint as star,
           (select max(txn_id) from g) as upto
    from g where kind = 'gift' and state = 'done' and currency = 'STAR' and meta ? 'bj_user_key'
    group by 1, 2
    union all
    select null, null, null, (select max(txn_id) from g)`);
  const marker = rows.find((r) => r.bj_user_key === null);
  const upto = marker?.upto ? Number(marker.upto) : afterTxnId;
  return {
    upto,
    rows: rows
      .filter((r) => r.bj_user_key !== null)
      .map((r) => ({ bjUserKey: Number(r.bj_user_key), hour: new Date(r.hour as Date), star: Number(r.star) })),
  };
}

/**
 * Paid STAR gifts after a ledger transaction, one row each (the experience job, docs/progression.md), with
 * the same committed-prefix rule as paidGiftsByHour: the first transaction younger than `settleMs` stops
 * the batch, and `upto` is the last transaction read before it (gift or not).
 */
export async function paidGiftsAfter(
  db: Exec,
  afterTxnId: number,
  limit: number,
  settleMs = 5_000,
): Promise<{
  rows: Array<{ txnId: number; giverUserKey: number; bjUserKey: number; star: number; vodKey: string | null }>;
  upto: number;
  /** Transactions read (gifts or not): a full batch says more may be waiting. */
  read: number;
}> {
  const { rows } = await db.execute<{
    txn_id: string;
    giver: string | null;
    bj_user_key: string | null;
    star: string | null;
    vod_key: string | null;
    gift: boolean;
  }>(sql`
    with w as (
      select txn_id, kind, state, currency, meta, amount, actor_user_key, created_at from wallet_txn
      where txn_id > ${afterTxnId} order by txn_id limit ${limit}
    ), cut as (
      select coalesce(min(txn_id), 9223372036854775807) as x from w where created_at >= now() - make_interval(secs => ${settleMs / 1000})
    )
    select txn_id, actor_user_key as giver, (meta->>'bj_user_key')::bigint as bj_user_key, amount as star, meta->>'vod_key' as vod_key,
           (kind = 'gift' and state = 'done' and currency = 'STAR' and meta ? 'bj_user_key') as gift
    from w where txn_id < (select x from cut) order by txn_id`);
  const last = rows.at(-1);
  return {
    upto: last ? Number(last.txn_id) : afterTxnId,
    read: rows.length,
    rows: rows
      .filter((r) => r.gift && r.giver !== null && r.bj_user_key !== null)
      .map((r) => ({
        txnId: Number(r.txn_id),
        giverUserKey: Number(r.giver),
        bjUserKey: Number(r.bj_user_key),
        star: Number(r.star),
        vodKey: r.vod_key,
      })),
  };
}

/**
 * The STAR given in one broadcast's room (the live dashboard, issue 15): from its gift ranking rows (primary
 * key prefix vod_key), which every paid gift adds to right after the ledger commits it (wallet.fans.ts).
 */
export async function roomGiftTotals(db: Exec, vodKey: string): Promise<{ star: number; gifts: number; givers: number }> {
  const [row] = await db
    .select({
      star: sql<string>`coalesce(sum(${starGiftRank.starTotal}), 0)`,
      gifts: sql<string>`coalesce(sum(${starGiftRank.giftCnt}), 0)`,
      givers: count(),
    })
    .from(starGiftRank)
    .where(eq(starGiftRank.vodKey, vodKey));
  return { star: Number(row?.star ?? 0), gifts: Number(row?.gifts ?? 0), givers: row?.givers ?? 0 };
}
