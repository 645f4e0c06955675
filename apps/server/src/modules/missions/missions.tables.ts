import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { broadcast } from '../live/live.tables.js';
import { users } from '../users/users.tables.js';
import { walletTxn } from '../wallet/wallet.tables.js';

/**
 * Missions in the live room (docs/missions.md). The STAR of a mission's pledges sits in the BJ's escrow
 * account (wallet_account kind 'escrow') until the mission settles; `total_star` and the sides' totals are
 * kept in the pledge's own transaction (the mission row is locked by it, so a settlement sees every pledge
 * or waits for it).
 */
export const mission = pgTable(
  'mission',
  {
    missionSn: bigserial('mission_sn', { mode: 'number' }).primaryKey(),
    vodKey: text('vod_key')
      .notNull()
      .references(() => broadcast.vodKey, { onDelete: 'restrict' }),
    bjUserKey: bigint('bj_user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'restrict' }),
    missionType: text('mission_type').notNull(),
    title: text('title').notNull(),
    state: text('state').notNull().default('pending'),
    /** The viewer who requested it; null when the BJ or a manager created it. */
    requesterUserKey: bigint('requester_user_key', { mode: 'number' }).references(() => users.userKey, { onDelete: 'restrict' }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    loseRule: text('lose_rule').notNull().default('refund'),
    durationSec: integer('duration_sec'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** A settled battle's winning side; 0 for a draw. */
    winnerSide: smallint('winner_side'),
    totalStar: bigint('total_star', { mode: 'number' }).notNull().default(0),
    pledgeCnt: integer('pledge_cnt').notNull().default(0),
    paidStar: bigint('paid_star', { mode: 'number' }).notNull().default(0),
    platformStar: bigint('platform_star', { mode: 'number' }).notNull().default(0),
    refundedStar: bigint('refunded_star', { mode: 'number' }).notNull().default(0),
    cancelReason: text('cancel_reason'),
    cancelledBy: bigint('cancelled_by', { mode: 'number' }),
    /** The ledger transactions of the settlement (a payout and/or a refund). */
    settleTxnIds: bigint('settle_txn_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('mission_room_idx').on(t.vodKey, t.missionSn),
    index('mission_open_idx').on(t.createdAt).where(sql`${t.state} in ('pending', 'running')`),
    index('mission_requester_cancel_idx').on(t.requesterUserKey, t.settledAt).where(sql`${t.cancelReason} = 'bj'`),
    check('mission_type_check', sql`${t.missionType} in ('challenge', 'battle')`),
    check('mission_state_check', sql`${t.state} in ('pending', 'running', 'success', 'fail', 'settled', 'cancelled')`),
    check('mission_lose_rule_check', sql`${t.loseRule} in ('refund', 'pay')`),
    check('mission_cancel_reason_check', sql`${t.cancelReason} is null or ${t.cancelReason} in ('bj', 'timeout', 'overdue', 'ended')`),
    check('mission_totals_check', sql`${t.totalStar} >= 0 and ${t.paidStar} >= 0 and ${t.platformStar} >= 0 and ${t.refundedStar} >= 0`),
  ],
);

/** A battle's sides (1–4) with their pledged totals. */
export const missionSide = pgTable(
  'mission_side',
  {
    missionSn: bigint('mission_sn', { mode: 'number' })
      .notNull()
      .references(() => mission.missionSn, { onDelete: 'cascade' }),
    sideNo: smallint('side_no').notNull(),
    label: text('label').notNull(),
    totalStar: bigint('total_star', { mode: 'number' }).notNull().default(0),
    pledgeCnt: integer('pledge_cnt').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'mission_side_pk', columns: [t.missionSn, t.sideNo] })],
);

/** One pledge: its ledger posting (member's wallet → the BJ's escrow) and its side. */
export const missionPledge = pgTable(
  'mission_pledge',
  {
    pledgeSn: bigserial('pledge_sn', { mode: 'number' }).primaryKey(),
    missionSn: bigint('mission_sn', { mode: 'number' })
      .notNull()
      .references(() => mission.missionSn, { onDelete: 'restrict' }),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'restrict' }),
    sideNo: smallint('side_no').notNull().default(0),
    starCnt: bigint('star_cnt', { mode: 'number' }).notNull(),
    txnId: bigint('txn_id', { mode: 'number' })
      .notNull()
      .references(() => walletTxn.txnId, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('mission_pledge_txn_unique').on(t.txnId),
    index('mission_pledge_mission_user_idx').on(t.missionSn, t.userKey),
    check('mission_pledge_star_check', sql`${t.starCnt} > 0`),
  ],
);

/** A BJ's mission settings: the smallest pledge (100–30,000 STAR, 1,000 unless set). */
export const missionSetting = pgTable(
  'mission_setting',
  {
    bjUserKey: bigint('bj_user_key', { mode: 'number' })
      .primaryKey()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    pledgeMin: integer('pledge_min').notNull().default(1000),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('mission_setting_pledge_min_check', sql`${t.pledgeMin} between 100 and 30000`)],
);
