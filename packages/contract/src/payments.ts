import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import type { ListSet } from './envelope.js';
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

/** The payments result codes with their messages (`{name}` placeholders are filled from the error's params). */
/** POST /popup/form_bankbook (SPEC §7): what the bank deposit form shows; `currency` picks the packages (both without it). */
export const FormBankbookSchema = z.object({ currency: z.enum(CURRENCIES).optional() });

/**
 * The bank deposit form's data (issue 15): the account to pay into (the site footer's `bank_account_nm`;
 * `bank_yn` N and '' when none is set, so no order can be placed), the packages on sale, the depositor name
 * to start from (the member's last deposit order's, else their verified name, else ''), the cash receipt
 * choices, how long an order waits for its money and how many more orders the member may place now.
 */
export interface FormBankbookSet {
  bank_yn: 'Y' | 'N';
  bank_account_nm: string;
  product_list: PaymentProduct[];
  depositor_nm: string;
  depositor_max: number;
  cash_receipt_types: CashReceiptType[];
  deadline_hours: number;
  /** Pending orders the member may still place (PAYMENT_LIMITS.pendingMax less those waiting). */
  pending_left: number;
}

/**
 * The payment calls under /v1 (docs/payments.md), declared once for the server, the web and the tests.
 * The webhooks outside /v1 are registered by the server itself.
 */
export const paymentsEndpoints = {
  formBankbook: endpoint<FormBankbookSet>()({
    method: 'POST',
    path: '/popup/form_bankbook',
    request: FormBankbookSchema,
    tags: ['payments'],
    summary: 'The bank deposit form: the account to pay into, the packages, the depositor name to start from',
  }),
  productList: endpoint<ListSet<PaymentProduct>>()({
    method: 'POST',
    path: '/payment/product_list',
    request: PaymentProductListSchema,
    tags: ['payments'],
    summary: 'The STAR or CUBIC packages on sale, for the payment panel (our name: the SPEC names no list call)',
  }),
  depositOrder: endpoint<PaymentOrder>()({
    method: 'POST',
    path: '/payment/user_deposit_proc',
    request: DepositOrderSchema,
    tags: ['payments'],
    summary: 'Place a bank deposit order for a package (pending until paid); Idempotency-Key header or idempotency_key field',
  }),
  depositCancel: endpoint<PaymentOrder>()({
    method: 'POST',
    path: '/payment/user_deposit_cancel',
    request: PaymentOrderRefSchema,
    tags: ['payments'],
    summary: 'Cancel one of your pending bank deposit orders (our name)',
  }),
  depositOrderView: endpoint<PaymentOrder>()({
    method: 'POST',
    path: '/popup/complete_payment_bankbook',
    request: PaymentOrderRefSchema,
    tags: ['payments'],
    summary: 'One of your bank deposit orders (the completion popup)',
  }),
  myDeposits: endpoint<ListSet<PaymentOrder>>()({
    method: 'POST',
    path: '/mypage/payment_bankbook',
    request: PaymentOrderListSchema,
    tags: ['payments'],
    summary: 'Your bank deposit orders with their states, newest first',
  }),
  myOrders: endpoint<ListSet<PaymentOrder>>()({
    method: 'POST',
    path: '/mypage/payment',
    request: PaymentOrderListSchema,
    tags: ['payments'],
    summary: 'All your orders (every method), newest first',
  }),
  receipt: endpoint<PaymentReceipt>()({
    method: 'POST',
    path: '/mypage/payment_receipt',
    request: PaymentOrderRefSchema,
    tags: ['payments'],
    summary: "The PG's receipt (card sales slip) of one of your paid or refunded card orders: { receipt_url } (our name)",
  }),
  cardRequest: endpoint<CardOrderStart>()({
    method: 'POST',
    path: '/pg/pg_request',
    request: CardOrderSchema,
    tags: ['payments'],
    summary:
      'Place a card order for a package (pending 30 minutes) and get what the browser needs to open the PG checkout; Idempotency-Key header or idempotency_key field',
  }),
  successCheck: endpoint<PaymentSuccessCheck>()({
    method: 'GET',
    path: '/sub/store_payment_success_check/:user_payment_log_sn',
    params: ['user_payment_log_sn'],
    request: PaymentOrderRefSchema,
    tags: ['payments'],
    summary: 'Whether one of your orders is credited, with your balance of its currency now',
  }),
  cardConfirm: endpoint<PaymentOrder>()({
    method: 'POST',
    path: '/pg/pg_confirm',
    request: CardConfirmSchema,
    tags: ['payments'],
    summary:
      'Confirm a card payment after the checkout redirect (payment_key, order_id, amount checked against the order); credits once (our name)',
  }),
  adminRefund: endpoint<AdminPaymentOrder>()({
    method: 'POST',
    path: '/admin/payment_refund',
    request: PaymentRefundSchema,
    tags: ['payments'],
    summary:
      'Refund a paid order: card orders are cancelled at the PG first; the credit is reversed exactly (operators; audited; our name)',
  }),
  adminProductSave: endpoint<AdminPaymentProduct>()({
    method: 'POST',
    path: '/admin/payment_product_save',
    request: AdminPaymentProductSaveSchema,
    tags: ['payments'],
    summary: 'Create or update a STAR or CUBIC package (operators; audited)',
  }),
  adminProductList: endpoint<ListSet<AdminPaymentProduct>>()({
    method: 'POST',
    path: '/admin/payment_product_list',
    request: AdminPaymentProductListSchema,
    tags: ['payments'],
    summary: 'Every package, also off sale (operators)',
  }),
  adminDepositList: endpoint<ListSet<AdminPaymentOrder>>()({
    method: 'POST',
    path: '/admin/deposit_list',
    request: AdminDepositListSchema,
    tags: ['payments'],
    summary: 'Bank deposit orders by state, pending ones oldest first (operators)',
  }),
  adminDepositConfirm: endpoint<AdminPaymentOrder>()({
    method: 'POST',
    path: '/admin/deposit_confirm',
    request: DepositConfirmSchema,
    tags: ['payments'],
    summary: 'Confirm a deposit (depositor, amount and date checked against the order); credits the package once (operators; audited)',
  }),
  adminDepositReject: endpoint<AdminPaymentOrder>()({
    method: 'POST',
    path: '/admin/deposit_reject',
    request: DepositRejectSchema,
    tags: ['payments'],
    summary: 'Reject a pending deposit order (operators; audited)',
  }),
} as const;

