import { z } from 'zod';

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
