import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_REFUSAL_PARAMS,
  type AccountRole,
  IdSchema,
  isEmail,
  type JoinReq,
  LOGIN_FAILURE_LIMIT,
  type LoginReq,
  NickSchema,
  type PasswordRule,
  passwordViolations,
  type TotpSetupSet,
  type UserInfo,
  type UserInfoSet,
} from '@byeol/contract';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError, invalid } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { guardianConsent } from '../identity/identity.service.js';
import { activeSanction, kstUntil } from '../sanctions/index.js';
import { recordJoinConsents } from '../site/index.js';
import { claimProfileImage, removeStored } from '../uploads/uploads.service.js';
import { consumeVerification } from '../verification/verification.service.js';
import { deviceFailed, deviceOf, type KnownDevice, trustDevice } from './users.devices.js';
import {
  addLoginFailure,
  findByKey,
  findByLoginId,
  idTaken,
  insertUser,
  nickTaken,
  resetLoginFailures,
  type UserRow,
  uniqueViolation,
  updateUser,
} from './users.repository.js';
import { accountChanged, endAllSessions, endSession, requireAccount, startSession } from './users.session.js';
import { userSummary } from './users.summary.js';
import { userTotp } from './users.tables.js';
import { matchTotp, newTotpSecret, otpauthUri } from './users.totp.js';

export interface UsersDeps {
  db: Db;
  bus: Bus;
  /** Secure cookies (production). */
  secure: boolean;
  /** `DATA_DIR/uploads` (profile images; modules/uploads). */
  uploadsDir: string;
  /** A signed-in member's user_info: the day's attendance (the progression module, docs/progression.md; never waits). */
  onSeen?: (userKey: number) => void;
}

/** The request and reply of the call, for the session cookie and the caller's address. */
export interface CallCtx {
  request: FastifyRequest;
  reply: FastifyReply;
}

const TEN_MINUTES = 10 * 60_000;
/** Login attempts per client address and per login ID (SPEC §8 'retry in {num} minutes'). */
export const LOGIN_LIMITS = { perIp: 30, perId: 10, windowMs: TEN_MINUTES } as const;
/** Password-change attempts per account (the current password is checked each time). */
const PASSWORD_CHANGE_LIMIT = { max: 10, windowMs: TEN_MINUTES } as const;

// ---- passwords -----------------------------------------------------------------------------------

/** argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes, 1 lane. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Spends the time of one verification when there is no account, so unknown IDs answer as slowly. */
async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
}

/** PASSWORD_RULE with the first broken rule as `{rule}` and every broken rule in `rslt_set.rules`. */
function passwordRuleError(rules: PasswordRule[]): AppError {
  // rslt_set is the error's params; the list travels there too (no message placeholder uses it).
  return new AppError('PASSWORD_RULE', { rule: rules[0] as string, rules } as unknown as Record<string, string>);
}

/** The new-password checks shared by join, password change and admin:create. */
export function checkNewPassword(passwd: string, confirm: string | undefined, id: string): void {
  const broken = passwordViolations(passwd, id);
  if (broken.length > 0) throw passwordRuleError(broken);
  if (confirm !== undefined && passwd !== confirm) throw new AppError('PASSWORD_MISMATCH');
}

// ---- answers -------------------------------------------------------------------------------------

/**
 * SPEC §3 logged-in user; star_cnt and cubic_cnt are the wallet's ledger balances, the levels the
 * progression module's (docs/progression.md; user_level is mirrored on the account row). coin_cnt stays 0:
 * there is no game currency (docs/progression.md, Game).
 */
export function toUserInfo(
  row: UserRow,
  wallet: { star_cnt: number; cubic_cnt: number },
  levels: { vip_level: number; bj_level_v2: number } = { vip_level: 0, bj_level_v2: 0 },
): UserInfo {
  return {
    user_key: row.userKey,
    user_level: row.userLevel,
    id: row.id,
    nick: row.nick,
    sex: row.sex,
    type_cd: row.typeCd,
    bj_type_cd: row.bjTypeCd,
    country_cd: row.countryCd,
    star_cnt: wallet.star_cnt,
    cubic_cnt: wallet.cubic_cnt,
    profile_css: row.profileCss,
    phone_country_num: row.phoneCountryNum,
    profile_image: row.profileImage,
    coin_cnt: 0,
    vip_level: levels.vip_level,
    bj_level_v2: levels.bj_level_v2,
    state_memo: row.stateMemo,
    ci: row.ci,
    role: row.role,
  };
}

