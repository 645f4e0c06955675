import type { Currency, DepositOrderReq, ListSet, PaymentOrder, PaymentProduct, PaymentState } from '@byeol/contract';
import { api } from '../../lib/api';
import { type Answer, send } from '../account/account-api';

/**
 * The payment calls of docs/payments.md from the browser. Each resolves an envelope, never throws: a refusal
 * carries its message in the caller's language (rslt_msg), a network failure `fallback`.
 */

export const PAYMENT_PAGE_SIZE = 20;

export function productList(currency: Currency | undefined, fallback: string): Promise<Answer<ListSet<PaymentProduct>>> {
  return send(() => api.post<ListSet<PaymentProduct>>('/payment/product_list', currency ? { currency } : {}), fallback);
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
  return send(
    () => api.post<PaymentOrder>('/payment/user_deposit_proc', input, { headers: { 'Idempotency-Key': key }, retry: true }),
    fallback,
  );
}

export function cancelDeposit(userPaymentLogSn: number, fallback: string): Promise<Answer<PaymentOrder>> {
  return send(() => api.post<PaymentOrder>('/payment/user_deposit_cancel', { user_payment_log_sn: userPaymentLogSn }), fallback);
}

export type OrderBox = 'all' | 'bankbook';

export function orderListPath(box: OrderBox): string {
  return box === 'bankbook' ? '/mypage/payment_bankbook' : '/mypage/payment';
}

export function orderList(
  box: OrderBox,
  req: { state?: PaymentState; offset: number; limit: number },
  fallback: string,
): Promise<Answer<ListSet<PaymentOrder>>> {
  return send(() => api.post<ListSet<PaymentOrder>>(orderListPath(box), req), fallback);
}
