import { identityEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import { route } from '../../platform/route.js';
import { adultVerify, type IdentityDeps, identityConfig, identityInfo, verifyIdentity } from './identity.service.js';

export const identityRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, deps) => {
  const E = identityEndpoints;
  route(app, E.config, async (request) => ok(request, identityConfig(deps)));
  route(app, E.verify, async (request, body) => ok(request, await verifyIdentity(deps, request, body)));
  route(app, E.adultVerify, async (request, body) => ok(request, await adultVerify(deps.db, request, body.identity_token)));
  route(app, E.info, async (request) => ok(request, await identityInfo(request)));
};
