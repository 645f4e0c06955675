import { z } from 'zod';
import type { ResultCodeName } from './result-codes.js';

/**
 * STAR and CUBIC (SPEC §1, §9): the currency codes the ledger stores. The UI never shows these codes but
 * the site terms (CURRENCY_NAME, CURRENCY_ITEM_NAME) in the viewer's language.
 */
export const CURRENCIES = ['STAR', 'CUBIC'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = z.enum(CURRENCIES);

/** What a ledger transaction did (docs/wallet-ledger.md): one kind per paying call. */
export const TXN_KINDS = ['gift', 'grant', 'transfer', 'item', 'refund', 'purchase'] as const;
export type TxnKind = (typeof TXN_KINDS)[number];

/** Accounts owned by a user: the spendable wallet and a broadcaster's gift earnings. */
export const USER_ACCOUNT_KINDS = ['wallet', 'earnings'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/**
 * System accounts, one per currency: `grant` (operator grants and demo funding come from it) and `refund`
 * are sources and go negative by design (they show how much was issued); `revenue` (the platform's share
 * of gifts) and `sink` (CUBIC spent on items) only receive.
 */
export const SYSTEM_ACCOUNT_KINDS = ['grant', 'revenue', 'sink', 'refund'] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

/** How big one ledger amount may be: far below 2^53, so sums of many stay exact in JavaScript too. */
export const LEDGER_AMOUNT_MAX = 1_000_000_000_000;

/**
 * A star gift (`/star/user_star_use_proc`): preset amounts of the gift form and the bounds of its direct
 * input (SPEC §5 'direct-input numeric gifts have a minimum; some amounts have a maximum').
 */
export const STAR_GIFT = {
  min: 1,
  max: 100_000,
  presets: [1, 10, 50, 100, 500, 1_000, 10_000],
  /** Characters of the message a gift may carry. */
  messageMax: 100,
} as const;

/** An operator grant (`/admin/wallet_grant`). */
export const WALLET_GRANT = {
  min: 1,
  max: 1_000_000_000,
  reasonMax: 200,
} as const;

export interface AmountLimits {
  min: number;
  max: number;
}

export type AmountCheck = { ok: true; value: number } | { ok: false; code: ResultCodeName; params: Record<string, string | number> };

/**
 * An amount as typed into a form: digits only, a whole number within the limits. Each kind of bad input
 * has its own answer (the 'amount zero, negative, fractional, huge, non-numeric'), so the form can
 * say exactly what is wrong; the web form and the server run this same check.
 */
export function checkAmount(raw: unknown, limits: AmountLimits, field = 'amount'): AmountCheck {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return { ok: false, code: 'WALLET_AMOUNT_NOT_NUMBER', params: { field } };
    if (!Number.isInteger(raw)) return { ok: false, code: 'WALLET_AMOUNT_NOT_WHOLE', params: { field } };
    if (raw > limits.max) return { ok: false, code: 'WALLET_AMOUNT_TOO_LARGE', params: { field, max: limits.max } };
    if (raw < limits.min) return { ok: false, code: 'WALLET_AMOUNT_TOO_SMALL', params: { field, min: limits.min } };
    return { ok: true, value: raw };
  }
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return { ok: false, code: 'REQUIRED', params: { field } };
  // A sign, a decimal point or an exponent are told apart from letters so the message can be precise.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return { ok: false, code: 'WALLET_AMOUNT_NOT_NUMBER', params: { field } };
  if (!/^[+-]?\d+$/.test(text)) return { ok: false, code: 'WALLET_AMOUNT_NOT_WHOLE', params: { field } };
  const negative = text.startsWith('-');
  const digits = text.replace(/^[+-]/, '').replace(/^0+(?=\d)/, '');
  if (negative && /[1-9]/.test(digits)) return { ok: false, code: 'WALLET_AMOUNT_TOO_SMALL', params: { field, min: limits.min } };
  // Compared as text first: '1e400'-sized digit strings must not become Infinity or lose precision.
  if (digits.length > String(limits.max).length || Number(digits) > limits.max) {
    return { ok: false, code: 'WALLET_AMOUNT_TOO_LARGE', params: { field, max: limits.max } };
  }
  const value = Number(digits);
  if (value < limits.min) return { ok: false, code: 'WALLET_AMOUNT_TOO_SMALL', params: { field, min: limits.min } };
  return { ok: true, value };
}

/** The header a paying call may carry its idempotency key in (or the form field `idempotency_key`). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** An idempotency key: chosen by the client once per user action (a UUID fits), reused on retries. */
export const IdempotencyKeySchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/**
 * POST /admin/wallet_grant: an operator or GM gives a user STAR or CUBIC from the grant account, with a
 * reason kept in the audit table. The amount is checked by `checkAmount` (its own messages), so it
 * travels as text here.
 */
export const WalletGrantSchema = z.object({
  /** The receiving account by user_key… */
  user_key: z.string().max(20).optional(),
  /** …or by login ID. */
  id: z.string().max(64).optional(),
  currency: z.string().max(16),
  amount: z.string().max(64),
  reason: z.string().trim().max(WALLET_GRANT.reasonMax),
  /** Or the Idempotency-Key header. */
  idempotency_key: z.string().max(128).optional(),
});
export type WalletGrantReq = z.infer<typeof WalletGrantSchema>;

export interface WalletGrantSet {
  txn_id: number;
  user_key: number;
  currency: Currency;
  amount: number;
  /** The user's wallet before and after the grant. */
  balance_before: number;
  balance_after: number;
  reason: string;
  /** ISO 8601. */
  created_at: string;
}

/**
 * POST /star/user_star_use_proc: a viewer gifts STAR to the BJ of a live room. The amount (a preset or
 * the direct input, within STAR_GIFT) is checked by `checkAmount`.
 */
export const StarGiftSchema = z.object({
  vod_key: z.string().min(1).max(64),
  star_cnt: z.string().max(64),
  message: z.string().trim().max(STAR_GIFT.messageMax).optional(),
  /** Or the Idempotency-Key header. */
  idempotency_key: z.string().max(128).optional(),
});
export type StarGiftReq = z.infer<typeof StarGiftSchema>;

export interface StarGiftSet {
  txn_id: number;
  vod_key: string;
  bj_user_key: number;
  /** STAR gifted. */
  star_cnt: number;
  /** The viewer's STAR after the gift. */
  balance: number;
  /** ISO 8601. */
  created_at: string;
  /** This gift made the viewer a fan of the BJ (their first gift to them); false on a replay. */
  first_gift: boolean;
}

/** POST /mypage/details_star and details_cubic: the caller's statement, newest first. */
export const StatementQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** `earnings`: a broadcaster's gift earnings (STAR) instead of the wallet. */
  account: z.enum(USER_ACCOUNT_KINDS).default('wallet'),
  /**
   * One month ('YYYY-MM', KST), the current one or one of the previous `DETAILS_MONTHS` (the site's
   * configurable number, SPEC §1 item usage history); absent: every entry.
   */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
});
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

