import { randomBytes, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { TOSS_SIGNATURE_HEADER, TOSS_TRANSMISSION_TIME_HEADER, tossAuthorization, tossWebhookSignature } from './toss.js';

/**
 * The built-in test PG (docs/payments.md, "Card payments"): a local server speaking Toss Payments'
 * documented server API (same paths, Basic authentication, JSON, `Idempotency-Key`, Toss' error codes)
 * with a browser checkout page in place of Toss' SDK. DESIGN.md's "driver that simulates, clearly marked":
 * no card network behind it, no real money, and every page says so.
 *
 * It is mounted in-process under `/pg-test` when PG_PROVIDER=test (development and the demo walk the same
 * Toss adapter and redirect → confirm path as production), and `startTestPg()` runs it standalone on a
 * random port for the integration tests. Payments and billing keys live in memory.
 *
 * | path (under /pg-test) | what |
 * |---|---|
 * | GET /checkout?mode=payment&orderId&amount&orderName&successUrl&failUrl | the checkout page: the order, a fake card form, Pay and Cancel |
 * | GET /checkout?mode=billing&customerKey&successUrl&failUrl | the card registration page for auto-pay |
 * | POST /checkout/pay (form) | what Pay sends: redirects to successUrl?paymentKey&orderId&amount (billing: ?authKey&customerKey) |
 * | GET /receipt/{paymentKey} | the card sales slip (매출전표) of an approved payment: each payment's `receipt.url` |
 * | POST /v1/payments/confirm, GET /v1/payments/{paymentKey}, GET /v1/payments/orders/{orderId}, POST /v1/payments/{paymentKey}/cancel | Toss' payment API |
 * | POST /v1/billing/authorizations/issue, POST /v1/billing/{billingKey} | Toss' billing (auto-pay) API |
 *
 * A card number starting with 4000 is declined at confirmation or charge (REJECT_CARD_PAYMENT), so a
 * person can try the refusal path by hand; tests use `failNext`.
 */

/** Toss' refusal: the JSON body `{code, message}` and its HTTP status. */
export interface TestPgFailure {
  code: string;
  message: string;
  status: number;
}

/** The card refusal Toss answers for a declined card (limit exceeded or no funds). */
export const DECLINED: TestPgFailure = {
  code: 'REJECT_CARD_PAYMENT',
  message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
  status: 403,
};

const fail = (code: string, message: string, status: number): TestPgFailure => ({ code, message, status });
const UNAUTHORIZED = fail('UNAUTHORIZED_KEY', '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.', 401);
const NOT_FOUND = fail('NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.', 404);
const NO_SESSION = fail('NOT_FOUND_PAYMENT_SESSION', '결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.', 404);
const ALREADY_PROCESSED = fail('ALREADY_PROCESSED_PAYMENT', '이미 처리된 결제 입니다.', 400);
const DUPLICATED_ORDER = fail('DUPLICATED_ORDER_ID', '이미 승인 및 취소가 진행된 중복된 주문번호 입니다.', 400);
const invalid = (message: string) => fail('INVALID_REQUEST', message, 400);

/** The Payment object as Toss answers it (the fields a merchant commonly reads). */
export interface TestPgPayment {
  mId: string;
  version: string;
  paymentKey: string;
  type: 'NORMAL' | 'BILLING';
  orderId: string;
  orderName: string;
  status: 'IN_PROGRESS' | 'DONE' | 'CANCELED' | 'PARTIAL_CANCELED' | 'ABORTED';
  requestedAt: string;
  approvedAt: string | null;
  method: '카드';
  currency: 'KRW';
  totalAmount: number;
  balanceAmount: number;
  suppliedAmount: number;
  vat: number;
  card: { issuerCode: string; acquirerCode: string; number: string; cardType: string; ownerType: string; amount: number };
  cancels: Array<{ cancelAmount: number; cancelReason: string; canceledAt: string; transactionKey: string }> | null;
  failure: { code: string; message: string } | null;
  receipt: { url: string };
}

/** Toss answers KST timestamps with their offset: 2026-11-22T13:05:00+09:00. */
export function kstIso(at = new Date()): string {
  return `${new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 19)}+09:00`;
}

const token = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

/** '43301234****123*': how Toss shows a card number. */
const maskCard = (digits: string) => `${digits.slice(0, 8)}****${digits.slice(12, 15)}*`;

type Op = 'confirm' | 'charge' | 'cancel';

interface Answer {
  status: number;
  body: unknown;
}

/** The test PG's memory: payments, billing authorisations and keys, answers by idempotency key. */
export class TestPgState {
  readonly payments = new Map<string, TestPgPayment>();
  /**
   * Where browsers reach this test PG (e.g. http://127.0.0.1:3000/pg-test) when a call does not say:
   * payments' `receipt.url` is `<base>/receipt/<paymentKey>`, absolute like Toss'. The plugin passes its
   * `publicBaseUrl`, else the origin and prefix of the request that made the payment; `startTestPg` sets it.
   */
  receiptBase = '';
  /** authKey → the customer who registered a card, and the card (an authKey is used once). */
  private readonly billingAuths = new Map<string, { customerKey: string; cardNumber: string }>();
  readonly billingKeys = new Map<string, { customerKey: string; cardNumber: string }>();
  private readonly idempotent = new Map<string, Answer>();
  private readonly failures: Record<Op, TestPgFailure[]> = { confirm: [], charge: [], cancel: [] };
  /** How many calls each API operation received (tests check the provider was not called). */
  readonly calls: Record<Op | 'get' | 'getByOrder' | 'issue', number> = {
    confirm: 0,
    charge: 0,
    cancel: 0,
    get: 0,
    getByOrder: 0,
    issue: 0,
  };

  /** The next call of `op` is refused with `failure` (default: the card is declined). */
  failNext(op: Op, failure: TestPgFailure = DECLINED) {
    this.failures[op].push(failure);
  }

  /** What the Pay button does: the buyer authorised `amount` for `orderId`; answers the paymentKey. */
  authorize(input: {
    orderId: string;
    orderName: string;
    amount: number;
    cardNumber?: string;
    receiptBase?: string;
  }): string | TestPgFailure {
    if (!/^[A-Za-z0-9_-]{6,64}$/.test(input.orderId))
      return invalid('orderId는 영문 대소문자, 숫자, -, _ 로 이루어진 6자 이상 64자 이하 문자열이어야 합니다.');
    if (!Number.isSafeInteger(input.amount) || input.amount < 1) return invalid('결제 금액이 올바르지 않습니다.');
    // An order id approved once (even if refunded since) cannot be paid again; a declined attempt may be retried.
    for (const p of this.payments.values()) {
      if (p.orderId === input.orderId && p.status !== 'IN_PROGRESS' && p.status !== 'ABORTED') return DUPLICATED_ORDER;
    }
    const paymentKey = token('tpg_');
    this.payments.set(
      paymentKey,
      this.newPayment(paymentKey, 'NORMAL', input.orderId, input.orderName, input.amount, input.cardNumber, input.receiptBase),
    );
    return paymentKey;
  }

  /** What the Pay button of a billing checkout does: answers the authKey for `customerKey`. */
  authorizeBilling(customerKey: string, cardNumber = '4330123412341234'): string {
    const authKey = token('tpa_');
    this.billingAuths.set(authKey, { customerKey, cardNumber: cardDigits(cardNumber) });
    return authKey;
  }

  private newPayment(
    paymentKey: string,
    type: 'NORMAL' | 'BILLING',
    orderId: string,
    orderName: string,
    amount: number,
    cardNumber = '4330123412341234',
    receiptBase = this.receiptBase,
  ): TestPgPayment {
    const digits = cardDigits(cardNumber);
    return {
      mId: 'tbyeoltest',
      version: '2022-11-16',
      paymentKey,
      type,
      orderId,
      orderName,
      status: 'IN_PROGRESS',
      requestedAt: kstIso(),
      approvedAt: null,
      method: '카드',
      currency: 'KRW',
      totalAmount: amount,
      balanceAmount: amount,
      suppliedAmount: Math.round(amount / 1.1),
      vat: amount - Math.round(amount / 1.1),
      card: { issuerCode: '61', acquirerCode: '31', number: maskCard(digits), cardType: '신용', ownerType: '개인', amount },
      cancels: null,
      failure: null,
      receipt: { url: `${receiptBase}/receipt/${encodeURIComponent(paymentKey)}` },
    };
  }

  /**
   * The first answer of a key is the answer of every repeat (Toss keeps them 15 days). A fault of the
   * provider itself (5xx) processed nothing and is not kept: the same key may be sent again.
   */
  private once(op: Op, key: string | undefined, run: () => Answer): Answer {
    if (!key) return run();
    const id = `${op}:${key}`;
    const seen = this.idempotent.get(id);
    if (seen) return seen;
    const answer = run();
    if (answer.status < 500) this.idempotent.set(id, answer);
    return answer;
  }

  private failure(op: Op): TestPgFailure | undefined {
    return this.failures[op].shift();
  }

  confirm(body: Record<string, unknown>, key?: string): Answer {
    this.calls.confirm += 1;
    return this.once('confirm', key, () => {
      const { paymentKey, orderId, amount } = body;
      if (typeof paymentKey !== 'string' || typeof orderId !== 'string' || typeof amount !== 'number') {
        return refuse(invalid('paymentKey, orderId, amount 는 필수 파라미터 입니다.'));
      }
      const p = this.payments.get(paymentKey);
      if (p?.type !== 'NORMAL' || p.orderId !== orderId) return refuse(NO_SESSION);
      if (p.status !== 'IN_PROGRESS') return refuse(p.status === 'ABORTED' ? NO_SESSION : ALREADY_PROCESSED);
      if (amount !== p.totalAmount) return refuse(invalid('결제 금액이 일치하지 않습니다.'));
      const failure = this.failure('confirm') ?? (p.card.number.startsWith('4000') ? DECLINED : undefined);
      return settle(p, failure);
    });
  }

  get(paymentKey: string): Answer {
    this.calls.get += 1;
    const p = this.payments.get(paymentKey);
    return p ? { status: 200, body: p } : refuse(NOT_FOUND);
  }

  /**
   * The payment of an order id: the one approved (DONE or cancelled since) if any, else the latest attempt
   * (in progress or aborted); NOT_FOUND_PAYMENT when the buyer never paid at the checkout.
   */
  getByOrder(orderId: string): Answer {
    this.calls.getByOrder += 1;
    let latest: TestPgPayment | undefined;
    for (const p of this.payments.values()) {
      if (p.orderId !== orderId) continue;
      if (p.status !== 'IN_PROGRESS' && p.status !== 'ABORTED') return { status: 200, body: p };
      latest = p;
    }
    return latest ? { status: 200, body: latest } : refuse(NOT_FOUND);
  }

  cancel(paymentKey: string, body: Record<string, unknown>, key?: string): Answer {
    this.calls.cancel += 1;
    return this.once('cancel', key, () => {
      const p = this.payments.get(paymentKey);
      if (!p) return refuse(NOT_FOUND);
      const { cancelReason, cancelAmount } = body;
      if (typeof cancelReason !== 'string' || cancelReason.trim() === '') return refuse(invalid('cancelReason 는 필수 파라미터 입니다.'));
      if (cancelAmount !== undefined && (typeof cancelAmount !== 'number' || !Number.isSafeInteger(cancelAmount) || cancelAmount < 1)) {
        return refuse(invalid('취소 금액이 올바르지 않습니다.'));
      }
      if (p.status === 'CANCELED') return refuse(fail('ALREADY_CANCELED_PAYMENT', '이미 취소된 결제 입니다.', 400));
      if (p.status !== 'DONE' && p.status !== 'PARTIAL_CANCELED') {
        return refuse(fail('NOT_CANCELABLE_PAYMENT', '취소 할 수 없는 결제 입니다.', 403));
      }
      const amount = cancelAmount ?? p.balanceAmount;
      if (amount > p.balanceAmount) return refuse(fail('NOT_CANCELABLE_AMOUNT', '취소 할 수 없는 금액 입니다.', 403));
      const failure = this.failure('cancel');
      if (failure) return refuse(failure);
      p.balanceAmount -= amount;
      p.status = p.balanceAmount === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
      p.cancels = [
        ...(p.cancels ?? []),
        { cancelAmount: amount, cancelReason: cancelReason.trim(), canceledAt: kstIso(), transactionKey: token('tpt_') },
      ];
      return { status: 200, body: p };
    });
  }

  issueBillingKey(body: Record<string, unknown>): Answer {
    this.calls.issue += 1;
    const { authKey, customerKey } = body;
    if (typeof authKey !== 'string' || typeof customerKey !== 'string') {
      return refuse(invalid('authKey, customerKey 는 필수 파라미터 입니다.'));
    }
    const auth = this.billingAuths.get(authKey);
    if (!auth || auth.customerKey !== customerKey) return refuse(fail('INVALID_AUTHORIZE_AUTH', '유효하지 않은 인증 방식입니다.', 400));
    this.billingAuths.delete(authKey);
    const billingKey = token('tpb_');
    this.billingKeys.set(billingKey, auth);
    return {
      status: 200,
      body: {
        mId: 'tbyeoltest',
        customerKey,
        authenticatedAt: kstIso(),
        method: '카드',
        billingKey,
        cardCompany: '현대',
        cardNumber: maskCard(auth.cardNumber),
        card: { issuerCode: '61', acquirerCode: '31', number: maskCard(auth.cardNumber), cardType: '신용', ownerType: '개인' },
      },
    };
  }

  charge(billingKey: string, body: Record<string, unknown>, key?: string, receiptBase?: string): Answer {
    this.calls.charge += 1;
    return this.once('charge', key, () => {
      const { customerKey, amount, orderId, orderName } = body;
      if (typeof customerKey !== 'string' || typeof orderId !== 'string' || typeof orderName !== 'string' || typeof amount !== 'number') {
        return refuse(invalid('customerKey, amount, orderId, orderName 는 필수 파라미터 입니다.'));
      }
      const registered = this.billingKeys.get(billingKey);
      if (!registered || registered.customerKey !== customerKey)
        return refuse(fail('NOT_FOUND_BILLING_KEY', '존재하지 않는 빌링키 입니다.', 404));
      if (!Number.isSafeInteger(amount) || amount < 1) return refuse(invalid('결제 금액이 올바르지 않습니다.'));
      if (!/^[A-Za-z0-9_-]{6,64}$/.test(orderId)) return refuse(invalid('orderId 형식이 올바르지 않습니다.'));
      for (const p of this.payments.values()) if (p.orderId === orderId) return refuse(DUPLICATED_ORDER);
      const paymentKey = token('tpg_');
      const p = this.newPayment(paymentKey, 'BILLING', orderId, orderName, amount, registered.cardNumber, receiptBase);
      this.payments.set(paymentKey, p);
      const failure = this.failure('charge') ?? (p.card.number.startsWith('4000') ? DECLINED : undefined);
      if (failure && failure.status >= 500) {
        // A fault of the provider itself: nothing was processed, the same order may be charged again.
        this.payments.delete(paymentKey);
        return refuse(failure);
      }
      return settle(p, failure);
    });
  }
}

const refuse = (f: TestPgFailure): Answer => ({ status: f.status, body: { code: f.code, message: f.message } });

/** Ends an approval: declined (`failure`: ABORTED with its reason) or DONE now. */
function settle(p: TestPgPayment, failure: TestPgFailure | undefined): Answer {
  if (failure) {
    p.status = 'ABORTED';
    p.failure = { code: failure.code, message: failure.message };
    return refuse(failure);
  }
  p.status = 'DONE';
  p.approvedAt = kstIso();
  return { status: 200, body: p };
}

/** The digits of a typed card number, padded to 16 (the form accepts anything; this is a test PG). */
function cardDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 16);
  return digits.length === 16 ? digits : digits.padEnd(16, '0');
}

