import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** Quality levels packaged for this broadcast (SPEC §1 high/normal/low; high is the source, copied). */
    qualities: text('qualities').array().notNull().default(['high']),
    /** Viewers must be logged in to watch. */
    loginRequiredYn: boolean('login_required_yn').notNull().default(false),
    /** The MC appearing in it (another broadcaster), copied from the stream settings. */
    mcUserKey: bigint('mc_user_key', { mode: 'number' }),
    /** Where its media lives, relative to DATA_DIR/media (playlists, segments, thumbnail). */
    mediaDir: text('media_dir').notNull().default(''),
    /** Why it ended: 'publisher_gone', 'frozen', 'shutdown', 'error'. */
    endReason: text('end_reason').notNull().default(''),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    frozenBy: bigint('frozen_by', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * The concert this broadcast is the stream of (docs/concerts.md): set when the row is inserted by the
     * concerts module's trigger (the BJ went live inside a concert's window); its media then needs a ticket.
     */
    concertSn: bigint('concert_sn', { mode: 'number' }),
  },
  (t) => [
    index('broadcast_concert_idx').on(t.concertSn, t.startedAt).where(sql`${t.concertSn} is not null`),
    index('broadcast_state_idx').on(t.state, t.startedAt),
    index('broadcast_bj_idx').on(t.bjUserKey, t.startedAt),
    // The experience job reads ended broadcasts in the order they ended (docs/progression.md).
    index('broadcast_ended_idx').on(t.endedAt).where(sql`${t.endedAt} is not null`),
    // A broadcaster is live at most once: a second publish with the same key is refused.
    uniqueIndex('broadcast_one_live_per_bj').on(t.bjUserKey).where(sql`${t.state} = 'live'`),
  ],
);

/**
 * A broadcaster's stream key (the RTMP stream name OBS sends). One per broadcaster; regenerating replaces it,
 * so the old key stops working at once. Shown to its owner on /mypage/stream.
 */
export const streamKey = pgTable('stream_key', {
  userKey: bigint('user_key', { mode: 'number' })
    .primaryKey()
    .references(() => users.userKey, { onDelete: 'cascade' }),
  streamKey: text('stream_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** An operator sanction: no publishing until then. */
  sanctionedUntil: timestamp('sanctioned_until', { withTimezone: true }),
});

/** A broadcaster's stream settings (/mypage/stream, update_stream_settinge_proc), copied onto each new broadcast. */
export const streamSetting = pgTable('stream_setting', {
  userKey: bigint('user_key', { mode: 'number' })
    .primaryKey()
    .references(() => users.userKey, { onDelete: 'cascade' }),
  title: text('title').notNull().default(''),
  tags: text('tags').array().notNull().default([]),
  /** Subset of high, normal, low; high (the source, copied) is always there. */
  qualities: text('qualities').array().notNull().default(['high']),
  adultYn: boolean('adult_yn').notNull().default(false),
  /** Keep the live HLS as the replay when the broadcast ends. */
  recordYn: boolean('record_yn').notNull().default(true),
  loginRequiredYn: boolean('login_required_yn').notNull().default(false),
  /** The MC copied onto each new broadcast (POST /popup/search_mc_more picks one). */
  mcUserKey: bigint('mc_user_key', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who liked a broadcast: one like per member and broadcast (live or replay); `broadcast.like_cnt` counts them. */
export const broadcastLike = pgTable(
  'broadcast_like',
  {
    broadcastSn: bigint('broadcast_sn', { mode: 'number' })
      .notNull()
      .references(() => broadcast.broadcastSn, { onDelete: 'cascade' }),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.broadcastSn, t.userKey] }), index('broadcast_like_user_idx').on(t.userKey, t.createdAt)],
);

/**
 * What a member watched lately (/mypage recent_vod_html): one row per (member, broadcast), its time moved
 * forward at most once a minute, written when play_info or vod_info lets them watch.
 */
export const broadcastView = pgTable(
  'broadcast_view',
  {
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    vodKey: text('vod_key').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'broadcast_view_pk', columns: [t.userKey, t.vodKey] }),
    index('broadcast_view_user_idx').on(t.userKey, t.viewedAt.desc()),
  ],
);
