import { createHmac, randomUUID } from 'node:crypto';
import type { IdentityDriverName, IdentityPurpose, IdentityVerifyReq } from '@byeol/contract';
import { normalizeName } from '@byeol/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError, required } from '../../platform/errors.js';
import { consumeVerification } from '../verification/verification.service.js';

/** A person as an identity provider verified them. */
export interface VerifiedPerson {
  /** Unique per provider verification: one verification gives one identity token. */
  ref: string;
  name: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  sex: 'M' | 'F' | '';
  phoneNo: string;
  /** Connecting information: the same for one person across services. */
  ci: string;
}

/**
 * Verifies a person for a purpose. Refusals the person can fix are AppErrors (IDENTITY_FAILED, REQUIRED,
 * VERIFY_REQUIRED); a provider that cannot be reached or refuses our credentials is a plain Error (a fault).
 */
export interface IdentityDriver {
  name: IdentityDriverName;
  verify(purpose: IdentityPurpose, input: IdentityVerifyReq): Promise<VerifiedPerson>;
}

/** dev driver's ci: HMAC-SHA256 of name|birth|phone under a server secret, so one person always gets one ci. */
export function devCi(secret: string, name: string, birthDate: string, phoneNo: string): string {
  return createHmac('sha256', secret)
    .update(`${normalizeName(name)}|${birthDate}|${phoneNo}`)
    .digest('base64');
}

/**
 * Development driver: the person types name, birth date and sex and proves the phone with a pin (the
 * phone verification flow, sent for the same purpose). It trusts the typed name and birth date, so it is
 * refused in production (loadConfig).
 */
export function createDevIdentityDriver(db: Db, secret: string): IdentityDriver {
  return {
    name: 'dev',
    async verify(purpose, input) {
      if (!input.name) throw required('name');
      if (!input.birth_date) throw required('birth_date');
      if (!input.sex) throw required('sex');
      if (!input.verify_token) throw required('verify_token');
      const phone = await consumeVerification(db, input.verify_token, purpose);
      return {
        ref: `dev:${randomUUID()}`,
        name: input.name.normalize('NFC').replace(/\s+/g, ' '),
        birthDate: input.birth_date,
        sex: input.sex,
        phoneNo: phone.phoneNo,
        ci: devCi(secret, input.name, input.birth_date, phone.phoneNo),
      };
    },
  };
}

export interface PortOneOptions {
  apiSecret: string;
  storeId: string;
  /** e.g. https://api.portone.io */
  baseUrl: string;
  timeoutMs?: number;
  /** A verification older than this cannot be turned into a token (default 30 minutes). */
  maxAgeMs?: number;
}

/** PortOne's verified customer (GET /identity-verifications/{id}, status VERIFIED). */
interface PortOneVerification {
  status?: string;
  id?: string;
  verifiedAt?: string;
  verifiedCustomer?: {
    name?: string;
    birthDate?: string;
    gender?: 'MALE' | 'FEMALE' | 'OTHER';
    phoneNumber?: string;
    ci?: string;
  };
}

/**
 * PortOne V2 identity verification: the browser completes it with PortOne's SDK under an id it chose,
 * then the server reads the result with `GET /identity-verifications/{id}` (`Authorization: PortOne
 * <secret>`). Only a VERIFIED verification with a ci, a name and a birth date, verified within maxAgeMs,
 * passes; anything else the person did is IDENTITY_FAILED.
 */
export function createPortOneIdentityDriver(opts: PortOneOptions): IdentityDriver {
  return {
    name: 'portone',
    async verify(_purpose, input) {
      const id = input.identity_verification_id;
      if (!id) throw required('identity_verification_id');
      const url = new URL(`/identity-verifications/${encodeURIComponent(id)}`, opts.baseUrl);
      url.searchParams.set('storeId', opts.storeId);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { authorization: `PortOne ${opts.apiSecret}`, accept: 'application/json' },
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new Error(`PortOne is unreachable: ${(err as Error).message}`, { cause: err });
      }
      const text = await response.text().catch(() => '');
      // An unknown id (404) or one of another store (400) is the person's failure; 401/403/5xx are ours.
      if (response.status === 404 || response.status === 400) throw new AppError('IDENTITY_FAILED');
      if (!response.ok)
        throw new Error(`PortOne refused the identity-verification lookup (HTTP ${response.status}): ${text.slice(0, 300)}`);
      let body: PortOneVerification;
      try {
        body = JSON.parse(text) as PortOneVerification;
      } catch {
        throw new Error('PortOne answered something that is not JSON');
      }
      const c = body.verifiedCustomer;
      if (body.status !== 'VERIFIED' || !c?.ci || !c.name || !c.birthDate || !/^\d{4}-\d{2}-\d{2}$/.test(c.birthDate)) {
        throw new AppError('IDENTITY_FAILED');
      }
      const verifiedAt = Date.parse(body.verifiedAt ?? '');
      if (Number.isNaN(verifiedAt) || Date.now() - verifiedAt > (opts.maxAgeMs ?? 30 * 60_000)) throw new AppError('IDENTITY_FAILED');
      return {
        ref: `portone:${id}`,
        name: c.name.normalize('NFC').trim(),
        birthDate: c.birthDate,
        sex: c.gender === 'MALE' ? 'M' : c.gender === 'FEMALE' ? 'F' : '',
        phoneNo: (c.phoneNumber ?? '').replace(/\D/g, ''),
        ci: c.ci,
      };
    },
  };
}

/**
 * The driver IDENTITY_DRIVER names; unset means dev outside production and none in production (the calls
 * then answer SERVICE_PREPARING). loadConfig has checked the PortOne settings and refused dev in production.
 */
export function createIdentityDriver(config: Config, db: Db): IdentityDriver | null {
  const name = config.IDENTITY_DRIVER ?? (config.NODE_ENV === 'production' ? null : 'dev');
  if (name === 'portone') {
    const { PORTONE_API_SECRET, PORTONE_STORE_ID, PORTONE_BASE_URL } = config;
    if (!PORTONE_API_SECRET || !PORTONE_STORE_ID) throw new Error('IDENTITY_DRIVER=portone needs PORTONE_API_SECRET and PORTONE_STORE_ID');
    return createPortOneIdentityDriver({ apiSecret: PORTONE_API_SECRET, storeId: PORTONE_STORE_ID, baseUrl: PORTONE_BASE_URL });
  }
  if (name === 'dev') {
    if (config.NODE_ENV === 'production') throw new Error('The dev identity driver is refused with NODE_ENV=production');
    return createDevIdentityDriver(db, config.IDENTITY_DEV_CI_SECRET);
  }
  return null;
}
