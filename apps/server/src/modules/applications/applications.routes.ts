import {
  APPLICATION_KINDS,
  ApplicationKindQuerySchema,
  ApplicationListQuerySchema,
  ApplySchema,
  MoveApplicationSchema,
  SWITCH_CALLS,
} from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import {
  type ApplicationsDeps,
  apply,
  familyAccounts,
  listForOperators,
  moveApplication,
  signupInfo,
  switchAccount,
} from './applications.service.js';

export const applicationsRoutes: FastifyPluginAsyncZod<ApplicationsDeps> = async (app, deps) => {
  app.get(
    '/mypage/signup_info',
    {
      schema: {
        tags: ['applications'],
        summary: 'The latest broadcaster/K-star/program application of a kind',
        querystring: ApplicationKindQuerySchema,
      },
    },
    async (request) => ok(request, await signupInfo(deps.db, request, request.query.kind)),
  );

  app.post(
    '/mypage/signup_proc',
    { schema: { tags: ['applications'], summary: 'Apply for a broadcaster, K-star or program account', body: ApplySchema } },
    async (request) => ok(request, await apply(deps.db, request, request.body)),
  );

  app.get(
    '/mypage/account_list',
    { schema: { tags: ['applications'], summary: "The caller's personal and owned accounts" } },
    async (request) => {
      const list = await familyAccounts(deps.db, request);
      return okList(request, list, list.length);
    },
  );

  for (const kind of APPLICATION_KINDS) {
    app.post(
      SWITCH_CALLS[kind],
      { schema: { tags: ['applications'], summary: `Switch the session to the owned ${kind} account, or back to the owner` } },
      async (request, reply) => ok(request, await switchAccount(deps, { request, reply }, kind)),
    );
  }

  app.get(
    '/admin/account_application_list',
    { schema: { tags: ['applications'], summary: 'Operators: account applications', querystring: ApplicationListQuerySchema } },
    async (request) => {
      const { list, total } = await listForOperators(deps.db, request, request.query);
      return okList(request, list, total);
    },
  );

  app.post(
    '/admin/account_application_proc',
    {
      schema: {
        tags: ['applications'],
        summary: 'Operators: move an application forward, reject it, or complete it (creates the account)',
        body: MoveApplicationSchema,
      },
    },
    async (request) => ok(request, await moveApplication(deps.db, request, request.body)),
  );
};
