import {
  AdminSupporterPlanListSchema,
  AdminSupporterPlanSaveSchema,
  SupporterBjListSchema,
  SupporterChargeRefSchema,
  SupporterDetailsSchema,
  SupporterListSchema,
  SupporterPlanListSchema,
  SupporterRefSchema,
  SupportersBillingConfirmSchema,
  SupportersConfirmSchema,
  SupportersRequestSchema,
} from '@byeol/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { runPeriodically } from '../../platform/periodic.js';
import type { PgClient } from '../payments/pg/pg.js';
import type { SiteService } from '../site/site.service.js';
import { requireRole, requireUser } from '../users/users.session.js';
import { requireIdempotencyKey } from '../wallet/wallet.rules.js';
import { chargeDueSupporters } from './supporters.jobs.js';
import { SupportersService } from './supporters.service.js';

export interface SupportersRoutesOptions {
  db: Db;
  bus: Bus;
  site: SiteService;
  pg: PgClient;
  /** PUBLIC_URL: the origin the provider sends the browser back to (else the request's own origin). */
  publicUrl?: string | undefined;
  /** How often the auto-pay job looks for due supports (0: never, e.g. tests that run it themselves). */
  chargeEveryMs?: number;
}

const CHARGE_EVERY_MS = 10 * 60_000;

/** The origin of the page that called: where the provider's checkout returns to. */
function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}

/** Supporters (docs/supporters.md): plans, checkout and confirmation, lists, cancellation, and the monthly job. Under /v1. */
export const supportersRoutes: FastifyPluginAsyncZod<SupportersRoutesOptions> = async (app, opts) => {
  const { db, bus, site, pg } = opts;
  const supporters = new SupportersService(db, bus, site, pg);
  const every = opts.chargeEveryMs ?? CHARGE_EVERY_MS;
  if (every > 0) runPeriodically(app, 'supporters-charge', () => chargeDueSupporters(db, pg, new Date(), app.log), every);

  app.post(
    '/supporters/plan_list',
    { schema: { tags: ['supporters'], summary: 'The supporter plans on sale (our name)', body: SupporterPlanListSchema } },
    async (request) => {
      await supporters.requireEnabled();
      const list = await supporters.planList();
      return okList(request, list, list.length);
    },
  );

  app.post(
    '/supporters/bj_list',
    {
      schema: {
        tags: ['supporters'],
        summary: 'Broadcasters to support, by nick prefix or user_key, live ones first (our name)',
        body: SupporterBjListSchema,
      },
    },
    async (request) => {
      await supporters.requireEnabled();
      const { list, total } = await supporters.bjList(request.body);
      return okList(request, list, total);
    },
  );

  app.post(
    '/pg/pg_supporters_request',
    {
      schema: {
        tags: ['supporters'],
        summary: 'A pending supporter charge (regular: one month; auto: card registration + first month) and its checkout',
        body: SupportersRequestSchema,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const key = requireIdempotencyKey(request.body.idempotency_key, request.headers['idempotency-key']);
      return ok(request, await supporters.request(user, request.body, key, originOf(request, opts.publicUrl)));
    },
  );

  app.post(
    '/pg/supporters_confirm',
    {
      schema: {
        tags: ['supporters'],
        summary: 'Confirm a regular supporter payment after the checkout (order, owner and amount checked first; our name)',
        body: SupportersConfirmSchema,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await supporters.confirm(user, request.body));
    },
  );

  app.post(
    '/pg/supporters_billing_confirm',
    {
      schema: {
        tags: ['supporters'],
        summary: 'Register the card of an auto-pay supporter after the billing checkout and charge the first month (our name)',
        body: SupportersBillingConfirmSchema,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await supporters.confirmBilling(user, request.body));
    },
  );

  app.post(
    '/pg/supporters_charge',
    {
      schema: {
        tags: ['supporters'],
        summary: 'One of your supporter charges (the return pages; our name)',
        body: SupporterChargeRefSchema,
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await supporters.chargeOf(user, request.body.order_id));
    },
  );

  app.post(
    '/mypage/supporters',
    { schema: { tags: ['supporters'], summary: 'The BJs you support, supporting ones first (our name)', body: SupporterListSchema } },
    async (request) => {
      const user = await requireUser(request);
      const { list, total } = await supporters.mySupports(user, request.body);
      return okList(request, list, total);
    },
  );

  app.post(
    '/mypage/supporters_auto_cancel',
    { schema: { tags: ['supporters'], summary: 'Stop an auto-pay support (the paid month stays; our name)', body: SupporterRefSchema } },
    async (request) => {
      const user = await requireUser(request);
      return ok(request, await supporters.cancelAuto(user, request.body.supporter_sn));
    },
  );

  app.post(
    '/mypage/my_supporters',
    { schema: { tags: ['supporters'], summary: 'Who supports you (broadcasters; our name)', body: SupporterListSchema } },
    async (request) => {
      const user = await requireRole(request, 'bj');
      const { list, total } = await supporters.mySupporters(user, request.body);
      return okList(request, list, total);
    },
  );

  for (const [path, type] of [
    ['/mypage/details_supporters_auto', 'auto'],
    ['/mypage/details_supporters_regular', 'regular'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['supporters'],
          summary: `Your ${type} supporter charges by KST month, newest first`,
          body: SupporterDetailsSchema,
        },
      },
      async (request) => {
        const user = await requireUser(request);
        const { list, total, extra } = await supporters.details(user, type, request.body);
        return okList(request, list, total, extra);
      },
    );
  }

  app.post(
    '/admin/supporter_plan_save',
    {
      schema: {
        tags: ['supporters'],
        summary: 'Create or update a supporter plan (operators; audited)',
        body: AdminSupporterPlanSaveSchema,
      },
    },
    async (request) => {
      const operator = await requireRole(request);
      return ok(request, await supporters.adminPlanSave(operator, request.body));
    },
  );

  app.post(
    '/admin/supporter_plan_list',
    { schema: { tags: ['supporters'], summary: 'Every supporter plan, also off sale (operators)', body: AdminSupporterPlanListSchema } },
    async (request) => {
      await requireRole(request);
      const { list, total } = await supporters.adminPlanList(request.body);
      return okList(request, list, total);
    },
  );
};
