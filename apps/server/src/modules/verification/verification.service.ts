import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { KR_MOBILE_PATTERN, PHONE_COUNTRIES, PIN, type VerifyPurpose } from '@byeol/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Bus } from '../../platform/bus.js';
import type { Db, Exec } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { users } from '../users/index.js';
import type { SmsDriver } from './sms.js';
import { phoneVerification } from './verification.tables.js';

export interface VerificationDeps {
  db: Db;
  bus: Bus;
  sms: SmsDriver;
  log: Logger;
  /** Pins per IP address and hour; SEND_LIMITS.perIp unless configured (SMS_LIMIT_PER_IP). */
  perIpLimit?: number;
}

/** A database handle or a transaction opened on it. */

/** Purposes that only make sense for a phone some active account already uses. */
export const ACCOUNT_PURPOSES: readonly VerifyPurpose[] = ['find_id', 'find_pw', 'login_unlock'];
/** How long a confirmed verification can be spent (or peeked at). */
export const CONFIRMED_TTL_MINUTES = 30;
/** SMS pumping costs money: sends per phone and per IP address within an hour. */
export const SEND_LIMITS = { perPhone: 5, perIp: 20, windowMs: 3_600_000 } as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The pin is stored only bound to its verification, so equal pins never share a hash. */
const pinHash = (verifyId: string, pin: string) => sha256(`${verifyId}:${pin}`);
/** How a confirmation token is stored (tests that create confirmed verifications use it too). */
export const tokenHash = (token: string) => sha256(`verify-token:${token}`);

export const pinMessage = (pin: string) => `[별] 인증번호 [${pin}]을 입력해 주세요.`;

export interface SendPinInput {
  phoneCountryNum: string;
  phoneNo: string;
  purpose: VerifyPurpose;
  ip: string;
}

/** Active accounts using a phone, oldest first. */
export async function activeAccountsByPhone(db: Exec, phoneCountryNum: string, phoneNo: string) {
  return db
    .select({ userKey: users.userKey, id: users.id, nick: users.nick, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.phoneCountryNum, phoneCountryNum), eq(users.phoneNo, phoneNo), eq(users.state, 'active')))
    .orderBy(users.createdAt, users.userKey);
}

/** Seconds until the phone may get another pin for this purpose (0 when it may now). */
async function resendWait(db: Exec, phoneCountryNum: string, phoneNo: string, purpose: VerifyPurpose): Promise<number> {
  const [last] = await db
    .select({
      wait: sql<string>`extract(epoch from (${phoneVerification.sentAt} + make_interval(secs => ${PIN.resendSeconds}) - now()))`,
    })
    .from(phoneVerification)
    .where(
      and(
        eq(phoneVerification.phoneCountryNum, phoneCountryNum),
        eq(phoneVerification.phoneNo, phoneNo),
        eq(phoneVerification.purpose, purpose),
      ),
    )
    .orderBy(desc(phoneVerification.sentAt))
    .limit(1);
  return last ? Math.max(0, Math.ceil(Number(last.wait))) : 0;
}

/**
 * Sends (or re-sends) a pin to a phone for one purpose. A new send voids the earlier unconfirmed pin
 * of the same phone and purpose; the pin is stored only as a hash.
 */
export async function sendPin(
  deps: VerificationDeps,
  { phoneCountryNum, phoneNo, purpose, ip }: SendPinInput,
): Promise<{ verifyId: string; expireSec: number; resendSec: number }> {
  const { db, bus, sms, log } = deps;
  if (!Object.hasOwn(PHONE_COUNTRIES, phoneCountryNum)) throw new AppError('COUNTRY_NOT_SUPPORTED');
  if (phoneCountryNum === '82' && !KR_MOBILE_PATTERN.test(phoneNo)) throw new AppError('PHONE_INVALID');
  // Limits come before the registered-phone check, so nobody can probe which phones have accounts
  // faster than they could send pins.
  await enforceLimits(bus, [
    { key: `sms:phone:${phoneCountryNum}:${phoneNo}`, max: SEND_LIMITS.perPhone, windowMs: SEND_LIMITS.windowMs },
    { key: `sms:ip:${ip}`, max: deps.perIpLimit ?? SEND_LIMITS.perIp, windowMs: SEND_LIMITS.windowMs },
  ]);
  if (ACCOUNT_PURPOSES.includes(purpose)) {
    const accounts = await activeAccountsByPhone(db, phoneCountryNum, phoneNo);
    if (accounts.length === 0) throw new AppError('PHONE_UNREGISTERED');
  }
  const wait = await resendWait(db, phoneCountryNum, phoneNo, purpose);
  if (wait > 0) throw new AppError('PIN_RESEND_WAIT', { num: wait });

  const verifyId = randomUUID();
  const pin = String(randomInt(0, 10 ** PIN.digits)).padStart(PIN.digits, '0');
  await db.transaction(async (tx) => {
    // One sender at a time per phone and purpose, so two quick sends cannot both pass the cooldown.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pin:${phoneCountryNum}:${phoneNo}:${purpose}`}))`);
    const again = await resendWait(tx, phoneCountryNum, phoneNo, purpose);
    if (again > 0) throw new AppError('PIN_RESEND_WAIT', { num: again });
    await tx
      .update(phoneVerification)
      .set({ state: 'void' })
      .where(
        and(
          eq(phoneVerification.phoneCountryNum, phoneCountryNum),
          eq(phoneVerification.phoneNo, phoneNo),
          eq(phoneVerification.purpose, purpose),
          eq(phoneVerification.state, 'sent'),
        ),
      );
    await tx.insert(phoneVerification).values({
      verifyId,
      purpose,
      phoneCountryNum,
      phoneNo,
      pinHash: pinHash(verifyId, pin),
      expiresAt: sql`now() + make_interval(secs => ${PIN.ttlSeconds})`,
      ip,
    });
  });

  try {
    await sms.send({ countryNum: phoneCountryNum, phoneNo }, pinMessage(pin));
  } catch (err) {
    // The pin never arrived: it must not count as sent (nor hold the cooldown).
    await db
      .update(phoneVerification)
      .set({ state: 'void', sentAt: sql`now() - make_interval(secs => ${PIN.resendSeconds})` })
      .where(eq(phoneVerification.verifyId, verifyId));
    log.error({ err, driver: sms.name, purpose }, 'sms send failed');
    throw err;
  }
  return { verifyId, expireSec: PIN.ttlSeconds, resendSec: PIN.resendSeconds };
}

