import { sanctionsEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { route } from '../../platform/route.js';
import { findByLoginId } from '../users/index.js';
import { requireRole } from '../users/users.session.js';
import { listSanctions } from './sanctions.repository.js';
import { endSanction, saveSanction } from './sanctions.service.js';

/** The console's sanction calls (docs/sanctions.md): operators and GMs (GMs: broadcasting and chat bans). */
export const sanctionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, sanctionsEndpoints.save, async (request, body) => {
    const actor = await requireRole(request);
    const done = await saveSanction(db, actor, body);
    request.log.info({ actor: actor.userKey, target: done.user_key, kind: done.kind, ends_at: done.ends_at }, 'sanction applied');
    return ok(request, done);
  });

  route(app, sanctionsEndpoints.lift, async (request, { sanction_sn }) => {
    const actor = await requireRole(request);
    const done = await endSanction(db, actor, sanction_sn);
    request.log.info({ actor: actor.userKey, sanction_sn }, 'sanction lifted');
    return ok(request, done);
  });

  route(app, sanctionsEndpoints.list, async (request, { state, id, offset, limit }) => {
    await requireRole(request);
    const member = id ? await findByLoginId(db, id) : null;
    if (id && !member) return okList(request, [], 0);
    const { list, total } = await listSanctions(db, { state, userKey: member?.userKey, offset, limit });
    return okList(request, list, total);
  });
};
