import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { uploadFile } from '../uploads/uploads.tables.js';
import { users } from '../users/users.tables.js';

// ─── The board and the customer centre (issue 19, docs/community.md) ─────────────────────────────────

/** A member's user_key; their rows go when their account row goes. */
const memberKey = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.userKey, { onDelete: 'cascade' });
/** An operator's user_key (kept as a number when the account is gone). */
const staffKey = (name: string) => bigint(name, { mode: 'number' });

/** A board (SPEC §7 setting_sn, forced to 1): its title and the site-wide banned words masked in posts and comments. */
export const boardSetting = pgTable('board_setting', {
  settingSn: integer('setting_sn').primaryKey(),
  siteKey: integer('site_key').notNull().default(1),
  title: text('title').notNull(),
  bannedWords: text('banned_words').array().notNull().default(sql`'{}'::text[]`),
  /** Visible posts, kept in the writing transaction (a list never counts a million rows). */
  visibleCnt: bigint('visible_cnt', { mode: 'number' }).notNull().default(0),
});

/** A board post. `tokens`: the search bigrams of its title and author (search.ts `searchTokens`). */
export const boardPost = pgTable(
  'board_post',
  {
    boardSn: bigserial('board_sn', { mode: 'number' }).primaryKey(),
    settingSn: integer('setting_sn')
      .notNull()
      .default(1)
      .references(() => boardSetting.settingSn),
    userKey: memberKey('user_key'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    tokens: text('tokens').array().notNull().default(sql`'{}'::text[]`),
    state: text('state', { enum: ['visible', 'hidden', 'deleted'] })
      .notNull()
      .default('visible'),
    viewCnt: integer('view_cnt').notNull().default(0),
    replyCnt: integer('reply_cnt').notNull().default(0),
    fileCnt: integer('file_cnt').notNull().default(0),
    moderationReason: text('moderation_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('board_post_list_idx').on(t.settingSn, t.boardSn.desc()).where(sql`state = 'visible'`),
    index('board_post_tokens_idx').using('gin', t.tokens).where(sql`state = 'visible'`),
    index('board_post_user_idx').on(t.userKey),
    index('board_post_admin_idx').on(t.state, t.boardSn.desc()),
  ],
);

/** A post's image attachments in order (the files are uploads of purpose `board`). */
export const boardFile = pgTable(
  'board_file',
  {
    boardSn: bigint('board_sn', { mode: 'number' })
      .notNull()
      .references(() => boardPost.boardSn, { onDelete: 'cascade' }),
    fileSn: bigint('file_sn', { mode: 'number' })
      .notNull()
      .references(() => uploadFile.fileSn, { onDelete: 'cascade' }),
    sortNo: integer('sort_no').notNull(),
  },
  (t) => [primaryKey({ name: 'board_file_pk', columns: [t.boardSn, t.fileSn] })],
);

export const boardReply = pgTable(
  'board_reply',
  {
    replySn: bigserial('reply_sn', { mode: 'number' }).primaryKey(),
    boardSn: bigint('board_sn', { mode: 'number' })
      .notNull()
      .references(() => boardPost.boardSn, { onDelete: 'cascade' }),
    userKey: memberKey('user_key'),
    content: text('content').notNull(),
    state: text('state', { enum: ['visible', 'hidden', 'deleted'] })
      .notNull()
      .default('visible'),
    moderationReason: text('moderation_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('board_reply_post_idx').on(t.boardSn, t.replySn).where(sql`state = 'visible'`),
    index('board_reply_admin_idx').on(t.state, t.replySn.desc()),
    index('board_reply_user_idx').on(t.userKey),
  ],
);

/** One row per (post, member, KST day): a view counts once per member per day. */
export const boardView = pgTable(
  'board_view',
  {
    boardSn: bigint('board_sn', { mode: 'number' })
      .notNull()
      .references(() => boardPost.boardSn, { onDelete: 'cascade' }),
    userKey: memberKey('user_key'),
    viewDay: date('view_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'board_view_pk', columns: [t.boardSn, t.userKey, t.viewDay] })],
);

/** Notices of the customer centre (`cs`) and the board's pinned operating principles (`board`). */
export const csNotice = pgTable(
  'cs_notice',
  {
    noticeSn: bigserial('notice_sn', { mode: 'number' }).primaryKey(),
    place: text('place', { enum: ['cs', 'board'] })
      .notNull()
      .default('cs'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    top: boolean('top').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    createdBy: staffKey('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [index('cs_notice_list_idx').on(t.place, t.top, t.noticeSn)],
);

export const csFaq = pgTable('cs_faq', {
  faqSn: bigserial('faq_sn', { mode: 'number' }).primaryKey(),
  category: text('category').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sortNo: integer('sort_no').notNull().default(0),
  deleted: boolean('deleted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's question (SPEC §4 Q&A: waiting → answered → complete). */
export const csQna = pgTable(
  'cs_qna',
  {
    qnaSn: bigserial('qna_sn', { mode: 'number' }).primaryKey(),
    userKey: memberKey('user_key'),
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    state: text('state', { enum: ['waiting', 'answered', 'complete'] })
      .notNull()
      .default('waiting'),
    answer: text('answer'),
    answeredBy: staffKey('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cs_qna_user_idx').on(t.userKey, t.qnaSn), index('cs_qna_state_idx').on(t.state, t.qnaSn)],
);

export const csQnaFile = pgTable(
  'cs_qna_file',
  {
    qnaSn: bigint('qna_sn', { mode: 'number' })
      .notNull()
      .references(() => csQna.qnaSn, { onDelete: 'cascade' }),
    fileSn: bigint('file_sn', { mode: 'number' })
      .notNull()
      .references(() => uploadFile.fileSn, { onDelete: 'cascade' }),
    sortNo: integer('sort_no').notNull(),
  },
  (t) => [primaryKey({ name: 'cs_qna_file_pk', columns: [t.qnaSn, t.fileSn] })],
);

/** A report (received → in_progress → complete) with the action taken, which the reporter sees. */
export const csReport = pgTable(
  'cs_report',
  {
    reportSn: bigserial('report_sn', { mode: 'number' }).primaryKey(),
    userKey: memberKey('user_key'),
    targetType: text('target_type').notNull(),
    targetKey: text('target_key').notNull(),
    targetLabel: text('target_label').notNull().default(''),
    /** The member the target belongs to, when known (not a foreign key: a report outlives the account). */
    targetUserKey: bigint('target_user_key', { mode: 'number' }),
    reportType: text('report_type').notNull(),
    content: text('content').notNull(),
    quote: text('quote').notNull().default(''),
    state: text('state', { enum: ['received', 'in_progress', 'complete'] })
      .notNull()
      .default('received'),
    action: text('action'),
    actionMemo: text('action_memo').notNull().default(''),
    handledBy: staffKey('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cs_report_user_idx').on(t.userKey, t.reportSn),
    index('cs_report_state_idx').on(t.state, t.reportSn),
    index('cs_report_target_idx').on(t.targetType, t.targetKey),
    uniqueIndex('cs_report_open_uq').on(t.userKey, t.targetType, t.targetKey).where(sql`state <> 'complete'`),
  ],
);

/** Every operator action on the board and the customer centre (read back by /admin/audit_list). */
export const communityAudit = pgTable(
  'community_audit',
  {
    auditSn: bigserial('audit_sn', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
    targetKind: text('target_kind').notNull(),
    targetSn: bigint('target_sn', { mode: 'number' }).notNull(),
    /** The member concerned (a post's author, a reporter, an asker), when there is one. */
    memberKey: bigint('member_key', { mode: 'number' }),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('community_audit_created_idx').on(t.createdAt)],
);