// ---- calls ---------------------------------------------------------------------------------------

export interface CheckResult {
  check_type: 'id' | 'nick';
  value: string;
  available: true;
}

/** user_check_proc: an ID or nickname that is well formed and not used by any account (closed ones included). */
export async function checkAvailability(db: Db, checkType: 'id' | 'nick', raw: string): Promise<CheckResult> {
  const parsed = (checkType === 'id' ? IdSchema : NickSchema).safeParse(raw);
  // The rule the value breaks, in the caller's language (ID_RULE, NICK_RULE); `field` is the call's own.
  if (!parsed.success) {
    const rule = checkType === 'id' ? 'ID_RULE' : 'NICK_RULE';
    throw new AppError(rule, { field: 'value', ...ACCOUNT_REFUSAL_PARAMS[rule] });
  }
  const value = parsed.data;
  if (checkType === 'id' && (await idTaken(db, value))) throw new AppError('DUPLICATE_ID');
  if (checkType === 'nick' && (await nickTaken(db, value))) throw new AppError('DUPLICATE_NICK');
  return { check_type: checkType, value, available: true };
}

function checkBirthDate(value: string): void {
  const born = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(born.getTime()) || born.getUTCFullYear() < 1900 || born.getTime() > Date.now()) throw invalid('birth_date');
}

export interface JoinResult {
  user_key: number;
  id: string;
  nick: string;
}

/**
 * user_direct_join_proc. The phone verification is spent and the account created in one transaction,
 * so a refused join (duplicate ID or nickname, even one raced in by another request) spends nothing.
 * An under-14 join also spends a legal guardian's identity verification in that transaction (guardianConsent).
 */
export async function join({ db, secure }: UsersDeps, { request, reply }: CallCtx, input: JoinReq): Promise<JoinResult> {
  checkNewPassword(input.passwd, input.passwd_confirm, input.id);
  if (input.email !== '' && !isEmail(input.email)) throw invalid('email');
  checkBirthDate(input.birth_date);
  const passwordHash = await hashPassword(input.passwd);

  const row = await db.transaction(async (tx) => {
    const phone = await consumeVerification(db, input.verify_token, 'join', tx);
    const guardian = await guardianConsent(tx, input);
    if (await idTaken(tx, input.id)) throw new AppError('DUPLICATE_ID');
    if (await nickTaken(tx, input.nick)) throw new AppError('DUPLICATE_NICK');
    const referrer = input.referral_code !== '' ? await findByLoginId(tx, input.referral_code) : undefined;
    if (input.referral_code !== '' && referrer?.state !== 'active') {
      throw new AppError('REFERRAL_CODE_UNKNOWN', { field: 'referral_code' });
    }
    try {
      const created = await insertUser(tx, {
        id: input.id,
        nick: input.nick,
        passwordHash,
        phoneCountryNum: phone.phoneCountryNum,
        phoneNo: phone.phoneNo,
        sex: input.sex,
        birthDate: input.birth_date,
        email: input.email,
        agreeMarketing: input.agree_marketing === 'Y',
        ...(referrer ? { referredBy: referrer.userKey } : {}),
        ...(guardian ?? {}),
      });
      // The join's required agreements are the terms and privacy versions in effect now.
      await recordJoinConsents(tx, created.userKey);
      return created;
    } catch (err) {
      const which = uniqueViolation(err);
      if (which === 'id') throw new AppError('DUPLICATE_ID');
      if (which === 'nick') throw new AppError('DUPLICATE_NICK');
      throw err;
    }
  });

  await startSession(db, request, reply, row.userKey, secure);
  return { user_key: row.userKey, id: row.id, nick: row.nick };
}

export type LoginInput = LoginReq & { verify_token?: string | undefined };

export interface LoginResult {
  rtv: 'SUCC';
  user_key: number;
}

/**
 * The start of every call that signs in with an ID and password (login_proc, restore_proc): the limits
 * per client address and per ID (counted under `call`), then the password. Unknown ID and wrong password
 * answer alike (LOGIN_FAILED, with a dummy verification for the unknown ID); a wrong password counts
 * towards LOGIN_FAILURE_LIMIT. Answers the account, whose lock and state the caller checks next.
 */