/**
 * Checks a pin. Right: the verification is confirmed and a one-time token (only its hash is kept) is
 * answered. Wrong: PIN_MISMATCH with the tries left; the last allowed wrong try voids it (PIN_VOID).
 * The check and the tries counter are one UPDATE, so parallel guesses cannot exceed the limit.
 */
export async function confirmPin(
  deps: VerificationDeps,
  { verifyId, pincode }: { verifyId: string; pincode: string },
): Promise<{ verifyToken: string; phoneCountryNum: string; phoneNo: string; purpose: VerifyPurpose }> {
  const { db } = deps;
  const verifyToken = randomBytes(32).toString('base64url');
  const given = pinHash(verifyId, pincode);
  const right = sql`${phoneVerification.pinHash} = ${given}`;
  const [row] = await db
    .update(phoneVerification)
    .set({
      tries: sql`case when ${right} then ${phoneVerification.tries} else ${phoneVerification.tries} + 1 end`,
      state: sql`case when ${right} then 'confirmed' when ${phoneVerification.tries} + 1 >= ${PIN.maxTries} then 'void' else 'sent' end`,
      confirmedAt: sql`case when ${right} then now() end`,
      tokenHash: sql`case when ${right} then ${tokenHash(verifyToken)} end`,
    })
    .where(and(eq(phoneVerification.verifyId, verifyId), eq(phoneVerification.state, 'sent'), sql`${phoneVerification.expiresAt} > now()`))
    .returning({
      state: phoneVerification.state,
      tries: phoneVerification.tries,
      phoneCountryNum: phoneVerification.phoneCountryNum,
      phoneNo: phoneVerification.phoneNo,
      purpose: phoneVerification.purpose,
    });

  if (!row) {
    // Nothing was checked: tell why.
    const [current] = await db
      .select({ state: phoneVerification.state, expired: sql<boolean>`${phoneVerification.expiresAt} <= now()` })
      .from(phoneVerification)
      .where(eq(phoneVerification.verifyId, verifyId));
    if (current?.state === 'void') throw new AppError('PIN_VOID');
    if (current?.state === 'sent' && current.expired) throw new AppError('PIN_EXPIRED');
    throw new AppError('VERIFY_REQUIRED');
  }
  if (row.state === 'void') throw new AppError('PIN_VOID');
  if (row.state !== 'confirmed') throw new AppError('PIN_MISMATCH', { num: PIN.maxTries - row.tries });
  return { verifyToken, phoneCountryNum: row.phoneCountryNum, phoneNo: row.phoneNo, purpose: row.purpose as VerifyPurpose };
}

const spendable = (token: string, purpose: VerifyPurpose) =>
  and(
    eq(phoneVerification.tokenHash, tokenHash(token)),
    eq(phoneVerification.purpose, purpose),
    eq(phoneVerification.state, 'confirmed'),
    sql`${phoneVerification.confirmedAt} > now() - make_interval(mins => ${CONFIRMED_TTL_MINUTES})`,
  );

/**
 * Spends a verification token on its purpose, once: it must be confirmed less than 30 minutes ago.
 * Pass `within` (a transaction) to spend it inside the caller's own transaction. Else VERIFY_REQUIRED.
 */
export async function consumeVerification(
  db: Exec,
  token: string,
  purpose: VerifyPurpose,
  within?: Exec,
): Promise<{ phoneCountryNum: string; phoneNo: string }> {
  const [row] = await (within ?? db)
    .update(phoneVerification)
    .set({ state: 'used' })
    .where(spendable(token, purpose))
    .returning({ phoneCountryNum: phoneVerification.phoneCountryNum, phoneNo: phoneVerification.phoneNo });
  if (!row) throw new AppError('VERIFY_REQUIRED');
  return row;
}

/** The same check as consumeVerification without spending the token (e.g. for the account chooser). */
export async function peekVerification(
  db: Exec,
  token: string,
  purpose: VerifyPurpose,
): Promise<{ phoneCountryNum: string; phoneNo: string }> {
  const [row] = await db
    .select({ phoneCountryNum: phoneVerification.phoneCountryNum, phoneNo: phoneVerification.phoneNo })
    .from(phoneVerification)
    .where(spendable(token, purpose));
  if (!row) throw new AppError('VERIFY_REQUIRED');
  return row;
}
