import type { RecoveryAccount, RecoveryAccountsSet, ResetPasswordReq, ResetPasswordSet, VerifyPurpose } from '@byeol/contract';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { checkNewPassword, hashPassword } from '../users/users.service.js';
import { accountChanged } from '../users/users.session.js';
import { consumeVerification, peekVerification } from '../verification/verification.service.js';
import { accountOnPhone, accountsOfPhone, setPasswordEndingSessions } from './recovery.repository.js';

export interface RecoveryDeps {
  db: Db;
  bus: Bus;
}

const TEN_MINUTES = 10 * 60_000;
/**
 * Both calls check a verification token. Tokens are 256-bit random, so the limits are not what stops
 * guessing; they bound how hard one address can hammer the checks, and how many resets one phone can make.
 */
export const RECOVERY_LIMITS = {
  listPerIp: { max: 30, windowMs: TEN_MINUTES },
  resetPerIp: { max: 20, windowMs: TEN_MINUTES },
  resetPerPhone: { max: 10, windowMs: 3_600_000 },
} as const;

type RecoveryPurpose = Extract<VerifyPurpose, 'find_id' | 'find_pw'>;

/** The phone of a confirmed, unspent token of one of `purposes` (not spent here), else VERIFY_REQUIRED. */
async function verifiedPhone(db: Db, token: string, purposes: readonly RecoveryPurpose[]) {
  for (const purpose of purposes) {
    try {
      return { purpose, ...(await peekVerification(db, token, purpose)) };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  throw new AppError('VERIFY_REQUIRED');
}

/**
 * find_id_pw_user_proc: the account chooser. A find_id or find_pw confirmation (peeked, not spent) lists
 * the phone's active accounts, oldest first. IDs are answered in full: whoever holds the token has just
 * proved they hold the phone, which is enough to reset any of these passwords anyway, and a masked ID
 * would not let someone who forgot it log in.
 */
export async function listAccounts({ db, bus }: RecoveryDeps, ip: string, verifyToken: string): Promise<RecoveryAccountsSet> {
  await enforceLimits(bus, [{ key: `recovery:list:ip:${ip}`, ...RECOVERY_LIMITS.listPerIp }]);
  const phone = await verifiedPhone(db, verifyToken, ['find_id', 'find_pw']);
  const accounts = await accountsOfPhone(db, phone.phoneCountryNum, phone.phoneNo);
  // The pin was only sent to a phone with an account; this happens when they were all closed since.
  if (accounts.length === 0) throw new AppError('PHONE_UNREGISTERED');
  const list: RecoveryAccount[] = accounts.map((a) => ({
    user_key: a.userKey,
    id: a.id,
    nick: a.nick,
    reg_date: a.createdAt.toISOString(),
    social_only: a.hasPassword ? 'N' : 'Y',
    social_list: a.providers,
  }));
  return { purpose: phone.purpose, data_list: list, data_totalcount: list.length };
}

/**
 * forget_proc: a new password for an account of the phone confirmed for find_pw. Everything that can be
 * refused is checked first; then the verification is spent, the password set, the failure count reset and
 * every session of the account ended in one transaction, so a refused reset leaves the token usable and a
 * token cannot reset two accounts.
 */
export async function resetPassword({ db, bus }: RecoveryDeps, ip: string, input: ResetPasswordReq): Promise<ResetPasswordSet> {
  await enforceLimits(bus, [{ key: `recovery:reset:ip:${ip}`, ...RECOVERY_LIMITS.resetPerIp }]);
  const phone = await verifiedPhone(db, input.verify_token, ['find_pw']);
  await enforceLimits(bus, [{ key: `recovery:reset:phone:${phone.phoneCountryNum}:${phone.phoneNo}`, ...RECOVERY_LIMITS.resetPerPhone }]);
  const account = await accountOnPhone(db, input.user_key, phone.phoneCountryNum, phone.phoneNo);
  // Closed, unknown and other phones' accounts answer alike, so user keys cannot be probed.
  if (!account) throw new AppError('RECOVERY_ACCOUNT_MISMATCH');
  // A social-only account never had a password; creating one by SMS would add a way in its owner did not choose.
  if (!account.hasPassword) throw new AppError('RECOVERY_SOCIAL_ONLY');
  checkNewPassword(input.passwd, input.passwd_confirm, account.id);
  const passwordHash = await hashPassword(input.passwd);

  await db.transaction(async (tx) => {
    const spent = await consumeVerification(db, input.verify_token, 'find_pw', tx);
    // Again under a row lock: the account may have been closed (or its phone changed) meanwhile.
    const still = await accountOnPhone(tx, account.userKey, spent.phoneCountryNum, spent.phoneNo, true);
    if (!still) throw new AppError('RECOVERY_ACCOUNT_MISMATCH');
    if (!still.hasPassword) throw new AppError('RECOVERY_SOCIAL_ONLY');
    await setPasswordEndingSessions(tx, account.userKey, passwordHash);
  });
  // Committed: the ended sessions stop working in every process at once, not when their cache entries age.
  await accountChanged(db, account.userKey);
  return { rtv: 'SUCC', user_key: account.userKey, id: account.id };
}
