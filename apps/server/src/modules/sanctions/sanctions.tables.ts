import { SANCTION_KINDS } from '@byeol/contract';
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * Site-wide sanctions (docs/sanctions.md): one row per decision, never deleted (the audit trail is the
 * rows: who, whom, what, why, from when to when, and who lifted it). In force while `lifted_at` is null and
 * `ends_at` is in the future.
 */
export const sanction = pgTable(
  'sanction',
  {
    sanctionSn: bigserial('sanction_sn', { mode: 'number' }).primaryKey(),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey),
    kind: text('kind', { enum: SANCTION_KINDS }).notNull(),
    reason: text('reason').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: bigint('lifted_by', { mode: 'number' }),
  },
  (t) => [index('sanction_user_kind_idx').on(t.userKey, t.kind, t.endsAt), index('sanction_created_idx').on(t.startsAt)],
);
