import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/** Social login providers (OAuth 2 / OpenID Connect). */
export const SOCIAL_PROVIDERS = ['google', 'naver', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** An account's link to a provider identity: one (provider, subject) signs in to exactly one account. */
export const userSocial = pgTable(
  'user_social',
  {
    provider: text('provider', { enum: SOCIAL_PROVIDERS }).notNull(),
    /** The provider's stable subject identifier (`sub`). */
    subject: text('subject').notNull(),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_social_subject_key').on(t.provider, t.subject), index('user_social_user_idx').on(t.userKey)],
);

/**
 * A sign-in started with a provider: the state sent to it, with the PKCE verifier and nonce to check its
 * answer. Spent once by the callback.
 */
export const oauthState = pgTable('oauth_state', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider', { enum: SOCIAL_PROVIDERS }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** Where the web app goes after the sign-in (a local path). */
  returnTo: text('return_to').notNull().default('/'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A first social login waiting for /user/join-social (nickname and terms): the verified identity is held
 * here, behind a token the browser keeps in an httpOnly cookie, until the join or its expiry.
 */
export const socialSignup = pgTable('social_signup', {
  tokenHash: text('token_hash').primaryKey(),
  provider: text('provider', { enum: SOCIAL_PROVIDERS }).notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull().default(''),
  name: text('name').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
