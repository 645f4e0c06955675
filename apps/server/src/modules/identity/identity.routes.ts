import { AdultVerifySchema, IdentityVerifySchema } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import { adultVerify, type IdentityDeps, identityConfig, identityInfo, verifyIdentity } from './identity.service.js';

export const identityRoutes: FastifyPluginAsyncZod<IdentityDeps> = async (app, deps) => {
  app.get(
    '/user/identity_config',
    { schema: { tags: ['identity'], summary: 'Which identity verification the browser runs' } },
    async (request) => ok(request, identityConfig(deps)),
  );

  app.post(
    '/user/identity_verify_proc',
    {
      schema: {
        tags: ['identity'],
        summary: 'Verify a person (adult or legal guardian); answers a one-time identity token',
        body: IdentityVerifySchema,
      },
    },
    async (request) => ok(request, await verifyIdentity(deps, request, request.body)),
  );

  app.post(
    '/user/adult_verify_proc',
    { schema: { tags: ['identity'], summary: 'Record an adult verification (19+) on the logged-in account', body: AdultVerifySchema } },
    async (request) => ok(request, await adultVerify(deps.db, request, request.body.identity_token)),
  );

  app.get(
    '/user/identity_info',
    { schema: { tags: ['identity'], summary: "The logged-in account's verification state" } },
    async (request) => ok(request, await identityInfo(request)),
  );
};
