import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import type { ListSet } from './envelope.js';
import type { ResultCodeName } from './result-codes.js';

/**
 * STAR and CUBIC (SPEC §1, §9): the currency codes the ledger stores. The UI never shows these codes but
 * the site terms (CURRENCY_NAME, CURRENCY_ITEM_NAME) in the viewer's language.
 */
export const CURRENCIES = ['STAR', 'CUBIC'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = z.enum(CURRENCIES);

/** What a ledger transaction did (docs/wallet-ledger.md): one kind per paying call. */
export const TXN_KINDS = ['gift', 'grant', 'transfer', 'item', 'refund', 'purchase', 'ticket', 'mission'] as const;
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
  /**
   * 'Y': a donation (SOOP's 별풍선 with a message): paid and counted exactly as a gift, announced in the
   * room as the donation event (50) instead of 20–23. It needs a message (REQUIRED 'message' otherwise).
   */
  donation_yn: z.enum(['Y', 'N']).optional(),
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
  /** This gift made the viewer join the BJ's fan club (their first paid gift to them), also on a replay. */
  first_gift: boolean;
  /** The viewer's fan number in the BJ's fan club (join order). */
  fan_no: number | null;
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

/** The wallet's calls (docs/wallet-ledger.md), declared once for the server, the web and the tests. */
export const walletEndpoints = {
  grant: endpoint<WalletGrantSet>()({
    method: 'POST',
    path: '/admin/wallet_grant',
    request: WalletGrantSchema,
    tags: ['wallet'],
    summary: 'Grant STAR or CUBIC to a user (operators and GMs; audited; Idempotency-Key header or idempotency_key field)',
  }),
  gift: endpoint<StarGiftSet>()({
    method: 'POST',
    path: '/star/user_star_use_proc',
    request: StarGiftSchema,
    tags: ['wallet'],
    summary:
      'Gift STAR to the BJ of a live room; the room gets the star-gift chat event (20–23) once (Idempotency-Key header or idempotency_key field)',
  }),
  giftRank: endpoint<ListSet<GiftRankEntry> & GiftRankExtra>()({
    method: 'POST',
    path: '/star/gift_rank',
    request: GiftRankSchema,
    tags: ['wallet'],
    summary: "A live room's top supporters (scope=bj: its BJ's fans); private sponsor lists only for the BJ, managers and operators",
  }),
  detailsStar: endpoint<ListSet<StatementEntry> & StatementListExtra>()({
    method: 'POST',
    path: '/mypage/details_star',
    request: StatementQuerySchema,
    tags: ['wallet'],
    summary: "The caller's STAR statement, newest first (account=earnings: a BJ's gift earnings)",
  }),
  detailsCubic: endpoint<ListSet<StatementEntry> & StatementListExtra>()({
    method: 'POST',
    path: '/mypage/details_cubic',
    request: StatementQuerySchema,
    tags: ['wallet'],
    summary: "The caller's CUBIC statement, newest first (account=earnings: a BJ's gift earnings)",
  }),
} as const;

/** The wallet result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const walletCodes = defineCodes('wallet', [[7000, 7099]], {
  /** Wallet: the amount is not a number (letters, symbols). */
  WALLET_AMOUNT_NOT_NUMBER: {
    code: 7001,
    ko: '수량은 숫자로 입력해 주세요.',
    en: 'Enter the amount as a number.',
    ja: '数量は数字で入力してください。',
    'zh-CN': '请输入数字作为数量。',
  },
  /** Wallet: the amount has a fraction, a decimal point or an exponent; whole numbers only. */
  WALLET_AMOUNT_NOT_WHOLE: {
    code: 7002,
    ko: '수량은 소수점 없는 정수로 입력해 주세요.',
    en: 'Enter the amount as a whole number, without a decimal point.',
    ja: '数量は小数点のない整数で入力してください。',
    'zh-CN': '请输入不带小数点的整数数量。',
  },
  /** Wallet: the amount is zero, negative or below the minimum `{min}`. */
  WALLET_AMOUNT_TOO_SMALL: {
    code: 7003,
    ko: '수량은 {min} 이상이어야 합니다.',
    en: 'The amount must be at least {min}.',
    ja: '数量は{min}以上で入力してください。',
    'zh-CN': '数量不能少于{min}。',
  },
  /** Wallet: the amount is above the maximum `{max}`. */
  WALLET_AMOUNT_TOO_LARGE: {
    code: 7004,
    ko: '수량은 {max} 이하여야 합니다.',
    en: 'The amount can be at most {max}.',
    ja: '数量は{max}以下で入力してください。',
    'zh-CN': '数量不能超过{max}。',
  },
  /** Wallet: not enough `{currency}` (the site term) for this; nothing was charged. */
  WALLET_INSUFFICIENT: {
    code: 7005,
    ko: '{currency|이/가} 부족합니다.',
    en: 'You do not have enough {currency}.',
    ja: '{currency}が不足しています。',
    'zh-CN': '{currency}余额不足。',
  },
  /** Wallet: the idempotency key was already used for a different request (another amount, receiver or kind). */
  WALLET_KEY_REUSED: {
    code: 7006,
    ko: '이미 다른 요청에 사용된 요청 키입니다. 새로 시도해 주세요.',
    en: 'This request key was already used for a different request. Please try again.',
    ja: 'このリクエストキーは別のリクエストで使用済みです。もう一度お試しください。',
    'zh-CN': '该请求密钥已用于其他请求，请重新尝试。',
  },
  /** Wallet: no active account is that user. */
  WALLET_USER_NOT_FOUND: {
    code: 7007,
    ko: '존재하지 않는 회원입니다.',
    en: 'No such member.',
    ja: '存在しない会員です。',
    'zh-CN': '该会员不存在。',
  },
  /** Wallet: a gift to yourself. */
  WALLET_SELF_GIFT: {
    code: 7008,
    ko: '자기 자신에게는 선물할 수 없습니다.',
    en: 'You cannot send a gift to yourself.',
    ja: '自分自身にはプレゼントできません。',
    'zh-CN': '不能给自己送礼物。',
  },
  /** Wallet: the receiver of a gift is not a broadcaster. */
  WALLET_NOT_BJ: {
    code: 7009,
    ko: '선물을 받을 수 없는 회원입니다.',
    en: 'This member cannot receive gifts.',
    ja: 'この会員はプレゼントを受け取れません。',
    'zh-CN': '该会员无法接收礼物。',
  },
  /** Wallet: the ledger is overloaded for a moment; nothing was charged, try again. */
  WALLET_BUSY: {
    code: 7010,
    ko: '요청이 많아 처리하지 못했습니다. 차감된 금액은 없으니 잠시 후 다시 시도해 주세요.',
    en: 'Too many requests right now. Nothing was charged; please try again shortly.',
    ja: 'リクエストが集中しています。引き落としはありません。しばらくしてからもう一度お試しください。',
    'zh-CN': '当前请求过多，未扣除任何金额，请稍后重试。',
  },
  /** Wallet: the BJ blocked this viewer from their rooms; no gift can be sent there. */
  WALLET_GIFT_BLOCKED: {
    code: 7011,
    ko: '이 방송에서는 선물할 수 없습니다.',
    en: 'You cannot send gifts in this broadcast.',
    ja: 'この放送ではプレゼントできません。',
    'zh-CN': '无法在此直播中送礼物。',
  },
  /** Wallet: details only go back `{months}` months besides the current one. */
  WALLET_MONTH_OUT_OF_RANGE: {
    code: 7012,
    ko: '이번 달과 지난 {months}개월의 내역만 볼 수 있습니다.',
    en: 'Only this month and the last {months} months can be shown.',
    ja: '今月と過去{months}か月分の履歴のみ表示できます。',
    'zh-CN': '只能查看本月及过去{months}个月的记录。',
  },
});
