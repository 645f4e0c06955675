import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * Concerts (docs/concerts.md): a paid show on one broadcaster's stream key between `doors_at` and `ends_at`.
 * The broadcast that BJ starts in that window is the concert's: a trigger of this module's migration fills
 * `broadcast.concert_sn` when the row is inserted (the media gate then asks for a ticket's media token).
 */
export const concert = pgTable(
  'concert',
  {
    concertSn: bigserial('concert_sn', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    poster: text('poster').notNull().default(''),
    posterFileSn: bigint('poster_file_sn', { mode: 'number' }),
    description: text('description').notNull().default(''),
    notice: text('notice').notNull().default(''),
    refundRule: text('refund_rule').notNull().default(''),
    lineup: text('lineup').array().notNull().default([]),
    bjUserKey: bigint('bj_user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey),
    /** STAR per ticket; 0 is free (a ticket is still needed). */
    price: integer('price').notNull(),
    doorsAt: timestamp('doors_at', { withTimezone: true }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    replayDays: integer('replay_days').notNull().default(7),
    /** 0: unlimited. */
    replayPlayMax: integer('replay_play_max').notNull().default(0),
    /** Valid tickets, kept in the ticket's own transaction. */
    ticketCnt: integer('ticket_cnt').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledReason: text('cancelled_reason').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    index('concert_starts_idx').on(t.startsAt),
    index('concert_bj_idx').on(t.bjUserKey, t.doorsAt),
    check('concert_times', sql`${t.doorsAt} <= ${t.startsAt} and ${t.startsAt} < ${t.endsAt}`),
    check('concert_price', sql`${t.price} >= 0`),
    check('concert_ticket_cnt', sql`${t.ticketCnt} >= 0`),
  ],
);

/**
 * A ticket: one valid ticket per account and concert (a refunded one may be bought again). The STAR went
 * through the ledger in the ticket's own transaction (`txn_id`, kind `ticket`); a refund's `refund_txn_id`.
 */
export const concertTicket = pgTable(
  'concert_ticket',
  {
    ticketSn: bigserial('ticket_sn', { mode: 'number' }).primaryKey(),
    concertSn: bigint('concert_sn', { mode: 'number' })
      .notNull()
      .references(() => concert.concertSn),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    state: text('state', { enum: ['valid', 'refunded'] })
      .notNull()
      .default('valid'),
    price: integer('price').notNull(),
    /** Null for a free concert. */
    txnId: bigint('txn_id', { mode: 'number' }),
    refundTxnId: bigint('refund_txn_id', { mode: 'number' }),
    playCnt: integer('play_cnt').notNull().default(0),
    boughtAt: timestamp('bought_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('concert_ticket_one_valid').on(t.concertSn, t.userKey).where(sql`${t.state} = 'valid'`),
    index('concert_ticket_user_idx').on(t.userKey, t.boughtAt),
    uniqueIndex('concert_ticket_txn').on(t.txnId),
  ],
);

/** What operators did to concerts and tickets (/admin/audit_list source `concert`). */
export const concertAudit = pgTable(
  'concert_audit',
  {
    auditSn: bigserial('audit_sn', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
    targetKind: text('target_kind').notNull(),
    targetSn: bigint('target_sn', { mode: 'number' }).notNull(),
    memberKey: bigint('member_key', { mode: 'number' }),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('concert_audit_created_idx').on(t.createdAt)],
);
