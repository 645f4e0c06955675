import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import type { ListSet } from './envelope.js';
import type { Lang } from './lang.js';

/**
 * The store and items (SPEC §1, §2 /store…, /mypage/item…, §3 item fields and counters, §4 item states,
 * §7 item calls). Items are bought with CUBIC; every purchase and refund is a ledger transaction
 * (docs/items.md). Names and descriptions are kept per language; the UI shows the viewer's language and
 * falls back to Korean.
 */

/** Store categories (the SPEC does not list them; docs/items.md). */
export const ITEM_CATEGORIES = ['effect', 'sticker', 'badge', 'chat'] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

/** A text in each UI language; `ko` is required, the others fall back to it. */
export type LocalizedText = { ko: string } & Partial<Record<Exclude<Lang, 'ko'>, string>>;

export function localized(text: LocalizedText, lang: Lang): string {
  return (lang === 'ko' ? text.ko : text[lang]) || text.ko;
}

/**
 * A user's item (SPEC §4): bought and not yet used (`unused`), running (`in_use`: used at least once and
 * within its validity), stopped by its owner (`stopped`: `suspend_user_item`, resumed by `item_use`),
 * past its validity (`expired`), used up (`used`: a one-off item after its use) or given back for CUBIC
 * (`refunded`). "Sponsored" is not a state: it is an item another user bought as a gift (`sponsor` set).
 */
export const USER_ITEM_STATES = ['unused', 'in_use', 'stopped', 'expired', 'used', 'refunded'] as const;
export type UserItemState = (typeof USER_ITEM_STATES)[number];

/** Which list of /mypage/item (`/mypage/item_more` box). */
export const ITEM_BOXES = {
  /** Unused, in use and stopped items (/mypage/item). */
  active: ['unused', 'in_use', 'stopped'],
  /** Expired, used-up and refunded items (/mypage/item/expired). */
  expired: ['expired', 'used', 'refunded'],
} as const satisfies Record<string, readonly UserItemState[]>;

/** The four counters of /mypage/item (SPEC §3 'Item counters: sponsored, expired, in use, unused'). */
export interface ItemCounters {
  /** Items received as gifts that are still active. */
  sponsored: number;
  expired: number;
  in_use: number;
  unused: number;
}

/** Limits of the store (not given by the SPEC; docs/items.md). */
export const ITEM_LIMITS = {
  /** Items of one kind in one purchase (price × count). */
  countMax: 100,
  /** Days after purchase an unused refundable item can be given back. */
  refundDays: 7,
  /** Validity in days an operator may set. */
  validityDaysMax: 3650,
  /** Uses per day an operator may set (0: no daily limit). */
  usesPerDayMax: 1000,
  priceMax: 10_000_000,
  nameMax: 40,
  descriptionMax: 500,
  /** Previous months /mypage/details can show besides the current one (SPEC §1 'a configurable number of months'). */
  detailsMonthsDefault: 3,
} as const;

/** One item of the catalogue as the store shows it (`save_item_info`, `save_item_detail`). */
export interface StoreItem {
  item_sn: number;
  category: ItemCategory;
  /** In the caller's language. */
  name: string;
  description: string;
  image_url: string;
  /** Price of one item in CUBIC. */
  price: number;
  /** Days an item stays valid after its purchase. */
  validity_days: number;
  /** Uses per day; 0 is unlimited. */
  uses_per_day: number;
  refund_yn: 'Y' | 'N';
  gift_yn: 'Y' | 'N';
  /** Y: a one-off item, `used` (used up) after its first use (docs/items.md). */
  single_use_yn?: 'Y' | 'N';
  /** Whether it can be bought now (store_detail_more also answers items taken off sale; docs/items.md). */
  on_sale_yn?: 'Y' | 'N';
}

/** An operator's view of a catalogue item: every language and its sale state. */
export interface AdminStoreItem extends Omit<StoreItem, 'name' | 'description'> {
  names: LocalizedText;
  descriptions: LocalizedText;
  on_sale_yn: 'Y' | 'N';
  sort: number;
}

