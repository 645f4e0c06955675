import { API_BASE, ResultCode, SOCIAL_PROVIDERS, SocialStartSchema, socialEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okList } from '../../platform/api.js';
import { route } from '../../platform/route.js';
import { failurePath, finishSignIn, joinSocial, listProviders, loginResult, type SocialDeps, startSignIn } from './social.service.js';

const ProviderParams = z.object({ provider: z.string().max(20) });

/** The query or form of a provider's answer, as the strings it sent (repeated keys keep the first). */
function answerParams(source: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (source && typeof source === 'object') {
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      const value = Array.isArray(v) ? v[0] : v;
      if (typeof value === 'string') params.set(k, value);
    }
  }
  return params;
}

/** Social login calls under /v1 (docs/accounts-social.md). */
export const socialRoutes: FastifyPluginAsyncZod<SocialDeps> = async (app, deps) => {
  route(app, socialEndpoints.providers, async (request) => {
    const list = await listProviders(deps, request.lang);
    return okList(request, list, list.length);
  });

  // A browser navigation (the social button is a link): answers a redirect to the provider. A crafted
  // request with a bad return_to or provider gets the envelope error instead.
  app.get(
    '/user/social_login/:provider',
    {
      schema: {
        tags: ['social'],
        summary: 'Start a social sign-in: redirects to the provider',
        params: ProviderParams,
        querystring: SocialStartSchema,
      },
    },
    async (request, reply) => {
      const url = await startSignIn(deps, { request, reply }, request.params.provider, request.query.return_to);
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/user/social_callback/:provider',
    { schema: { tags: ['social'], summary: "The provider's answer: logs in, or goes to /user/join-social", params: ProviderParams } },
    async (request, reply) => {
      const next = await finishSignIn(deps, { request, reply }, request.params.provider, answerParams(request.query));
      reply.header('cache-control', 'no-store');
      return reply.redirect(next, 302);
    },
  );

  route(app, socialEndpoints.loginResult, async (request) => ok(request, await loginResult(deps, request)));

  route(app, socialEndpoints.join, async (request, body, reply) => ok(request, await joinSocial(deps, { request, reply }, body)));
};

/**
 * Apple answers with a cross-site form POST (response_mode=form_post). Such a POST can carry neither the
 * API headers every POST under /v1 needs nor the SameSite=Lax cookie that binds the sign-in to the
 * browser, so this route (outside /v1) hands the answer on, unchanged, to the GET callback with a 303:
 * that top-level GET carries the cookie and does every check.
 */
export const socialFormPostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/oauth/form_post/:provider', { schema: { hide: true, params: ProviderParams } }, async (request, reply) => {
    const { provider } = request.params;
    reply.header('cache-control', 'no-store');
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(provider)) {
      return reply.redirect(failurePath(ResultCode.SOCIAL_PROVIDER_DISABLED), 303);
    }
    const params = answerParams(request.body);
    return reply.redirect(`${API_BASE}/user/social_callback/${provider}?${params}`, 303);
  });
};
