import { z } from 'zod';
import { CURRENCIES, type Currency } from './wallet.js';

/**
 * Payments (SPEC §1 bank deposit without a passbook with a cash receipt or business proof, §2
 * /mypage/payment and /mypage/payment/bankbook and the payment panel, §3 order fields, §7
 * /payment/user_deposit_proc, /popup/complete_payment_bankbook, /mypage/payment, /mypage/payment_bankbook).
 * Real money buys STAR or CUBIC packages; the credit is a ledger transaction of kind `purchase`
 * (docs/payments.md). An order is a `user_payment_log` row (the SPEC's `user_payment_log_sn`).
 */

/** Limits of products and orders (not given by the SPEC; docs/payments.md). */
export const PAYMENT_LIMITS = {
  /** Currency in one package (and in its bonus). */
  amountMax: 10_000_000,
  /** KRW price of one package. */
  priceMax: 10_000_000,
  /** Hours a bank deposit order waits for its money before it expires. */
  depositDeadlineHours: 72,
  /** Minutes a card order waits for the checkout to come back confirmed before it expires. */
  cardDeadlineMinutes: 30,
  /** Pending bank deposit orders one member may hold at once. */
  pendingMax: 5,
  /** Characters of a depositor name. */
  depositorMax: 20,
  /** Characters of an operator's reason (reject). */
  reasonMax: 200,
} as const;

