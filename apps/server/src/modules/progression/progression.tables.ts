import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * Levels and experience (docs/progression.md). Every grant of experience is one row, unique by the event it
 * came from, so a replayed event (a heartbeat sent twice, a job run again after a crash) inserts nothing and
 * adds nothing; `level_state` holds the running totals, added to in the same statement as the grants.
 */
export const xpGrant = pgTable(
  'xp_grant',
  {
    grantSn: bigserial('grant_sn', { mode: 'number' }).primaryKey(),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    /** user | bj | fan. */
    ladder: text('ladder').notNull(),
    /** The fan ladder's BJ; 0 on the member and BJ ladders. */
    bjUserKey: bigint('bj_user_key', { mode: 'number' }).notNull().default(0),
    /** contract XP_SOURCES. */
    source: text('source').notNull(),
    /** The event: a KST day (attend), a KST minute (watch, chat), a ledger transaction, a follower, a broadcast. */
    ref: text('ref').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('xp_grant_event_key').on(t.userKey, t.ladder, t.bjUserKey, t.source, t.ref),
    index('xp_grant_history_idx').on(t.userKey, t.ladder, t.grantSn.desc()),
    check('xp_grant_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * One member's standing on one ladder (the fan ladder once per BJ): the experience so far (for `vip`, the
 * STAR given in the rolling window) and the level it reached on the table in force when it last changed.
 */
export const levelState = pgTable(
  'level_state',
  {
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    ladder: text('ladder').notNull(),
    bjUserKey: bigint('bj_user_key', { mode: 'number' }).notNull().default(0),
    xp: bigint('xp', { mode: 'number' }).notNull().default(0),
    level: integer('level').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'level_state_pk', columns: [t.userKey, t.ladder, t.bjUserKey] }),
    index('level_state_fans_idx').on(t.bjUserKey, t.xp.desc()).where(sql`${t.ladder} = 'fan'`),
    index('level_state_vip_idx').on(t.updatedAt).where(sql`${t.ladder} = 'vip' and ${t.level} > 0`),
  ],
);

/** The level tables operators edited (a ladder without a row uses contract DEFAULT_LEVEL_TABLES). */
export const levelSetting = pgTable('level_setting', {
  ladder: text('ladder').primaryKey(),
  levels: jsonb('levels').$type<number[]>().notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a level table: who, before and after (the console's audit list). */
export const levelSettingAudit = pgTable(
  'level_setting_audit',
  {
    auditSn: bigserial('audit_sn', { mode: 'number' }).primaryKey(),
    actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
    /** level_table_save. */
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('level_setting_audit_actor_idx').on(t.actorUserKey, t.createdAt)],
);

/** How far the experience job read each source: a ledger transaction id (gifts) or a time (follows, ended broadcasts). */
export const progressCursor = pgTable('progress_cursor', {
  source: text('source').primaryKey(),
  uptoId: bigint('upto_id', { mode: 'number' }).notNull().default(0),
  uptoAt: timestamp('upto_at', { withTimezone: true }).notNull().default(sql`'epoch'`),
});

/** The medal levels a member reached, and when each level was first seen reached (the medal page, the job). */
export const medalState = pgTable(
  'medal_state',
  {
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    medalId: text('medal_id').notNull(),
    level: integer('level').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'medal_state_pk', columns: [t.userKey, t.medalId] })],
);

/** A completed day's reward, claimed once (the CUBIC moves in the ledger transaction `txn_id`). */
export const achievementClaim = pgTable(
  'achievement_claim',
  {
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    cubic: integer('cubic').notNull(),
    txnId: bigint('txn_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'achievement_claim_pk', columns: [t.userKey, t.day] })],
);