/** POSTs a PAYMENT_STATUS_CHANGED event for the payment to `url`, signed with `secret` unless it is null. */
export async function sendTestPgWebhook(url: string, payment: unknown, secret: string | null): Promise<Response> {
  const payload = JSON.stringify({ eventType: 'PAYMENT_STATUS_CHANGED', createdAt: kstIso(), data: payment });
  const time = kstIso();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) {
    headers[TOSS_SIGNATURE_HEADER] = tossWebhookSignature(secret, payload, time);
    headers[TOSS_TRANSMISSION_TIME_HEADER] = time;
  }
  return fetch(url, { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(10_000) });
}

export interface TestPgOptions {
  /** The secret key callers must authenticate with (Basic base64(secretKey + ':')). */
  secretKey: string;
  state?: TestPgState;
  /** Where browsers reach the plugin (origin + prefix), for the receipt URLs; unset: the origin of the request making the payment. */
  publicBaseUrl?: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function httpUrl(raw: unknown): URL | null {
  if (typeof raw !== 'string') return null;
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

function withQuery(base: URL, params: Record<string, string>): string {
  const u = new URL(base.href);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.href;
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}
.banner{background:#b91c1c;color:#fff;padding:.75rem 1rem;border-radius:.5rem;font-weight:700;text-align:center}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#666}dd{margin:0;font-weight:600}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
.actions{display:flex;gap:.5rem;margin-top:1rem}button,a.cancel{flex:1;padding:.75rem;font-size:1rem;text-align:center;border-radius:.5rem;border:1px solid #999;background:#fff;color:#222;text-decoration:none}
button{background:#1d4ed8;color:#fff;border-color:#1d4ed8}.hint{color:#666;font-size:.85rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · TEST PG</title><style>${PAGE_STYLE}</style></head><body>
<p class="banner" role="alert">TEST PG – no real money · 테스트 결제 – 실제 돈이 오가지 않습니다</p>
${body}</body></html>`;
}

function errorPage(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page('Error', `<h1>결제 요청 오류 / Bad checkout request</h1><p>${esc(message)}</p>`));
}

/** The card sales slip (매출전표) of an approved payment, cancelled ones marked so. */
function receiptPage(p: TestPgPayment): string {
  const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
  const cancelled = p.cancels?.length ? p.cancels[p.cancels.length - 1] : undefined;
  const row = (name: string, label: string, value: string) => `<dt>${label}</dt><dd data-receipt="${name}">${esc(value)}</dd>`;
  const rows = [
    row('order-name', '상품 / Order', p.orderName),
    row('order-id', '주문번호 / Order no.', p.orderId),
    row('amount', '결제 금액 / Amount', `${won(p.totalAmount)} (KRW)`),
    row('supplied', '공급가액 / Supplied', won(p.suppliedAmount)),
    row('vat', '부가세 / VAT', won(p.vat)),
    row('card', '카드 / Card', `${p.card.number} (${p.card.cardType})`),
    row('approved-at', '승인 시각 / Approved', p.approvedAt ?? ''),
    row('status', '상태 / Status', p.status === 'DONE' ? '승인 / Approved' : p.status === 'CANCELED' ? '취소 / Cancelled' : p.status),
    ...(cancelled
      ? [
          row('cancelled-at', '취소 시각 / Cancelled', cancelled.canceledAt),
          row('cancelled-amount', '취소 금액 / Cancelled amount', won(p.totalAmount - p.balanceAmount)),
        ]
      : []),
  ];
  return page(
    'Receipt',
    `<h1>카드 매출전표 / Card sales slip</h1>${p.status === 'CANCELED' ? '<p class="banner" data-receipt-cancelled>취소된 결제 / CANCELLED</p>' : ''}<dl data-receipt-status="${esc(p.status)}">${rows.join('')}</dl>
<p class="hint">결제 키 / Payment key: ${esc(p.paymentKey)}</p>`,
  );
}

/** The checkout request as the page (query) and its Pay form (body) carry it. */
interface CheckoutRequest {
  mode: 'payment' | 'billing';
  orderId: string;
  orderName: string;
  amount: number;
  customerKey: string;
  successUrl: URL;
  failUrl: URL;
}

function checkoutRequest(q: Record<string, unknown>): CheckoutRequest | string {
  const mode = q.mode === 'billing' ? 'billing' : q.mode === 'payment' || q.mode === undefined ? 'payment' : null;
  if (!mode) return 'mode must be payment or billing';
  const successUrl = httpUrl(q.successUrl);
  const failUrl = httpUrl(q.failUrl);
  if (!successUrl || !failUrl) return 'successUrl and failUrl must be http(s) URLs';
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  if (mode === 'billing') {
    const customerKey = str(q.customerKey);
    if (!/^[A-Za-z0-9_\-=.@]{2,300}$/.test(customerKey)) return 'customerKey is missing or malformed';
    return { mode, orderId: '', orderName: '', amount: 0, customerKey, successUrl, failUrl };
  }
  const amount = Number(str(q.amount));
  if (!Number.isSafeInteger(amount) || amount < 1) return 'amount must be a positive whole number of won';
  const orderId = str(q.orderId);
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(orderId)) return 'orderId is missing or malformed';
  return { mode, orderId, orderName: str(q.orderName) || orderId, amount, customerKey: str(q.customerKey), successUrl, failUrl };
}

/** The test PG as a Fastify plugin (register it with a prefix, e.g. /pg-test). */
export const testPgPlugin: FastifyPluginAsync<TestPgOptions> = async (app, opts) => {
  const state = opts.state ?? new TestPgState();
  const receiptBase = (request: FastifyRequest) =>
    opts.publicBaseUrl ? opts.publicBaseUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}${app.prefix}`;
  const expectedAuth = Buffer.from(tossAuthorization(opts.secretKey));

  // Toss-shaped errors for what the handlers did not answer themselves (bad JSON, unknown content type).
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const body =
      status === 500
        ? { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING', message: '내부 시스템 처리 작업이 실패했습니다.' }
        : { code: 'INVALID_REQUEST', message: error.message };
    return reply.code(status).send(body);
  });

  const authorised = (request: FastifyRequest) => {
    const got = Buffer.from(String(request.headers.authorization ?? ''));
    return got.length === expectedAuth.length && timingSafeEqual(got, expectedAuth);
  };
  const answer = (reply: FastifyReply, a: Answer) => reply.code(a.status).type('application/json; charset=utf-8').send(a.body);
  const idemKey = (request: FastifyRequest) => {
    const v = request.headers['idempotency-key'];
    return typeof v === 'string' && v !== '' ? v.slice(0, 300) : undefined;
  };
  const jsonBody = (request: FastifyRequest) =>
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};

  // ---- the API (Toss' paths) --------------------------------------------------------------------------

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.includes('/v1/') && !authorised(request)) return answer(reply, refuse(UNAUTHORIZED));
  });

  app.post('/v1/payments/confirm', async (request, reply) => answer(reply, state.confirm(jsonBody(request), idemKey(request))));
  app.get<{ Params: { paymentKey: string } }>('/v1/payments/:paymentKey', async (request, reply) =>
    answer(reply, state.get(request.params.paymentKey)),
  );
  app.get<{ Params: { orderId: string } }>('/v1/payments/orders/:orderId', async (request, reply) =>
    answer(reply, state.getByOrder(request.params.orderId)),
  );
  app.post<{ Params: { paymentKey: string } }>('/v1/payments/:paymentKey/cancel', async (request, reply) =>
    answer(reply, state.cancel(request.params.paymentKey, jsonBody(request), idemKey(request))),
  );
  app.post('/v1/billing/authorizations/issue', async (request, reply) => answer(reply, state.issueBillingKey(jsonBody(request))));
  app.post<{ Params: { billingKey: string } }>('/v1/billing/:billingKey', async (request, reply) =>
    answer(reply, state.charge(request.params.billingKey, jsonBody(request), idemKey(request), receiptBase(request))),
  );

  // ---- the receipt (Toss' receipt.url: a public page, reachable by whoever holds the URL) ---------------

  app.get<{ Params: { paymentKey: string } }>('/receipt/:paymentKey', async (request, reply) => {
    const p = state.payments.get(request.params.paymentKey);
    if (!p || p.approvedAt === null) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(page('Receipt', '<h1>영수증 없음 / No receipt</h1><p>승인된 결제가 없습니다. / No approved payment.</p>'));
    }
    return reply.type('text/html; charset=utf-8').send(receiptPage(p));
  });

  // ---- the checkout page -----------------------------------------------------------------------------

  app.get('/checkout', async (request, reply) => {
    const req = checkoutRequest(request.query as Record<string, unknown>);
    if (typeof req === 'string') return errorPage(reply, req);
    const cancelHref = withQuery(req.failUrl, {
      code: 'PAY_PROCESS_CANCELED',
      message: '사용자에 의해 결제가 취소되었습니다.',
      ...(req.mode === 'payment' ? { orderId: req.orderId } : {}),
    });
    const hidden = Object.entries({
      mode: req.mode,
      orderId: req.orderId,
      orderName: req.orderName,
      amount: String(req.amount),
      customerKey: req.customerKey,
      successUrl: req.successUrl.href,
      failUrl: req.failUrl.href,
    })
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${esc(v)}">`)
      .join('');
    const summary =
      req.mode === 'payment'
        ? `<h1>카드 결제 / Card payment</h1><dl><dt>주문 / Order</dt><dd>${esc(req.orderName)}</dd><dt>주문번호 / Order no.</dt><dd>${esc(req.orderId)}</dd><dt>금액 / Amount</dt><dd>${req.amount.toLocaleString('ko-KR')}원 (KRW)</dd></dl>`
        : '<h1>자동결제 카드 등록 / Register a card for auto-pay</h1>';
    return reply.type('text/html; charset=utf-8').send(
      page(
        req.mode === 'payment' ? 'Card payment' : 'Register card',
        `${summary}
<form method="post" action="checkout/pay">${hidden}
<label for="cardNumber">카드 번호 / Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="off" value="4330 1234 1234 1234">
<p class="hint">아무 번호나 됩니다. 4000으로 시작하면 승인 거절 / Any number works; one starting with 4000 is declined.</p>
<div class="actions"><a class="cancel" href="${esc(cancelHref)}">취소 / Cancel</a><button type="submit">${req.mode === 'payment' ? '결제 / Pay' : '등록 / Register'}</button></div>
</form>`,
      ),
    );
  });

  app.post('/checkout/pay', async (request, reply) => {
    const body = jsonBody(request);
    const req = checkoutRequest(body);
    if (typeof req === 'string') return errorPage(reply, req);
    const cardNumber = typeof body.cardNumber === 'string' ? body.cardNumber : '';
    if (req.mode === 'billing') {
      const authKey = state.authorizeBilling(req.customerKey, cardNumber || undefined);
      return reply.redirect(withQuery(req.successUrl, { customerKey: req.customerKey, authKey }), 303);
    }
    const paymentKey = state.authorize({
      orderId: req.orderId,
      orderName: req.orderName,
      amount: req.amount,
      cardNumber: cardNumber || undefined,
      receiptBase: receiptBase(request),
    });
    if (typeof paymentKey !== 'string') {
      return reply.redirect(withQuery(req.failUrl, { code: paymentKey.code, message: paymentKey.message, orderId: req.orderId }), 303);
    }
    return reply.redirect(
      withQuery(req.successUrl, { paymentType: 'NORMAL', paymentKey, orderId: req.orderId, amount: String(req.amount) }),
      303,
    );
  });
};

