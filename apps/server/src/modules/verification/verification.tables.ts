import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A phone verification (SPEC §4: sent, resend, confirmed or failed). The pin and the token handed out
 * after confirmation are stored hashed; a confirmed verification is spent once, on its purpose.
 */
export const phoneVerification = pgTable(
  'phone_verification',
  {
    verifyId: text('verify_id').primaryKey(),
    purpose: text('purpose').notNull(),
    phoneCountryNum: text('phone_country_num').notNull(),
    phoneNo: text('phone_no').notNull(),
    pinHash: text('pin_hash').notNull(),
    state: text('state', { enum: ['sent', 'confirmed', 'void', 'used'] })
      .notNull()
      .default('sent'),
    tries: integer('tries').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    tokenHash: text('token_hash').unique(),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('phone_verification_phone_idx').on(t.phoneCountryNum, t.phoneNo, t.sentAt)],
);

/** Messages the `log` SMS driver "sent": development and tests only (never written in production). */
export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phoneCountryNum: text('phone_country_num').notNull(),
  phoneNo: text('phone_no').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