export async function checkLoginPassword(
  { db, bus }: Pick<UsersDeps, 'db' | 'bus'>,
  request: FastifyRequest,
  call: 'login' | 'restore',
  input: { id: string; passwd: string },
): Promise<CheckedLogin> {
  // A browser this account signed in from before (users.devices.ts) is throttled on its own, not per ID:
  // strangers exhausting the ID's attempts do not shut its owner out.
  const known = await deviceOf(db, request);
  const device = known && known.loginId === input.id.toLowerCase() ? known : null;
  await enforceLimits(bus, [
    { key: `${call}:ip:${request.ip}`, max: LOGIN_LIMITS.perIp, windowMs: LOGIN_LIMITS.windowMs },
    device
      ? { key: `${call}:device:${device.tokenHash}`, max: LOGIN_LIMITS.perId, windowMs: LOGIN_LIMITS.windowMs }
      : { key: `${call}:id:${input.id.toLowerCase()}`, max: LOGIN_LIMITS.perId, windowMs: LOGIN_LIMITS.windowMs },
  ]);
  const row = await findByLoginId(db, input.id);
  if (!row?.passwordHash) {
    await verifyDummy(input.passwd);
    throw new AppError('LOGIN_FAILED');
  }
  // The password is checked first, so a locked account answers a wrong password exactly like an
  // unknown ID: only someone who knows the password learns that the account is locked.
  if (!(await verifyPassword(row.passwordHash, input.passwd))) {
    if (device) await deviceFailed(db, device);
    else await addLoginFailure(db, row.userKey);
    throw new AppError('LOGIN_FAILED');
  }
  return { row, device, locked: !device && row.loginFailCnt >= LOGIN_FAILURE_LIMIT };
}

export interface CheckedLogin {
  row: UserRow;
  /** The caller's browser is known to this account (its device cookie). */
  device: KnownDevice | null;
  /** The account's failure limit applies to this caller and is reached (SPEC §8: verify the phone). */
  locked: boolean;
}

/**
 * login_proc (the ID and password as in checkLoginPassword). From LOGIN_FAILURE_LIMIT wrong passwords in
 * a row every login answers LOGIN_LIMIT_EXCEEDED until it carries a 'login_unlock' verification of the
 * account's own phone.
 */
export async function login({ db, bus, secure }: UsersDeps, { request, reply }: CallCtx, input: LoginInput): Promise<LoginResult> {
  const { row, device, locked } = await checkLoginPassword({ db, bus }, request, 'login', input);
  let failures = device ? 0 : row.loginFailCnt;
  if (locked) {
    const token = input.verify_token;
    if (!token) throw new AppError('LOGIN_LIMIT_EXCEEDED');
    // Spent only when it is the account's phone: a mismatch rolls the verification back.
    await db.transaction(async (tx) => {
      const phone = await consumeVerification(db, token, 'login_unlock', tx);
      if (row.phoneNo === '' || phone.phoneCountryNum !== row.phoneCountryNum || phone.phoneNo !== row.phoneNo) {
        throw new AppError('VERIFY_REQUIRED');
      }
      await resetLoginFailures(tx, row.userKey);
    });
    failures = 0;
  }
  if (row.state === 'closed') throw new AppError('ACCOUNT_CLOSED');
  const suspended = await activeSanction(db, row.userKey, 'account');
  if (suspended) throw new AppError('ACCOUNT_SUSPENDED', { until: kstUntil(suspended.endsAt), reason: suspended.reason });
  await checkSecondFactor(db, row.userKey, input.otp, device);
  if (failures > 0) await resetLoginFailures(db, row.userKey);
  await startSession(db, request, reply, row.userKey, secure);
  await trustDevice(db, reply, row.userKey, device, secure);
  return { rtv: 'SUCC', user_key: row.userKey };
}

/** logout_proc: ends the caller's session; succeeds when there is none too. */
export async function logout({ db, secure }: UsersDeps, { request, reply }: CallCtx): Promise<{ rtv: 'SUCC' }> {
  await endSession(db, request, reply, secure);
  return { rtv: 'SUCC' };
}

