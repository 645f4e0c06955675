import type { SiteFooter, SiteMeta, SiteSettings } from '@byeol/contract';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/** One row per site (SPEC §3 site info); the default install has site_key 1. */
export const site = pgTable('site', {
  siteKey: integer('site_key').primaryKey(),
  aspKey: integer('asp_key').notNull(),
  siteName: text('site_name').notNull(),
  countryCd: text('country_cd').notNull(),
  langCd: text('lang_cd').notNull(),
  regCountryCd: text('reg_country_cd').notNull(),
  languages: text('languages').array().notNull(),
  imageDomain: text('image_domain').notNull().default(''),
  /** Seconds clients may cache the site info. */
  expire: integer('expire').notNull().default(600),
  meta: jsonb('meta').$type<SiteMeta>().notNull(),
  footer: jsonb('footer').$type<SiteFooter>().notNull(),
  settings: jsonb('settings').$type<SiteSettings>().notNull(),
  /** A new policy version takes effect at least this many days after it is published (issue 19). */
  policyNoticeDays: integer('policy_notice_days').notNull().default(7),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Site terms per language (SPEC §3); an empty value falls back to the SPEC default in the answer. */
export const siteTerm = pgTable(
  'site_term',
  {
    siteKey: integer('site_key')
      .notNull()
      .references(() => site.siteKey, { onDelete: 'cascade' }),
    langCd: text('sti_lang_cd').notNull(),
    bjName: text('sti_bj_name').notNull().default(''),
    enterBjName: text('sti_enter_bj_name').notNull().default(''),
    publicBjName: text('sti_public_bj_name').notNull().default(''),
    programBjName: text('sti_program_bj_name').notNull().default(''),
    rookieBjName: text('sti_rookie_bj_name').notNull().default(''),
    clipName: text('sti_clip_name').notNull().default(''),
    currencyName: text('sti_currency_name').notNull().default(''),
    currencyItemName: text('sti_currency_item_name').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.siteKey, t.langCd] })],
);

/** Page head per request path (SPEC §3 page meta list). */
export const pageMeta = pgTable('page_meta', {
  id: serial('id').primaryKey(),
  siteKey: integer('site_key')
    .notNull()
    .references(() => site.siteKey, { onDelete: 'cascade' }),
  requestUrl: text('request_url').notNull(),
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  metaKeyword: text('meta_keyword').notNull().default(''),
});

/** Policy guides (terms, privacy…) and service guides (SPEC §3), each with a Korean title. */
export const guide = pgTable('guide', {
  id: serial('id').primaryKey(),
  siteKey: integer('site_key')
    .notNull()
    .references(() => site.siteKey, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['policy', 'service'] }).notNull(),
  /** What the policy is (`terms`, `privacy`, …: contract POLICY_CODES); null for a plain guide. */
  code: text('code'),
  /** Members must agree to it (at the join; a new version is asked again at the next login). */
  required: boolean('required').notNull().default(false),
  title: text('title').notNull(),
  sortNo: integer('sort_no').notNull().default(0),
  visible: boolean('visible').notNull().default(true),
});

/**
 * Published versions of a guide (issue 19): the text, why it changed and from when it applies. Never
 * updated or deleted; the version in effect is the newest whose effective date has come.
 */
export const policyVersion = pgTable(
  'policy_version',
  {
    guideId: integer('guide_id')
      .notNull()
      .references(() => guide.id, { onDelete: 'cascade' }),
    ver: integer('ver').notNull(),
    content: text('content').notNull(),
    reason: text('reason').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** The operator who published it (null: the install's first version). */
    publishedBy: bigint('published_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'policy_version_pk', columns: [t.guideId, t.ver] })],
);

/** Which version of a required policy a member agreed to, and when (the join, then each re-agreement). */
export const policyConsent = pgTable(
  'policy_consent',
  {
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'cascade' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guide.id, { onDelete: 'cascade' }),
    ver: integer('ver').notNull(),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'policy_consent_pk', columns: [t.userKey, t.guideId, t.ver] })],
);
