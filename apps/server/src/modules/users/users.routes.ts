import { accountsEndpoints, profileEndpoints } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, hasApiHeaders, ok } from '../../platform/api.js';
import { AppError } from '../../platform/errors.js';
import { runPeriodically } from '../../platform/periodic.js';
import { route } from '../../platform/route.js';
import {
  checkAvailability,
  enableTotp,
  join,
  login,
  logout,
  setupTotp,
  totpEnabled,
  type UsersDeps,
  unlockAccount,
  updateProfile,
  userInfo,
} from './users.service.js';
import { requireAccount, requireRole } from './users.session.js';
import { settingInfo, updateSettings } from './users.settings.js';
import { purgeClosedAccounts, restore, withdraw, withdrawInfo } from './users.withdrawal.js';

/** The issuer authenticator apps show beside the account. */
const TOTP_ISSUER = 'Byeol';

export const usersRoutes: FastifyPluginAsyncZod<UsersDeps> = async (app, deps) => {
  const E = accountsEndpoints;
  const P = profileEndpoints;
  route(app, E.userCheck, async (request, body) => ok(request, await checkAvailability(deps.db, body.check_type, body.value)));

  route(app, E.join, async (request, body, reply) => ok(request, await join(deps, { request, reply }, body)));

  route(app, E.login, async (request, body, reply) => ok(request, await login(deps, { request, reply }, body)));

  // Two-step sign-in for operators and GMs (users.totp.ts, docs/accounts-login.md).
  route(app, E.totpInfo, async (request) => {
    const account = await requireAccount(request);
    return ok(request, { enabled_yn: (await totpEnabled(deps.db, account.userKey)) ? 'Y' : 'N' });
  });
  route(app, E.totpSetup, async (request) => {
    const account = await requireAccount(request);
    return ok(request, await setupTotp(deps.db, account, TOTP_ISSUER));
  });
  route(app, E.totpEnable, async (request, body) => {
    const account = await requireAccount(request);
    return ok(request, await enableTotp(deps.db, account.userKey, body.otp));
  });

  route(app, E.userUnlock, async (request, body) => {
    const operator = await requireRole(request);
    if (operator.role !== 'operator') throw new AppError('FORBIDDEN');
    const done = await unlockAccount(deps.db, body.id);
    request.log.info({ actor: operator.userKey, target: done.user_key, cleared: done.cleared }, 'login failure limit lifted');
    return ok(request, done);
  });

  route(app, E.logout, async (request, _query, reply) => {
    // A GET, but it changes state: without the headers a cross-site <img> could log people out.
    if (!hasApiHeaders(request)) throw new AppError('API_HEADERS_REQUIRED', {}, 403);
    return ok(request, await logout(deps, { request, reply }));
  });

  route(app, E.userInfo, async (request) => {
    const account = await request.currentAccount();
    // The day's attendance: noted here, written by the progression module a moment later (off this path).
    if (account) deps.onSeen?.(account.userKey);
    const set = await userInfo(deps.db, request);
    return set ? ok(request, set) : envelope(request.lang, { user_info: null, summary_info: { item_cnt: 0 } }, 'LOGIN_REQUIRED');
  });

  route(app, E.update, async (request, body, reply) => ok(request, await updateProfile(deps, { request, reply }, body)));

  route(app, P.settingInfo, async (request) => ok(request, await settingInfo(deps.db, request)));

  route(app, P.setting, async (request, body) => ok(request, await updateSettings(deps.db, request, body, deps.bus)));

  route(app, P.withdrawInfo, async (request) => ok(request, await withdrawInfo({ request })));

  route(app, P.withdraw, async (request, body, reply) => ok(request, await withdraw(deps, { request, reply }, body)));

  route(app, P.restore, async (request, body, reply) => ok(request, await restore(deps, { request, reply }, body)));

  runPeriodically(app, 'withdrawal-purge', () => purgeClosedAccounts(deps), 3_600_000);
};
