import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/** A member's user_key; their rows go when their account row goes. */
const memberKey = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.userKey, { onDelete: 'cascade' });

/**
 * Magazine articles (SPEC §2 /magazine, §7 magazine calls); mi_sn is their public number. Readers see an
 * article when it is `published` and its `published_at` has come (a later time schedules it). `content`
 * is sanitised HTML; `view_yn` mirrors "published" for the older readers of the table.
 */
export const magazine = pgTable(
  'magazine',
  {
    miSn: bigserial('mi_sn', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull().default(''),
    image: text('image').notNull().default(''),
    category: text('category').notNull().default('news'),
    state: text('state', { enum: ['draft', 'published', 'hidden'] })
      .notNull()
      .default('published'),
    viewCnt: integer('view_cnt').notNull().default(0),
    likeCnt: integer('like_cnt').notNull().default(0),
    viewYn: boolean('view_yn').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    index('magazine_published_idx').on(t.publishedAt),
    index('magazine_list_idx').on(t.category, t.publishedAt).where(sql`state = 'published'`),
  ],
);

export const magazineLike = pgTable(
  'magazine_like',
  {
    miSn: bigint('mi_sn', { mode: 'number' })
      .notNull()
      .references(() => magazine.miSn, { onDelete: 'cascade' }),
    userKey: memberKey('user_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'magazine_like_pk', columns: [t.miSn, t.userKey] })],
);

/** One row per (article, member, KST day): a view counts once per member per day. */
export const magazineView = pgTable(
  'magazine_view',
  {
    miSn: bigint('mi_sn', { mode: 'number' })
      .notNull()
      .references(() => magazine.miSn, { onDelete: 'cascade' }),
    userKey: memberKey('user_key'),
    viewDay: date('view_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'magazine_view_pk', columns: [t.miSn, t.userKey, t.viewDay] })],
);

/** A BJ's planned broadcast (the schedule); a cancelled one keeps its row. */
export const broadcastSchedule = pgTable(
  'broadcast_schedule',
  {
    scheduleSn: bigserial('schedule_sn', { mode: 'number' }).primaryKey(),
    bjUserKey: memberKey('bj_user_key'),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMin: integer('duration_min').notNull(),
    state: text('state', { enum: ['planned', 'cancelled'] })
      .notNull()
      .default('planned'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('broadcast_schedule_start_idx').on(t.startsAt).where(sql`state = 'planned'`),
    index('broadcast_schedule_bj_idx').on(t.bjUserKey, t.startsAt),
  ],
);

/** A site event (SPEC §2 /sub/event): a period, a banner and a sanitised body; members reply. */
export const siteEvent = pgTable(
  'site_event',
  {
    eventSn: bigserial('event_sn', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull().default(''),
    banner: text('banner').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['draft', 'published', 'hidden'] })
      .notNull()
      .default('published'),
    replyCnt: integer('reply_cnt').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [index('site_event_period_idx').on(t.startsAt, t.endsAt).where(sql`state = 'published'`)],
);

export const siteEventReply = pgTable(
  'site_event_reply',
  {
    replySn: bigserial('reply_sn', { mode: 'number' }).primaryKey(),
    eventSn: bigint('event_sn', { mode: 'number' })
      .notNull()
      .references(() => siteEvent.eventSn, { onDelete: 'cascade' }),
    userKey: memberKey('user_key'),
    content: text('content').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_event_reply_idx').on(t.eventSn, t.replySn).where(sql`not deleted`)],
);

/** Operators' editorial actions (articles, events, site switches), read back by /admin/audit_list. */
export const editorialAudit = pgTable(
  'editorial_audit',
  {
    auditSn: bigserial('audit_sn', { mode: 'number' }).primaryKey(),
    action: text('action').notNull(),
    actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
    targetKind: text('target_kind').notNull(),
    targetSn: bigint('target_sn', { mode: 'number' }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('editorial_audit_created_idx').on(t.createdAt)],
);
