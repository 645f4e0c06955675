import { type RestoreReq, WITHDRAWAL_GRACE_DAYS, type WithdrawInfoSet, type WithdrawReq } from '@byeol/contract';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { AppError, required } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { userSocial } from '../social/index.js';
import { uploadFile } from '../uploads/index.js';
import { removeStored } from '../uploads/uploads.service.js';
import { trustDevice } from './users.devices.js';
import { type CallCtx, checkLoginPassword, type UsersDeps, verifyPassword } from './users.service.js';
import { accountChanged, endAllSessions, endSession, requireAccount, startSession } from './users.session.js';
import { DEFAULT_SETTINGS } from './users.settings.js';
import { users } from './users.tables.js';

const DAY_MS = 24 * 3600 * 1000;
const GRACE_MS = WITHDRAWAL_GRACE_DAYS * DAY_MS;
/** Withdrawal attempts per account (each checks the password). */
const WITHDRAW_LIMIT = { max: 10, windowMs: 10 * 60_000 } as const;

/** The nickname a purged account keeps: unique, and never one a person can choose ('#' is not allowed). */
export const purgedNick = (userKey: number) => `withdrawn#${userKey}`;

/** GET /mypage/withdraw_info: how the caller confirms a withdrawal. */
export async function withdrawInfo(ctx: Pick<CallCtx, 'request'>): Promise<WithdrawInfoSet> {
  const row = await requireAccount(ctx.request);
  return { confirm_by: row.passwordHash ? 'passwd' : 'nick', grace_days: WITHDRAWAL_GRACE_DAYS };
}

/**
 * POST /mypage/withdraw_proc: closes the caller's account after it confirms with its password (or, without
 * one, by typing its nickname). Every session of the account ends and the caller is logged out. The
 * nickname stays reserved and the account can be restored for WITHDRAWAL_GRACE_DAYS.
 */
export async function withdraw(
  { db, bus, secure }: UsersDeps,
  { request, reply }: CallCtx,
  input: WithdrawReq,
): Promise<{ rtv: 'SUCC'; restore_until: string }> {
  const row = await requireAccount(request);
  await enforceLimits(bus, [{ key: `withdraw:user:${row.userKey}`, ...WITHDRAW_LIMIT }]);
  if (row.passwordHash) {
    if (!input.passwd) throw required('passwd');
    if (!(await verifyPassword(row.passwordHash, input.passwd))) throw new AppError('WITHDRAW_PASSWORD_WRONG', { field: 'passwd' });
  } else {
    if (!input.confirm_nick) throw required('confirm_nick');
    if (input.confirm_nick !== row.nick) throw new AppError('WITHDRAW_CONFIRM_MISMATCH', { field: 'confirm_nick' });
  }
  const [closed] = await db
    .update(users)
    .set({ state: 'closed', closedAt: sql`now()` })
    .where(and(eq(users.userKey, row.userKey), eq(users.state, 'active')))
    .returning({ closedAt: users.closedAt });
  await endAllSessions(db, row.userKey);
  await endSession(db, request, reply, secure);
  const closedAt = closed?.closedAt ?? new Date();
  return { rtv: 'SUCC', restore_until: new Date(closedAt.getTime() + GRACE_MS).toISOString() };
}

/**
 * POST /user/restore_proc: a withdrawn account, within its grace period, is restored with its ID and
 * password (checked as in login_proc, wrong ones counting towards the same lock) and logged in.
 */
export async function restore(
  { db, bus, secure }: UsersDeps,
  { request, reply }: CallCtx,
  input: RestoreReq,
): Promise<{ rtv: 'SUCC'; user_key: number }> {
  const { row, device, locked } = await checkLoginPassword({ db, bus }, request, 'restore', input);
  if (locked) throw new AppError('LOGIN_LIMIT_EXCEEDED');
  // One statement, so a purge running at the same moment cannot be undone half-way.
  const [restored] = await db
    .update(users)
    .set({ state: 'active', closedAt: null, loginFailCnt: 0 })
    .where(
      and(
        eq(users.userKey, row.userKey),
        eq(users.state, 'closed'),
        isNull(users.purgedAt),
        gt(users.closedAt, sql`now() - make_interval(days => ${WITHDRAWAL_GRACE_DAYS})`),
      ),
    )
    .returning({ userKey: users.userKey });
  if (!restored) throw new AppError('RESTORE_UNAVAILABLE', { num: WITHDRAWAL_GRACE_DAYS });
  await accountChanged(db, row.userKey);
  await startSession(db, request, reply, row.userKey, secure);
  await trustDevice(db, reply, row.userKey, device, secure);
  return { rtv: 'SUCC', user_key: row.userKey };
}

/**
 * Ends the grace period of accounts closed more than WITHDRAWAL_GRACE_DAYS before `now`: frees the
 * nickname, clears the personal data (phone, email, names, birth date, identity keys, image, status,
 * social links, uploads) and sets purged_at. The row and its ID stay, so the ID is never reused and a
 * login answers ACCOUNT_CLOSED. Idempotent; runs periodically in the api role.
 */
export async function purgeClosedAccounts(deps: Pick<UsersDeps, 'db' | 'uploadsDir'>, now = new Date()): Promise<{ purged: number }> {
  const cutoff = new Date(now.getTime() - GRACE_MS);
  const { keys, files } = await deps.db.transaction(async (tx) => {
    const purged = await tx
      .update(users)
      .set({
        nick: sql`'withdrawn#' || ${users.userKey}`,
        phoneCountryNum: '',
        phoneNo: '',
        email: '',
        realName: '',
        birthDate: null,
        sex: '',
        ci: '',
        guardianName: '',
        guardianCi: '',
        guardianConsentAt: null,
        adultVerifiedAt: null,
        profileImage: '',
        profileCss: '',
        stateMemo: '',
        agreeMarketing: false,
        settings: DEFAULT_SETTINGS,
        purgedAt: sql`now()`,
      })
      .where(and(eq(users.state, 'closed'), isNull(users.purgedAt), lt(users.closedAt, cutoff)))
      .returning({ userKey: users.userKey });
    const keys = purged.map((p) => p.userKey);
    if (keys.length === 0) return { keys, files: [] as string[] };
    await tx.delete(userSocial).where(inArray(userSocial.userKey, keys));
    const removed = await tx.delete(uploadFile).where(inArray(uploadFile.userKey, keys)).returning({ path: uploadFile.path });
    return { keys, files: removed.map((r) => r.path) };
  });
  await removeStored(deps.uploadsDir, files);
  for (const key of keys) await endAllSessions(deps.db, key);
  return { purged: keys.length };
}
