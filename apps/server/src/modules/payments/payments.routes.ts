import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { DepositWebhookSchema, PAYMENT_WEBHOOK_SIGNATURE_HEADER, paymentsEndpoints, TossWebhookSchema } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { runPeriodically } from '../../platform/periodic.js';
import { route } from '../../platform/route.js';
import type { SiteService } from '../site/site.service.js';
import { requireAccount, requireRole, requireUser } from '../users/users.session.js';
import { requireIdempotencyKey } from '../wallet/wallet.rules.js';
import type { LedgerService } from '../wallet/wallet.service.js';
import { CardPaymentsService } from './payments.card.js';
import { CARD_RECONCILE, expirePaymentOrders, reconcileCardOrders } from './payments.jobs.js';
import { PaymentsService } from './payments.service.js';
import type { PgClient } from './pg/pg.js';
import { TOSS_SIGNATURE_HEADER, TOSS_TRANSMISSION_TIME_HEADER, validTossSignature } from './pg/toss.js';

export interface PaymentsRoutesOptions {
  db: Db;
  site: SiteService;
  ledger: LedgerService;
  /** The card PG (createPgClient in pg/index.ts). */
  pg: PgClient;
  /** PUBLIC_URL: where browsers reach the site; unset, the calling page's origin (the card checkout returns to <origin>/pg/success). */
  publicUrl: string | undefined;
}

/** How often the expiry job runs (reads treat orders past their deadline as expired meanwhile). */
const EXPIRY_EVERY_MS = 5 * 60_000;

/** Packages, bank deposit and card orders and the operators' calls (docs/payments.md), the expiry and card reconcile jobs. Under /v1. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { db, site, ledger, pg, publicUrl }) => {
  const payments = new PaymentsService(db, site, ledger);
  const log = app.log.child({ module: 'payments' });
  const cards = new CardPaymentsService({ db, site, ledger, pg, orders: payments, log });
  runPeriodically(app, 'payments-expiry', () => expirePaymentOrders(db), EXPIRY_EVERY_MS);
  runPeriodically(app, 'payments-card-reconcile', () => reconcileCardOrders({ db, ledger, pg, log }), CARD_RECONCILE.everyMs);

  const E = paymentsEndpoints;
  route(app, E.productList, async (request, body) => {
    const list = await payments.productList(request.lang, body.currency);
    return okList(request, list, list.length);
  });

  route(app, E.formBankbook, async (request, body) => {
    const member = await requireAccount(request);
    return ok(request, await payments.formBankbook(member, request.lang, body.currency));
  });

  route(app, E.depositOrder, async (request, body) => {
    const user = await requireUser(request);
    const key = requireIdempotencyKey(body.idempotency_key, request.headers['idempotency-key']);
    return ok(request, await payments.depositOrder(user, body, key, request.lang));
  });

  route(app, E.depositCancel, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await payments.cancel(user, body.user_payment_log_sn, request.lang));
  });

  route(app, E.depositOrderView, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await payments.ownOrder(user, body.user_payment_log_sn, request.lang));
  });

  route(app, E.myDeposits, async (request, body) => {
    const user = await requireUser(request);
    const { list, total } = await payments.myOrders(user, { ...body, method: 'bankbook' }, request.lang);
    return okList(request, list, total);
  });

  route(app, E.myOrders, async (request, body) => {
    const user = await requireUser(request);
    const { list, total } = await payments.myOrders(user, body, request.lang);
    return okList(request, list, total);
  });

  route(app, E.receipt, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await cards.receipt(user, body.user_payment_log_sn));
  });

  route(app, E.cardRequest, async (request, body) => {
    const user = await requireUser(request);
    const key = requireIdempotencyKey(body.idempotency_key, request.headers['idempotency-key']);
    const origin = publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
    return ok(request, await cards.request(user, body, key, origin, request.lang));
  });

  route(app, E.cardConfirm, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await cards.confirm(user, body, request.lang));
  });

  route(app, E.successCheck, async (request, query) => {
    const user = await requireUser(request);
    return ok(request, await cards.successCheck(user, query.user_payment_log_sn));
  });

  route(app, E.adminRefund, async (request, body) => {
    const operator = await requireRole(request);
    return ok(request, await cards.refund(operator, body, request.lang));
  });

  route(app, E.adminProductSave, async (request, body) => {
    const operator = await requireRole(request);
    return ok(request, await payments.adminProductSave(operator, body));
  });

  route(app, E.adminProductList, async (request, body) => {
    await requireRole(request);
    const { list, total } = await payments.adminProductList(body);
    return okList(request, list, total);
  });

  route(app, E.adminDepositList, async (request, body) => {
    await requireRole(request);
    const { list, total } = await payments.adminDeposits(body, request.lang);
    return okList(request, list, total);
  });

  route(app, E.adminDepositConfirm, async (request, body) => {
    const operator = await requireRole(request);
    return ok(request, await payments.confirm(operator, body, request.lang));
  });

  route(app, E.adminDepositReject, async (request, body) => {
    const operator = await requireRole(request);
    return ok(request, await payments.reject(operator, body.user_payment_log_sn, body.reason, request.lang));
  });
};

export interface PaymentsWebhookOptions extends PaymentsRoutesOptions {
  /** PAYMENT_WEBHOOK_SECRET: the key the bank's notifier signs each body with. */
  secret: string;
  /** TOSS_WEBHOOK_SECRET: the key of Toss' signed webhooks (unset: signatures cannot be checked, so signed-only events are refused). */
  tossSecret: string | undefined;
}

