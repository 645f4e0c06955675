import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/** A member's user_key; their rows go when their account row goes. */
const memberKey = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.userKey, { onDelete: 'cascade' });

/**
 * Clips and shorts (docs/clips.md): a viewer's cut of a live room (`clip`, an MP4 copied from the room's
 * segments) or a BJ's uploaded video (`short`, transcoded to HLS). Files under DATA_DIR/media/clips/{clip_key}.
 */
export const clip = pgTable(
  'clip',
  {
    clipSn: bigserial('clip_sn', { mode: 'number' }).primaryKey(),
    clipKey: text('clip_key').notNull().unique(),
    kind: text('kind', { enum: ['clip', 'short'] }).notNull(),
    title: text('title').notNull().default(''),
    state: text('state', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    durationSec: real('duration_sec').notNull().default(0),
    verticalYn: boolean('vertical_yn').notNull().default(false),
    /** The channel: the room's BJ, or the uploader of a short. */
    bjUserKey: memberKey('bj_user_key'),
    /** Who made it. */
    byUserKey: memberKey('by_user_key'),
    vodKey: text('vod_key').notNull().default(''),
    viewCnt: integer('view_cnt').notNull().default(0),
    failReason: text('fail_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    index('clip_feed_idx').on(t.createdAt.desc()).where(sql`${t.state} = 'ready' and ${t.deletedAt} is null`),
    index('clip_bj_idx').on(t.bjUserKey, t.createdAt.desc()),
    index('clip_by_idx').on(t.byUserKey, t.createdAt.desc()),
    index('clip_processing_idx').on(t.createdAt).where(sql`${t.state} = 'processing'`),
  ],
);

/** A BJ's choice to let viewers clip their room (no row: allowed). */
export const clipRoomSetting = pgTable('clip_room_setting', {
  userKey: memberKey('user_key').primaryKey(),
  clipYn: boolean('clip_yn').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One counted view per viewer (member key or guest id) and clip per hour. */
export const clipView = pgTable(
  'clip_view',
  {
    clipSn: bigint('clip_sn', { mode: 'number' })
      .notNull()
      .references(() => clip.clipSn, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    hour: bigint('hour', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'clip_view_pk', columns: [t.clipSn, t.viewer, t.hour] })],
);
