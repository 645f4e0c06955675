import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';

/** A verification token answered by confirm_pincode (43 base64url characters; the bound is generous). */
const VerifyTokenSchema = z.string().trim().min(1).max(128);

/** POST /user/find_id_pw_user_proc: the accounts of a phone confirmed for find_id or find_pw (the account chooser). */
export const FindAccountsSchema = z.object({
  verify_token: VerifyTokenSchema,
});
export type FindAccountsReq = z.infer<typeof FindAccountsSchema>;

/** POST /user/forget_proc: a new password for one account of a phone confirmed for find_pw. */
export const ResetPasswordSchema = z.object({
  verify_token: VerifyTokenSchema,
  /** The account picked in the chooser; it must use the verified phone and be active. */
  user_key: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  passwd: z.string().max(64),
  passwd_confirm: z.string().max(64),
});
export type ResetPasswordReq = z.infer<typeof ResetPasswordSchema>;

/** One row of the account chooser. */
export interface RecoveryAccount {
  user_key: number;
  /** The full login ID: the caller has just proved they hold the account's phone (see docs/accounts-recovery.md). */
  id: string;
  nick: string;
  /** When the account joined (ISO 8601). */
  reg_date: string;
  /** 'Y' when the account has no password and signs in only with a social provider. */
  social_only: 'Y' | 'N';
  /** Providers linked to the account (google, naver, apple), in the order they were linked. */
  social_list: string[];
}

/** find_id_pw_user_proc: the accounts of the verified phone, oldest first. */
export interface RecoveryAccountsSet {
  purpose: 'find_id' | 'find_pw';
  data_list: RecoveryAccount[];
  data_totalcount: number;
}

/** forget_proc: the account whose password was reset, so the client can prefill the login. */
export interface ResetPasswordSet {
  rtv: 'SUCC';
  user_key: number;
  id: string;
}

/** The recovery result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const recoveryCodes = defineCodes('recovery', [[4600, 4699]], {
  /** Recovery: the chosen account is not an active account of the verified phone. */
  RECOVERY_ACCOUNT_MISMATCH: {
    code: 4601,
    ko: '인증한 휴대폰 번호로 가입된 계정 중에서 선택해 주세요.',
    en: 'Please choose one of the accounts of the verified phone number.',
    ja: '認証した携帯電話番号で登録されたアカウントから選択してください。',
    'zh-CN': '请从已验证手机号码注册的账号中选择。',
  },
  /** Recovery: the chosen account signs in only with a social provider and has no password to reset. */
  RECOVERY_SOCIAL_ONLY: {
    code: 4602,
    ko: '소셜 로그인으로 가입한 계정은 비밀번호가 없습니다. 가입한 소셜 서비스로 로그인해 주세요.',
    en: 'This account signs in with social login and has no password. Please log in with that service.',
    ja: 'ソーシャルログインで登録したアカウントにはパスワードがありません。登録したソーシャルサービスでログインしてください。',
    'zh-CN': '通过社交账号注册的账号没有密码，请使用注册时的社交服务登录。',
  },
});

/** Finding an ID and resetting a forgotten password (docs/api-recovery.md). */
export const recoveryEndpoints = {
  accounts: endpoint<RecoveryAccountsSet>()({
    method: 'POST',
    path: '/user/find_id_pw_user_proc',
    request: FindAccountsSchema,
    tags: ['recovery'],
    summary: 'The accounts of a phone confirmed for find_id or find_pw (the account chooser)',
  }),
  reset: endpoint<ResetPasswordSet>()({
    method: 'POST',
    path: '/user/forget_proc',
    request: ResetPasswordSchema,
    tags: ['recovery'],
    summary: 'Set a new password for an account of a phone confirmed for find_pw',
  }),
} as const;
