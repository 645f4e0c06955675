import { recoveryEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import { route } from '../../platform/route.js';
import { listAccounts, type RecoveryDeps, resetPassword } from './recovery.service.js';

/** Finding an ID and resetting a forgotten password, after a find_id / find_pw phone verification. */
export const recoveryRoutes: FastifyPluginAsyncZod<RecoveryDeps> = async (app, deps) => {
  route(app, recoveryEndpoints.accounts, async (request, body) => ok(request, await listAccounts(deps, request.ip, body.verify_token)));

  route(app, recoveryEndpoints.reset, async (request, body) => ok(request, await resetPassword(deps, request.ip, body)));
};
