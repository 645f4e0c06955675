import { JoinSchema, LoginSchema, NickSchema, RestoreSchema, SettingSchema, UserCheckSchema, WithdrawSchema } from '@byeol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, hasApiHeaders, ok } from '../../platform/api.js';
import { AppError } from '../../platform/errors.js';
import { runPeriodically } from '../../platform/periodic.js';
import {
  checkAvailability,
  enableTotp,
  join,
  login,
  logout,
  STATE_MEMO_MAX,
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

const LoginWithUnlockSchema = LoginSchema.extend({
  /** A confirmed 'login_unlock' verification of the account's phone, to lift the failure limit. */
  verify_token: z.string().max(128).optional(),
});

const UpdateSchema = z.object({
  nick: NickSchema.optional(),
  state_memo: z.string().trim().max(STATE_MEMO_MAX).optional(),
  current_passwd: z.string().max(64).optional(),
  passwd: z.string().max(64).optional(),
  passwd_confirm: z.string().max(64).optional(),
  /** temp_file_sn of the caller's own profile upload (upload_thum_ajax) to become the profile image. */
  temp_file_sn: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export const usersRoutes: FastifyPluginAsyncZod<UsersDeps> = async (app, deps) => {
  app.post(
    '/user/user_check_proc',
    { schema: { tags: ['users'], summary: 'Is an ID or nickname available?', body: UserCheckSchema } },
    async (request) => ok(request, await checkAvailability(deps.db, request.body.check_type, request.body.value)),
  );

  app.post(
    '/user/user_direct_join_proc',
    { schema: { tags: ['users'], summary: 'Join with ID and password after phone verification', body: JoinSchema } },
    async (request, reply) => ok(request, await join(deps, { request, reply }, request.body)),
  );

  app.post(
    '/user/login_proc',
    { schema: { tags: ['users'], summary: 'Log in with ID and password', body: LoginWithUnlockSchema } },
    async (request, reply) => ok(request, await login(deps, { request, reply }, request.body)),
  );

  // Two-step sign-in for operators and GMs (users.totp.ts, docs/accounts-login.md).
  app.get('/mypage/totp_info', { schema: { tags: ['users'], summary: "Whether the caller's two-step sign-in is on" } }, async (request) => {
    const account = await requireAccount(request);
    return ok(request, { enabled_yn: (await totpEnabled(deps.db, account.userKey)) ? 'Y' : 'N' });
  });
  app.post(
    '/mypage/totp_setup_proc',
    { schema: { tags: ['users'], summary: 'A new authenticator secret for the caller (operators and GMs), to confirm with a code' } },
    async (request) => {
      const account = await requireAccount(request);
      return ok(request, await setupTotp(deps.db, account, TOTP_ISSUER));
    },
  );
  app.post(
    '/mypage/totp_enable_proc',
    {
      schema: {
        tags: ['users'],
        summary: "Turn two-step sign-in on with the authenticator's first code",
        body: z.object({ otp: z.string().trim().min(1).max(10) }),
      },
    },
    async (request) => {
      const account = await requireAccount(request);
      return ok(request, await enableTotp(deps.db, account.userKey, request.body.otp));
    },
  );

  app.post(
    '/admin/user_unlock_proc',
    {
      schema: {
        tags: ['users'],
        summary:
          "Lift an account's login failure limit (operators): for operators and GMs locked out by strangers, who have no phone to verify",
        body: z.object({ id: z.string().trim().min(1).max(40) }),
      },
    },
    async (request) => {
      const operator = await requireRole(request);
      if (operator.role !== 'operator') throw new AppError('FORBIDDEN');
      const done = await unlockAccount(deps.db, request.body.id);
      request.log.info({ actor: operator.userKey, target: done.user_key, cleared: done.cleared }, 'login failure limit lifted');
      return ok(request, done);
    },
  );

  app.get('/user/logout_proc', { schema: { tags: ['users'], summary: 'Log out (needs the API headers)' } }, async (request, reply) => {
    // A GET, but it changes state: without the headers a cross-site <img> could log people out.
    if (!hasApiHeaders(request)) throw new AppError('API_HEADERS_REQUIRED', {}, 403);
    return ok(request, await logout(deps, { request, reply }));
  });

  app.get('/user/user_info', { schema: { tags: ['users'], summary: 'The logged-in user (SPEC §3)' } }, async (request) => {
    const set = await userInfo(deps.db, request);
    return set ? ok(request, set) : envelope(request.lang, { user_info: null, summary_info: { item_cnt: 0 } }, 'LOGIN_REQUIRED');
  });

  app.post(
    '/user/user_update_proc',
    { schema: { tags: ['users'], summary: 'Change nickname, status memo or password', body: UpdateSchema } },
    async (request, reply) => ok(request, await updateProfile(deps, { request, reply }, request.body)),
  );

  app.get('/mypage/setting_info', { schema: { tags: ['users'], summary: 'The switches of /mypage/setting' } }, async (request) =>
    ok(request, await settingInfo(deps.db, request)),
  );

  app.post(
    '/mypage/setting_proc',
    { schema: { tags: ['users'], summary: 'Change adult broadcast, viewer count or translation', body: SettingSchema } },
    async (request) => ok(request, await updateSettings(deps.db, request, request.body)),
  );

  app.get('/mypage/withdraw_info', { schema: { tags: ['users'], summary: 'How the caller confirms a withdrawal' } }, async (request) =>
    ok(request, await withdrawInfo({ request })),
  );

  app.post(
    '/mypage/withdraw_proc',
    { schema: { tags: ['users'], summary: 'Close the account (password or typed nickname); logs out', body: WithdrawSchema } },
    async (request, reply) => ok(request, await withdraw(deps, { request, reply }, request.body)),
  );

  app.post(
    '/user/restore_proc',
    { schema: { tags: ['users'], summary: 'Restore a closed account within its grace period and log in', body: RestoreSchema } },
    async (request, reply) => ok(request, await restore(deps, { request, reply }, request.body)),
  );

  runPeriodically(app, 'withdrawal-purge', () => purgeClosedAccounts(deps), 3_600_000);
};
