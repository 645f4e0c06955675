import { APPLICATION_KINDS, applicationsEndpoints, SWITCH_ENDPOINTS } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../platform/api.js';
import { route } from '../../platform/route.js';
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
  const E = applicationsEndpoints;
  route(app, E.signupInfo, async (request, query) => ok(request, await signupInfo(deps.db, request, query.kind)));

  route(app, E.apply, async (request, body) => ok(request, await apply(deps.db, request, body)));

  route(app, E.accountList, async (request) => {
    const list = await familyAccounts(deps.db, request);
    return okList(request, list, list.length);
  });

  for (const kind of APPLICATION_KINDS) {
    route(app, SWITCH_ENDPOINTS[kind], async (request, _body, reply) => ok(request, await switchAccount(deps, { request, reply }, kind)));
  }

  route(app, E.adminList, async (request, query) => {
    const { list, total } = await listForOperators(deps.db, request, query);
    return okList(request, list, total);
  });

  route(app, E.adminMove, async (request, body) => ok(request, await moveApplication(deps.db, request, body)));
};
