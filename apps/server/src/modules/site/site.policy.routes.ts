import { communityEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { requireUser } from '../users/users.session.js';
import { agreePolicy, pendingPolicies, policyDoc, policyHistory, publishPolicy } from './site.policy.js';

/** The versioned policies and guides (docs/community.md#policies). */
export const policyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const e = communityEndpoints;
  route(app, e.policyGuide, async (request, { id, ver }) => ok(request, await policyDoc(db, 'policy', id, ver)));
  route(app, e.serviceGuide, async (request, { id, ver }) => ok(request, await policyDoc(db, 'service', id, ver)));
  route(app, e.policyHistory, async (request, { id }) => ok(request, await policyHistory(db, id)));
  route(app, e.policyPending, async (request) => {
    const user = await requireUser(request);
    const list = await pendingPolicies(db, user.userKey, user.role);
    return okList(request, list, list.length);
  });
  route(app, e.policyAgree, async (request, { id, ver }) =>
    ok(request, await agreePolicy(db, (await requireUser(request)).userKey, id, ver)),
  );
  route(app, e.adminPolicyPublish, async (request, body) => {
    const actor = await requireUser(request);
    if (actor.role !== 'operator') throw new AppError('FORBIDDEN');
    const done = await publishPolicy(db, actor.userKey, body);
    request.log.info({ actor: actor.userKey, guide: done.id, ver: done.ver, effective: done.effective_date }, 'policy version published');
    return ok(request, done);
  });
};
