import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A member account (SPEC §3 logged-in user). The accounts issue adds credentials, phone and verification;
 * the foundation needs the public face of a broadcaster for the home page.
 */
export const users = pgTable(
  'users',
  {
    userKey: bigserial('user_key', { mode: 'number' }).primaryKey(),
    /** Login ID: English letters or digits (SPEC §5). */
    id: text('id').notNull(),
    nick: text('nick').notNull(),
    /** 'user' for viewers; 'bj' for broadcasters (SPEC §3 type_cd). */
    typeCd: text('type_cd', { enum: ['user', 'bj'] })
      .notNull()
      .default('user'),
    /** BJ variant: general, enter (agency star), public, program, rookie. */
    bjTypeCd: text('bj_type_cd').notNull().default(''),
    profileImage: text('profile_image').notNull().default(''),
    stateMemo: text('state_memo').notNull().default(''),
    userLevel: integer('user_level').notNull().default(1),
    /** Demo content (BYEOL_DEMO / --demo; npm start sets it outside production); never created in production. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_id_key').on(sql`lower(${t.id})`),
    uniqueIndex('users_nick_key').on(t.nick),
    index('users_type_idx').on(t.typeCd),
  ],
);
