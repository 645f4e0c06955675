import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Magazine articles (SPEC §2 /magazine, §7 magazine calls); mi_sn is their public number. */
export const magazine = pgTable(
  'magazine',
  {
    miSn: bigserial('mi_sn', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull().default(''),
    image: text('image').notNull().default(''),
    viewCnt: integer('view_cnt').notNull().default(0),
    viewYn: boolean('view_yn').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [index('magazine_published_idx').on(t.publishedAt)],
);
