import { LiveListQuerySchema, VodListQuerySchema } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { listLive, listReplays } from './live.repository.js';

export const liveRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/pubapi/play_live_list',
    { schema: { tags: ['live'], summary: 'Broadcasts live now', querystring: LiveListQuerySchema } },
    async (request) => {
      const { order, offset, limit } = request.query;
      const { list, total } = await listLive(db, order, offset, limit);
      return okList(request, list, total);
    },
  );

  app.get(
    '/pubapi/play_vod_list',
    { schema: { tags: ['live'], summary: 'Replays of ended broadcasts', querystring: VodListQuerySchema } },
    async (request) => {
      const { offset, limit } = request.query;
      const { list, total } = await listReplays(db, offset, limit);
      return okList(request, list, total);
    },
  );
};