/** user_info for the logged-in caller, or null: the session lookup's own account row, the wallet and the active item count (one prepared lookup). */
export async function userInfo(db: Db, request: FastifyRequest): Promise<UserInfoSet | null> {
  const row = await request.currentAccount();
  if (!row) return null;
  const { item_cnt, vip_level, bj_level_v2, ...counts } = await userSummary(db, row.userKey);
  return { user_info: toUserInfo(row, counts, { vip_level, bj_level_v2 }), summary_info: { item_cnt } };
}

export interface UpdateInput {
  nick?: string | undefined;
  state_memo?: string | undefined;
  current_passwd?: string | undefined;
  passwd?: string | undefined;
  passwd_confirm?: string | undefined;
  /** The caller's own temporary profile upload (upload_thum_ajax temp_file_sn) to make the profile image. */
  temp_file_sn?: number | undefined;
}

/**
 * user_update_proc: changes only what is sent. A password change needs the current password, follows
 * the same rules as the join, ends every other session and rotates this one. A new profile image is
 * claimed in the same transaction as the other changes; the previous image file is removed after it.
 */
export async function updateProfile(
  { db, bus, secure, uploadsDir }: UsersDeps,
  { request, reply }: CallCtx,
  input: UpdateInput,
): Promise<{ rtv: 'SUCC'; user_info: UserInfo }> {
  const row = await requireAccount(request);

  const changes: { nick?: string; stateMemo?: string; passwordHash?: string } = {};
  const changingPassword = input.passwd !== undefined && input.passwd !== '';
  if (changingPassword) {
    await enforceLimits(bus, [{ key: `passwd:id:${row.id.toLowerCase()}`, ...PASSWORD_CHANGE_LIMIT }]);
    if (!row.passwordHash || !(await verifyPassword(row.passwordHash, input.current_passwd ?? ''))) {
      throw new AppError('LOGIN_FAILED');
    }
    checkNewPassword(input.passwd as string, input.passwd_confirm ?? '', row.id);
    changes.passwordHash = await hashPassword(input.passwd as string);
  }
  if (input.nick !== undefined && input.nick !== row.nick) {
    if (await nickTaken(db, input.nick, row.userKey)) throw new AppError('DUPLICATE_NICK');
    changes.nick = input.nick;
  }
  if (input.state_memo !== undefined) changes.stateMemo = input.state_memo;

  let removedImages: string[] = [];
  try {
    await db.transaction(async (tx) => {
      if (input.temp_file_sn !== undefined) removedImages = (await claimProfileImage(tx, row.userKey, input.temp_file_sn)).removed;
      await updateUser(tx, row.userKey, changes);
    });
  } catch (err) {
    if (uniqueViolation(err) === 'nick') throw new AppError('DUPLICATE_NICK');
    throw err;
  }
  // The next request of every session of the account (any process) reads the changed row.
  await accountChanged(db, row.userKey);
  await removeStored(uploadsDir, removedImages);
  if (changingPassword) {
    await endAllSessions(db, row.userKey);
    await startSession(db, request, reply, row.userKey, secure);
  }
  const fresh = await findByKey(db, row.userKey);
  const { item_cnt: _items, vip_level, bj_level_v2, ...counts } = await userSummary(db, row.userKey);
  return { rtv: 'SUCC', user_info: toUserInfo(fresh ?? row, counts, { vip_level, bj_level_v2 }) };
}

export interface OperatorInput {
  id: string;
  nick: string;
  role: Extract<AccountRole, 'operator' | 'gm'>;
  password: string;
}

/**
 * Operators and GMs with two-step sign-in on (users.totp.ts) also send the authenticator's code: missing →
 * OTP_REQUIRED (the form then asks for it), wrong, expired or used → OTP_INVALID, counted like a wrong
 * password (on the known browser, or on the account). The step a code used is stored, so it works once.
 */
async function checkSecondFactor(db: Db, userKey: number, otp: string | undefined, device: KnownDevice | null): Promise<void> {
  const [totp] = await db.select().from(userTotp).where(eq(userTotp.userKey, userKey));
  if (!totp?.enabledAt) return;
  if (!otp) throw new AppError('OTP_REQUIRED');
  const step = matchTotp(totp.secret, otp, Date.now(), totp.lastStep);
  // Taken atomically: of two logins racing with one code, one gets it.
  const taken =
    step !== null &&
    (
      await db
        .update(userTotp)
        .set({ lastStep: step })
        .where(and(eq(userTotp.userKey, userKey), lt(userTotp.lastStep, step)))
        .returning({ k: userTotp.userKey })
    ).length > 0;
  if (taken) return;
  if (device) await deviceFailed(db, device);
  else await addLoginFailure(db, userKey);
  throw new AppError('OTP_INVALID');
}

