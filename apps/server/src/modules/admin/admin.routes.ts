import { AdminAuditListSchema, AdminOrderListSchema, AdminOrderRefSchema } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
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

  app.post(
    '/admin/dashboard',
    { schema: { tags: ['admin'], summary: "The console's first screen: pending deposits and today's paid orders (operators, GMs)" } },
    async (request) => {
      const operator = await requireRole(request);
      return ok(request, await admin.dashboard(operator));
    },
  );

  app.post(
    '/admin/payment_order_list',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders of every method by order number, member, state, method and KST placed dates, newest first (operators, GMs)',
        body: AdminOrderListSchema,
      },
    },
    async (request) => {
      await requireRole(request);
      const { list, total } = await admin.orders(request.body, request.lang);
      return okList(request, list, total);
    },
  );

  app.post(
    '/admin/payment_order_detail',
    { schema: { tags: ['admin'], summary: 'One order with its audit trail (operators, GMs)', body: AdminOrderRefSchema } },
    async (request) => {
      await requireRole(request);
      return ok(request, await admin.order(request.body.user_payment_log_sn, request.lang));
    },
  );

  app.post(
    '/admin/audit_list',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every audited operator action (payments and grants) with actor, time, target and before/after, newest first',
        body: AdminAuditListSchema,
      },
    },
    async (request) => {
      await requireRole(request);
      const { list, total } = await admin.audit(request.body);
      return okList(request, list, total);
    },
  );
};
