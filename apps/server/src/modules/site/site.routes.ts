import { isLang, LANG_COOKIE, type SiteInfo, siteEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import { invalid } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import type { SiteService } from './site.service.js';

const ONE_YEAR = 365 * 24 * 3600;

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  const serialized = new WeakMap<SiteInfo, string>();
  route(app, siteEndpoints.cacheInfo, async (request, { segment1, segment2 }, reply) => {
    const info = await site.info(request.lang, segment1, segment2);
    // Every page view asks for this: each built answer (one per language and page) is serialised once.
    let json = serialized.get(info);
    if (!json) {
      json = JSON.stringify(ok(request, info));
      serialized.set(info, json);
    }
    return reply.type('application/json; charset=utf-8').send(json);
  });

  route(app, siteEndpoints.language, async (request, { lang }, reply) => {
    if (!isLang(lang)) throw invalid('lang');
    request.lang = lang;
    reply.setCookie(LANG_COOKIE, lang, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax', httpOnly: true });
    return ok(request, { lang });
  });
};
