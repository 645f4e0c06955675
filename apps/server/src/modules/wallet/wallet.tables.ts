import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * The STAR/CUBIC ledger (docs/wallet-ledger.md). Every balance change is a transaction whose entries sum
 * to zero; the balance stored on the account row is kept equal to the sum of its entries by
 * wallet_apply() (migration 0008), the only writer, and `npm run ledger:verify` proves it.
 */

/**
 * An account holds one currency. User accounts (`wallet`, `earnings`) belong to a user and can never go
 * below zero (CHECK below, besides the locked decision in wallet_apply). System accounts (user_key null:
 * `grant`, `revenue`, `sink`, `refund`) exist once per currency; the sources among them go negative by
 * design, their balance being minus what they issued.
 */
export const walletAccount = pgTable(
  'wallet_account',
  {
    accountId: bigserial('account_id', { mode: 'number' }).primaryKey(),
    /**
     * wallet | earnings | escrow (per user: escrow holds the STAR pledged to a BJ's open missions) or
     * grant | revenue | sink | refund (system).
     */
    kind: text('kind').notNull(),
    /** The owner; null for system accounts. Ledger history keeps a user row from being deleted. */
    userKey: bigint('user_key', { mode: 'number' }).references(() => users.userKey, { onDelete: 'restrict' }),
    /** STAR or CUBIC. */
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One account per (owner, kind, currency), owner first for user_info's lookup; system accounts (null
    // owner) are unique per kind too.
    unique('wallet_account_owner_key').on(t.userKey, t.kind, t.currency).nullsNotDistinct(),
    check('wallet_account_user_not_negative', sql`${t.userKey} is null or ${t.balance} >= 0`),
    // Balances stay exact as JavaScript numbers.
    check('wallet_account_balance_safe', sql`${t.balance} between -9007199254740991 and 9007199254740991`),
    check('wallet_account_currency', sql`${t.currency} in ('STAR', 'CUBIC')`),
    check(
      'wallet_account_kind',
      sql`(${t.userKey} is not null and ${t.kind} in ('wallet', 'earnings', 'escrow')) or (${t.userKey} is null and ${t.kind} in ('grant', 'revenue', 'sink', 'refund'))`,
    ),
  ],
);

/**
 * One paying call: a gift, a grant, an item purchase… It is stored once per (actor, idempotency key),
 * whatever its outcome, so a retry answers what the first call answered. A refused transaction
 * (`state` refused) has no entries and moved nothing.
 */
export const walletTxn = pgTable(
  'wallet_txn',
  {
    txnId: bigserial('txn_id', { mode: 'number' }).primaryKey(),
    /** gift | grant | transfer | item | refund | purchase. */
    kind: text('kind').notNull(),
    /** done | refused. */
    state: text('state').notNull(),
    /** Why a refused transaction was refused (insufficient). */
    refusal: text('refusal'),
    /** The user who asked (the viewer of a gift, the operator of a grant); 0 for the system (demo funding, jobs). */
    actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
    idemKey: text('idem_key').notNull(),
    /** The request's shape (kind, accounts, amounts): the same key with another shape is refused. */
    fingerprint: text('fingerprint').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The paying account (leg 0 of the entries). */
    fromAccountId: bigint('from_account_id', { mode: 'number' }).notNull(),
    /** The payer's balance after the transaction (or when it was refused). */
    payerBalance: bigint('payer_balance', { mode: 'number' }).notNull(),
    /** What the call carried (vod_key, bj_user_key, message, reason…). */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wallet_txn_idem_key').on(t.actorUserKey, t.idemKey),
    check('wallet_txn_amount_positive', sql`${t.amount} > 0`),
    check('wallet_txn_state', sql`${t.state} in ('done', 'refused')`),
  ],
);

/**
 * One leg of a transaction: leg 0 debits the payer, legs 1… credit the receivers; the legs of a
 * transaction sum to zero in its one currency. `balance_after` is the account's balance right after the
 * leg (for statements).
 *
 * No foreign keys here nor on wallet_txn's accounts: a batch of 200 gifts writes 600 rows, and a foreign
 * key check per row would cost more than the batch itself. wallet_apply() takes every id from rows it
 * locked or inserted in the same statement, and the ledger check reports any entry without its
 * transaction or account (wallet.verify.ts).
 */
