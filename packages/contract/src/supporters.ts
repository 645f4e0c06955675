import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';
import type { PgCheckoutInfo } from './payments.js';

/**
 * Supporters (SPEC §1 "supporters (regular and auto-pay)", site switch `supporters`; §2 /store/supporters,
 * /mypage/supporters; §7 /pg/pg_supporters_request, /mypage/details_supporters_auto,
 * /mypage/details_supporters_regular; chat event 220). A member supports one BJ monthly at a plan price in
 * KRW: once (regular, card payment) or every month from a registered card (auto-pay, billing key).
 * docs/supporters.md.
 */

/** Limits and timings (not given by the SPEC; docs/supporters.md). */
export const SUPPORTER_LIMITS = {
  /** KRW of one plan. */
  priceMax: 1_000_000,
  /** Minutes a checkout may take before its pending charge is read as expired. */
  checkoutMinutes: 60,
  /** A failed monthly charge is tried again this many times… */
  retryMax: 3,
  /** …this many hours apart, then the subscription lapses. */
  retryHours: 24,
  /** Characters of a nick search. */
  searchMax: 20,
} as const;

/** regular: one month paid once (paying again extends it); auto: charged monthly from a billing key. */
export const SUPPORTER_TYPES = ['regular', 'auto'] as const;
export type SupporterType = (typeof SUPPORTER_TYPES)[number];

/**
 * A support's state. `active`: supporting (auto: charged monthly, maybe retrying a failed charge);
 * `cancelled`: auto-pay stopped by the member, supporting until the paid month ends; `lapsed`: auto-pay
 * stopped after the failed charge's retries; `ended`: the paid time is over (regular, or auto after
 * cancelled or lapsed).
 */
export const SUPPORTER_STATES = ['active', 'cancelled', 'lapsed', 'ended'] as const;
export type SupporterState = (typeof SUPPORTER_STATES)[number];

/** A charge: `pending` (checkout open), `paid` (the provider approved it, once), `failed`, `expired` (never confirmed). */
export const SUPPORTER_CHARGE_STATES = ['pending', 'paid', 'failed', 'expired'] as const;
export type SupporterChargeState = (typeof SUPPORTER_CHARGE_STATES)[number];

/** A plan a member can pick (operators manage the list). */
export interface SupporterPlan {
  plan_sn: number;
  /** KRW per month. */
  price: number;
}

export interface AdminSupporterPlan extends SupporterPlan {
  on_sale_yn: 'Y' | 'N';
  sort: number;
  created_at: string;
  updated_at: string;
}

/** A broadcaster a member can support (the BJ chooser). */
export interface SupporterBj {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  /** Live now. */
  live_yn: 'Y' | 'N';
}

/** POST /supporters/plan_list: the plans on sale (ours). */
export const SupporterPlanListSchema = z.object({});

