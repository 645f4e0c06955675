import type { ItemCategory, LocalizedText, UserItemState } from '@byeol/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.js';

/**
 * The store and users' items (docs/items.md). CUBIC moves only through the ledger (wallet_txn): a
 * purchase's items carry its txn_id, so a retried purchase finds the items its first call made.
 */

/** The catalogue, managed by operators (`/admin/item_save`). */
export const storeItem = pgTable(
  'store_item',
  {
    itemSn: serial('item_sn').primaryKey(),
    category: text('category').$type<ItemCategory>().notNull(),
    /** Name and description per UI language; `ko` always present. */
    names: jsonb('names').$type<LocalizedText>().notNull(),
    descriptions: jsonb('descriptions').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull().default(''),
    /** CUBIC for one item. */
    price: integer('price').notNull(),
    validityDays: integer('validity_days').notNull(),
    /** 0: no daily limit. */
    usesPerDay: integer('uses_per_day').notNull().default(0),
    refundable: boolean('refundable').notNull().default(true),
    giftable: boolean('giftable').notNull().default(true),
    /** A one-off item: its first use makes it `used`. */
    singleUse: boolean('single_use').notNull().default(false),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Demo content (demo seed); never in production. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_item_list_idx').on(t.onSale, t.category, t.sort, t.itemSn),
    check('store_item_price_positive', sql`${t.price} > 0`),
    check('store_item_validity_positive', sql`${t.validityDays} > 0`),
    check('store_item_uses_not_negative', sql`${t.usesPerDay} >= 0`),
  ],
);

/** One item a user holds (bought, or received as a gift: `sponsor_user_key`). */
export const userItem = pgTable(
  'user_item',
  {
    userItemSn: bigserial('user_item_sn', { mode: 'number' }).primaryKey(),
    userKey: bigint('user_key', { mode: 'number' })
      .notNull()
      .references(() => users.userKey, { onDelete: 'restrict' }),
    itemSn: integer('item_sn')
      .notNull()
      .references(() => storeItem.itemSn, { onDelete: 'restrict' }),
    state: text('state').$type<UserItemState>().notNull().default('unused'),
    /** The buyer when another user bought it as a gift. */
    sponsorUserKey: bigint('sponsor_user_key', { mode: 'number' }).references(() => users.userKey, { onDelete: 'restrict' }),
    /** The purchase (wallet_txn) that paid for it. */
    txnId: bigint('txn_id', { mode: 'number' }).notNull(),
    /** CUBIC paid for this one item. */
    price: integer('price').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    firstUsedAt: timestamp('first_used_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The KST day `uses_today` counts. */
    useDay: date('use_day'),
    usesToday: integer('uses_today').notNull().default(0),
    /** The refund (wallet_txn) that gave its price back. */
    refundTxnId: bigint('refund_txn_id', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_item_owner_idx').on(t.userKey, t.state, t.userItemSn.desc()),
    index('user_item_sponsor_idx').on(t.sponsorUserKey, t.userItemSn.desc()),
    index('user_item_txn_idx').on(t.txnId),
    // The expiry job reads only items that can still expire.
    index('user_item_expiry_idx').on(t.expiresAt).where(sql`${t.state} in ('unused', 'in_use', 'stopped')`),
    check('user_item_state', sql`${t.state} in ('unused', 'in_use', 'stopped', 'expired', 'used', 'refunded')`),
  ],
);

/** Every use of an item (the usage history of /mypage/details). */
export const userItemUse = pgTable(
  'user_item_use',
  {
    useSn: bigserial('use_sn', { mode: 'number' }).primaryKey(),
    userItemSn: bigint('user_item_sn', { mode: 'number' })
      .notNull()
      .references(() => userItem.userItemSn, { onDelete: 'cascade' }),
    userKey: bigint('user_key', { mode: 'number' }).notNull(),
    itemSn: integer('item_sn').notNull(),
    /** The live room it was announced in, if any. */
    vodKey: text('vod_key'),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_item_use_user_idx').on(t.userKey, t.usedAt.desc())],
);

/** Every operator save of a catalogue item: who, when, the item before (null when created) and after. */
export const storeItemAudit = pgTable(
  'store_item_audit',
  {
    auditSn: bigserial('audit_sn', { mode: 'number' }).primaryKey(),
    actorUserKey: bigint('actor_user_key', { mode: 'number' }).notNull(),
    /** item_save. */
    action: text('action').notNull(),
    itemSn: integer('item_sn').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_item_audit_item_idx').on(t.itemSn, t.auditSn), index('store_item_audit_actor_idx').on(t.actorUserKey, t.createdAt)],
);
