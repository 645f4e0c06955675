import type { PgCheckoutInfo } from '@byeol/contract';

/**
 * Opening the card provider's checkout for an order placed by POST /pg/pg_request (docs/payments.md, "Card
 * payments"). Both providers end the same way: the browser lands on `success_url?paymentKey&orderId&amount`
 * (/pg/success confirms it) or on `fail_url?code&message&orderId` (/pg/fail).
 *
 * - `test`: the built-in test PG (development, the demo, the e2e tests) serves its own checkout page at
 *   `checkout_url`; the browser goes there with the order in the query, as Toss' SDK would pass it.
 * - `toss`: Toss Payments' JavaScript SDK v2 (https://docs.tosspayments.com/sdk/v2/js), loaded from its CDN
 *   on demand: `TossPayments(client_key).payment({ customerKey }).requestPayment({ method: 'CARD', … })`
 *   opens Toss' payment window, which redirects to the same URLs. It needs the internet and a real client
 *   key, so no test runs it; the server side of Toss is tested against a local peer speaking its API.
 *
 * A billing checkout (`openBillingAuth`, the supporters' auto-pay) registers a card instead of paying: the test
 * PG's page in `billing` mode, or Toss' `requestBillingAuth({ method: 'CARD', … })`; it comes back to
 * `success_url?authKey&customerKey` (the caller's success URL carries its own order) or to `fail_url`.
 */

const TOSS_SDK_URL = 'https://js.tosspayments.com/v2/standard';

/** The part of the SDK v2 Byeol calls. */
interface TossPaymentsSdk {
  payment(options: { customerKey: string }): {
    requestPayment(request: {
      method: 'CARD';
      amount: { currency: 'KRW'; value: number };
      orderId: string;
      orderName: string;
      successUrl: string;
      failUrl: string;
    }): Promise<void>;
    requestBillingAuth(request: { method: 'CARD'; successUrl: string; failUrl: string }): Promise<void>;
  };
}
type TossPaymentsFactory = (clientKey: string) => TossPaymentsSdk;

let sdk: Promise<TossPaymentsFactory> | null = null;

/** Adds the SDK's script once; resolves its global `TossPayments`. */
function loadTossSdk(): Promise<TossPaymentsFactory> {
  sdk ??= new Promise<TossPaymentsFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TOSS_SDK_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { TossPayments?: TossPaymentsFactory }).TossPayments;
      if (factory) resolve(factory);
      else reject(new Error('TossPayments missing'));
    };
    script.onerror = () => reject(new Error('TossPayments unreachable'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    sdk = null; // a later press may try again
    throw err;
  });
  return sdk;
}

/** What the provider's checkout does: take a payment for an order, or register a card for billing. */
export type CheckoutMode = 'payment' | 'billing';

/**
 * The test PG's checkout page: `checkout_url` with what Toss' requestPayment (an order: id, name, amount) or
 * requestBillingAuth (no order) would carry.
 */
export function testCheckoutUrl(checkout: PgCheckoutInfo, base: string, mode: CheckoutMode = 'payment'): string {
  const url = new URL(checkout.checkout_url, base);
  const order: Record<string, string> =
    mode === 'payment' ? { orderId: checkout.order_id, orderName: checkout.order_name, amount: String(checkout.amount) } : {};
  const query: Record<string, string> = {
    mode,
    ...order,
    customerKey: checkout.customer_key,
    successUrl: checkout.success_url,
    failUrl: checkout.fail_url,
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

/**
 * Leaves for the provider's checkout of an order. Resolves only when the page stays here: the SDK could not
 * load, or the viewer closed Toss' window (Toss rejects with a code such as USER_CANCEL), answered as
 * `{ code, message }`.
 */
export function openCheckout(checkout: PgCheckoutInfo): Promise<{ code: string; message: string }> {
  return leaveFor(checkout, 'payment');
}

/** Leaves for the provider's card registration (billing); resolves as openCheckout does when the page stays. */
export function openBillingAuth(checkout: PgCheckoutInfo): Promise<{ code: string; message: string }> {
  return leaveFor(checkout, 'billing');
}

async function leaveFor(checkout: PgCheckoutInfo, mode: CheckoutMode): Promise<{ code: string; message: string }> {
  if (checkout.provider === 'test') {
    window.location.assign(testCheckoutUrl(checkout, window.location.href, mode));
    return new Promise(() => {}); // the page is leaving
  }
  try {
    const payment = (await loadTossSdk())(checkout.client_key).payment({ customerKey: checkout.customer_key });
    const back = { successUrl: checkout.success_url, failUrl: checkout.fail_url };
    if (mode === 'billing') await payment.requestBillingAuth({ method: 'CARD', ...back });
    else
      await payment.requestPayment({
        method: 'CARD',
        amount: { currency: 'KRW', value: checkout.amount },
        orderId: checkout.order_id,
        orderName: checkout.order_name,
        ...back,
      });
    return new Promise(() => {}); // Toss redirects
  } catch (err) {
    const e = err as { code?: unknown; message?: unknown };
    return { code: typeof e.code === 'string' ? e.code : 'SDK_UNAVAILABLE', message: typeof e.message === 'string' ? e.message : '' };
  }
}
