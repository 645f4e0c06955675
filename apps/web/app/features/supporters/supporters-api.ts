import {
  type ListSet,
  type SupporterBj,
  type SupporterPlan,
  type SupportersCheckout,
  type SupporterType,
  supportersEndpoints,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { openBillingAuth, openCheckout } from '../payments';

/**
 * The supporter calls of docs/supporters.md from the browser. Each resolves an envelope, never throws: a
 * refusal carries its message in the caller's language (rslt_msg), a network failure `fallback`.
 */

export const SUPPORTERS_PAGE_SIZE = 20;
export const BJ_PAGE_SIZE = 12;

export function planList(fallback: string): Promise<Answer<ListSet<SupporterPlan>>> {
  return send(() => api.call(supportersEndpoints.planList, {}), fallback);
}

export function bjList(nick: string, offset: number, fallback: string): Promise<Answer<ListSet<SupporterBj>>> {
  return send(() => api.call(supportersEndpoints.bjList, { nick, offset, limit: BJ_PAGE_SIZE }), fallback);
}

/** A pending charge and its checkout. `key` is made once per press and sent as the Idempotency-Key header. */
export function supportersRequest(
  input: { bj_user_key: number; plan_sn: number; type: SupporterType },
  key: string,
  fallback: string,
): Promise<Answer<SupportersCheckout>> {
  return send(() => api.call(supportersEndpoints.request, input, { headers: { 'Idempotency-Key': key }, retry: true }), fallback);
}

export function confirmRegular(input: { payment_key: string; order_id: string; amount: number }, fallback: string) {
  return send(() => api.call(supportersEndpoints.confirm, input), fallback);
}

export function confirmBilling(input: { order_id: string; auth_key: string; customer_key: string }, fallback: string) {
  return send(() => api.call(supportersEndpoints.billingConfirm, input), fallback);
}

export function chargeOf(orderId: string, fallback: string) {
  return send(() => api.call(supportersEndpoints.charge, { order_id: orderId }), fallback);
}

export function mySupports(offset: number, fallback: string) {
  return send(() => api.call(supportersEndpoints.mySupports, { offset, limit: SUPPORTERS_PAGE_SIZE }), fallback);
}

export function cancelAuto(supporterSn: number, fallback: string) {
  return send(() => api.call(supportersEndpoints.cancelAuto, { supporter_sn: supporterSn }), fallback);
}

/**
 * Leaves for the provider's checkout: a regular month is a card payment, auto-pay registers a card (both in
 * card-checkout.ts, as for STAR and CUBIC). Resolves only when the page stays here (the SDK could not load,
 * the member closed Toss' window) with the code and message.
 */
export function openSupportersCheckout(c: SupportersCheckout): Promise<{ code: string; message: string }> {
  return c.type === 'regular' ? openCheckout(c) : openBillingAuth(c);
}
