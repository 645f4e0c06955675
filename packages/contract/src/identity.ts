import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';

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

/** What adult_verify_proc answers: the adult verification recorded on the account. */
export interface AdultVerifyResult {
  rtv: 'SUCC';
  adult: true;
  real_name: string;
  birth_date: string;
  adult_verified_at: string;
}

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

/** The identity verification calls (docs/accounts-identity.md), declared once for the server, the web and the tests. */
export const identityEndpoints = {
  config: endpoint<IdentityConfig>()({
    method: 'GET',
    path: '/user/identity_config',
    request: z.object({}),
    tags: ['identity'],
    summary: 'Which identity verification the browser runs',
  }),
  verify: endpoint<IdentityVerifySet>()({
    method: 'POST',
    path: '/user/identity_verify_proc',
    request: IdentityVerifySchema,
    tags: ['identity'],
    summary: 'Verify a person (adult or legal guardian); answers a one-time identity token',
  }),
  adultVerify: endpoint<AdultVerifyResult>()({
    method: 'POST',
    path: '/user/adult_verify_proc',
    request: AdultVerifySchema,
    tags: ['identity'],
    summary: 'Record an adult verification (19+) on the logged-in account',
  }),
  info: endpoint<IdentityInfo>()({
    method: 'GET',
    path: '/user/identity_info',
    request: z.object({}),
    tags: ['identity'],
    summary: "The logged-in account's verification state",
  }),
} as const;

/** The identity result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const identityCodes = defineCodes('identity', [[4300, 4399]], {
  /** SPEC §8 'identity verification failed': the provider did not verify the person (or the verification was used). */
  IDENTITY_FAILED: {
    code: 4301,
    ko: '본인인증에 실패했습니다.',
    en: 'Identity verification failed.',
    ja: '本人認証に失敗しました。',
    'zh-CN': '身份验证失败。',
  },
  /** The identity token is missing, spent, over 10 minutes old or for another purpose: verify again. */
  IDENTITY_REQUIRED: {
    code: 4302,
    ko: '본인인증을 다시 진행해 주세요.',
    en: 'Please verify your identity again.',
    ja: '本人認証をもう一度行ってください。',
    'zh-CN': '请重新进行身份验证。',
  },
  /** SPEC §5 'minors need legal guardian consent': an under-14 join without a guardian's verification. */
  GUARDIAN_REQUIRED: {
    code: 4303,
    ko: '만 14세 미만은 법정대리인(보호자)의 동의가 필요합니다.',
    en: 'Users under 14 need the consent of a legal guardian.',
    ja: '14歳未満の方は法定代理人（保護者）の同意が必要です。',
    'zh-CN': '未满14岁的用户需要法定监护人的同意。',
  },
  /** SPEC §8 'guardian name mismatch': the typed guardian name differs from the verified name. */
  GUARDIAN_NAME_MISMATCH: {
    code: 4304,
    ko: '법정대리인(보호자) 이름이 본인인증한 이름과 일치하지 않습니다.',
    en: "The guardian's name does not match the verified name.",
    ja: '法定代理人（保護者）の氏名が本人認証した氏名と一致しません。',
    'zh-CN': '监护人姓名与验证的姓名不一致。',
  },
  /** The verified guardian is not an adult (19+). */
  GUARDIAN_NOT_ADULT: {
    code: 4305,
    ko: '법정대리인(보호자)은 만 19세 이상이어야 합니다.',
    en: 'The legal guardian must be 19 or older.',
    ja: '法定代理人（保護者）は19歳以上である必要があります。',
    'zh-CN': '法定监护人必须年满19岁。',
  },
  /** The verified person is under 19: no adult verification (nothing is recorded). */
  UNDER_ADULT_AGE: {
    code: 4306,
    ko: '만 19세 미만은 성인인증을 할 수 없습니다.',
    en: 'Adult verification is only for people aged 19 or older.',
    ja: '19歳未満の方は成人認証を行えません。',
    'zh-CN': '未满19岁无法进行成人认证。',
  },
  /** SPEC §5 'age-restricted content needs adult verification'. */
  ADULT_REQUIRED: {
    code: 4307,
    ko: '성인인증이 필요한 서비스입니다.',
    en: 'This service needs adult verification.',
    ja: '成人認証が必要なサービスです。',
    'zh-CN': '此服务需要成人认证。',
  },
  /** The account already holds another person's verified identity (or its guardian's). */
  IDENTITY_OTHER_PERSON: {
    code: 4308,
    ko: '이 계정은 다른 사람 명의로 본인인증되어 있습니다.',
    en: "This account is verified under another person's identity.",
    ja: 'このアカウントは別の方の名義で本人認証されています。',
    'zh-CN': '此账号已用他人身份完成验证。',
  },
});
