import { date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A completed identity verification (Korean 본인인증): the verified name, birth date, phone and `ci`
 * (the connecting-information key that is the same for one person across services). Handed to the next
 * step as a token (stored hashed) and spent once, on its purpose ('adult' or 'guardian').
 */
export const identityVerification = pgTable('identity_verification', {
  verifyId: text('verify_id').primaryKey(),
  purpose: text('purpose', { enum: ['adult', 'guardian'] }).notNull(),
  /** Which driver verified it ('dev' or a provider such as 'portone'). */
  driver: text('driver').notNull(),
  name: text('name').notNull(),
  birthDate: date('birth_date').notNull(),
  sex: text('sex', { enum: ['M', 'F', ''] })
    .notNull()
    .default(''),
  phoneNo: text('phone_no').notNull().default(''),
  ci: text('ci').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
