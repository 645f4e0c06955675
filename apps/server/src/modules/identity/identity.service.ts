import { randomBytes } from 'node:crypto';
import {
  type AdultVerifyResult,
  IDENTITY_TOKEN_TTL_SECONDS,
  type IdentityConfig,
  type IdentityInfo,
  type IdentityVerifyReq,
  type IdentityVerifySet,
  isAdult,
  koreanToday,
  maskName,
  needsGuardianConsent,
  normalizeName,
} from '@byeol/contract';
import type { FastifyRequest } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db, Exec } from '../../platform/db.js';
import { AppError, required } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { findByKey } from '../users/index.js';
import { accountChanged, requireAccount, requireUser } from '../users/users.session.js';
import type { IdentityDriver } from './identity.drivers.js';
import { insertIdentity, setAdultVerified, spendIdentity } from './identity.repository.js';

export interface IdentityDeps {
  db: Db;
  bus: Bus;
  /** null: no identity provider configured (production without IDENTITY_DRIVER). */
  driver: IdentityDriver | null;
  /** What the browser's PortOne SDK needs (empty for other drivers). */
  portone: { storeId: string; channelKey: string };
}

/** Verifications per client address: each one may cost a provider call. */
export const IDENTITY_LIMIT = { perIp: 30, windowMs: 10 * 60_000 } as const;

/**
 * identity_verify_proc: verifies a person with the configured driver and answers a one-time identity
 * token (stored hashed) for the next step: the adult verification or a guardian's consent in a join.
 */
export async function verifyIdentity(deps: IdentityDeps, request: FastifyRequest, input: IdentityVerifyReq): Promise<IdentityVerifySet> {
  if (!deps.driver) throw new AppError('SERVICE_PREPARING');
  await enforceLimits(deps.bus, [{ key: `identity:ip:${request.ip}`, max: IDENTITY_LIMIT.perIp, windowMs: IDENTITY_LIMIT.windowMs }]);
  const person = await deps.driver.verify(input.purpose, input);
  const token = randomBytes(32).toString('base64url');
  // A provider verification turns into one token only: a replayed PortOne id fails.
  if (!(await insertIdentity(deps.db, person, input.purpose, deps.driver.name, token))) throw new AppError('IDENTITY_FAILED');
  return {
    identity_token: token,
    purpose: input.purpose,
    name: person.name,
    birth_date: person.birthDate,
    adult: isAdult(person.birthDate, koreanToday()),
    expire_sec: IDENTITY_TOKEN_TTL_SECONDS,
  };
}

/**
 * adult_verify_proc: spends an 'adult' identity token on the caller's account. 19+ by Korean law records
 * ci, the verified name, the verified birth date (it replaces the declared one) and adult_verified_at;
 * under 19 records nothing and leaves the token unspent. Several accounts of one person may share a ci,
 * but an account verified as one person cannot be re-verified as another (nor as its own guardian).
 */
export async function adultVerify(db: Db, request: FastifyRequest, identityToken: string): Promise<AdultVerifyResult> {
  const me = await requireUser(request);
  const verified = await db.transaction(async (tx) => {
    const row = await findByKey(tx, me.userKey);
    if (!row) throw new AppError('LOGIN_REQUIRED');
    const person = await spendIdentity(tx, identityToken, 'adult');
    if (!person) throw new AppError('IDENTITY_REQUIRED', { field: 'identity_token' });
    if ((row.ci !== '' && row.ci !== person.ci) || (row.guardianCi !== '' && row.guardianCi === person.ci)) {
      throw new AppError('IDENTITY_OTHER_PERSON');
    }
    if (!isAdult(person.birthDate, koreanToday())) throw new AppError('UNDER_ADULT_AGE');
    const at = await setAdultVerified(tx, row.userKey, person);
    return {
      rtv: 'SUCC' as const,
      adult: true as const,
      real_name: maskName(person.name),
      birth_date: person.birthDate,
      adult_verified_at: at.toISOString(),
    };
  });
  // The session's row carries the verification (adult broadcasts in the lists): every process reads it again.
  await accountChanged(db, me.userKey);
  return verified;
}

/** identity_info: the caller's verification state (the verified name masked). */
export async function identityInfo(request: FastifyRequest): Promise<IdentityInfo> {
  const row = await requireAccount(request);
  return {
    identity_verified: row.ci !== '',
    adult: row.adultVerifiedAt !== null,
    adult_verified_at: row.adultVerifiedAt?.toISOString() ?? null,
    real_name: row.realName ? maskName(row.realName) : '',
  };
}

export function identityConfig(deps: IdentityDeps): IdentityConfig {
  const driver = deps.driver?.name ?? 'none';
  return {
    driver,
    store_id: driver === 'portone' ? deps.portone.storeId : '',
    channel_key: driver === 'portone' ? deps.portone.channelKey : '',
  };
}

export interface GuardianInput {
  birth_date: string;
  guardian_name?: string | undefined;
  guardian_token?: string | undefined;
}

export interface GuardianConsent {
  guardianName: string;
  guardianCi: string;
  guardianConsentAt: Date;
}

/**
 * The legal guardian's consent of an under-14 join (SPEC §5), inside the join's transaction: a 'guardian'
 * identity token is spent, the typed guardian name must equal the verified one and the guardian must be
 * 19+. Answers null for a join of 14 or older (a guardian sent anyway is ignored).
 */
export async function guardianConsent(tx: Exec, input: GuardianInput): Promise<GuardianConsent | null> {
  if (!needsGuardianConsent(input.birth_date, koreanToday())) return null;
  if (!input.guardian_token) throw new AppError('GUARDIAN_REQUIRED', { field: 'guardian_token' });
  if (!input.guardian_name) throw required('guardian_name');
  const guardian = await spendIdentity(tx, input.guardian_token, 'guardian');
  if (!guardian) throw new AppError('IDENTITY_REQUIRED', { field: 'guardian_token' });
  if (normalizeName(guardian.name) !== normalizeName(input.guardian_name)) {
    throw new AppError('GUARDIAN_NAME_MISMATCH', { field: 'guardian_name' });
  }
  if (!isAdult(guardian.birthDate, koreanToday())) throw new AppError('GUARDIAN_NOT_ADULT', { field: 'guardian_token' });
  return { guardianName: guardian.name, guardianCi: guardian.ci, guardianConsentAt: new Date() };
}
