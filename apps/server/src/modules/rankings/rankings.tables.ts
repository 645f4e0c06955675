import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** The ranking settings (one row): the score's weights in percent and the rookie window, edited in the console. */
export const rankingSetting = pgTable('ranking_setting', {
  id: smallint('id').primaryKey().default(1),
  peakViewers: integer('peak_viewers').notNull().default(40),
  likes: integer('likes').notNull().default(30),
  fanGrowth: integer('fan_growth').notNull().default(15),
  star: integer('star').notNull().default(15),
  rookieDays: integer('rookie_days').notNull().default(90),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed the ranking settings, when, from what to what (listed in the console's audit). */
export const rankingSettingAudit = pgTable(
  'ranking_setting_audit',
  {
    auditSn: bigserial('audit_sn', { mode: 'number' }).primaryKey(),
    actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
    /** ranking_setting_save. */
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ranking_setting_audit_actor_idx').on(t.actorUserKey, t.createdAt)],
);

/**
 * STAR received per BJ and hour, folded from the ledger's paid gifts by the ranking job (the ledger's own
 * tables carry no time index, and the hot gift path stays untouched). `ranking_cursor` says how far.
 */
export const rankingStarHour = pgTable(
  'ranking_star_hour',
  {
    bjUserKey: bigint('bj_user_key', { mode: 'number' }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    star: bigint('star', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'ranking_star_hour_pk', columns: [t.bjUserKey, t.hour] }), index('ranking_star_hour_hour_idx').on(t.hour)],
);

/** The last ledger transaction folded into ranking_star_hour. */
export const rankingCursor = pgTable('ranking_cursor', {
  id: smallint('id').primaryKey().default(1),
  uptoTxnId: bigint('upto_txn_id', { mode: 'number' }).notNull().default(0),
});

/** One computed list per (category, period): when, over which window, with which weights. */
export const rankingRun = pgTable(
  'ranking_run',
  {
    category: text('category').notNull(),
    period: text('period').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    peakViewers: integer('peak_viewers').notNull(),
    likes: integer('likes').notNull(),
    fanGrowth: integer('fan_growth').notNull(),
    star: integer('star').notNull(),
    rookieDays: integer('rookie_days').notNull(),
  },
  (t) => [primaryKey({ name: 'ranking_run_pk', columns: [t.category, t.period] })],
);

/** The snapshot the ranking pages read: replaced per (category, period) by each run, never computed per request. */
export const rankingSnapshot = pgTable(
  'ranking_snapshot',
  {
    category: text('category').notNull(),
    period: text('period').notNull(),
    rank: integer('rank').notNull(),
    prevRank: integer('prev_rank'),
    bjUserKey: bigint('bj_user_key', { mode: 'number' }).notNull(),
    score: doublePrecision('score').notNull(),
    peakViewerCnt: integer('peak_viewer_cnt').notNull(),
    likeCnt: integer('like_cnt').notNull(),
    fanGrowthCnt: integer('fan_growth_cnt').notNull(),
    starCnt: bigint('star_cnt', { mode: 'number' }).notNull(),
    liveVodKey: text('live_vod_key').notNull().default(''),
  },
  (t) => [primaryKey({ name: 'ranking_snapshot_pk', columns: [t.category, t.period, t.rank] })],
);