/** Keys the standalone test PG answers to (public: it moves no money). */
export const TEST_PG_KEYS = {
  secretKey: 'test_sk_byeol_test_pg_secret',
  clientKey: 'test_ck_byeol_test_pg_client',
  webhookSecret: 'byeol-test-pg-webhook-secret',
} as const;

export interface RunningTestPg {
  /** The Toss API base URL (give it to createTossClient). */
  baseUrl: string;
  /** The checkout page. */
  checkoutUrl: string;
  secretKey: string;
  clientKey: string;
  webhookSecret: string;
  state: TestPgState;
  close(): Promise<void>;
  /**
   * Posts the checkout page's Pay form for an order, as the browser does; answers the paymentKey and the
   * success redirect (or throws with the fail redirect).
   */
  pay(
    orderId: string,
    amount: number,
    opts?: { orderName?: string; cardNumber?: string; successUrl?: string; failUrl?: string },
  ): Promise<{
    paymentKey: string;
    redirect: URL;
  }>;
  /** Posts the billing checkout's form for a customer; answers the authKey. */
  authorizeBilling(customerKey: string, cardNumber?: string): Promise<string>;
  /** The next confirm, charge or cancel is refused (default: REJECT_CARD_PAYMENT, the card is declined). */
  failNext(op: Op, failure?: TestPgFailure): void;
  /** The payment as the test PG holds it (undefined: unknown). */
  payment(paymentKey: string): TestPgPayment | undefined;
  /** Sends a PAYMENT_STATUS_CHANGED webhook for the payment (signed with the webhook secret unless `secret` is null). */
  sendWebhook(url: string, paymentKey: string, opts?: { secret?: string | null; override?: Partial<TestPgPayment> }): Promise<Response>;
}

