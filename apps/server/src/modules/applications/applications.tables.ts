import { bigint, bigserial, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uploadFile } from '../uploads/uploads.tables.js';
import { users } from '../users/users.tables.js';

/** /mypage/signup/bj, /kstar, /program. */
export const APPLICATION_KINDS = ['bj', 'kstar', 'program'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];
/** received → waiting → in progress → complete (or rejected by an operator). */
export const APPLICATION_STATES = ['received', 'waiting', 'in_progress', 'complete', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/**
 * An application for a broadcaster, K-star or program account. When an operator completes it, the
 * separate account is created (owned by the applicant's account) and recorded here.
 */
export const accountApplication = pgTable(
  'account_application',
  {
    appSn: bigserial('app_sn', { mode: 'number' }).primaryKey(),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    kind: text('kind', { enum: APPLICATION_KINDS }).notNull(),
    state: text('state', { enum: APPLICATION_STATES }).notNull().default('received'),
    /** The form's fields (SPEC §3 broadcaster profile labels), as sent. */
    form: jsonb('form').$type<Record<string, string>>().notNull(),
    /** The separate account created on completion. */
    accountUserKey: bigint('account_user_key', { mode: 'number' }).references(() => users.userKey),
    operatorMemo: text('operator_memo').notNull().default(''),
    /** Sent from /audition (issue 21): a BJ application with a performance video and a verified contact phone. */
    audition: boolean('audition').notNull().default(false),
    /** The contact phone verified with the application (a `contact` phone verification), '' when none. */
    contactPhoneCountryNum: text('contact_phone_country_num').notNull().default(''),
    contactPhoneNo: text('contact_phone_no').notNull().default(''),
    /** The uploaded performance video (purpose `audition`) and its URL ('' when none). */
    videoFileSn: bigint('video_file_sn', { mode: 'number' }).references(() => uploadFile.fileSn, { onDelete: 'set null' }),
    videoFile: text('video_file').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_application_user_idx').on(t.userKey, t.kind)],
);