/** How an order is paid: bank deposit (무통장입금) or card (through the PG, docs/payments.md "Card payments"). */
export const PAYMENT_METHODS = ['bankbook', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * An order's state: `pending` (waiting for the money), then exactly one of `paid` (credited once),
 * `cancelled` (by its owner), `expired` (no money by the deadline) or `rejected` (by an operator); a paid
 * order may end `refunded` (an operator refunded it: the credit reversed exactly).
 */
export const PAYMENT_STATES = ['pending', 'paid', 'cancelled', 'expired', 'rejected', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** SPEC §1 cash receipt: none, income deduction (소득공제, a phone number) or expense proof (지출증빙, a business number). */
export const CASH_RECEIPT_TYPES = ['none', 'income', 'expense'] as const;
export type CashReceiptType = (typeof CASH_RECEIPT_TYPES)[number];

/** A Korean mobile number for income deduction: 010…, digits with optional hyphens; answers the digits. */
export function normalizeReceiptPhone(raw: string): string | null {
  const digits = raw.trim().replace(/-/g, '');
  return /^01[016789]\d{7,8}$/.test(digits) ? digits : null;
}

/**
 * A business registration number (사업자등록번호) for expense proof: 10 digits (hyphens allowed) whose
 * last digit is the National Tax Service check digit; answers the digits.
 */
export function normalizeBizNo(raw: string): string | null {
  const digits = raw.trim().replace(/-/g, '');
  if (!/^\d{10}$/.test(digits)) return null;
  const d = [...digits].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (d[i] as number) * (weights[i] as number);
  sum += Math.floor(((d[8] as number) * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9] ? digits : null;
}

/** A depositor name as the bank prints it: letters (Hangul, Latin…), digits, spaces, ( ) . & -. */
export function normalizeDepositor(raw: string): string | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text.length < 1 || text.length > PAYMENT_LIMITS.depositorMax) return null;
  return /^[\p{L}\p{N} ().&-]+$/u.test(text) ? text : null;
}

/** A STAR or CUBIC package as the payment panel shows it. */
export interface PaymentProduct {
  product_sn: number;
  currency: Currency;
  /** The site's term for the currency in the caller's language (never the code). */
  currency_nm: string;
  /** e.g. '스타 1,000 (+100)': the site term, the amount and the bonus. */
  product_nm: string;
  amount: number;
  bonus: number;
  /** KRW. */
  price: number;
}

/** An operator's view of a package. */
export interface AdminPaymentProduct extends Omit<PaymentProduct, 'currency_nm' | 'product_nm'> {
  on_sale_yn: 'Y' | 'N';
  sort: number;
  created_at: string;
  updated_at: string;
}

/** POST /payment/product_list: the packages on sale for the payment panel (ours: the SPEC names no list call). */
export const PaymentProductListSchema = z.object({
  currency: z.enum(CURRENCIES).optional(),
});

/** POST /admin/payment_product_list (operators): every package, also off sale. */
export const AdminPaymentProductListSchema = z.object({
  currency: z.enum(CURRENCIES).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * POST /admin/payment_product_save (operators): create (no product_sn) or update a package. Amounts
 * travel as text and are checked by `checkAmount` (each mistake its own code).
 */
export const AdminPaymentProductSaveSchema = z.object({
  product_sn: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  currency: z.enum(CURRENCIES),
  amount: z.string().max(64),
  bonus: z.string().max(64).default('0'),
  price: z.string().max(64),
  on_sale_yn: z.enum(['Y', 'N']).default('Y'),
  sort: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AdminPaymentProductSaveReq = z.infer<typeof AdminPaymentProductSaveSchema>;

/**
 * POST /payment/user_deposit_proc: a bank deposit order for one package. `cash_receipt_no` is the phone
 * number (income) or the business registration number (expense); ignored with `none`.
 */
export const DepositOrderSchema = z.object({
  product_sn: z.string().max(20),
  depositor_nm: z.string().max(100),
  cash_receipt_type: z.enum(CASH_RECEIPT_TYPES).default('none'),
  cash_receipt_no: z.string().max(40).default(''),
  /** Or the Idempotency-Key header. */
  idempotency_key: z.string().max(128).optional(),
});
export type DepositOrderReq = z.infer<typeof DepositOrderSchema>;

/** One order (SPEC §3: order number, product name, amount, date and time, method, depositor, bank account, cash receipt). */
export interface PaymentOrder {
  user_payment_log_sn: number;
  /** e.g. 'D20261122-00000042'. */
  order_no: string;
  product_sn: number;
  product_nm: string;
  currency: Currency;
  currency_nm: string;
  /** Currency credited when paid: the package amount plus its bonus. */
  amount: number;
  bonus: number;
  /** KRW to pay. */
  price: number;
  method: PaymentMethod;
  state: PaymentState;
  depositor_nm: string;
  /** The site's account as its footer shows it (`bank_account_nm`, e.g. '국민은행 123-45-6789 (주)별'), kept with the order. */
  bank_account_nm: string;
  cash_receipt_type: CashReceiptType;
  /** Masked: the last 4 digits. */
  cash_receipt_no: string;
  /** ISO 8601. */
  created_at: string;
  deadline_at: string;
  paid_at: string | null;
  /** The ledger transaction of the credit (paid orders). */
  txn_id: number | null;
  /** Card orders: the card number as the PG masks it (e.g. '43301234****123*'); '' otherwise or until paid. */
  card_no: string;
  /** Refunded orders: when. */
  refunded_at: string | null;
}

/** An order's number (`user_payment_log_sn`) as a form or a path sends it. */
export const PaymentSn = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);

/** One of the caller's orders, by number. */
export const PaymentOrderRefSchema = z.object({ user_payment_log_sn: PaymentSn });

/** POST /mypage/payment and /mypage/payment_bankbook: the caller's orders, newest first. */
export const PaymentOrderListSchema = z.object({
  state: z.enum(PAYMENT_STATES).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST /admin/deposit_list (operators): bank deposit orders, oldest pending first by default. */
export const AdminDepositListSchema = z.object({
  state: z.enum(PAYMENT_STATES).default('pending'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** An order as an operator sees it: with its owner. */
export interface AdminPaymentOrder extends PaymentOrder {
  user_key: number;
  id: string;
  nick: string;
  /** What was deposited, as confirmed (null until paid). */
  deposited_nm: string | null;
  deposited_amount: number | null;
  deposited_at: string | null;
  /** Who confirmed: `operator`, `webhook` (the bank's or the PG's notification) or `pg` (the card checkout's confirmation). */
  confirmed_by: 'operator' | 'webhook' | 'pg' | null;
  /** Card orders: the PG's payment key. */
  pg_payment_key: string | null;
  /** Refunded orders: the operator's reason, and the reversal's ledger transaction. */
  refund_reason: string | null;
  refund_txn_id: number | null;
}

/**
 * POST /admin/deposit_confirm (operators): the deposit seen on the bank statement. Depositor, amount
 * (KRW) and date must match the order (deposited after it was placed and by its deadline); the package is
 * credited once.
 */
export const DepositConfirmSchema = z.object({
  user_payment_log_sn: PaymentSn,
  depositor_nm: z.string().max(100),
  amount: z.string().max(64),
  /** ISO 8601 with an offset, or 'YYYY-MM-DD HH:mm' in Korean time. */
  deposited_at: z.string().max(40),
});
export type DepositConfirmReq = z.infer<typeof DepositConfirmSchema>;

/** POST /admin/deposit_reject (operators): no matching deposit; the order ends `rejected`. */
export const DepositRejectSchema = z.object({
  user_payment_log_sn: PaymentSn,
  reason: z.string().trim().min(1).max(PAYMENT_LIMITS.reasonMax),
});

/**
 * The bank-deposit notification (POST /hooks/payment/deposit, JSON), signed with
 * `X-Byeol-Signature: sha256=<hex HMAC-SHA256 of the raw body with PAYMENT_WEBHOOK_SECRET>`. Without
 * `order_no` the one pending order with this depositor and price is taken.
 */
export const DepositWebhookSchema = z.object({
  /** The bank's id of the deposit: a notification repeated by the bank is recognised by it. */
  bank_tx_id: z.string().trim().min(1).max(64),
  order_no: z.string().trim().max(40).optional(),
  depositor_nm: z.string().max(100),
  amount: z.union([z.number(), z.string().max(64)]),
  deposited_at: z.string().max(40),
});
export type DepositWebhookReq = z.infer<typeof DepositWebhookSchema>;

/** The signature header of the deposit webhook. */
export const PAYMENT_WEBHOOK_SIGNATURE_HEADER = 'X-Byeol-Signature';

// ---- card payments (docs/payments.md, "Card payments") -------------------------------------------------

/** POST /pg/pg_request (SPEC): a pending card order for one package; Idempotency-Key header or field. */
export const CardOrderSchema = z.object({
  product_sn: z.string().max(20),
  /** Or the Idempotency-Key header. */
  idempotency_key: z.string().max(128).optional(),
});
export type CardOrderReq = z.infer<typeof CardOrderSchema>;

/** What the browser needs to open the PG's checkout for a card order. */
export interface PgCheckoutInfo {
  /** `toss`: load Toss' SDK with client_key; `test`: open checkout_url (the built-in test PG's page) with the query below. */
  provider: 'toss' | 'test';
  client_key: string;
  /** The test PG's page; '' with Toss (its SDK opens its own). */
  checkout_url: string;
  /** Our order number (the order's order_no). */
  order_id: string;
  /** KRW. */
  amount: number;
  order_name: string;
  /** A stable opaque key of the member at the PG (never the login id). */
  customer_key: string;
  /** `<site>/pg/success`: the PG appends paymentKey, orderId and amount. */
  success_url: string;
  /** `<site>/pg/fail`: the PG appends code, message and orderId. */
  fail_url: string;
}

/** The answer of /pg/pg_request. */
export interface CardOrderStart {
  order: PaymentOrder;
  checkout: PgCheckoutInfo;
}

/** POST /pg/pg_confirm (our name): what the checkout's success redirect carried. */
export const CardConfirmSchema = z.object({
  payment_key: z.string().trim().min(1).max(200),
  order_id: z.string().trim().min(1).max(64),
  amount: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type CardConfirmReq = z.infer<typeof CardConfirmSchema>;

/** GET /sub/store_payment_success_check/{user_payment_log_sn} (SPEC): whether the credit landed. */
export interface PaymentSuccessCheck {
  user_payment_log_sn: number;
  state: PaymentState;
  /** The package (amount + bonus) is in the wallet (paid). */
  credited: boolean;
  currency: Currency;
  /** Credited currency: amount + bonus. */
  amount: number;
  bonus: number;
  /** The caller's wallet balance of that currency now. */
  balance: number;
}

/**
 * POST /mypage/payment_receipt (our name; the owner, with PaymentOrderRefSchema): the PG's receipt (card
 * sales slip, 매출전표) of a paid or refunded card order, asked from the PG each time. Bank deposit orders
 * have no PG receipt: the page shows its own receipt view from the order.
 */
export interface PaymentReceipt {
  user_payment_log_sn: number;
  /** The PG's receipt page (absolute http(s) URL), opened in a new window. */
  receipt_url: string;
}

/** POST /admin/payment_refund (our name; operators, GMs): refund a paid order, reversing its credit exactly. */
export const PaymentRefundSchema = z.object({
  user_payment_log_sn: PaymentSn,
  reason: z.string().trim().min(1).max(PAYMENT_LIMITS.reasonMax),
});
export type PaymentRefundReq = z.infer<typeof PaymentRefundSchema>;

/** Toss' webhook body (POST /hooks/payment/toss): only the event type and the payment key are trusted, to re-fetch. */
export const TossWebhookSchema = z.object({
  eventType: z.string().max(64),
  createdAt: z.string().max(64).optional(),
  data: z
    .object({
      paymentKey: z.string().max(200).optional(),
      orderId: z.string().max(64).optional(),
      status: z.string().max(32).optional(),
    })
    .passthrough()
    .optional(),
});
