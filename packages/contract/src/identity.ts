import { z } from 'zod';

/**
 * Identity verification (Korean 본인인증) and the age rules built on it. Ages are counted in full years
 * (만 나이) on today's date in Korea (UTC+9, no daylight saving), whatever the server's or browser's zone.
 */

/** Adult by Korean law (청소년보호법): 19 full years. */
export const ADULT_AGE = 19;
/** Under this many full years a join needs a legal guardian's consent (개인정보보호법 §22-2). */
export const GUARDIAN_CONSENT_AGE = 14;
/** How long an identity token can be spent, once. */
export const IDENTITY_TOKEN_TTL_SECONDS = 600;
/** Korea Standard Time is UTC+9 all year. */
const KST_OFFSET_MS = 9 * 3600 * 1000;

/** Today's date in Korea as YYYY-MM-DD. */
export function koreanToday(now: Date | number = Date.now()): string {
  return new Date((typeof now === 'number' ? now : now.getTime()) + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Has someone born on `birthDate` reached `years` full years on `today` (both YYYY-MM-DD)? True when they
 * were born on or before today's date `years` years ago. Someone born on 29 February reaches it on
 * 1 March in common years (the date 'YYYY-02-29' of a common year sorts between the 28th and 1 March).
 */
export function reachedAge(birthDate: string, today: string, years: number): boolean {
  const year = Number(today.slice(0, 4)) - years;
  const threshold = `${String(year).padStart(4, '0')}${today.slice(4)}`;
  return birthDate <= threshold;
}

/** Full years on `today` (만 나이). */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return reachedAge(birthDate, today, years) ? years : years - 1;
}

/** 19+ by Korean law: born on or before today's date 19 years ago (in Korea time). */
export function isAdult(birthDate: string, today: string = koreanToday()): boolean {
  return reachedAge(birthDate, today, ADULT_AGE);
}

/** Under 14 full years: the join needs a legal guardian's consent. */
export function needsGuardianConsent(birthDate: string, today: string = koreanToday()): boolean {
  return !reachedAge(birthDate, today, GUARDIAN_CONSENT_AGE);
}

/** How names are compared: Unicode NFC, trimmed, inner spaces collapsed, Latin letters in lower case. */
export function normalizeName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export const IDENTITY_PURPOSES = ['adult', 'guardian'] as const;
export type IdentityPurpose = (typeof IDENTITY_PURPOSES)[number];
export const IDENTITY_DRIVERS = ['dev', 'portone'] as const;
export type IdentityDriverName = (typeof IDENTITY_DRIVERS)[number];

/** A person's legal name: letters (any script), spaces, dots, apostrophes and hyphens. */
export const PersonNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^\p{L}[\p{L}\p{M} .'-]*$/u);

/**
 * POST /user/identity_verify_proc. The `dev` driver takes name, birth date, sex and a phone verification
 * token of the same purpose; the `portone` driver takes the id of a verification the browser completed
 * with PortOne's SDK. Which fields are required depends on the server's driver (GET /user/identity_config).
 */
export const IdentityVerifySchema = z.object({
  purpose: z.enum(IDENTITY_PURPOSES),
  /** dev: the name as on the person's ID card. */
  name: PersonNameSchema.optional(),
  /** dev: YYYY-MM-DD. */
  birth_date: z.iso.date().optional(),
  /** dev. */
  sex: z.enum(['M', 'F']).optional(),
  /** dev: from confirm_pincode, sent for the same purpose ('adult' or 'guardian'). */
  verify_token: z.string().min(1).max(128).optional(),
  /** portone: the identityVerificationId the browser passed to PortOne.requestIdentityVerification. */
  identity_verification_id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/)
    .optional(),
});
export type IdentityVerifyReq = z.infer<typeof IdentityVerifySchema>;

/** What identity_verify_proc answers: a one-time token for the next step and who was verified. */
export interface IdentityVerifySet {
  identity_token: string;
  purpose: IdentityPurpose;
  name: string;
  birth_date: string;
  adult: boolean;
  expire_sec: number;
}

/** POST /user/adult_verify_proc. */
export const AdultVerifySchema = z.object({
  /** From identity_verify_proc with purpose 'adult'. */
  identity_token: z.string().min(1).max(128),
});

/** GET /user/identity_info: the caller's verification state. */
export interface IdentityInfo {
  /** A verified identity (ci) is on the account. */
  identity_verified: boolean;
  adult: boolean;
  adult_verified_at: string | null;
  /** The verified name, masked after the first character (김** ). */
  real_name: string;
}

/** GET /user/identity_config: what the browser needs to run the verification. */
export interface IdentityConfig {
  /** 'none' when the server has no identity driver (production without IDENTITY_DRIVER). */
  driver: IdentityDriverName | 'none';
  /** portone only: the browser SDK's storeId and channelKey. */
  store_id: string;
  channel_key: string;
}

/** 김민수 → 김**: the verified name as the account's own pages show it. */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length === 0 ? '' : chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}
