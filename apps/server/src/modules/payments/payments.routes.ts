import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AdminDepositListSchema,
  AdminPaymentProductListSchema,
  AdminPaymentProductSaveSchema,
  DepositConfirmSchema,
  DepositOrderSchema,
  DepositRejectSchema,
  DepositWebhookSchema,
  PAYMENT_WEBHOOK_SIGNATURE_HEADER,
  PaymentOrderListSchema,
  PaymentOrderRefSchema,
  PaymentProductListSchema,
} from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { runPeriodically } from '../../platform/periodic.js';
import { requireRole, requireUser } from '../../platform/session.js';
import type { SiteService } from '../site/site.service.js';
import { requireIdempotencyKey } from '../wallet/wallet.rules.js';
import type { LedgerService } from '../wallet/wallet.service.js';
import { expirePaymentOrders } from './payments.jobs.js';
import { PaymentsService } from './payments.service.js';

export interface PaymentsRoutesOptions {
  db: Db;
  site: SiteService;
  ledger: LedgerService;
}

/** How often the expiry job runs (reads treat orders past their deadline as expired meanwhile). */
const EXPIRY_EVERY_MS = 5 * 60_000;

/** Packages, bank deposit orders and the operators' calls (docs/payments.md), and the expiry job. Under /v1. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { db, site, ledger }) => {
  const payments = new PaymentsService(db, site, ledger);
  runPeriodically(app, 'payments-expiry', () => expirePaymentOrders(db), EXPIRY_EVERY_MS);

  app.post(
    '/payment/product_list',
    {
      schema: {
        tags: ['payments'],
        summary: 'The STAR or CUBIC packages on sale, for the payment panel (our name: the SPEC names no list call)',
        body: PaymentProductListSchema,
      },
    },
    async (request) => {
      const list = await payments.productList(request.lang, request.body.currency);
      return okList(request, list, list.length);
    },
  );

  app.post(
    '/payment/user_deposit_proc',
    {
      schema: {
        tags: ['payments'],
        summary: 'Place a bank deposit order for a package (pending until paid); Idempotency-Key header or idempotency_key field',
        body: DepositOrderSchema,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const key = requireIdempotencyKey(request.body.idempotency_key, request.headers['idempotency-key']);
      return ok(request, await payments.depositOrder(user, request.body, key, request.lang));
    },
  );

  app.post(
    '/payment/user_deposit_cancel',
    { schema: { tags: ['payments'], summary: 'Cancel one of your pending bank deposit orders (our name)', body: PaymentOrderRefSchema } },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await payments.cancel(user, request.body.user_payment_log_sn, request.lang));
    },
  );

  app.post(
    '/popup/complete_payment_bankbook',
    { schema: { tags: ['payments'], summary: 'One of your bank deposit orders (the completion popup)', body: PaymentOrderRefSchema } },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await payments.ownOrder(user, request.body.user_payment_log_sn, request.lang));
    },
  );

  app.post(
    '/mypage/payment_bankbook',
    { schema: { tags: ['payments'], summary: 'Your bank deposit orders with their states, newest first', body: PaymentOrderListSchema } },
    async (request) => {
      const user = await requireUser(request);
      const { list, total } = await payments.myOrders(user, { ...request.body, method: 'bankbook' }, request.lang);
      return okList(request, list, total);
    },
  );

  app.post(
    '/mypage/payment',
    { schema: { tags: ['payments'], summary: 'All your orders (every method), newest first', body: PaymentOrderListSchema } },
    async (request) => {
      const user = await requireUser(request);
      const { list, total } = await payments.myOrders(user, request.body, request.lang);
      return okList(request, list, total);
    },
  );

  app.post(
    '/admin/payment_product_save',
    {
      schema: {
        tags: ['payments'],
        summary: 'Create or update a STAR or CUBIC package (operators; audited)',
        body: AdminPaymentProductSaveSchema,
      },
    },
    async (request) => {
      const operator = await requireRole(request);
      return ok(request, await payments.adminProductSave(operator, request.body));
    },
  );

  app.post(
    '/admin/payment_product_list',
    { schema: { tags: ['payments'], summary: 'Every package, also off sale (operators)', body: AdminPaymentProductListSchema } },
    async (request) => {
      await requireRole(request);
      const { list, total } = await payments.adminProductList(request.body);
      return okList(request, list, total);
    },
  );

  app.post(
    '/admin/deposit_list',
    {
      schema: {
        tags: ['payments'],
        summary: 'Bank deposit orders by state, pending ones oldest first (operators)',
        body: AdminDepositListSchema,
      },
    },
    async (request) => {
      await requireRole(request);
      const { list, total } = await payments.adminDeposits(request.body, request.lang);
      return okList(request, list, total);
    },
  );

  app.post(
    '/admin/deposit_confirm',
    {
      schema: {
        tags: ['payments'],
        summary: 'Confirm a deposit (depositor, amount and date checked against the order); credits the package once (operators; audited)',
        body: DepositConfirmSchema,
      },
    },
    async (request) => {
      const operator = await requireRole(request);
      return ok(request, await payments.confirm(operator, request.body, request.lang));
    },
  );

  app.post(
    '/admin/deposit_reject',
    { schema: { tags: ['payments'], summary: 'Reject a pending deposit order (operators; audited)', body: DepositRejectSchema } },
    async (request) => {
      const operator = await requireRole(request);
      return ok(request, await payments.reject(operator, request.body.user_payment_log_sn, request.body.reason, request.lang));
    },
  );
};

export interface PaymentsWebhookOptions extends PaymentsRoutesOptions {
  /** PAYMENT_WEBHOOK_SECRET: the key the bank's notifier signs each body with. */
  secret: string;
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
export const paymentsWebhookRoutes: FastifyPluginAsyncZod<PaymentsWebhookOptions> = async (app, { db, site, ledger, secret }) => {
  const payments = new PaymentsService(db, site, ledger);
  // The exact bytes received, kept by this route's preParsing hook before the JSON parser reads them (a
  // content-type parser of this plugin's own broke media playback of the whole app in the e2e platform).
  const rawBodies = new WeakMap<object, Buffer>();

  app.post(
    '/hooks/payment/deposit',
    {
      schema: { hide: true },
      preParsing: async (request, _reply, payload) => {
        const chunks: Buffer[] = [];
        for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
        const raw = Buffer.concat(chunks);
        rawBodies.set(request, raw);
        return Readable.from([raw]);
      },
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
};