export const paymentsCodes = defineCodes('payments', [[7200, 7299]], {
  /** Payments: no such package. */
  PAYMENT_PRODUCT_NOT_FOUND: {
    code: 7201,
    ko: '존재하지 않는 상품입니다.',
    en: 'No such package.',
    ja: '存在しない商品です。',
    'zh-CN': '商品不存在。',
  },
  /** Payments: the package is no longer sold. */
  PAYMENT_PRODUCT_NOT_ON_SALE: {
    code: 7202,
    ko: '현재 판매하지 않는 상품입니다.',
    en: 'This package is no longer sold.',
    ja: '現在販売していない商品です。',
    'zh-CN': '该商品目前不再销售。',
  },
  /** Payments: the depositor name is not a name a bank prints (letters, digits, spaces, at most {max} characters). */
  PAYMENT_DEPOSITOR_INVALID: {
    code: 7203,
    ko: '입금자명을 정확히 입력해 주세요. (문자·숫자, 최대 {max}자)',
    en: 'Enter the depositor name as the bank shows it (letters and digits, at most {max} characters).',
    ja: '振込名義を正しく入力してください。（文字・数字、最大{max}文字）',
    'zh-CN': '请正确输入汇款人姓名（文字和数字，最多{max}个字符）。',
  },
  /** Payments: income deduction needs a valid mobile number. */
  PAYMENT_RECEIPT_PHONE_INVALID: {
    code: 7204,
    ko: '소득공제용 휴대폰 번호를 정확히 입력해 주세요.',
    en: 'Enter a valid mobile number for the income deduction receipt.',
    ja: '所得控除用の携帯電話番号を正しく入力してください。',
    'zh-CN': '请正确输入用于所得扣除的手机号码。',
  },
  /** Payments: expense proof needs a valid business registration number (10 digits, check digit). */
  PAYMENT_RECEIPT_BIZ_NO_INVALID: {
    code: 7205,
    ko: '지출증빙용 사업자등록번호를 정확히 입력해 주세요.',
    en: 'Enter a valid business registration number for the expense proof receipt.',
    ja: '経費証憑用の事業者登録番号を正しく入力してください。',
    'zh-CN': '请正确输入用于支出凭证的营业执照号码。',
  },
  /** Payments: the site has no bank account set (footer bank_account_nm), so bank deposit is unavailable. */
  PAYMENT_BANK_UNAVAILABLE: {
    code: 7206,
    ko: '현재 무통장입금을 이용할 수 없습니다.',
    en: 'Bank deposit is not available at the moment.',
    ja: '現在、銀行振込はご利用いただけません。',
    'zh-CN': '目前无法使用银行转账。',
  },
  /** Payments: the member already has `{max}` bank deposit orders waiting for payment. */
  PAYMENT_TOO_MANY_PENDING: {
    code: 7207,
    ko: '입금 대기 중인 주문이 {max}건 있습니다. 입금하거나 취소한 뒤 다시 주문해 주세요.',
    en: 'You already have {max} orders waiting for a deposit. Pay or cancel one first.',
    ja: '入金待ちの注文が{max}件あります。入金またはキャンセルしてから再度ご注文ください。',
    'zh-CN': '您已有{max}笔待汇款订单，请先付款或取消后再下单。',
  },
  /** Payments: no such order. */
  PAYMENT_ORDER_NOT_FOUND: {
    code: 7208,
    ko: '존재하지 않는 주문입니다.',
    en: 'No such order.',
    ja: '存在しない注文です。',
    'zh-CN': '订单不存在。',
  },
  /** Payments: the order is another member's. */
  PAYMENT_ORDER_OTHER_USER: {
    code: 7209,
    ko: '본인의 주문만 확인할 수 있습니다.',
    en: 'This order belongs to another member.',
    ja: 'ご本人の注文のみ確認できます。',
    'zh-CN': '只能查看本人的订单。',
  },
  /** Payments: the order was already paid (credited once). */
  PAYMENT_ORDER_ALREADY_PAID: {
    code: 7210,
    ko: '이미 입금 확인된 주문입니다.',
    en: 'This order has already been paid.',
    ja: 'すでに入金確認済みの注文です。',
    'zh-CN': '该订单已确认付款。',
  },
  /** Payments: the order passed its deposit deadline. */
  PAYMENT_ORDER_EXPIRED: {
    code: 7211,
    ko: '입금 기한이 지난 주문입니다.',
    en: 'The deposit deadline of this order has passed.',
    ja: '入金期限を過ぎた注文です。',
    'zh-CN': '该订单已超过汇款期限。',
  },
  /** Payments: the order was cancelled. */
  PAYMENT_ORDER_CANCELLED: {
    code: 7212,
    ko: '취소된 주문입니다.',
    en: 'This order was cancelled.',
    ja: 'キャンセルされた注文です。',
    'zh-CN': '该订单已取消。',
  },
  /** Payments: the order was rejected by an operator. */
  PAYMENT_ORDER_REJECTED: {
    code: 7213,
    ko: '입금이 확인되지 않아 처리되지 않은 주문입니다.',
    en: 'This order was rejected: no matching deposit was found.',
    ja: '入金が確認できず処理されなかった注文です。',
    'zh-CN': '未确认到汇款，该订单已被拒绝。',
  },
  /** Payments: the depositor of the deposit differs from the order. */
  PAYMENT_DEPOSITOR_MISMATCH: {
    code: 7214,
    ko: '입금자명이 주문과 다릅니다.',
    en: 'The depositor name differs from the order.',
    ja: '振込名義が注文と異なります。',
    'zh-CN': '汇款人姓名与订单不一致。',
  },
  /** Payments: the amount deposited differs from the order price. */
  PAYMENT_AMOUNT_MISMATCH: {
    code: 7215,
    ko: '입금액이 주문 금액과 다릅니다.',
    en: 'The amount deposited differs from the order amount.',
    ja: '入金額が注文金額と異なります。',
    'zh-CN': '汇款金额与订单金额不一致。',
  },
  /** Payments: the deposit date is not between the order and its deadline (or in the future). */
  PAYMENT_DEPOSIT_DATE_INVALID: {
    code: 7216,
    ko: '입금 일시가 주문 일시와 입금 기한 사이가 아닙니다.',
    en: 'The deposit date is not between the order time and its deadline.',
    ja: '入金日時が注文日時と入金期限の間ではありません。',
    'zh-CN': '汇款时间不在下单时间与汇款期限之间。',
  },
  /** Payments: the deposit notification is not signed with the configured key. */
  PAYMENT_WEBHOOK_SIGNATURE: {
    code: 7217,
    ko: '입금 알림의 서명이 올바르지 않습니다.',
    en: 'The deposit notification signature is invalid.',
    ja: '入金通知の署名が正しくありません。',
    'zh-CN': '汇款通知的签名无效。',
  },
  /** Payments: no single pending order matches the notified deposit (left for an operator). */
  PAYMENT_DEPOSIT_UNMATCHED: {
    code: 7218,
    ko: '입금 내역과 일치하는 대기 주문을 찾을 수 없습니다.',
    en: 'No single pending order matches this deposit.',
    ja: '入金内容と一致する入金待ち注文が見つかりません。',
    'zh-CN': '找不到与该汇款一致的待付款订单。',
  },
  /** Payments (card): the amount sent back from the checkout is not the order price (tampered); nothing is charged. */
  PAYMENT_CARD_AMOUNT_MISMATCH: {
    code: 7219,
    ko: '결제 금액이 주문 금액과 다릅니다. 결제가 진행되지 않았습니다.',
    en: 'The payment amount differs from the order price. Nothing was charged.',
    ja: '決済金額が注文金額と異なります。決済は行われていません。',
    'zh-CN': '支付金额与订单金额不一致，未进行扣款。',
  },
  /** Payments (card): the order is not a card order. */
  PAYMENT_NOT_CARD_ORDER: {
    code: 7220,
    ko: '카드 결제 주문이 아닙니다.',
    en: 'This order is not a card payment.',
    ja: 'カード決済の注文ではありません。',
    'zh-CN': '该订单不是银行卡支付订单。',
  },
  /** Payments (card): the card company or the PG refused the payment (`{message}` is its reason); nothing was credited. */
  PAYMENT_PG_REFUSED: {
    code: 7221,
    ko: '결제가 승인되지 않았습니다: {message}',
    en: 'The payment was not approved: {message}',
    ja: '決済が承認されませんでした: {message}',
    'zh-CN': '支付未获批准：{message}',
  },
  /** Payments (card): the PG could not be reached or failed; try again later. */
  PAYMENT_PG_UNAVAILABLE: {
    code: 7222,
    ko: '결제 대행사와 통신할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The payment provider cannot be reached. Please try again later.',
    ja: '決済代行会社と通信できません。しばらくしてから再度お試しください。',
    'zh-CN': '无法连接支付服务商，请稍后再试。',
  },
  /** Payments (card): the PG reported a payment for another order or amount; nothing was credited. */
  PAYMENT_PG_MISMATCH: {
    code: 7223,
    ko: '결제 대행사의 결제 정보가 주문과 일치하지 않습니다.',
    en: 'The payment reported by the provider does not match the order.',
    ja: '決済代行会社の決済情報が注文と一致しません。',
    'zh-CN': '支付服务商的支付信息与订单不一致。',
  },
  /** Payments: the order was refunded. */
  PAYMENT_ORDER_REFUNDED: {
    code: 7224,
    ko: '환불된 주문입니다.',
    en: 'This order was refunded.',
    ja: '返金済みの注文です。',
    'zh-CN': '该订单已退款。',
  },
  /** Payments: only a paid order can be refunded. */
  PAYMENT_REFUND_NOT_PAID: {
    code: 7225,
    ko: '결제 완료된 주문만 환불할 수 있습니다.',
    en: 'Only a paid order can be refunded.',
    ja: '決済完了の注文のみ返金できます。',
    'zh-CN': '只有已支付的订单才能退款。',
  },
  /** Payments: the buyer's wallet no longer holds what the order credited (`{balance}` of `{amount}`); nothing moved. */
  PAYMENT_REFUND_SPENT: {
    code: 7226,
    ko: '구매자가 이미 사용하여 환불할 수 없습니다 (보유 {balance} / 환불 {amount}).',
    en: 'The buyer has already spent it, so it cannot be refunded (holds {balance} of {amount}).',
    ja: '購入者が既に使用したため返金できません（保有 {balance} / 返金 {amount}）。',
    'zh-CN': '购买者已使用，无法退款（持有 {balance} / 退款 {amount}）。',
  },
  /** Payments: the PG refused the refund (`{message}`); nothing moved. */
  PAYMENT_PG_REFUND_FAILED: {
    code: 7227,
    ko: '결제 대행사가 환불을 거절했습니다: {message}',
    en: 'The payment provider refused the refund: {message}',
    ja: '決済代行会社が返金を拒否しました: {message}',
    'zh-CN': '支付服务商拒绝了退款：{message}',
  },
  /** Payments: the order is not a bank deposit order (a card order cannot be confirmed as a deposit). */
  PAYMENT_NOT_BANKBOOK_ORDER: {
    code: 7228,
    ko: '무통장입금 주문이 아닙니다.',
    en: 'This order is not a bank deposit.',
    ja: '銀行振込の注文ではありません。',
    'zh-CN': '该订单不是银行汇款订单。',
  },
  /** Payments: a receipt exists only for a paid (or refunded) order. */
  PAYMENT_RECEIPT_NOT_PAID: {
    code: 7229,
    ko: '결제 완료된 주문만 영수증을 볼 수 있습니다.',
    en: 'A receipt is only available for a paid order.',
    ja: '領収書は決済完了の注文のみご覧いただけます。',
    'zh-CN': '只有已支付的订单才能查看收据。',
  },
});