/** A user's item on /mypage/item and its lists. */
export interface UserItem {
  user_item_sn: number;
  item: StoreItem;
  state: UserItemState;
  /** Who bought it as a gift (null: bought by its owner). */
  sponsor: { user_key: number; nick: string } | null;
  /** For an item this user gave (box `gift_sent`): who received it. */
  receiver: { user_key: number; nick: string } | null;
  /** CUBIC paid for this one item. */
  price: number;
  /** Uses today (the KST day) and the daily limit (0: unlimited). */
  uses_today: number;
  uses_per_day: number;
  /** Y when it can still be refunded now (refundable, unused, within ITEM_LIMITS.refundDays, not a gift). */
  refundable_now_yn: 'Y' | 'N';
  /** ISO 8601. */
  purchased_at: string;
  expires_at: string;
  last_used_at: string | null;
}

/** POST /sub/store_more: the catalogue, paginated, optionally one category. */
export const StoreListSchema = z.object({
  category: z.enum(ITEM_CATEGORIES).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});
export type StoreListReq = z.infer<typeof StoreListSchema>;

/** POST /sub/store_detail_more: one item. */
export const StoreDetailSchema = z.object({
  item_sn: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31),
});

/**
 * POST /item/item_deal_proc: buy `cnt` items (price × cnt CUBIC) for yourself, or as a gift to another
 * member (`gift_id`: their login ID); a gift made from a live room (`vod_key`) is announced there (code 61).
 * `cnt` travels as text and is checked by `checkAmount` against 1…ITEM_LIMITS.countMax.
 */
export const ItemDealSchema = z.object({
  item_sn: z.string().max(20),
  cnt: z.string().max(64).default('1'),
  gift_id: z.string().trim().max(64).optional(),
  vod_key: z.string().max(64).optional(),
  message: z.string().trim().max(100).optional(),
  /** Or the Idempotency-Key header. */
  idempotency_key: z.string().max(128).optional(),
});
export type ItemDealReq = z.infer<typeof ItemDealSchema>;

export interface ItemDealSet {
  txn_id: number;
  item_sn: number;
  cnt: number;
  /** CUBIC paid (price × cnt). */
  total: number;
  /** The buyer's CUBIC after the purchase. */
  balance: number;
  /** The items created (owned by the buyer, or by the receiver of a gift). */
  user_item_sns: number[];
  gift_user_key: number | null;
  created_at: string;
}

/** POST /item/item_use: use an item (in a live room when `vod_key` is given: announced there with code 60). */
export const ItemUseSchema = z.object({
  user_item_sn: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
  vod_key: z.string().max(64).optional(),
});

/** POST /item/suspend_user_item and /item/item_refund_proc: one of the caller's items. */
export const UserItemRefSchema = z.object({
  user_item_sn: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53),
  /** Refunds only: or the Idempotency-Key header. */
  idempotency_key: z.string().max(128).optional(),
});

/** POST /item/item_refund_proc: the CUBIC given back for one unused item (a replay answers the first refund). */
export interface ItemRefundSet {
  txn_id: number;
  user_item_sn: number;
  /** CUBIC given back (the price paid for this item). */
  amount: number;
  /** The caller's CUBIC after the refund. */
  balance: number;
  created_at: string;
}

/**
 * POST /mypage/item_history: the caller's item uses of one KST month ('YYYY-MM': the current one or one of
 * the ITEM_LIMITS.detailsMonthsDefault previous ones; absent: the current one), newest first. The answer
 * also carries `months`, the months offered.
 */
export const ItemHistorySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ItemHistoryReq = z.infer<typeof ItemHistorySchema>;

/** One use of an item (the item usage history). */
export interface ItemUseEntry {
  use_sn: number;
  user_item_sn: number;
  item_sn: number;
  /** In the caller's language. */
  name: string;
  image_url: string;
  /** The live room it was announced in, if any. */
  vod_key: string | null;
  /** ISO 8601. */
  used_at: string;
}

