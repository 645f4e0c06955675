import { searchEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { route } from '../../platform/route.js';
import type { SiteService } from '../site/index.js';
import { PostgresSearch, type SearchPort } from './search.service.js';

/** Search (docs/search.md): thin handlers over the search port. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; bus: Bus; site?: SiteService; port?: SearchPort }> = async (
  app,
  { db, bus, site, port },
) => {
  const search = port ?? new PostgresSearch(db, bus, site);

  route(app, searchEndpoints.more, async (request, { kind, keyword, offset, limit }) =>
    ok(request, await search.more(request, kind, keyword, offset, limit)),
  );

  route(app, searchEndpoints.mc, async (request, { keyword, offset, limit }) => {
    const { list, total } = await search.mc(request, keyword, offset, limit);
    return okList(request, list, total);
  });
};
