import { supportersEndpoints } from '@byeol/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { runPeriodically } from '../../platform/periodic.js';
import { route } from '../../platform/route.js';
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

  const E = supportersEndpoints;
  route(app, E.planList, async (request) => {
    await supporters.requireEnabled();
    const list = await supporters.planList();
    return okList(request, list, list.length);
  });

  route(app, E.bjList, async (request, body) => {
    await supporters.requireEnabled();
    const { list, total } = await supporters.bjList(body);
    return okList(request, list, total);
  });

  route(app, E.request, async (request, body) => {
    const user = await requireUser(request);
    const key = requireIdempotencyKey(body.idempotency_key, request.headers['idempotency-key']);
    return ok(request, await supporters.request(user, body, key, originOf(request, opts.publicUrl)));
  });

  route(app, E.confirm, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await supporters.confirm(user, body));
  });

  route(app, E.billingConfirm, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await supporters.confirmBilling(user, body));
  });

  route(app, E.charge, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await supporters.chargeOf(user, body.order_id));
  });

  route(app, E.mySupports, async (request, body) => {
    const user = await requireUser(request);
    const { list, total } = await supporters.mySupports(user, body);
    return okList(request, list, total);
  });

  route(app, E.cancelAuto, async (request, body) => {
    const user = await requireUser(request);
    return ok(request, await supporters.cancelAuto(user, body.supporter_sn));
  });

  route(app, E.mySupporters, async (request, body) => {
    const user = await requireRole(request, 'bj');
    const { list, total } = await supporters.mySupporters(user, body);
    return okList(request, list, total);
  });

  for (const [ep, type] of [
    [E.detailsAuto, 'auto'],
    [E.detailsRegular, 'regular'],
  ] as const) {
    route(app, ep, async (request, body) => {
      const user = await requireUser(request);
      const { list, total, extra } = await supporters.details(user, type, body);
      return okList(request, list, total, extra);
    });
  }

  route(app, E.adminPlanSave, async (request, body) => {
    const operator = await requireRole(request);
    return ok(request, await supporters.adminPlanSave(operator, body));
  });

  route(app, E.adminPlanList, async (request, body) => {
    await requireRole(request);
    const { list, total } = await supporters.adminPlanList(body);
    return okList(request, list, total);
  });
};