/** POST /mypage/item_more: one list of /mypage/item. */
export const ItemListSchema = z.object({
  box: z.enum(['active', 'expired', 'gift_received', 'gift_sent']).default('active'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ItemListReq = z.infer<typeof ItemListSchema>;

/** GET /mypage/item: the counters, and how many previous months /mypage/details offers. */
export interface MyItemSummary {
  counters: ItemCounters;
  cubic_cnt: number;
}

/** The data of the chat events item use (60) and item gift (61) in OUTSIDE_MSG. */
export interface ItemChatEventData {
  item_sn: number;
  user_item_sn?: number;
  /** Every language, so each viewer's client shows its own. */
  names: LocalizedText;
  image_url: string;
  cnt: number;
  /** Item gifts (61): who received it. */
  receiver?: { user_key: number; nick: string };
}

/** The data of a star gift event (20–23) in OUTSIDE_MSG; `m` carries the gift's message. */
export interface StarGiftChatEventData {
  star_cnt: number;
  txn_id: number;
  /** True on the viewer's first gift to this BJ: they just joined the BJ's fan club. */
  first_gift: boolean;
  /** The viewer's fan number in the BJ's fan club (join order), or null when unknown. */
  fan_no: number | null;
}

/** POST /admin/item_save: create (no item_sn) or update a catalogue item (operators). */
export const AdminItemSaveSchema = z.object({
  item_sn: z.coerce.number().int().min(1).optional(),
  category: z.enum(ITEM_CATEGORIES),
  name_ko: z.string().trim().min(1).max(ITEM_LIMITS.nameMax),
  name_en: z.string().trim().max(ITEM_LIMITS.nameMax).default(''),
  name_ja: z.string().trim().max(ITEM_LIMITS.nameMax).default(''),
  name_zh: z.string().trim().max(ITEM_LIMITS.nameMax).default(''),
  description_ko: z.string().trim().max(ITEM_LIMITS.descriptionMax).default(''),
  description_en: z.string().trim().max(ITEM_LIMITS.descriptionMax).default(''),
  description_ja: z.string().trim().max(ITEM_LIMITS.descriptionMax).default(''),
  description_zh: z.string().trim().max(ITEM_LIMITS.descriptionMax).default(''),
  image_url: z.string().trim().max(500).default(''),
  price: z.coerce.number().int().min(1).max(ITEM_LIMITS.priceMax),
  validity_days: z.coerce.number().int().min(1).max(ITEM_LIMITS.validityDaysMax),
  uses_per_day: z.coerce.number().int().min(0).max(ITEM_LIMITS.usesPerDayMax),
  refund_yn: z.enum(['Y', 'N']),
  gift_yn: z.enum(['Y', 'N']),
  /** Y: a one-off item (used up by its first use). */
  single_use_yn: z.enum(['Y', 'N']).default('N'),
  on_sale_yn: z.enum(['Y', 'N']).default('Y'),
  sort: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AdminItemSaveReq = z.infer<typeof AdminItemSaveSchema>;

/** POST /popup/gift (SPEC §7): what the gift panel of a live room shows. */
export const GiftPanelSchema = z.object({ vod_key: z.string().trim().min(1).max(64) });

/** The items the gift panel offers at most (on sale and giftable, by the store's order). */
export const GIFT_PANEL_ITEMS_MAX = 50;

/**
 * The gift panel's data (issue 15): the BJ gifts go to, the caller's STAR and CUBIC, the STAR amounts
 * offered (the presets and the direct input's bounds: STAR_GIFT) and the items that can be given, in the
 * caller's language. `is_bj_yn` is Y in the BJ's own room: nobody gifts themselves, the panel offers nothing.
 */
export interface GiftPanelSet {
  vod_key: string;
  bj: { user_key: number; id: string; nick: string };
  star_cnt: number;
  cubic_cnt: number;
  is_bj_yn: 'Y' | 'N';
  star_gift: { min: number; max: number; presets: number[]; message_max: number };
  item_list: StoreItem[];
}

/** The store's and the items' calls (docs/items.md), declared once for the server, the web and the tests. */
export const itemsEndpoints = {
  giftPanel: endpoint<GiftPanelSet>()({
    method: 'POST',
    path: '/popup/gift',
    request: GiftPanelSchema,
    tags: ['items'],
    summary: "A live room's gift panel: its BJ, the caller's STAR and CUBIC, the STAR amounts and the items that can be given",
  }),
  storeList: endpoint<ListSet<StoreItem> & { save_item_info: StoreItem[] }>()({
    method: 'POST',
    path: '/sub/store_more',
    request: StoreListSchema,
    tags: ['items'],
    summary: 'The store catalogue (items on sale), paginated, optionally one category',
  }),
  storeDetail: endpoint<StoreItem & { save_item_detail: StoreItem }>()({
    method: 'POST',
    path: '/sub/store_detail_more',
    request: StoreDetailSchema,
    tags: ['items'],
    summary: 'One catalogue item (also off sale: on_sale_yn)',
  }),
  deal: endpoint<ItemDealSet>()({
    method: 'POST',
    path: '/item/item_deal_proc',
    request: ItemDealSchema,
    tags: ['items'],
    summary: 'Buy cnt items with CUBIC, for yourself or as a gift (gift_id); Idempotency-Key header or idempotency_key field',
  }),
  use: endpoint<UserItem>()({
    method: 'POST',
    path: '/item/item_use',
    request: ItemUseSchema,
    tags: ['items'],
    summary: 'Use one of your items (announced in a live room with vod_key: code 60)',
  }),
  suspend: endpoint<UserItem>()({
    method: 'POST',
    path: '/item/suspend_user_item',
    request: UserItemRefSchema,
    tags: ['items'],
    summary: 'Stop one of your items in use',
  }),
  refund: endpoint<ItemRefundSet>()({
    method: 'POST',
    path: '/item/item_refund_proc',
    request: UserItemRefSchema,
    tags: ['items'],
    summary: 'Refund an unused refundable item you bought, within its refund window; Idempotency-Key header or idempotency_key field',
  }),
  summary: endpoint<MyItemSummary>()({
    method: 'GET',
    path: '/mypage/item',
    request: z.object({}),
    tags: ['items'],
    summary: 'The item counters and CUBIC of the caller',
  }),
  list: endpoint<ListSet<UserItem> & { box: z.output<typeof ItemListSchema>['box'] }>()({
    method: 'POST',
    path: '/mypage/item_more',
    request: ItemListSchema,
    tags: ['items'],
    summary: 'One list of the caller’s items, newest first',
  }),
  history: endpoint<ListSet<ItemUseEntry> & { month: string; months: string[] }>()({
    method: 'POST',
    path: '/mypage/item_history',
    request: ItemHistorySchema,
    tags: ['items'],
    summary: 'The caller’s item uses of one KST month, newest first',
  }),
  adminSave: endpoint<AdminStoreItem>()({
    method: 'POST',
    path: '/admin/item_save',
    request: AdminItemSaveSchema,
    tags: ['items'],
    summary: 'Create or update a catalogue item (operators)',
  }),
  adminList: endpoint<ListSet<AdminStoreItem>>()({
    method: 'POST',
    path: '/admin/item_list',
    request: StoreListSchema,
    tags: ['items'],
    summary: 'The whole catalogue in every language, also off sale (operators)',
  }),
} as const;

/** The items result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const itemsCodes = defineCodes('items', [[7100, 7199]], {
  /** Items: no such item in the store. */
  ITEM_NOT_FOUND: {
    code: 7101,
    ko: '존재하지 않는 아이템입니다.',
    en: 'No such item.',
    ja: '存在しないアイテムです。',
    'zh-CN': '该道具不存在。',
  },
  /** Items: the item is no longer sold. */
  ITEM_NOT_ON_SALE: {
    code: 7102,
    ko: '판매가 종료된 아이템입니다.',
    en: 'This item is no longer on sale.',
    ja: '販売が終了したアイテムです。',
    'zh-CN': '该道具已停止销售。',
  },
  /** Items: this item cannot be bought as a gift. */
  ITEM_NOT_GIFTABLE: {
    code: 7103,
    ko: '선물할 수 없는 아이템입니다.',
    en: 'This item cannot be given as a gift.',
    ja: 'プレゼントできないアイテムです。',
    'zh-CN': '该道具不能作为礼物赠送。',
  },
  /** Items: the caller has no such item (or it is someone else's). */
  ITEM_USER_NOT_FOUND: {
    code: 7104,
    ko: '보유하지 않은 아이템입니다.',
    en: 'You do not have this item.',
    ja: '保有していないアイテムです。',
    'zh-CN': '您没有该道具。',
  },
  /** Items: the item is past its validity period. */
  ITEM_EXPIRED: {
    code: 7105,
    ko: '사용 기간이 만료된 아이템입니다.',
    en: 'This item has expired.',
    ja: '使用期間が終了したアイテムです。',
    'zh-CN': '该道具已过期。',
  },
  /** Items: the item was used `{max}` times today, its daily limit. */
  ITEM_DAILY_LIMIT: {
    code: 7106,
    ko: '오늘 사용 가능 횟수({max}회)를 모두 사용했습니다.',
    en: 'This item was already used {max} times today, its daily limit.',
    ja: '本日の使用可能回数（{max}回）をすべて使用しました。',
    'zh-CN': '今日的使用次数（{max}次）已用完。',
  },
  /** Items: the item was used up or refunded. */
  ITEM_USED_UP: {
    code: 7107,
    ko: '이미 사용이 끝났거나 환불된 아이템입니다.',
    en: 'This item was already used up or refunded.',
    ja: '使用済みまたは払い戻し済みのアイテムです。',
    'zh-CN': '该道具已用完或已退款。',
  },
  /** Items: only an item in use can be stopped. */
  ITEM_NOT_IN_USE: {
    code: 7108,
    ko: '사용 중인 아이템만 중지할 수 있습니다.',
    en: 'Only an item in use can be stopped.',
    ja: '使用中のアイテムのみ停止できます。',
    'zh-CN': '只能停止正在使用的道具。',
  },
  /** Items: this item cannot be refunded (not refundable, or received as a gift). */
  ITEM_NOT_REFUNDABLE: {
    code: 7109,
    ko: '환불할 수 없는 아이템입니다.',
    en: 'This item cannot be refunded.',
    ja: '払い戻しできないアイテムです。',
    'zh-CN': '该道具不可退款。',
  },
  /** Items: an item that was used cannot be refunded. */
  ITEM_REFUND_AFTER_USE: {
    code: 7110,
    ko: '사용한 아이템은 환불할 수 없습니다.',
    en: 'An item that has been used cannot be refunded.',
    ja: '使用したアイテムは払い戻しできません。',
    'zh-CN': '已使用的道具不能退款。',
  },
  /** Items: the refund window of `{days}` days after the purchase has passed. */
  ITEM_REFUND_WINDOW: {
    code: 7111,
    ko: '구매 후 {days}일이 지나 환불할 수 없습니다.',
    en: 'Refunds are only possible within {days} days of the purchase.',
    ja: '購入から{days}日を過ぎたため払い戻しできません。',
    'zh-CN': '购买超过{days}天，无法退款。',
  },
  /** Items: the room given is not live (an item is announced only in a live room). */
  ITEM_NOT_LIVE_ROOM: {
    code: 7112,
    ko: '방송 중인 방에서만 사용할 수 있습니다.',
    en: 'Items can only be announced in a live broadcast.',
    ja: '放送中のルームでのみ使用できます。',
    'zh-CN': '只能在直播中的房间使用。',
  },
});
