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
 * the same contract functions), which field a refusal belongs under, when a retry keeps its idempotency key,
 * how an order's state reads and whether it can be cancelled.
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

/**
 * Whether an answer leaves the order undecided, so pressing "request" again must reuse the same key: no
 * answer reached us (-1). Any other answer is final and the next press is a new order.
 */
export function keepsDepositKey(code: number): boolean {
  return code === -1;
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