/** Runs the test PG standalone on a random port of 127.0.0.1 (integration tests: the provider's peer). */
export async function startTestPg(keys: { secretKey?: string; clientKey?: string; webhookSecret?: string } = {}): Promise<RunningTestPg> {
  const secretKey = keys.secretKey ?? TEST_PG_KEYS.secretKey;
  const clientKey = keys.clientKey ?? TEST_PG_KEYS.clientKey;
  const webhookSecret = keys.webhookSecret ?? TEST_PG_KEYS.webhookSecret;
  const state = new TestPgState();
  const app = Fastify({ logger: false });
  await app.register(formbody);
  await app.register(testPgPlugin, { prefix: '/pg-test', secretKey, state });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `${address}/pg-test`;
  state.receiptBase = baseUrl;
  const checkoutUrl = `${baseUrl}/checkout`;

  const postForm = async (fields: Record<string, string>) => {
    const res = await fetch(`${checkoutUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    const location = res.headers.get('location');
    if (res.status !== 303 || !location) throw new Error(`the test PG's Pay answered HTTP ${res.status}: ${await res.text()}`);
    return new URL(location);
  };

  return {
    baseUrl,
    checkoutUrl,
    secretKey,
    clientKey,
    webhookSecret,
    state,
    close: () => app.close(),
    async pay(orderId, amount, opts = {}) {
      const redirect = await postForm({
        mode: 'payment',
        orderId,
        amount: String(amount),
        orderName: opts.orderName ?? orderId,
        cardNumber: opts.cardNumber ?? '4330123412341234',
        successUrl: opts.successUrl ?? 'http://127.0.0.1/pg/success',
        failUrl: opts.failUrl ?? 'http://127.0.0.1/pg/fail',
      });
      const paymentKey = redirect.searchParams.get('paymentKey');
      if (!paymentKey) throw new Error(`the test PG refused the payment: ${redirect.href}`);
      return { paymentKey, redirect };
    },
    async authorizeBilling(customerKey, cardNumber = '4330123412341234') {
      const redirect = await postForm({
        mode: 'billing',
        customerKey,
        cardNumber,
        successUrl: 'http://127.0.0.1/pg/billing/success',
        failUrl: 'http://127.0.0.1/pg/billing/fail',
      });
      const authKey = redirect.searchParams.get('authKey');
      if (!authKey) throw new Error(`the test PG refused the card registration: ${redirect.href}`);
      return authKey;
    },
    failNext: (op, failure) => state.failNext(op, failure),
    payment: (paymentKey) => state.payments.get(paymentKey),
    async sendWebhook(url, paymentKey, opts = {}) {
      const p = state.payments.get(paymentKey);
      if (!p) throw new Error(`unknown paymentKey ${paymentKey}`);
      return sendTestPgWebhook(url, { ...p, ...opts.override }, opts.secret === undefined ? webhookSecret : opts.secret);
    },
  };
}
