import { bigint, bigserial, date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * A K-star's group, and the agency and debut date operators set over what the BJ's own channel profile says
 * (docs/stars.md).
 */
export const starProfile = pgTable(
  'star_profile',
  {
    userKey: bigint('user_key', { mode: 'number' })
      .primaryKey()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    agency: text('agency').notNull().default(''),
    groupName: text('group_name').notNull().default(''),
    debutDate: date('debut_date', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('star_profile_group_idx').on(t.groupName)],
);

/** What operators changed (/admin/audit_list source `stars`). */
export const starAudit = pgTable('star_audit', {
  auditSn: bigserial('audit_sn', { mode: 'number' }).primaryKey(),
  action: text('action').notNull(),
  actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
  memberKey: bigint('member_key', { mode: 'number' }).notNull(),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
