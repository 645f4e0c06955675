import { starsEndpoints } from '@byeol/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { route } from '../../platform/route.js';
import type { SiteService } from '../site/index.js';
import { requireRole } from '../users/users.session.js';
import { StarsService, type StarViewer } from './stars.service.js';

/** The program and K-star directories (docs/stars.md). */
export const starsRoutes: FastifyPluginAsyncZod<{ db: Db; site: SiteService }> = async (app, { db, site }) => {
  const stars = new StarsService(db, site);
  const viewerOf = async (request: FastifyRequest): Promise<StarViewer | null> => {
    const user = await request.currentUser();
    return user ? { userKey: user.userKey, role: user.role } : null;
  };

  route(app, starsEndpoints.programMore, async (request, { offset, limit }) => {
    await stars.requireOn('program', await viewerOf(request));
    const { list, total } = await stars.programs(offset, limit);
    return okList(request, list, total);
  });
  route(app, starsEndpoints.kstarMore, async (request, { group_name, offset, limit }) => {
    await stars.requireOn('kstar', await viewerOf(request));
    const { list, total } = await stars.kstars(group_name, offset, limit);
    return okList(request, list, total);
  });
  route(app, starsEndpoints.memberGroupList, async (request) => {
    await stars.requireOn('kstar', await viewerOf(request));
    return ok(request, { group_list: await stars.groups() });
  });
  route(app, starsEndpoints.adminProfile, async (request, body) => {
    const user = await requireRole(request, 'operator');
    return ok(request, await stars.saveProfile({ userKey: user.userKey, role: user.role }, body));
  });
};
