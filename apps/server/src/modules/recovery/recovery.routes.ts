import { FindAccountsSchema, ResetPasswordSchema } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/api.js';
import { listAccounts, type RecoveryDeps, resetPassword } from './recovery.service.js';

/** Finding an ID and resetting a forgotten password, after a find_id / find_pw phone verification. */
export const recoveryRoutes: FastifyPluginAsyncZod<RecoveryDeps> = async (app, deps) => {
  app.post(
    '/user/find_id_pw_user_proc',
    {
      schema: {
        tags: ['recovery'],
        summary: 'The accounts of a phone confirmed for find_id or find_pw (the account chooser)',
        body: FindAccountsSchema,
      },
    },
    async (request) => ok(request, await listAccounts(deps, request.ip, request.body.verify_token)),
  );

  app.post(
    '/user/forget_proc',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Set a new password for an account of a phone confirmed for find_pw',
        body: ResetPasswordSchema,
      },
    },
    async (request) => ok(request, await resetPassword(deps, request.ip, request.body)),
  );
};
