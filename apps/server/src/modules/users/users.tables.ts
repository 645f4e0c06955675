import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Per-user switches of /mypage/setting. */
export interface UserSettings {
  adult_broadcast: boolean;
  viewer_count: boolean;
  translation: boolean;
}

/**
 * A member account (SPEC §3 logged-in user). Several accounts may share one phone; a broadcaster account
 * is a separate account. Closed accounts keep their row (soft delete) until the grace period ends.
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
    profileCss: text('profile_css').notNull().default(''),
    /** argon2id; null for accounts that only sign in socially. */
    passwordHash: text('password_hash'),
    /** Account role of SPEC §6 (room roles such as manager live with the room). */
    role: text('role', { enum: ['user', 'bj', 'operator', 'gm'] })
      .notNull()
      .default('user'),
    phoneCountryNum: text('phone_country_num').notNull().default(''),
    phoneNo: text('phone_no').notNull().default(''),
    sex: text('sex', { enum: ['M', 'F', ''] })
      .notNull()
      .default(''),
    birthDate: date('birth_date'),
    email: text('email').notNull().default(''),
    countryCd: text('country_cd').notNull().default('kr'),
    /** Identity-verification key (adult verification); empty until verified. */
    ci: text('ci').notNull().default(''),
    agreeMarketing: boolean('agree_marketing').notNull().default(false),
    settings: jsonb('settings').$type<UserSettings>().notNull().default({ adult_broadcast: false, viewer_count: true, translation: false }),
    /** Wrong passwords in a row; at the limit the next login needs phone re-verification. */
    loginFailCnt: integer('login_fail_cnt').notNull().default(0),
    state: text('state', { enum: ['active', 'closed'] })
      .notNull()
      .default('active'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the closed account's grace period ended and its nickname was freed (withdrawal). */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    /** The verified name from identity verification (adult verification, guardian checks); empty until verified. */
    realName: text('real_name').notNull().default(''),
    /** When identity verification proved the holder is an adult (19+ by Korean law). */
    adultVerifiedAt: timestamp('adult_verified_at', { withTimezone: true }),
    /** Under-14 accounts: the legal guardian's verified name and identity key, and when they consented. */
    guardianName: text('guardian_name').notNull().default(''),
    guardianCi: text('guardian_ci').notNull().default(''),
    guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true }),
    /** A broadcaster, program or K-star account is a separate account owned by the applicant's account. */
    ownerUserKey: bigint('owner_user_key', { mode: 'number' }),
    stateMemo: text('state_memo').notNull().default(''),
    userLevel: integer('user_level').notNull().default(1),
    /** Who invited this member: the referral code given at sign-up (the referrer's login ID; docs/progression.md). */
    referredBy: bigint('referred_by', { mode: 'number' }),
    /** Demo content (BYEOL_DEMO / --demo; npm start sets it outside production); never created in production. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_id_key').on(sql`lower(${t.id})`),
    // Nicknames are unique regardless of case, as the duplicate check compares them.
    uniqueIndex('users_nick_key').on(sql`lower(${t.nick})`),
    index('users_type_idx').on(t.typeCd),
    index('users_phone_idx').on(t.phoneCountryNum, t.phoneNo),
    index('users_owner_idx').on(t.ownerUserKey),
    index('users_closed_idx').on(t.closedAt),
    index('users_referred_idx').on(t.referredBy).where(sql`${t.referredBy} is not null`),
  ],
);

/**
 * Server-side sessions: the cookie holds an opaque token, the table only its SHA-256, so a copy of the
 * database cannot be replayed as logins.
 */
export const userSession = pgTable(
  'user_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('user_session_user_idx').on(t.userKey), index('user_session_expires_idx').on(t.expiresAt)],
);

/**
 * Browsers that have signed in to an account (the OWASP device-cookie pattern, docs/accounts-login.md):
 * the cookie `byeol_dev` holds a random token, stored hashed. Wrong passwords from such a browser count
 * on its own row (`fail_cnt`), not on the account, so strangers who lock the account (users.login_fail_cnt)
 * do not lock its owner's known browsers out.
 */
export const trustedDevice = pgTable(
  'trusted_device',
  {
    tokenHash: text('token_hash').primaryKey(),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    failCnt: integer('fail_cnt').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trusted_device_user_idx').on(t.userKey, t.lastSeenAt)],
);

/**
 * An operator's or GM's second factor (TOTP, RFC 6238: any authenticator app; docs/accounts-login.md).
 * `enabled_at` is null while set up but not yet confirmed with a code; `last_step` is the newest time step
 * a login used, so a code is good once.
 */
export const userTotp = pgTable('user_totp', {
  userKey: bigint('user_key', { mode: 'number' })
    .primaryKey()
    .references(() => users.userKey, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
});