/** POST /supporters/bj_list: broadcasters by nick (prefix, case ignored) or one by user_key (ours). */
export const SupporterBjListSchema = PagingSchema.extend({
  nick: z.string().max(SUPPORTER_LIMITS.searchMax).default(''),
  bj_user_key: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** POST /admin/supporter_plan_save (operators; audited): create (no plan_sn) or update a plan. */
export const AdminSupporterPlanSaveSchema = z.object({
  plan_sn: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** KRW as text, checked by `checkAmount`. */
  price: z.string().max(64),
  on_sale_yn: z.enum(['Y', 'N']).default('Y'),
  sort: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AdminSupporterPlanSaveReq = z.infer<typeof AdminSupporterPlanSaveSchema>;

export const AdminSupporterPlanListSchema = PagingSchema.extend({ limit: z.coerce.number().int().min(1).max(100).default(50) });

/**
 * POST /pg/pg_supporters_request (SPEC): a pending charge for one month of support of `bj_user_key` at
 * `plan_sn`, and what the browser needs to open the checkout (payment for regular, billing for auto).
 * Idempotency key in the field or the Idempotency-Key header.
 */
export const SupportersRequestSchema = z.object({
  bj_user_key: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  plan_sn: z.coerce.number().int().min(1).max(2_147_483_647),
  type: z.enum(SUPPORTER_TYPES),
  idempotency_key: z.string().max(128).optional(),
});
export type SupportersRequestReq = z.infer<typeof SupportersRequestSchema>;

/**
 * The answer of /pg/pg_supporters_request: the checkout of one pending charge (the fields of a card
 * checkout; `customer_key` is an opaque key per charge: for auto-pay the billing checkout registers the card to it).
 */
export interface SupportersCheckout extends PgCheckoutInfo {
  charge_sn: number;
  type: SupporterType;
}

/** POST /pg/supporters_confirm (ours): the regular checkout came back with paymentKey, orderId and amount. */
export const SupportersConfirmSchema = z.object({
  payment_key: z.string().min(1).max(200),
  order_id: z.string().min(1).max(64),
  amount: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type SupportersConfirmReq = z.infer<typeof SupportersConfirmSchema>;

/** POST /pg/supporters_billing_confirm (ours): the billing checkout came back with authKey and customerKey. */
export const SupportersBillingConfirmSchema = z.object({
  order_id: z.string().min(1).max(64),
  auth_key: z.string().min(1).max(300),
  customer_key: z.string().min(1).max(300),
});
export type SupportersBillingConfirmReq = z.infer<typeof SupportersBillingConfirmSchema>;

/** One support of the caller (/mypage/supporters) or of a BJ's supporter list. */
export interface Supporter {
  supporter_sn: number;
  type: SupporterType;
  state: SupporterState;
  bj: { user_key: number; id: string; nick: string; profile_image: string };
  /** The supporting member (the BJ's list; the caller on /mypage/supporters). */
  user: { user_key: number; nick: string };
  /** KRW per month. */
  price: number;
  /** Months paid so far. */
  periods: number;
  /** ISO 8601: supporting until then. */
  paid_until: string | null;
  /** Auto-pay: the next charge (null when none will happen). */
  next_charge_at: string | null;
  /** Auto-pay: failed tries of the current charge (retried, then lapsed). */
  fail_cnt: number;
  /** Auto-pay: the registered card, masked. */
  card_label: string;
  created_at: string;
}

/** POST /mypage/supporters (ours): the caller's supports, newest first; /supporters/my_supporters: a BJ's supporters. */
export const SupporterListSchema = PagingSchema.extend({
  /** Only supports supporting now (active or cancelled before the paid month ends). */
  current_yn: z.enum(['Y', 'N']).default('N'),
});

/** POST /mypage/supporters_auto_cancel (ours): stop the auto-pay (the paid month stays). */
export const SupporterRefSchema = z.object({
  supporter_sn: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** One charge: what the two details lists and the return pages show. */
export interface SupporterCharge {
  charge_sn: number;
  order_id: string;
  type: SupporterType;
  state: SupporterChargeState;
  bj: { user_key: number; id: string; nick: string };
  /** KRW. */
  amount: number;
  /** The month of support it paid for (paid charges): from, until (ISO 8601). */
  period_from: string | null;
  period_to: string | null;
  /** Which month of the support (1 = the first). */
  period_no: number;
  /** The masked card, when the provider told it. */
  card_label: string;
  /** Why a charge failed (the provider's message). */
  fail_msg: string;
  supporter_sn: number | null;
  created_at: string;
  paid_at: string | null;
}

/** POST /pg/supporters_charge (ours): one of the caller's charges (the return pages). */
export const SupporterChargeRefSchema = z.object({
  order_id: z.string().min(1).max(64),
});

/**
 * POST /mypage/details_supporters_auto and details_supporters_regular (SPEC): the caller's charges, newest
 * first, one KST month ('YYYY-MM', the current one or one the answer's `months` offers) or all.
 */
export const SupporterDetailsSchema = PagingSchema.extend({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
});

/** The data of the chat event supporter join (220); `by` is the supporter. */
export interface SupporterChatEventData {
  type: SupporterType;
  nick: string;
  user_key: number;
  /** Months supported so far (1: a new supporter). */
  periods: number;
}

/** What the details lists answer beside the charges: the type, the months offered and the month shown ('' for all). */
export interface SupporterDetailsExtra {
  type: SupporterType;
  months: string[];
  month: string;
}

/** The supporters calls (docs/supporters.md), declared once for the server, the web and the tests. */
export const supportersEndpoints = {
  planList: endpoint<ListSet<SupporterPlan>>()({
    method: 'POST',
    path: '/supporters/plan_list',
    request: SupporterPlanListSchema,
    tags: ['supporters'],
    summary: 'The supporter plans on sale (our name)',
  }),
  bjList: endpoint<ListSet<SupporterBj>>()({
    method: 'POST',
    path: '/supporters/bj_list',
    request: SupporterBjListSchema,
    tags: ['supporters'],
    summary: 'Broadcasters to support, by nick prefix or user_key, live ones first (our name)',
  }),
  request: endpoint<SupportersCheckout>()({
    method: 'POST',
    path: '/pg/pg_supporters_request',
    request: SupportersRequestSchema,
    tags: ['supporters'],
    summary: 'A pending supporter charge (regular: one month; auto: card registration + first month) and its checkout',
  }),
  confirm: endpoint<SupporterCharge>()({
    method: 'POST',
    path: '/pg/supporters_confirm',
    request: SupportersConfirmSchema,
    tags: ['supporters'],
    summary: 'Confirm a regular supporter payment after the checkout (order, owner and amount checked first; our name)',
  }),
  billingConfirm: endpoint<SupporterCharge>()({
    method: 'POST',
    path: '/pg/supporters_billing_confirm',
    request: SupportersBillingConfirmSchema,
    tags: ['supporters'],
    summary: 'Register the card of an auto-pay supporter after the billing checkout and charge the first month (our name)',
  }),
  charge: endpoint<SupporterCharge>()({
    method: 'POST',
    path: '/pg/supporters_charge',
    request: SupporterChargeRefSchema,
    tags: ['supporters'],
    summary: 'One of your supporter charges (the return pages; our name)',
  }),
  mySupports: endpoint<ListSet<Supporter>>()({
    method: 'POST',
    path: '/mypage/supporters',
    request: SupporterListSchema,
    tags: ['supporters'],
    summary: 'The BJs you support, supporting ones first (our name)',
  }),
  cancelAuto: endpoint<Supporter>()({
    method: 'POST',
    path: '/mypage/supporters_auto_cancel',
    request: SupporterRefSchema,
    tags: ['supporters'],
    summary: 'Stop an auto-pay support (the paid month stays; our name)',
  }),
  mySupporters: endpoint<ListSet<Supporter>>()({
    method: 'POST',
    path: '/mypage/my_supporters',
    request: SupporterListSchema,
    tags: ['supporters'],
    summary: 'Who supports you (broadcasters; our name)',
  }),
  detailsAuto: endpoint<ListSet<SupporterCharge> & SupporterDetailsExtra>()({
    method: 'POST',
    path: '/mypage/details_supporters_auto',
    request: SupporterDetailsSchema,
    tags: ['supporters'],
    summary: 'Your auto supporter charges by KST month, newest first',
  }),
  detailsRegular: endpoint<ListSet<SupporterCharge> & SupporterDetailsExtra>()({
    method: 'POST',
    path: '/mypage/details_supporters_regular',
    request: SupporterDetailsSchema,
    tags: ['supporters'],
    summary: 'Your regular supporter charges by KST month, newest first',
  }),
  adminPlanSave: endpoint<AdminSupporterPlan>()({
    method: 'POST',
    path: '/admin/supporter_plan_save',
    request: AdminSupporterPlanSaveSchema,
    tags: ['supporters'],
    summary: 'Create or update a supporter plan (operators; audited)',
  }),
  adminPlanList: endpoint<ListSet<AdminSupporterPlan>>()({
    method: 'POST',
    path: '/admin/supporter_plan_list',
    request: AdminSupporterPlanListSchema,
    tags: ['supporters'],
    summary: 'Every supporter plan, also off sale (operators)',
  }),
} as const;

/** The supporters result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const supportersCodes = defineCodes('supporters', [[7300, 7399]], {
  /** Supporters: the site has supporters switched off (site switch `supporters`). */
  SUPPORTER_DISABLED: {
    code: 7301,
    ko: '서포터즈 서비스를 이용할 수 없습니다.',
    en: 'Supporters are not available on this site.',
    ja: 'サポーターズはご利用いただけません。',
    'zh-CN': '目前无法使用支持者服务。',
  },
  /** Supporters: no such plan. */
  SUPPORTER_PLAN_NOT_FOUND: {
    code: 7302,
    ko: '존재하지 않는 서포터즈 상품입니다.',
    en: 'No such supporter plan.',
    ja: '存在しないサポーターズプランです。',
    'zh-CN': '该支持者方案不存在。',
  },
  /** Supporters: the plan is not on sale. */
  SUPPORTER_PLAN_NOT_ON_SALE: {
    code: 7303,
    ko: '판매하지 않는 서포터즈 상품입니다.',
    en: 'This supporter plan is not on sale.',
    ja: '販売されていないサポーターズプランです。',
    'zh-CN': '该支持者方案已停售。',
  },
  /** Supporters: the member to support is not an active broadcaster. */
  SUPPORTER_BJ_NOT_FOUND: {
    code: 7304,
    ko: '후원할 수 있는 BJ가 아닙니다.',
    en: 'This member is not a broadcaster you can support.',
    ja: 'サポートできるBJではありません。',
    'zh-CN': '该会员不是可支持的主播。',
  },
  /** Supporters: a member cannot support themselves. */
  SUPPORTER_SELF: {
    code: 7305,
    ko: '본인을 후원할 수 없습니다.',
    en: 'You cannot support yourself.',
    ja: 'ご自身をサポートすることはできません。',
    'zh-CN': '不能支持自己。',
  },
  /** Supporters: the member already auto-pays for this BJ. */
  SUPPORTER_AUTO_EXISTS: {
    code: 7306,
    ko: '이미 이 BJ의 정기결제 서포터입니다.',
    en: 'You already support this BJ with auto-pay.',
    ja: 'すでにこのBJの定期決済サポーターです。',
    'zh-CN': '您已通过自动扣款支持该主播。',
  },
  /** Supporters: no such charge (order id). */
  SUPPORTER_ORDER_NOT_FOUND: {
    code: 7307,
    ko: '존재하지 않는 결제입니다.',
    en: 'No such payment.',
    ja: '存在しない決済です。',
    'zh-CN': '该付款不存在。',
  },
  /** Supporters: the charge is another member's. */
  SUPPORTER_ORDER_OTHER_USER: {
    code: 7308,
    ko: '본인의 결제만 확인할 수 있습니다.',
    en: 'This payment belongs to another member.',
    ja: 'ご本人の決済のみ確認できます。',
    'zh-CN': '只能查看本人的付款。',
  },
  /** Supporters: the charge is already paid (a second confirmation). */
  SUPPORTER_ORDER_ALREADY_PAID: {
    code: 7309,
    ko: '이미 완료된 결제입니다.',
    en: 'This payment is already complete.',
    ja: 'すでに完了した決済です。',
    'zh-CN': '该付款已完成。',
  },
  /** Supporters: the checkout took too long; start again. */
  SUPPORTER_ORDER_EXPIRED: {
    code: 7310,
    ko: '결제 시간이 지났습니다. 다시 시도해 주세요.',
    en: 'The payment time has run out. Please start again.',
    ja: '決済の有効時間が過ぎました。もう一度お試しください。',
    'zh-CN': '付款已超时，请重新开始。',
  },
  /** Supporters: this checkout failed already; start a new one. */
  SUPPORTER_ORDER_FAILED: {
    code: 7311,
    ko: '실패한 결제입니다. 다시 시도해 주세요.',
    en: 'This payment failed. Please start again.',
    ja: '失敗した決済です。もう一度お試しください。',
    'zh-CN': '该付款失败，请重新开始。',
  },
  /** Supporters: the amount differs from the charge. */
  SUPPORTER_AMOUNT_MISMATCH: {
    code: 7312,
    ko: '결제 금액이 주문과 다릅니다.',
    en: 'The amount differs from the order.',
    ja: '決済金額が注文と異なります。',
    'zh-CN': '付款金额与订单不一致。',
  },
  /** Supporters: a regular charge confirmed as auto-pay or the other way round. */
  SUPPORTER_ORDER_TYPE: {
    code: 7313,
    ko: '결제 방식이 주문과 다릅니다.',
    en: 'The payment type differs from the order.',
    ja: '決済方式が注文と異なります。',
    'zh-CN': '付款方式与订单不一致。',
  },
  /** Supporters: the card registration is not the one issued for this charge. */
  SUPPORTER_CUSTOMER_MISMATCH: {
    code: 7314,
    ko: '카드 등록 정보가 주문과 다릅니다.',
    en: 'The card registration does not match the order.',
    ja: 'カード登録情報が注文と一致しません。',
    'zh-CN': '银行卡登记信息与订单不一致。',
  },
  /** Supporters: the card company refused the payment; `{message}` is its reason. */
  SUPPORTER_PAYMENT_REFUSED: {
    code: 7315,
    ko: '결제가 거절되었습니다: {message}',
    en: 'The payment was refused: {message}',
    ja: '決済が拒否されました: {message}',
    'zh-CN': '付款被拒绝：{message}',
  },
  /** Supporters: the payment provider cannot be reached now. */
  SUPPORTER_PG_UNAVAILABLE: {
    code: 7316,
    ko: '결제 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The payment service cannot be reached. Please try again later.',
    ja: '決済サービスに接続できません。しばらくしてから再度お試しください。',
    'zh-CN': '无法连接付款服务，请稍后再试。',
  },
  /** Supporters: no such support of the caller's. */
  SUPPORTER_NOT_FOUND: {
    code: 7317,
    ko: '존재하지 않는 서포터즈 내역입니다.',
    en: 'No such support.',
    ja: '存在しないサポーターズ履歴です。',
    'zh-CN': '该支持记录不存在。',
  },
  /** Supporters: only an active auto-pay can be cancelled. */
  SUPPORTER_NOT_AUTO_ACTIVE: {
    code: 7318,
    ko: '진행 중인 정기결제가 아닙니다.',
    en: 'This is not an active auto-pay.',
    ja: '進行中の定期決済ではありません。',
    'zh-CN': '这不是进行中的自动扣款。',
  },
  /** Supporters: the details lists show the current month and the `{months}` before it. */
  SUPPORTER_MONTH_OUT_OF_RANGE: {
    code: 7319,
    ko: '조회할 수 없는 월입니다. 이번 달과 지난 {months}개월만 조회할 수 있습니다.',
    en: 'That month cannot be shown: only this month and the previous {months} months.',
    ja: '照会できない月です。今月と過去{months}か月のみ照会できます。',
    'zh-CN': '无法查询该月份：仅可查询本月及之前{months}个月。',
  },
});
