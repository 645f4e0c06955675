import { contentEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { route } from '../../platform/route.js';
import { listMagazine } from './community.repository.js';

export const communityRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, contentEndpoints.magazineList, async (request, { offset, limit }) => {
    const { list, total } = await listMagazine(db, offset, limit);
    return okList(request, list, total);
  });
};