export const walletEntry = pgTable(
  'wallet_entry',
  {
    txnId: bigint('txn_id', { mode: 'number' }).notNull(),
    leg: smallint('leg').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    /** Signed: negative leaves the account. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'wallet_entry_pk', columns: [t.txnId, t.leg] }),
    // Statements: an account's entries newest first.
    index('wallet_entry_account_idx').on(t.accountId, t.txnId.desc()),
    check('wallet_entry_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** The audit of operator grants (who, when, why, the balance before and after), written with the grant. */
export const walletGrantAudit = pgTable(
  'wallet_grant_audit',
  {
    txnId: bigint('txn_id', { mode: 'number' }).primaryKey(),
    /** The operator or GM; 0 for the system (demo funding). */
    operatorUserKey: bigint('operator_user_key', { mode: 'number' }).notNull(),
    userKey: bigint('user_key', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    balanceBefore: bigint('balance_before', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_grant_audit_user_idx').on(t.userKey, t.createdAt),
    index('wallet_grant_audit_operator_idx').on(t.operatorUserKey, t.createdAt),
  ],
);

/**
 * Incremental verification (wallet.verify.ts): the sum of every account's entries up to `up_to_txn_id`,
 * proven once, so a later check only reads newer entries. The one row of wallet_verify_state says up to
 * where, and which newer point becomes final once every transaction running at `pending_xmax` ended.
 */
export const walletVerifySum = pgTable('wallet_verify_sum', {
  accountId: bigint('account_id', { mode: 'number' })
    .primaryKey()
    .references(() => walletAccount.accountId),
  total: bigint('total', { mode: 'number' }).notNull(),
});

export const walletVerifyState = pgTable(
  'wallet_verify_state',
  {
    id: integer('id').primaryKey().default(1),
    upToTxnId: bigint('up_to_txn_id', { mode: 'number' }).notNull().default(0),
    pendingTxnId: bigint('pending_txn_id', { mode: 'number' }),
    /** pg_snapshot_xmax of the check that saw pending_txn_id, as text (xid8). */
    pendingXmax: text('pending_xmax'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [check('wallet_verify_state_one_row', sql`${t.id} = 1`)],
);

/**
 * Fans (issue 6): a viewer's first STAR gift to a BJ makes them a fan (the fan badge in chat); the totals
 * rank a BJ's supporters. Every paid gift updates a row here and in star_gift_rank, so neither table
 * indexes star_total (an indexed column makes each update a non-HOT one, with new index entries) and
 * both leave room in their pages for HOT updates (fillfactor 70, migration 0010); the ranking read sorts
 * a room's or a BJ's rows, found by the primary key's prefix.
 */
export const bjFan = pgTable(
  'bj_fan',
  {
    bjUserKey: bigint('bj_user_key', { mode: 'number' }).notNull(),
    userKey: bigint('user_key', { mode: 'number' }).notNull(),
    starTotal: bigint('star_total', { mode: 'number' }).notNull().default(0),
    giftCnt: integer('gift_cnt').notNull().default(0),
    firstGiftAt: timestamp('first_gift_at', { withTimezone: true }).notNull().defaultNow(),
    lastGiftAt: timestamp('last_gift_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'bj_fan_pk', columns: [t.bjUserKey, t.userKey] }), index('bj_fan_user_idx').on(t.userKey)],
);

/** The gift ranking of one broadcast (top supporters of the room). */
export const starGiftRank = pgTable(
  'star_gift_rank',
  {
    vodKey: text('vod_key').notNull(),
    userKey: bigint('user_key', { mode: 'number' }).notNull(),
    starTotal: bigint('star_total', { mode: 'number' }).notNull().default(0),
    giftCnt: integer('gift_cnt').notNull().default(0),
    lastGiftAt: timestamp('last_gift_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'star_gift_rank_pk', columns: [t.vodKey, t.userKey] })],
);

/**
 * Paid gifts already added to bj_fan and star_gift_rank (exactly once: a flush adds only the gifts it
 * could insert here, in the same statement). Rows at or below fan_reconcile.upto_txn_id are pruned.
 */
export const fanCounted = pgTable('fan_counted', {
  txnId: bigint('txn_id', { mode: 'number' }).primaryKey(),
});

/** How far the fans reconciliation has looked: every paid gift up to this transaction is counted. */
export const fanReconcile = pgTable('fan_reconcile', {
  id: smallint('id').primaryKey().default(1),
  uptoTxnId: bigint('upto_txn_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fan clubs (issue 17): a member joins a BJ's fan club with their first paid STAR gift to that BJ, written
 * by wallet_apply_fan() in the gift's own transaction (migration 0019), so a member is never in a fan
 * club without the gift in the ledger nor the other way round. fan_no is the join order per BJ, from
 * fan_club_counter (its row lock orders concurrent first gifts to one BJ).
 */
export const fanClub = pgTable(
  'fan_club',
  {
    bjUserKey: bigint('bj_user_key', { mode: 'number' }).notNull(),
    userKey: bigint('user_key', { mode: 'number' }).notNull(),
    fanNo: integer('fan_no').notNull(),
    /** The gift that made the member join (wallet_txn). */
    joinedTxnId: bigint('joined_txn_id', { mode: 'number' }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'fan_club_pk', columns: [t.bjUserKey, t.userKey] }),
    unique('fan_club_no_uq').on(t.bjUserKey, t.fanNo),
    index('fan_club_user_idx').on(t.userKey),
  ],
);

/** The last fan number given per BJ. */
export const fanClubCounter = pgTable('fan_club_counter', {
  bjUserKey: bigint('bj_user_key', { mode: 'number' }).primaryKey(),
  lastNo: integer('last_no').notNull().default(0),
});
