import { createHmac, timingSafeEqual } from 'node:crypto';
import { type PgBillingKey, type PgCheckout, type PgClient, PgError, type PgPayment } from './pg.js';

/**
 * Toss Payments' server API (https://docs.tosspayments.com/reference), the calls Byeol uses:
 *
 * | call | Toss |
 * |---|---|
 * | confirm | POST /v1/payments/confirm {paymentKey, orderId, amount} |
 * | getPayment | GET /v1/payments/{paymentKey} (also the receipt: `receipt.url`) |
 * | getPaymentByOrderId | GET /v1/payments/orders/{orderId} |
 * | cancel | POST /v1/payments/{paymentKey}/cancel {cancelReason, cancelAmount?} |
 * | issueBillingKey | POST /v1/billing/authorizations/issue {authKey, customerKey} |
 * | chargeBillingKey | POST /v1/billing/{billingKey} {customerKey, amount, orderId, orderName} |
 *
 * Every request carries `Authorization: Basic base64(secretKey + ':')`; the calls that move money carry an
 * `Idempotency-Key` (Toss answers a repeated key with the first answer). A refusal is Toss' JSON
 * `{code, message}` with a 4xx/5xx status; it becomes a PgError with that code. A provider that cannot be
 * reached or answers nothing usable within the timeout is PgError('PG_UNREACHABLE', …, 502).
 */
export interface TossClientOptions {
  /** https://api.tosspayments.com, or the built-in test PG's origin + '/pg-test'. */
  baseUrl: string | (() => string);
  /** The merchant's secret key (test_sk_… / live_sk_…): server side only. */
  secretKey: string;
  /** The client key the browser SDK loads the checkout with (test_ck_… / live_ck_…). */
  clientKey: string;
  /** For the built-in test PG: its checkout page; the browser opens it instead of the provider's SDK. */
  checkoutUrl?: string;
  timeoutMs?: number;
}

/** Toss' Payment object, the fields we read (everything else is ignored). */
interface TossPayment {
  paymentKey?: string;
  orderId?: string;
  orderName?: string;
  status?: string;
  totalAmount?: number;
  balanceAmount?: number;
  method?: string | null;
  approvedAt?: string | null;
  card?: { number?: string; issuerCode?: string } | null;
  receipt?: { url?: string | null } | null;
}

interface TossBillingKey {
  billingKey?: string;
  customerKey?: string;
  card?: { number?: string; issuerCode?: string } | null;
}

export const UNREACHABLE = 'PG_UNREACHABLE';

function toPayment(p: TossPayment): PgPayment {
  if (typeof p.paymentKey !== 'string' || typeof p.orderId !== 'string' || typeof p.totalAmount !== 'number') {
    throw new PgError(UNREACHABLE, 'the provider answered a payment without paymentKey, orderId or totalAmount', 502);
  }
  return {
    paymentKey: p.paymentKey,
    orderId: p.orderId,
    orderName: p.orderName ?? '',
    status: p.status ?? '',
    totalAmount: p.totalAmount,
    balanceAmount: typeof p.balanceAmount === 'number' ? p.balanceAmount : p.totalAmount,
    method: p.method ?? '',
    approvedAt: p.approvedAt ?? null,
    card: p.card ? { number: p.card.number ?? '', issuerCode: p.card.issuerCode ?? '' } : null,
    receiptUrl: typeof p.receipt?.url === 'string' && p.receipt.url !== '' ? p.receipt.url : null,
  };
}

