import {
  type CardOrderStart,
  type Currency,
  type DepositOrderReq,
  type ListSet,
  type PaymentOrder,
  type PaymentProduct,
  type PaymentReceipt,
  type PaymentState,
  type PaymentSuccessCheck,
  paymentsEndpoints,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';
import type { PgReturn } from './payment-rules';

/**
 * The payment calls of docs/payments.md from the browser. Each resolves an envelope, never throws: a refusal
 * carries its message in the caller's language (rslt_msg), a network failure `fallback`.
 */

export const PAYMENT_PAGE_SIZE = 20;

export function productList(currency: Currency | undefined, fallback: string): Promise<Answer<ListSet<PaymentProduct>>> {
  return send(() => api.call(paymentsEndpoints.productList, currency ? { currency } : {}), fallback);
}

/**
 * A bank deposit order. `key` is made once per press of "request" and sent as the Idempotency-Key header, so
 * the one retry the HTTP layer makes after a lost answer cannot place two orders.
 */
export function depositOrder(
  input: Omit<DepositOrderReq, 'idempotency_key'>,
  key: string,
  fallback: string,
): Promise<Answer<PaymentOrder>> {
  return send(() => api.call(paymentsEndpoints.depositOrder, input, { headers: { 'Idempotency-Key': key }, retry: true }), fallback);
}

export function cancelDeposit(userPaymentLogSn: number, fallback: string): Promise<Answer<PaymentOrder>> {
  return send(() => api.call(paymentsEndpoints.depositCancel, { user_payment_log_sn: userPaymentLogSn }), fallback);
}

export type OrderBox = 'all' | 'bankbook';

export function orderListPath(box: OrderBox): string {
  return box === 'bankbook' ? paymentsEndpoints.myDeposits.path : paymentsEndpoints.myOrders.path;
}

export function orderList(
  box: OrderBox,
  req: { state?: PaymentState; offset: number; limit: number },
  fallback: string,
): Promise<Answer<ListSet<PaymentOrder>>> {
  return send(() => api.post<ListSet<PaymentOrder>>(orderListPath(box), req), fallback);
}

/** The order for the bank deposit completion popup (SPEC §7 /popup/complete_payment_bankbook): the owner's only. */
export function bankbookOrder(userPaymentLogSn: number, fallback: string): Promise<Answer<PaymentOrder>> {
  return send(() => api.call(paymentsEndpoints.depositOrderView, { user_payment_log_sn: userPaymentLogSn }), fallback);
}

/**
 * A card order (SPEC §7 /pg/pg_request): the pending order and how the browser opens the provider's
 * checkout. Same idempotency rule as the deposit: one key per press, reused after a lost answer.
 */
export function cardRequest(productSn: number, key: string, fallback: string): Promise<Answer<CardOrderStart>> {
  return send(
    () => api.call(paymentsEndpoints.cardRequest, { product_sn: String(productSn) }, { headers: { 'Idempotency-Key': key }, retry: true }),
    fallback,
  );
}

/**
 * The confirmation after the provider's checkout redirected to /pg/success. The server checks the order and
 * the amount before asking the provider, and answers the paid order again for the same payment key, so a
 * reload or a retry never charges twice.
 */
export function cardConfirm(input: PgReturn, fallback: string): Promise<Answer<PaymentOrder>> {
  return send(
    () =>
      api.call(
        paymentsEndpoints.cardConfirm,
        { payment_key: input.paymentKey, order_id: input.orderId, amount: String(input.amount) },
        { retry: true },
      ),
    fallback,
  );
}

/** Whether the order's credit landed, and the wallet balance of its currency now (SPEC §7). */
export function successCheck(userPaymentLogSn: number, fallback: string): Promise<Answer<PaymentSuccessCheck>> {
  return send(() => api.call(paymentsEndpoints.successCheck, { user_payment_log_sn: userPaymentLogSn }), fallback);
}

/** The PG's receipt (card sales slip) of one of the caller's paid or refunded card orders: its URL. */
export function cardReceipt(userPaymentLogSn: number, fallback: string): Promise<Answer<PaymentReceipt>> {
  return send(() => api.call(paymentsEndpoints.receipt, { user_payment_log_sn: userPaymentLogSn }), fallback);
}
