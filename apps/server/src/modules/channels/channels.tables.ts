import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/** A member's user_key; their channel rows go when their account row goes. */
const memberKey = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.userKey, { onDelete: 'cascade' });

/**
 * Channels and the social graph (docs/channels.md). Fan clubs are written by the ledger itself, in the
 * gift's transaction, so they live beside it (wallet.tables.ts `fan_club`).
 */

/** Follows (SPEC §4 subscriptions: subscribed or cancelled; a cancelled follow is no row). */
export const channelSubscribe = pgTable(
  'channel_subscribe',
  {
    userKey: memberKey('user_key'),
    bjUserKey: memberKey('bj_user_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'channel_subscribe_pk', columns: [t.userKey, t.bjUserKey] }),
    index('channel_subscribe_bj_idx').on(t.bjUserKey),
    // The experience job reads new follows in the order they came (docs/progression.md).
    index('channel_subscribe_created_idx').on(t.createdAt),
  ],
);

/** Counters of a channel kept in the follow's own transaction (a channel head never counts rows). */
export const channelStat = pgTable('channel_stat', {
  bjUserKey: memberKey('bj_user_key').primaryKey(),
  followerCnt: integer('follower_cnt').notNull().default(0),
});

/** Channel comments (the BJ's guest book); a deleted comment keeps its row with deleted_at set. */
export const channelComment = pgTable(
  'channel_comment',
  {
    commentSn: bigserial('comment_sn', { mode: 'number' }).primaryKey(),
    bjUserKey: memberKey('bj_user_key'),
    userKey: memberKey('user_key'),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
  },
  (t) => [
    index('channel_comment_bj_idx').on(t.bjUserKey, t.commentSn.desc()).where(sql`deleted_at is null`),
    index('channel_comment_user_idx').on(t.userKey),
  ],
);

/**
 * Member-to-member messages. Each side deletes from its own box (the other keeps its copy); the row goes
 * when both did.
 */
export const userMessage = pgTable(
  'user_message',
  {
    messageSn: bigserial('message_sn', { mode: 'number' }).primaryKey(),
    fromUserKey: memberKey('from_user_key'),
    toUserKey: memberKey('to_user_key'),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    senderDeletedAt: timestamp('sender_deleted_at', { withTimezone: true }),
    recipientDeletedAt: timestamp('recipient_deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('user_message_to_idx').on(t.toUserKey, t.messageSn.desc()).where(sql`recipient_deleted_at is null`),
    index('user_message_from_idx').on(t.fromUserKey, t.messageSn.desc()).where(sql`sender_deleted_at is null`),
  ],
);

/** A channel's feed: the BJ's posts (SPEC §2 /channel/bj/{id}/feed); a deleted post keeps its row. */
export const channelFeed = pgTable(
  'channel_feed',
  {
    feedSn: bigserial('feed_sn', { mode: 'number' }).primaryKey(),
    bjUserKey: memberKey('bj_user_key'),
    /** Who wrote it: the BJ account or the main account owning it. */
    userKey: memberKey('user_key'),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
  },
  (t) => [index('channel_feed_bj_idx').on(t.bjUserKey, t.feedSn.desc()).where(sql`deleted_at is null`)],
);

/** Replays a member saved (/mypage/bookmark), by the broadcast's public key. */
export const channelBookmark = pgTable(
  'channel_bookmark',
  {
    userKey: memberKey('user_key'),
    vodKey: text('vod_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'channel_bookmark_pk', columns: [t.userKey, t.vodKey] }),
    index('channel_bookmark_user_idx').on(t.userKey, t.createdAt.desc()),
  ],
);

/** The channel's pictures (SPEC §3 banner and main image): public URLs of the BJ's claimed uploads, '' for none. */
export const channelImage = pgTable('channel_image', {
  bjUserKey: memberKey('bj_user_key').primaryKey(),
  bannerImage: text('banner_image').notNull().default(''),
  mainImage: text('main_image').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The broadcaster profile (SPEC §3) as the BJ edited it; until they do, the channel shows the approved
 * application's fields.
 */
export const channelProfile = pgTable('channel_profile', {
  bjUserKey: memberKey('bj_user_key').primaryKey(),
  activityNameKo: text('activity_name_ko').notNull(),
  activityNameEn: text('activity_name_en').notNull(),
  debutDate: text('debut_date').notNull().default(''),
  agency: text('agency').notNull().default(''),
  intro: text('intro').notNull().default(''),
  operatingPlan: text('operating_plan').notNull().default(''),
  socialUrl: text('social_url').notNull().default(''),
  tags: text('tags').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