/** `Basic base64(secretKey + ':')`: Toss' API authentication (the secret key as user, no password). */
export const tossAuthorization = (secretKey: string) => `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

export function createTossClient(opts: TossClientOptions): PgClient {
  const base = () => (typeof opts.baseUrl === 'function' ? opts.baseUrl() : opts.baseUrl).replace(/\/+$/, '');
  const auth = tossAuthorization(opts.secretKey);

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const headers: Record<string, string> = { authorization: auth, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base()}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      text = await response.text();
    } catch (err) {
      throw new PgError(UNREACHABLE, `the payment provider could not be reached: ${(err as Error).message}`, 502);
    }
    let json: unknown;
    try {
      json = text === '' ? {} : JSON.parse(text);
    } catch {
      throw new PgError(UNREACHABLE, `the payment provider answered HTTP ${response.status} with no JSON`, 502);
    }
    if (!response.ok) {
      const err = json as { code?: unknown; message?: unknown };
      if (typeof err.code === 'string') {
        throw new PgError(err.code, typeof err.message === 'string' ? err.message : err.code, response.status);
      }
      throw new PgError(UNREACHABLE, `the payment provider answered HTTP ${response.status}`, 502);
    }
    return json as T;
  }

  return {
    checkout(_mode): PgCheckout {
      return opts.checkoutUrl
        ? { provider: 'test', clientKey: opts.clientKey, checkoutUrl: opts.checkoutUrl }
        : { provider: 'toss', clientKey: opts.clientKey, checkoutUrl: '' };
    },
    async confirm({ paymentKey, orderId, amount, idempotencyKey }) {
      return toPayment(await call<TossPayment>('POST', '/v1/payments/confirm', { paymentKey, orderId, amount }, idempotencyKey));
    },
    async getPayment(paymentKey) {
      return toPayment(await call<TossPayment>('GET', `/v1/payments/${encodeURIComponent(paymentKey)}`));
    },
    async getPaymentByOrderId(orderId) {
      return toPayment(await call<TossPayment>('GET', `/v1/payments/orders/${encodeURIComponent(orderId)}`));
    },
    async cancel({ paymentKey, reason, amount, idempotencyKey }) {
      const body = amount === undefined ? { cancelReason: reason } : { cancelReason: reason, cancelAmount: amount };
      return toPayment(await call<TossPayment>('POST', `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`, body, idempotencyKey));
    },
    async issueBillingKey({ authKey, customerKey }): Promise<PgBillingKey> {
      const b = await call<TossBillingKey>('POST', '/v1/billing/authorizations/issue', { authKey, customerKey });
      if (typeof b.billingKey !== 'string') throw new PgError(UNREACHABLE, 'the provider answered no billingKey', 502);
      return {
        billingKey: b.billingKey,
        customerKey: b.customerKey ?? customerKey,
        card: b.card ? { number: b.card.number ?? '', issuerCode: b.card.issuerCode ?? '' } : null,
      };
    },
    async chargeBillingKey({ billingKey, customerKey, orderId, orderName, amount, idempotencyKey }) {
      return toPayment(
        await call<TossPayment>(
          'POST',
          `/v1/billing/${encodeURIComponent(billingKey)}`,
          { customerKey, amount, orderId, orderName },
          idempotencyKey,
        ),
      );
    },
  };
}

/**
 * A Toss-style webhook signature over `payload + ':' + transmissionTime` (HMAC-SHA256, base64), the scheme
 * Toss documents for its signed webhooks: `tosspayments-webhook-signature: v1:<sig>[,v1:<sig>]`.
 */
export function tossWebhookSignature(secret: string, payload: string, transmissionTime: string): string {
  return `v1:${createHmac('sha256', secret).update(`${payload}:${transmissionTime}`).digest('base64')}`;
}

/** Whether one of the header's `v1:` signatures is the HMAC of `payload:time` with `secret` (constant time). */
export function validTossSignature(
  secret: string,
  payload: Buffer,
  header: string | undefined,
  transmissionTime: string | undefined,
): boolean {
  if (!header || !transmissionTime) return false;
  const expected = createHmac('sha256', secret)
    .update(Buffer.concat([payload, Buffer.from(`:${transmissionTime}`)]))
    .digest();
  return header.split(',').some((part) => {
    const m = /^\s*v1:([A-Za-z0-9+/=]+)\s*$/.exec(part);
    if (!m) return false;
    const got = Buffer.from(m[1] as string, 'base64');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

export const TOSS_SIGNATURE_HEADER = 'tosspayments-webhook-signature';
export const TOSS_TRANSMISSION_TIME_HEADER = 'tosspayments-webhook-transmission-time';
