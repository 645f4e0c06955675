import { z } from 'zod';
import { NickSchema } from './accounts.js';
import { defineCodes } from './codes.js';
import { endpoint, NoBodySchema } from './endpoints.js';
import type { ListSet } from './envelope.js';

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

/**
 * The social login calls that answer the envelope, declared once for the server, the web and the tests.
 * The redirects (social_login, social_callback) and the provider's form post are registered by the server
 * itself (docs/api.md, "Outside the catalogue").
 */
export const socialEndpoints = {
  providers: endpoint<ListSet<SocialProviderInfo>>()({
    method: 'GET',
    path: '/user/social_providers',
    request: z.object({}),
    tags: ['social'],
    summary: 'The enabled social login providers',
  }),
  join: endpoint<SocialJoinSet>()({
    method: 'POST',
    path: '/user/social_join_proc',
    request: SocialJoinSchema,
    tags: ['social'],
    summary: 'Create the account of the pending social sign-in',
  }),
  /** A POST without a body. */
  loginResult: endpoint<LoginResultSet>()({
    method: 'POST',
    path: '/user/login_result',
    request: NoBodySchema,
    tags: ['social'],
    summary: 'The pending first social sign-in of this browser',
  }),
} as const;

/** The social result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const socialCodes = defineCodes('social', [[4500, 4599]], {
  /** Social login: the provider is unknown, not configured (no client id) or social login is switched off. */
  SOCIAL_PROVIDER_DISABLED: {
    code: 4501,
    ko: '사용할 수 없는 소셜 로그인입니다.',
    en: 'This social login is not available.',
    ja: 'このソーシャルログインは利用できません。',
    'zh-CN': '此社交登录不可用。',
  },
  /** Social login: the sign-in request is unknown, already used, expired or was started in another browser. */
  SOCIAL_STATE_INVALID: {
    code: 4502,
    ko: '로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해 주세요.',
    en: 'The sign-in request has expired or is not valid. Please try again.',
    ja: 'ログインリクエストの有効期限が切れたか、正しくありません。もう一度お試しください。',
    'zh-CN': '登录请求已过期或无效，请重试。',
  },
  /** Social login: the user cancelled or refused at the provider. */
  SOCIAL_DENIED: {
    code: 4503,
    ko: '소셜 로그인이 취소되었습니다.',
    en: 'The social login was cancelled.',
    ja: 'ソーシャルログインがキャンセルされました。',
    'zh-CN': '社交登录已取消。',
  },
  /** Social login: the provider answered an error, or its answer could not be verified. */
  SOCIAL_PROVIDER_ERROR: {
    code: 4504,
    ko: '소셜 로그인 서비스에서 로그인을 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The social login service could not confirm the sign-in. Please try again shortly.',
    ja: 'ソーシャルログインサービスでログインを確認できませんでした。しばらくしてからもう一度お試しください。',
    'zh-CN': '社交登录服务无法确认登录，请稍后重试。',
  },
  /** Social sign-up: no pending social sign-in in this browser (none, expired or already used). */
  SOCIAL_SIGNUP_EXPIRED: {
    code: 4505,
    ko: '소셜 회원가입 시간이 지났습니다. 소셜 로그인을 다시 해 주세요.',
    en: 'The social sign-up has expired. Please use social login again.',
    ja: 'ソーシャル会員登録の有効期限が切れました。もう一度ソーシャルログインしてください。',
    'zh-CN': '社交注册已过期，请重新使用社交登录。',
  },
  /** Social sign-up: this social identity already belongs to an account; log in with it. */
  SOCIAL_ALREADY_JOINED: {
    code: 4506,
    ko: '이미 가입된 소셜 계정입니다. 로그인해 주세요.',
    en: 'This social account has already joined. Please log in.',
    ja: 'すでに登録済みのソーシャルアカウントです。ログインしてください。',
    'zh-CN': '该社交账号已注册，请登录。',
  },
});