/** Whether `header` ('sha256=<hex>') is the HMAC-SHA256 of `body` with `secret`, compared in constant time. */
export function validSignature(secret: string, body: Buffer, header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(value?.trim() ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(m[1] as string, 'hex'));
}

/**
 * The bank-deposit notification, outside /v1 (a bank's notifier sends no X-Api-Mode headers; its HMAC
 * signature is the proof instead): POST /hooks/payment/deposit with a JSON body signed in
 * X-Byeol-Signature. The body is read raw, so the signature is checked on the exact bytes received.
 */
export const paymentsWebhookRoutes: FastifyPluginAsyncZod<PaymentsWebhookOptions> = async (
  app,
  { db, site, ledger, secret, pg, tossSecret },
) => {
  const payments = new PaymentsService(db, site, ledger);
  const cards = new CardPaymentsService({ db, site, ledger, pg, orders: payments, log: app.log.child({ module: 'payments' }) });
  // The exact bytes received, kept by each route's preParsing hook before the JSON parser reads them (a
  // content-type parser of this plugin's own broke media playback of the whole app in the e2e platform).
  const rawBodies = new WeakMap<object, Buffer>();
  const keepRawBody = async (request: object, _reply: unknown, payload: AsyncIterable<unknown>) => {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    const raw = Buffer.concat(chunks);
    rawBodies.set(request, raw);
    return Readable.from([raw]);
  };

  app.post(
    '/hooks/payment/deposit',
    {
      schema: { hide: true },
      preParsing: keepRawBody,
    },
    async (request) => {
      const raw = rawBodies.get(request) ?? Buffer.alloc(0);
      if (!validSignature(secret, raw, request.headers[PAYMENT_WEBHOOK_SIGNATURE_HEADER.toLowerCase()])) {
        request.log.warn({ ip: request.ip }, 'deposit notification with a bad signature');
        throw new AppError('PAYMENT_WEBHOOK_SIGNATURE', {}, 401);
      }
      const parsed = DepositWebhookSchema.safeParse(request.body);
      if (!parsed.success) throw new AppError('INVALID_INPUT', { field: String(parsed.error.issues[0]?.path[0] ?? 'body') });
      const order = await payments.webhook(parsed.data, request.lang);
      request.log.info(
        { user_payment_log_sn: order.user_payment_log_sn, bank_tx_id: parsed.data.bank_tx_id },
        'deposit notification paid an order',
      );
      return ok(request, order);
    },
  );

  /**
   * Toss' webhook (registered in Toss' console). Toss signs some events (`tosspayments-webhook-signature:
   * v1:<base64 HMAC-SHA256 of "<body>:<transmission time>">`): a signature that is present must verify with
   * TOSS_WEBHOOK_SECRET, and events other than PAYMENT_STATUS_CHANGED must carry one. PAYMENT_STATUS_CHANGED
   * is never trusted as sent: the payment is fetched from Toss and only its answer counts.
   */
  app.post('/hooks/payment/toss', { schema: { hide: true }, preParsing: keepRawBody }, async (request) => {
    const raw = rawBodies.get(request) ?? Buffer.alloc(0);
    const header = request.headers[TOSS_SIGNATURE_HEADER];
    const time = request.headers[TOSS_TRANSMISSION_TIME_HEADER];
    const signature = Array.isArray(header) ? header[0] : header;
    const signedOk =
      signature !== undefined &&
      tossSecret !== undefined &&
      validTossSignature(tossSecret, raw, signature, Array.isArray(time) ? time[0] : time);
    const parsed = TossWebhookSchema.safeParse(request.body);
    const eventType = parsed.success ? parsed.data.eventType : '';
    if ((signature !== undefined && tossSecret !== undefined && !signedOk) || (eventType !== 'PAYMENT_STATUS_CHANGED' && !signedOk)) {
      request.log.warn({ ip: request.ip, eventType }, 'PG webhook with a bad or missing signature');
      throw new AppError('PAYMENT_WEBHOOK_SIGNATURE', {}, 401);
    }
    if (!parsed.success) throw new AppError('INVALID_INPUT', { field: String(parsed.error.issues[0]?.path[0] ?? 'body') });
    if (eventType !== 'PAYMENT_STATUS_CHANGED') {
      request.log.info({ eventType }, 'PG webhook event not used by Byeol');
      return ok(request, { user_payment_log_sn: null, action: 'none' });
    }
    const paymentKey = parsed.data.data?.paymentKey;
    if (!paymentKey) throw new AppError('REQUIRED', { field: 'data.paymentKey' });
    const result = await cards.webhook(paymentKey);
    request.log.info({ ...result, payment_key: paymentKey }, 'PG webhook handled');
    return ok(request, result);
  });
};
