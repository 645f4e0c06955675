import { isLang, LANG_COOKIE, SiteCacheInfoQuerySchema, type SiteInfo } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/api.js';
import { invalid } from '../../platform/errors.js';
import type { SiteService } from './site.service.js';

const ONE_YEAR = 365 * 24 * 3600;

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  const serialized = new WeakMap<SiteInfo, string>();
  app.get(
    '/pubapi/api_site_cache_info',
    { schema: { tags: ['site'], summary: 'Site info with the head for a page', querystring: SiteCacheInfoQuerySchema } },
    async (request, reply) => {
      const { segment1, segment2 } = request.query;
      const info = await site.info(request.lang, segment1, segment2);
      // Every page view asks for this: each built answer (one per language and page) is serialised once.
      let json = serialized.get(info);
      if (!json) {
        json = JSON.stringify(ok(request, info));
        serialized.set(info, json);
      }
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.put(
    '/user/language/:lang',
    {
      schema: {
        tags: ['site'],
        summary: 'Set the interface language (xlang cookie)',
        params: z.object({ lang: z.string().max(10) }),
      },
    },
    async (request, reply) => {
      const { lang } = request.params;
      if (!isLang(lang)) throw invalid('lang');
      request.lang = lang;
      reply.setCookie(LANG_COOKIE, lang, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax', httpOnly: true });
      return ok(request, { lang });
    },
  );
};
