import { type MagazineListItem, MagazineListQuerySchema } from '@byeol/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okList } from '../../platform/api.js';
import type { Db } from '../../platform/db.js';
import { magazine } from './community.tables.js';

export const communityRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/pubapi/magazine_list',
    { schema: { tags: ['community'], summary: 'Published magazine articles, newest first', querystring: MagazineListQuerySchema } },
    async (request) => {
      const { offset, limit } = request.query;
      const where = eq(magazine.viewYn, true);
      const [rows, [total]] = await Promise.all([
        db.select().from(magazine).where(where).orderBy(desc(magazine.publishedAt), desc(magazine.miSn)).offset(offset).limit(limit),
        db.select({ n: count() }).from(magazine).where(where),
      ]);
      const list: MagazineListItem[] = rows.map((m) => ({
        mi_sn: m.miSn,
        title: m.title,
        summary: m.summary,
        image: m.image,
        view_cnt: m.viewCnt,
        publish_date: m.publishedAt.toISOString(),
      }));
      return okList(request, list, total?.n ?? 0);
    },
  );
};