/** totp_setup_proc: a new secret for the caller (operators and GMs), to confirm with a code before it counts. */
export async function setupTotp(db: Db, account: { userKey: number; id: string; role: string }, issuer: string): Promise<TotpSetupSet> {
  if (account.role !== 'operator' && account.role !== 'gm') throw new AppError('FORBIDDEN');
  const [current] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userKey, account.userKey));
  if (current?.enabledAt) throw new AppError('OTP_ALREADY_ON');
  const secret = newTotpSecret();
  await db
    .insert(userTotp)
    .values({ userKey: account.userKey, secret })
    .onConflictDoUpdate({ target: userTotp.userKey, set: { secret, enabledAt: null, lastStep: 0 } });
  return { secret, otpauth_uri: otpauthUri(secret, account.id, issuer) };
}

/** totp_enable_proc: the first code from the app turns two-step sign-in on. */
export async function enableTotp(db: Db, userKey: number, otp: string): Promise<{ rtv: 'SUCC' }> {
  const [totp] = await db.select().from(userTotp).where(eq(userTotp.userKey, userKey));
  if (!totp) throw new AppError('OTP_INVALID');
  if (totp.enabledAt) throw new AppError('OTP_ALREADY_ON');
  const step = matchTotp(totp.secret, otp, Date.now(), 0);
  if (step === null) throw new AppError('OTP_INVALID');
  await db.update(userTotp).set({ enabledAt: new Date(), lastStep: step }).where(eq(userTotp.userKey, userKey));
  return { rtv: 'SUCC' };
}

/** Whether the member has two-step sign-in on (user_info and the console show it). */
export async function totpEnabled(db: Db, userKey: number): Promise<boolean> {
  const [totp] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userKey, userKey));
  return Boolean(totp?.enabledAt);
}

/** Turns two-step sign-in off (`npm run admin:unlock -- --totp`, for a lost phone). */
export async function resetTotp(db: Db, userKey: number): Promise<boolean> {
  return (await db.delete(userTotp).where(eq(userTotp.userKey, userKey)).returning({ k: userTotp.userKey })).length > 0;
}

/**
 * Lifts an account's failure limit (SPEC §8) for every source: what an operator or GM, who has no phone
 * to verify, needs after strangers locked them out of a browser they had not used before
 * (`npm run admin:unlock`, or `POST /admin/user_unlock_proc` by another operator). Answers the count it
 * cleared; an unknown ID is WALLET_USER_NOT_FOUND ('no such member').
 */
export async function unlockAccount(db: Db, loginId: string): Promise<{ user_key: number; id: string; cleared: number }> {
  const row = await findByLoginId(db, loginId);
  if (!row) throw new AppError('WALLET_USER_NOT_FOUND');
  await resetLoginFailures(db, row.userKey);
  return { user_key: row.userKey, id: row.id, cleared: row.loginFailCnt };
}

/** admin:create: an operator or GM account without a phone (never reachable from a web form). */
export async function createOperator(db: Db, input: OperatorInput): Promise<{ user_key: number; id: string; nick: string; role: string }> {
  if (input.role !== 'operator' && input.role !== 'gm') throw invalid('role');
  const id = IdSchema.safeParse(input.id);
  if (!id.success) throw invalid('id');
  const nick = NickSchema.safeParse(input.nick);
  if (!nick.success) throw invalid('nick');
  checkNewPassword(input.password, undefined, id.data);
  if (await idTaken(db, id.data)) throw new AppError('DUPLICATE_ID');
  if (await nickTaken(db, nick.data)) throw new AppError('DUPLICATE_NICK');
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await insertUser(db, { id: id.data, nick: nick.data, passwordHash, role: input.role });
    return { user_key: row.userKey, id: row.id, nick: row.nick, role: row.role };
  } catch (err) {
    const which = uniqueViolation(err);
    if (which === 'id') throw new AppError('DUPLICATE_ID');
    if (which === 'nick') throw new AppError('DUPLICATE_NICK');
    throw err;
  }
}
