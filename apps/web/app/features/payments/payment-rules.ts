import {
  type CashReceiptType,
  normalizeBizNo,
  normalizeDepositor,
  normalizeReceiptPhone,
  PAYMENT_LIMITS,
  type PaymentOrder,
  type PaymentState,
  ResultCode,
  type ResultCodeName,
} from '@byeol/contract';

/**
 * The payment rules the web decides by (framework-free, unit-tested): the form's own checks (the server runs
 * the same contract functions), which field a refusal belongs under, how an order's state reads and whether it can be cancelled.
 */

export type DepositField = 'product_sn' | 'depositor_nm' | 'cash_receipt_no';

/** A mistake of the form: the result code's name (shown with resultMessage) and its parameters. */
export interface DepositError {
  code: ResultCodeName;
  params?: Record<string, number>;
}

export interface DepositInput {
  product_sn: number | null;
  depositor_nm: string;
  cash_receipt_type: CashReceiptType;
  cash_receipt_no: string;
}

/** The mistakes of the form, one per field. */
export function checkDeposit(input: DepositInput): Partial<Record<DepositField, DepositError>> {
  const errors: Partial<Record<DepositField, DepositError>> = {};
  if (input.product_sn === null) errors.product_sn = { code: 'REQUIRED' };
  if (normalizeDepositor(input.depositor_nm) === null) {
    errors.depositor_nm = { code: 'PAYMENT_DEPOSITOR_INVALID', params: { max: PAYMENT_LIMITS.depositorMax } };
  }
  if (input.cash_receipt_type === 'income' && normalizeReceiptPhone(input.cash_receipt_no) === null) {
    errors.cash_receipt_no = { code: 'PAYMENT_RECEIPT_PHONE_INVALID' };
  }
  if (input.cash_receipt_type === 'expense' && normalizeBizNo(input.cash_receipt_no) === null) {
    errors.cash_receipt_no = { code: 'PAYMENT_RECEIPT_BIZ_NO_INVALID' };
  }
  return errors;
}

/** The field a server refusal is shown under: the envelope's `field`, else by its code; null for the form. */
export function depositFieldOf(code: number, field: string | undefined): DepositField | null {
  if (field === 'depositor_nm' || field === 'cash_receipt_no' || field === 'product_sn') return field;
  if (code === ResultCode.PAYMENT_DEPOSITOR_INVALID) return 'depositor_nm';
  if (code === ResultCode.PAYMENT_RECEIPT_PHONE_INVALID || code === ResultCode.PAYMENT_RECEIPT_BIZ_NO_INVALID) return 'cash_receipt_no';
  if (code === ResultCode.PAYMENT_PRODUCT_NOT_FOUND || code === ResultCode.PAYMENT_PRODUCT_NOT_ON_SALE) return 'product_sn';
  return null;
}

/** An order's state as shown: a pending order past its deadline is expired (the server reads it so too). */
export function shownState(order: Pick<PaymentOrder, 'state' | 'deadline_at'>, now: number): PaymentState {
  if (order.state === 'pending' && new Date(order.deadline_at).getTime() <= now) return 'expired';
  return order.state;
}

/** Only a bank deposit order still waiting for its money can be cancelled by its owner. */
export function canCancel(order: Pick<PaymentOrder, 'state' | 'deadline_at' | 'method'>, now: number): boolean {
  return order.method === 'bankbook' && shownState(order, now) === 'pending';
}

/** A paid or refunded order has a receipt (card: the PG's sales slip; bank deposit: ours). */
export function hasReceipt(order: Pick<PaymentOrder, 'state' | 'deadline_at'>, now: number): boolean {
  const state = shownState(order, now);
  return state === 'paid' || state === 'refunded';
}

/** What the card provider's checkout sends back to /pg/success (Toss' redirect: paymentKey, orderId, amount). */
export interface PgReturn {
  paymentKey: string;
  orderId: string;
  /** KRW, a positive whole number. */
  amount: number;
}

/** The success redirect's query, or null when it is not one (a missing key, an amount that is no whole number). */
export function pgReturnOf(search: URLSearchParams): PgReturn | null {
  const paymentKey = search.get('paymentKey')?.trim() ?? '';
  const orderId = search.get('orderId')?.trim() ?? '';
  const rawAmount = search.get('amount')?.trim() ?? '';
  if (!paymentKey || !orderId || !/^\d{1,12}$/.test(rawAmount)) return null;
  const amount = Number(rawAmount);
  if (amount <= 0 || paymentKey.length > 200 || orderId.length > 64) return null;
  return { paymentKey, orderId, amount };
}

/** What the checkout sends to /pg/fail: the provider's code and message (shown as text) and our order number. */
export interface PgFailure {
  code: string;
  message: string;
  orderId: string;
}

/** The failure redirect's query; a long message is cut (it is the provider's text, shown as is). */
export function pgFailureOf(search: URLSearchParams): PgFailure {
  const take = (name: string, max: number) => (search.get(name) ?? '').trim().slice(0, max);
  return { code: take('code', 64), message: take('message', 300), orderId: take('orderId', 64) };
}

/** The provider's code for a checkout the viewer closed or cancelled (Toss: PAY_PROCESS_CANCELED, USER_CANCEL). */
export function isUserCancel(code: string): boolean {
  return code === 'PAY_PROCESS_CANCELED' || code === 'USER_CANCEL';
}
