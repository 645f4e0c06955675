import type { Supporter, SupporterType } from '@byeol/contract';

/** What the provider's checkout sends back to /pg/supporters/success (our order_id and type ride in the URL). */
export type SupportersReturn =
  | { type: 'regular'; orderId: string; paymentKey: string; amount: number }
  | { type: 'auto'; orderId: string; authKey: string; customerKey: string };

/**
 * The success redirect's query, or null when it is not one: regular carries Toss' paymentKey, orderId and
 * amount (the orderId must be ours), auto-pay Toss' authKey and customerKey.
 */
export function supportersReturnOf(search: URLSearchParams): SupportersReturn | null {
  const get = (name: string, max: number) => {
    const v = search.get(name)?.trim() ?? '';
    return v.length > 0 && v.length <= max ? v : '';
  };
  const orderId = get('order_id', 64);
  const type = search.get('type') as SupporterType | null;
  if (!orderId) return null;
  if (type === 'auto') {
    const authKey = get('authKey', 300);
    const customerKey = get('customerKey', 300);
    return authKey && customerKey ? { type, orderId, authKey, customerKey } : null;
  }
  if (type !== 'regular') return null;
  const paymentKey = get('paymentKey', 200);
  const rawAmount = search.get('amount')?.trim() ?? '';
  if (!paymentKey || get('orderId', 64) !== orderId || !/^\d{1,12}$/.test(rawAmount) || Number(rawAmount) <= 0) return null;
  return { type, orderId, paymentKey, amount: Number(rawAmount) };
}

/** `?bj=` of /store/supporters: a broadcaster's user_key, or undefined. */
export function bjParamOf(value: string | null): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** Whether /mypage/supporters offers to cancel: an auto-pay that will still be charged. */
export function canCancelAuto(s: Pick<Supporter, 'type' | 'state' | 'next_charge_at'>): boolean {
  return s.type === 'auto' && s.state === 'active' && s.next_charge_at !== null;
}
