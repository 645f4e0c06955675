import { MagazineListQuerySchema } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { listMagazine } from './community.repository.js';

export const communityRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/pubapi/magazine_list',
    { schema: { tags: ['community'], summary: 'Published magazine articles, newest first', querystring: MagazineListQuerySchema } },
    async (request) => {
      const { offset, limit } = request.query;
      const { list, total } = await listMagazine(db, offset, limit);
      return okList(request, list, total);
    },
  );
};
