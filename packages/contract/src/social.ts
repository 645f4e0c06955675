import { z } from 'zod';
import { NickSchema } from './accounts.js';

/** Social login providers (SPEC §1: Google, Naver, Apple), in the order the buttons are shown. */
export const SOCIAL_PROVIDERS = ['google', 'naver', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** How long a started social sign-in may take at the provider, and a first sign-in may wait for /user/join-social. */
export const SOCIAL_TTL = { stateMinutes: 10, signupMinutes: 30 } as const;

/** Query parameter of the web pages a failed social sign-in lands on: the result code to show. */
export const SOCIAL_ERROR_PARAM = 'social_error';

/** A local path of this site: starts with one `/`, no `//`, no backslash or control characters. */
export const LocalPathSchema = z
  .string()
  .max(512)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  .refine((v) => v.startsWith('/') && !v.startsWith('//') && !/[\\\u0000-\u001f\u007f]/.test(v));

/** GET /user/social_login/{provider}: where the browser goes after the sign-in. */
export const SocialStartSchema = z.object({ return_to: LocalPathSchema.default('/') });

/** POST /user/social_join_proc: the nickname and agreements of /user/join-social. */
export const SocialJoinSchema = z.object({
  nick: NickSchema,
  agree_terms: z.literal('Y'),
  agree_privacy: z.literal('Y'),
  agree_marketing: z.enum(['Y', 'N']).default('N'),
});
export type SocialJoinReq = z.infer<typeof SocialJoinSchema>;

/** GET /user/social_providers: one enabled provider. */
export interface SocialProviderInfo {
  provider: SocialProvider;
  /** Where the browser goes to start the sign-in (add `?return_to=`). */
  start_url: string;
}

/** POST /user/login_result: the pending first social sign-in of this browser. */
export interface LoginResultSet {
  provider: SocialProvider;
  /** The e-mail the provider gave (may be empty). */
  email: string;
  /** The name the provider gave (may be empty). */
  name: string;
  /** A free nickname made from the name or e-mail; empty when none could be made. */
  suggested_nick: string;
  /** ISO 8601: when the pending sign-in ends. */
  expires_at: string;
}

/** POST /user/social_join_proc answers like user_direct_join_proc. */
export interface SocialJoinSet {
  user_key: number;
  id: string;
  nick: string;
}
