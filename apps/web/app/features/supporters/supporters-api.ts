import type { ListSet, Supporter, SupporterBj, SupporterCharge, SupporterPlan, SupportersCheckout, SupporterType } from '@byeol/contract';
import { api } from '../../lib/api';
import { type Answer, send } from '../account/account-api';
import { openCheckout, TOSS_SDK_URL } from '../payments/card-checkout';

/**
 * The supporter calls of docs/supporters.md from the browser. Each resolves an envelope, never throws: a
 * refusal carries its message in the caller's language (rslt_msg), a network failure `fallback`.
 */

export const SUPPORTERS_PAGE_SIZE = 20;
export const BJ_PAGE_SIZE = 12;

export function planList(fallback: string): Promise<Answer<ListSet<SupporterPlan>>> {
  return send(() => api.post<ListSet<SupporterPlan>>('/supporters/plan_list', {}), fallback);
}

export function bjList(nick: string, offset: number, fallback: string): Promise<Answer<ListSet<SupporterBj>>> {
  return send(() => api.post<ListSet<SupporterBj>>('/supporters/bj_list', { nick, offset, limit: BJ_PAGE_SIZE }), fallback);
}

/** A pending charge and its checkout. `key` is made once per press and sent as the Idempotency-Key header. */
export function supportersRequest(
  input: { bj_user_key: number; plan_sn: number; type: SupporterType },
  key: string,
  fallback: string,
): Promise<Answer<SupportersCheckout>> {
  return send(
    () => api.post<SupportersCheckout>('/pg/pg_supporters_request', input, { headers: { 'Idempotency-Key': key }, retry: true }),
    fallback,
  );
}

export function confirmRegular(input: { payment_key: string; order_id: string; amount: number }, fallback: string) {
  return send(() => api.post<SupporterCharge>('/pg/supporters_confirm', input), fallback);
}

export function confirmBilling(input: { order_id: string; auth_key: string; customer_key: string }, fallback: string) {
  return send(() => api.post<SupporterCharge>('/pg/supporters_billing_confirm', input), fallback);
}

export function chargeOf(orderId: string, fallback: string) {
  return send(() => api.post<SupporterCharge>('/pg/supporters_charge', { order_id: orderId }), fallback);
}

export function mySupports(offset: number, fallback: string) {
  return send(() => api.post<ListSet<Supporter>>('/mypage/supporters', { offset, limit: SUPPORTERS_PAGE_SIZE }), fallback);
}

export function cancelAuto(supporterSn: number, fallback: string) {
  return send(() => api.post<Supporter>('/mypage/supporters_auto_cancel', { supporter_sn: supporterSn }), fallback);
}

/** The test PG's card registration page for an auto-pay charge, as Toss' SDK would ask for it. */
export function testBillingHref(c: SupportersCheckout, base: string): string {
  const url = new URL(c.checkout_url, base);
  const query = { mode: 'billing', customerKey: c.customer_key, successUrl: c.success_url, failUrl: c.fail_url };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

type BillingSdk = (clientKey: string) => {
  payment(options: { customerKey: string }): {
    requestBillingAuth(r: { method: 'CARD'; successUrl: string; failUrl: string }): Promise<void>;
  };
};

/** Toss' SDK v2 (its global `TossPayments`), added once (card-checkout.ts loads the same script for payments). */
function loadTossBilling(): Promise<BillingSdk> {
  return new Promise((resolve, reject) => {
    const global = () => (window as unknown as { TossPayments?: BillingSdk }).TossPayments;
    const ready = global();
    if (ready) return resolve(ready);
    const script = document.createElement('script');
    script.src = TOSS_SDK_URL;
    script.onload = () => (global() ? resolve(global() as BillingSdk) : reject(new Error('TossPayments missing')));
    script.onerror = () => reject(new Error('TossPayments unreachable'));
    document.head.appendChild(script);
  });
}

/**
 * Leaves for the provider's checkout: a regular month is a card payment (card-checkout.ts, as for STAR and
 * CUBIC); auto-pay registers a card (the test PG's billing page, or Toss' requestBillingAuth). Resolves only
 * when the page stays here (the SDK could not load, the member closed Toss' window) with the code and message.
 */
export async function openSupportersCheckout(c: SupportersCheckout): Promise<{ code: string; message: string }> {
  if (c.type === 'regular') return openCheckout(c);
  if (c.provider === 'test') {
    window.location.assign(testBillingHref(c, window.location.href));
    return new Promise(() => {});
  }
  try {
    const toss = (await loadTossBilling())(c.client_key);
    await toss
      .payment({ customerKey: c.customer_key })
      .requestBillingAuth({ method: 'CARD', successUrl: c.success_url, failUrl: c.fail_url });
    return new Promise(() => {});
  } catch (err) {
    const e = err as { code?: unknown; message?: unknown };
    return { code: typeof e.code === 'string' ? e.code : 'SDK_UNAVAILABLE', message: typeof e.message === 'string' ? e.message : '' };
  }
}
