import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/** A broadcast (SPEC §3, §4): live, ended, or frozen by an administrator; an ended one may be a replay. */
export const broadcast = pgTable(
  'broadcast',
  {
    broadcastSn: bigserial('broadcast_sn', { mode: 'number' }).primaryKey(),
    /** Public key of the live room and its replay (/play/{vod_key}, /vod/{vod_key}). */
    vodKey: text('vod_key').notNull().unique(),
    bjUserKey: bigint('bj_user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey),
    title: text('title').notNull(),
    tags: text('tags').array().notNull().default([]),
    state: text('state', { enum: ['live', 'ended', 'frozen'] }).notNull(),
    viewerCnt: integer('viewer_cnt').notNull().default(0),
    peakViewerCnt: integer('peak_viewer_cnt').notNull().default(0),
    likeCnt: integer('like_cnt').notNull().default(0),
    thumbnail: text('thumbnail').notNull().default(''),
    adultYn: boolean('adult_yn').notNull().default(false),
    /** A replay is kept when the broadcaster's settings allow recording. */
    replayYn: boolean('replay_yn').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [index('broadcast_state_idx').on(t.state, t.startedAt), index('broadcast_bj_idx').on(t.bjUserKey, t.startedAt)],
);
