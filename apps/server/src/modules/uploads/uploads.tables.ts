import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * An uploaded file (POST /upload/upload_thum_ajax answers its SPEC §3 file-info fields). Kept under the
 * data folder; a temporary upload that no form claims is removed after a day.
 */
export const uploadFile = pgTable(
  'upload_file',
  {
    fileSn: bigserial('file_sn', { mode: 'number' }).primaryKey(),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    /** Path under the uploads folder, e.g. `2026/11/ab12….webp`. */
    path: text('path').notNull(),
    originalName: text('original_name').notNull().default(''),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    /** What it is for ('profile', later 'board', 'banner' …). */
    purpose: text('purpose').notNull(),
    /** 'temp' until a form saves it ('used'). */
    state: text('state', { enum: ['temp', 'used', 'deleted'] })
      .notNull()
      .default('temp'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A video is served only to its uploader: the file route finds its row by path.
  (t) => [index('upload_file_path_idx').on(t.path)],
);
