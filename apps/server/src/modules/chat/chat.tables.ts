import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/** A member's user_key; the chat state about them goes when their account row goes. */
const memberKey = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.userKey, { onDelete: 'cascade' });

/**
 * Chat moderation state (docs/chat-moderation.md). What lasts across a BJ's broadcasts (managers, room
 * blocks, hidden users, settings) is keyed by the BJ; what lasts one broadcast (forced exits, user
 * suspensions, the frozen chat) by its vod_key. Every action is also written to chat_action_log.
 */

/** Managers a BJ appointed (SPEC §1 manager appointment/dismissal through chat events 80/81). */
export const chatManager = pgTable(
  'chat_manager',
  {
    bjUserKey: memberKey('bj_user_key'),
    userKey: memberKey('user_key'),
    appointedBy: bigint('appointed_by', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bjUserKey, t.userKey] }), index('chat_manager_user_idx').on(t.userKey)],
);

/** Users blocked from a BJ's rooms by the BJ, a manager or an operator (SPEC §8 'blocked'). */
export const chatRoomBlock = pgTable(
  'chat_room_block',
  {
    bjUserKey: memberKey('bj_user_key'),
    userKey: memberKey('user_key'),
    blockedBy: bigint('blocked_by', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bjUserKey, t.userKey] })],
);

/** A member's own block list: whispers from these users are refused and their messages hidden for the member. */
export const chatUserBlock = pgTable(
  'chat_user_block',
  {
    userKey: memberKey('user_key'),
    blockedUserKey: memberKey('blocked_user_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userKey, t.blockedUserKey] })],
);

/** Forced exits (70) and suspensions (100) in one broadcast; a forced-out user cannot rejoin until the BJ lifts it. */
export const chatSanction = pgTable(
  'chat_sanction',
  {
    vodKey: text('vod_key').notNull(),
    userKey: memberKey('user_key'),
    kind: text('kind', { enum: ['forced_exit', 'freeze'] }).notNull(),
    byUserKey: bigint('by_user_key', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vodKey, t.kind, t.userKey] })],
);

/** A BJ's chat settings (8100–8105) and SPEC §3 chat_extra.hide_users (8200). */
export const chatSetting = pgTable('chat_setting', {
  bjUserKey: bigint('bj_user_key', { mode: 'number' })
    .primaryKey()
    .references(() => users.userKey, { onDelete: 'cascade' }),
  slowSec: integer('slow_sec').notNull().default(0),
  bannedWords: text('banned_words').array().notNull().default([]),
  linksYn: boolean('links_yn').notNull().default(true),
  userListPublicYn: boolean('user_list_public_yn').notNull().default(true),
  sponsorListPublicYn: boolean('sponsor_list_public_yn').notNull().default(true),
  greeting: text('greeting').notNull().default(''),
  hideUsers: bigint('hide_users', { mode: 'number' }).array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The chat of one broadcast frozen for everyone but moderators (90/91). */
export const chatRoomState = pgTable('chat_room_state', {
  vodKey: text('vod_key').primaryKey(),
  frozen: boolean('frozen').notNull().default(false),
  /** Who may still talk while frozen (FREEZE_ALLOW_ROLES). */
  frozenAllow: text('frozen_allow').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The BJ's notice (120/121) and the pinned message (130/131) of one broadcast (issue 24): a joiner gets them
 * with the room, a node opening the room reads them here. Both are plain text snapshots (ChatRoomNotice,
 * ChatPinnedMessage), null when none. The room's video guests and video block live here too, so they
 * outlive the node that held them (chat.guests.ts, "Kept").
 */
export const chatRoomBoard = pgTable('chat_room_board', {
  vodKey: text('vod_key').primaryKey(),
  notice: jsonb('notice'),
  pin: jsonb('pin'),
  /** Open guest entries by user_key: { e: VideoGuestEntry, n: the node id holding the guest's call socket, or '' }. */
  guests: jsonb('guests').notNull().default({}),
  /** Video block for all (93/94) is on. */
  videoBlocked: boolean('video_blocked').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every moderation action and setting change, with who did it in which role. */
export const chatActionLog = pgTable(
  'chat_action_log',
  {
    actionSn: bigserial('action_sn', { mode: 'number' }).primaryKey(),
    vodKey: text('vod_key').notNull(),
    bjUserKey: bigint('bj_user_key', { mode: 'number' }).notNull(),
    actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
    actorRole: text('actor_role').notNull(),
    /** The SPEC §9 code of the action (70, 80, 81, 90, 91, 100, 101, 230, 8100–8105, 8200, 9990, 9991). */
    code: integer('code').notNull(),
    targetUserKey: bigint('target_user_key', { mode: 'number' }),
    /** off: 1 for a lift/undo, a setting's value, a notice's text. */
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_action_log_room_idx').on(t.vodKey, t.createdAt), index('chat_action_log_bj_idx').on(t.bjUserKey, t.createdAt)],
);
