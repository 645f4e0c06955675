import { adminEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { route } from '../../platform/route.js';
import type { SiteService } from '../site/site.service.js';
import { requireRole } from '../users/users.session.js';
import { AdminService } from './admin.service.js';

export interface AdminRoutesOptions {
  db: Db;
  site: SiteService;
}

/**
 * The operator console's own calls (docs/admin.md), all read-only and for operators and GMs only
 * (`requireRole` with no extra roles): anonymous callers get LOGIN_REQUIRED, everyone else FORBIDDEN,
 * before anything is read. Under /v1.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, site }) => {
  const admin = new AdminService(db, site);

  route(app, adminEndpoints.dashboard, async (request) => {
    const operator = await requireRole(request);
    return ok(request, await admin.dashboard(operator));
  });

  route(app, adminEndpoints.orderList, async (request, body) => {
    await requireRole(request);
    const { list, total } = await admin.orders(body, request.lang);
    return okList(request, list, total);
  });

  route(app, adminEndpoints.orderDetail, async (request, body) => {
    await requireRole(request);
    return ok(request, await admin.order(body.user_payment_log_sn, request.lang));
  });

  route(app, adminEndpoints.auditList, async (request, body) => {
    await requireRole(request);
    const { list, total } = await admin.audit(body);
    return okList(request, list, total);
  });
};