/** One line of a statement: one entry of the account, with its transaction. */
export interface StatementEntry {
  txn_id: number;
  kind: TxnKind;
  currency: Currency;
  /** Signed: negative leaves the account. */
  amount: number;
  balance_after: number;
  /** What the transaction carried (vod_key, bj_user_key, message, reason…). */
  meta: Record<string, unknown>;
  /** ISO 8601. */
  created_at: string;
}

/** A statement's months ('YYYY-MM') and the site's day are in Korean time (KST, UTC+9, no daylight saving). */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** 'YYYY-MM' of an instant in KST. */
export function kstMonthOf(at: Date | number): string {
  const d = new Date((typeof at === 'number' ? at : at.getTime()) + KST_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The current KST month and the `back` months before it, newest first (what the details pages offer). */
export function detailsMonths(now: Date | number, back: number): string[] {
  const [y, m] = kstMonthOf(now).split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = 0; i <= Math.max(0, back); i++) {
    const index = y * 12 + (m - 1) - i;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

/** The instants a KST month spans: [from, to). */
export function kstMonthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1) - KST_OFFSET_MS), to: new Date(Date.UTC(y, m, 1) - KST_OFFSET_MS) };
}

/**
 * What /mypage/details_star and details_cubic add to their list (`data_list`, `data_totalcount`): the
 * currency, the months the page may offer (newest first: the current KST month and the previous
 * ITEM_LIMITS.detailsMonthsDefault), and the month shown ('' when every entry is listed).
 */
export interface StatementListExtra {
  currency: Currency;
  months: string[];
  month: string;
}

/** Ranking of star gifts: `room` ranks one broadcast (star_gift_rank), `bj` a BJ's fans over all broadcasts (bj_fan). */
export const GIFT_RANK_SCOPES = ['room', 'bj'] as const;
export type GiftRankScope = (typeof GIFT_RANK_SCOPES)[number];

/**
 * POST /star/gift_rank: the top supporters of a live room (or of its BJ, `scope=bj`). When the BJ keeps
 * sponsor lists private (chat setting 8104, sponsor_list_public_yn 'N'), only the BJ, the BJ's managers and
 * operators get the list; everyone else gets an empty list with `hidden_yn` 'Y'.
 */
export const GiftRankSchema = z.object({
  vod_key: z.string().min(1).max(64),
  scope: z.enum(GIFT_RANK_SCOPES).default('room'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type GiftRankReq = z.infer<typeof GiftRankSchema>;

/** One supporter of a gift ranking. */
export interface GiftRankEntry {
  /** 1-based; equal totals share the earlier gift's order (who reached it first ranks higher). */
  rank: number;
  user_key: number;
  nick: string;
  /** STAR gifted in the scope. */
  star_total: number;
  gift_cnt: number;
}

/** The extra of /star/gift_rank's list answer (`data_list`: GiftRankEntry[]). */
export interface GiftRankExtra {
  vod_key: string;
  bj_user_key: number;
  scope: GiftRankScope;
  /** The BJ's setting (SPEC §4 sponsor_list_public_yn). */
  sponsor_list_public_yn: 'Y' | 'N';
  /** 'Y': the list is private and the caller may not see it (the list is empty). */
  hidden_yn: 'Y' | 'N';
}
