import { z } from 'zod';
import { PagingSchema } from './envelope.js';
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
