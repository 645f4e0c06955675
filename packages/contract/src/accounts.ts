import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint, NoBodySchema } from './endpoints.js';
import type { ListSet } from './envelope.js';
import type { Lang } from './lang.js';

/** Login ID (SPEC §5): English letters or digits, this many characters. */
export const ID_LENGTH = { min: 4, max: 20 } as const;
/** Nickname length in characters (any script, digits, _ and .). */
export const NICK_LENGTH = { min: 2, max: 12 } as const;
/** Password length (SPEC §9). */
export const PASSWORD_LENGTH = { min: 8, max: 20 } as const;
/** Phone verification (accounts issue): pin expiry, resend cooldown, wrong tries before the pin is void. */
export const PIN = { digits: 6, ttlSeconds: 180, resendSeconds: 30, maxTries: 5 } as const;
/** Wrong passwords in a row before the account needs phone re-verification (SPEC §8). */
export const LOGIN_FAILURE_LIMIT = 5;
/** Countries whose phones can receive our SMS; others sign up with social login (SPEC §8). */
export const PHONE_COUNTRIES = { '82': 'kr' } as const;

export const ID_PATTERN = /^[A-Za-z0-9]+$/;
export const NICK_PATTERN = /^[\p{L}\p{N}_.]+$/u;
/** Korean mobile numbers, digits only: 010, 011, 016–019 then 7 or 8 digits. */
export const KR_MOBILE_PATTERN = /^01[016789]\d{7,8}$/;

export type PasswordRule = 'length' | 'kinds' | 'repeat' | 'sequence' | 'space' | 'same_as_id';
export const PASSWORD_RULES: readonly PasswordRule[] = ['length', 'kinds', 'repeat', 'sequence', 'space', 'same_as_id'];

/** Keyboard rows and ordered runs a password must not contain 4 characters of, forwards or backwards. */
const SEQUENCES = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'abcdefghijklmnopqrstuvwxyz'];
const SEQUENCE_LENGTH = 4;
/** Identical characters in a row that count as a repeat ('aaa'). */
const REPEAT_LENGTH = 3;

function hasSequence(password: string): boolean {
  const p = password.toLowerCase();
  for (let i = 0; i + SEQUENCE_LENGTH <= p.length; i++) {
    const part = p.slice(i, i + SEQUENCE_LENGTH);
    const reversed = [...part].reverse().join('');
    if (SEQUENCES.some((row) => row.includes(part) || row.includes(reversed))) return true;
  }
  return false;
}

/**
 * The newer password rule of SPEC §5, one implementation for the form and the server: answers every rule
 * the password breaks, in a fixed order (empty when it passes).
 */
export function passwordViolations(password: string, id = ''): PasswordRule[] {
  const broken: PasswordRule[] = [];
  const length = [...password].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) broken.push('length');
  const kinds = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9\s]/].filter((re) => re.test(password)).length;
  if (kinds < 3) broken.push('kinds');
  if (new RegExp(`(.)\\1{${REPEAT_LENGTH - 1}}`, 'u').test(password)) broken.push('repeat');
  if (hasSequence(password)) broken.push('sequence');
  if (/\s/.test(password)) broken.push('space');
  if (id !== '' && password.toLowerCase() === id.toLowerCase()) broken.push('same_as_id');
  return broken;
}

/** Texts for each password rule, shown beside the field (SPEC §5). */
export const passwordRuleMessages: Record<PasswordRule | 'confirm', Record<Lang, string>> = {
  length: {
    ko: `비밀번호는 ${PASSWORD_LENGTH.min}~${PASSWORD_LENGTH.max}자로 입력해 주세요.`,
    en: `Use ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters.`,
    ja: `パスワードは${PASSWORD_LENGTH.min}〜${PASSWORD_LENGTH.max}文字で入力してください。`,
    'zh-CN': `密码长度应为${PASSWORD_LENGTH.min}至${PASSWORD_LENGTH.max}个字符。`,
  },
  kinds: {
    ko: '영문 대문자, 소문자, 숫자, 특수문자 중 3가지 이상을 조합해 주세요.',
    en: 'Combine at least 3 of upper case, lower case, digits and special characters.',
    ja: '英大文字・英小文字・数字・記号のうち3種類以上を組み合わせてください。',
    'zh-CN': '请组合使用大写字母、小写字母、数字和特殊字符中的至少3种。',
  },
  repeat: {
    ko: '같은 문자를 연속으로 3번 이상 사용할 수 없습니다.',
    en: 'Do not repeat the same character 3 times in a row.',
    ja: '同じ文字を3回以上続けて使用できません。',
    'zh-CN': '不能连续3次使用相同字符。',
  },
  sequence: {
    ko: '연속된 키보드 배열이나 숫자(예: qwer, 1234)는 사용할 수 없습니다.',
    en: 'Do not use keyboard or number sequences such as qwer or 1234.',
    ja: '連続したキー配列や数字（例: qwer、1234）は使用できません。',
    'zh-CN': '不能使用连续的键盘排列或数字（如 qwer、1234）。',
  },
  space: {
    ko: '비밀번호에 공백을 사용할 수 없습니다.',
    en: 'Spaces are not allowed.',
    ja: 'パスワードに空白は使用できません。',
    'zh-CN': '密码不能包含空格。',
  },
  same_as_id: {
    ko: '아이디와 같은 비밀번호는 사용할 수 없습니다.',
    en: 'The password must not be the same as the ID.',
    ja: 'IDと同じパスワードは使用できません。',
    'zh-CN': '密码不能与ID相同。',
  },
  confirm: {
    ko: '비밀번호가 일치하지 않습니다.',
    en: 'Passwords do not match.',
    ja: 'パスワードが一致しません。',
    'zh-CN': '两次输入的密码不一致。',
  },
};

/**
 * Schema messages naming the ID's and the nickname's own rule (ID_RULE, NICK_RULE): a refused ID or
 * nickname answers the rule in the caller's language, never 'invalid value'.
 */
export const ACCOUNT_REFUSAL_PARAMS = {
  ID_RULE: { min: ID_LENGTH.min, max: ID_LENGTH.max },
  NICK_RULE: { min: NICK_LENGTH.min, max: NICK_LENGTH.max },
} as const satisfies Record<string, Record<string, number>>;

/** ID field: letters and digits within ID_LENGTH (ID_RULE when not). */
export const IdSchema = z
  .string()
  .trim()
  .max(ID_LENGTH.max, { message: 'ID_RULE' })
  .min(ID_LENGTH.min, { message: 'ID_RULE' })
  .regex(ID_PATTERN, { message: 'ID_RULE' });
/** Nickname field: NICK_LENGTH characters of NICK_PATTERN (NICK_RULE when not). */
export const NickSchema = z
  .string()
  .trim()
  .max(NICK_LENGTH.max * 2, { message: 'NICK_RULE' })
  .refine((v) => [...v].length >= NICK_LENGTH.min && [...v].length <= NICK_LENGTH.max, { message: 'NICK_RULE' })
  .refine((v) => NICK_PATTERN.test(v), { message: 'NICK_RULE' });
/** Phone digits only; the client may send hyphens, which are dropped. */
export const PhoneSchema = z
  .string()
  .max(20)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{7,15}$/));
export const PhoneCountrySchema = z
  .string()
  .max(4)
  .transform((v) => v.replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{1,4}$/))
  .default('82');

/**
 * What a phone verification is for; a confirmed one can only be spent on that purpose. `contact`: the contact
 * phone of an audition application (issue 21).
 */
export const VERIFY_PURPOSES = ['join', 'find_id', 'find_pw', 'login_unlock', 'guardian', 'adult', 'contact'] as const;
export type VerifyPurpose = (typeof VERIFY_PURPOSES)[number];

/** POST /user/auth_phone_no_proc: send (or resend) a pin code. */
export const SendPinSchema = z.object({
  phone_country_num: PhoneCountrySchema,
  phone_no: PhoneSchema,
  purpose: z.enum(VERIFY_PURPOSES).default('join'),
});
export type SendPinReq = z.infer<typeof SendPinSchema>;

/** POST /user/confirm_pincode: confirm the pin; answers a verification token for the next step. */
export const ConfirmPinSchema = z.object({
  verify_id: z.string().min(1).max(64),
  pincode: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export type ConfirmPinReq = z.infer<typeof ConfirmPinSchema>;

/** POST /user/user_check_proc: is an ID or nickname free? */
export const UserCheckSchema = z.object({
  check_type: z.enum(['id', 'nick']),
  value: z.string().max(40),
});

/** POST /user/user_direct_join_proc. */
export const JoinSchema = z.object({
  id: IdSchema,
  passwd: z.string().max(64),
  passwd_confirm: z.string().max(64),
  nick: NickSchema,
  /** The token answered by confirm_pincode for purpose 'join'. */
  verify_token: z.string().min(1).max(128),
  /** YYYY-MM-DD. */
  birth_date: z.iso.date(),
  sex: z.enum(['M', 'F']),
  email: z.string().trim().max(254).optional().default(''),
  /** Every required agreement of the join steps (terms, privacy). */
  agree_terms: z.literal('Y'),
  agree_privacy: z.literal('Y'),
  agree_marketing: z.enum(['Y', 'N']).default('N'),
  /** A referral code (SPEC §3 user field): the inviting member's login ID; empty for none. */
  referral_code: z.string().trim().max(40).optional().default(''),
  /** Under 14 (Korea time): the legal guardian's name as typed; must equal the guardian's verified name. */
  guardian_name: z.string().trim().max(40).optional(),
  /** Under 14: the identity token of the guardian's verification (identity_verify_proc, purpose 'guardian'). */
  guardian_token: z.string().max(128).optional(),
});
export type JoinReq = z.infer<typeof JoinSchema>;

/** POST /user/login_proc. */
export const LoginSchema = z.object({
  id: z.string().trim().min(1).max(40),
  passwd: z.string().min(1).max(64),
  /** The authenticator app's code, for operators and GMs who turned two-step sign-in on. */
  otp: z.string().trim().max(10).optional(),
});

/** Answer of totp_setup_proc: the new secret for the authenticator app (shown once, until confirmed). */
export interface TotpSetupSet {
  secret: string;
  otpauth_uri: string;
}
export type LoginReq = z.infer<typeof LoginSchema>;

/** The logged-in user of SPEC §3, as GET /user/user_info answers it. */
export interface UserInfo {
  user_key: number;
  user_level: number;
  id: string;
  nick: string;
  sex: 'M' | 'F' | '';
  type_cd: string;
  bj_type_cd: string;
  country_cd: string;
  star_cnt: number;
  cubic_cnt: number;
  profile_css: string;
  phone_country_num: string;
  profile_image: string;
  coin_cnt: number;
  vip_level: number;
  bj_level_v2: number;
  state_memo: string;
  /** Identity-verification key; empty until verified. */
  ci: string;
  /**
   * Account role (SPEC §6), beyond SPEC §3's fields: the web shows operators and GMs the way to /admin.
   * Display only: every /admin call checks the role on the server.
   */
  role: AccountRole;
}

export interface UserInfoSet {
  user_info: UserInfo | null;
  summary_info: { item_cnt: number };
}

/** Roles of SPEC §6 held by an account (room roles such as manager are per room). */
export const ACCOUNT_ROLES = ['user', 'bj', 'operator', 'gm'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
/** BJ variants (SPEC §1): general, agency star, public figure, program, rookie. */
export const BJ_TYPES = ['general', 'enter', 'public', 'program', 'rookie'] as const;

/** The accounts result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const accountsCodes = defineCodes(
  'accounts',
  [
    [1100, 1199],
    [2100, 2199],
    [4100, 4299],
  ],
  {
    /** ID or password wrong (never says which). */
    LOGIN_FAILED: {
      code: 2101,
      ko: '아이디 또는 비밀번호가 올바르지 않습니다.',
      en: 'The ID or password is incorrect.',
      ja: 'IDまたはパスワードが正しくありません。',
      'zh-CN': 'ID或密码不正确。',
    },
    /** SPEC §8: the failure limit is exceeded; verify the phone again, then log in. */
    LOGIN_LIMIT_EXCEEDED: {
      code: 2102,
      ko: '로그인 실패 횟수를 초과했습니다. 휴대폰 인증을 다시 한 후 로그인해 주세요.',
      en: 'Too many failed logins. Verify your phone again, then log in.',
      ja: 'ログインの失敗回数が上限を超えました。携帯電話の認証をやり直してからログインしてください。',
      'zh-CN': '登录失败次数已超过上限。请重新进行手机验证后再登录。',
    },
    /** The account was closed (withdrawn). */
    ACCOUNT_CLOSED: {
      code: 2103,
      ko: '탈퇴한 계정입니다.',
      en: 'This account has been closed.',
      ja: '退会したアカウントです。',
      'zh-CN': '该账号已注销。',
    },
    /** An operator or GM with a second factor: send the 6-digit code of the authenticator app (`otp`). */
    OTP_REQUIRED: {
      code: 2104,
      ko: '인증 앱의 6자리 코드를 입력해 주세요.',
      en: 'Enter the 6-digit code from your authenticator app.',
      ja: '認証アプリの6桁のコードを入力してください。',
      'zh-CN': '请输入验证器应用中的6位验证码。',
    },
    /** The authenticator code is wrong, expired or already used. */
    OTP_INVALID: {
      code: 2105,
      ko: '인증 코드가 올바르지 않거나 만료되었습니다.',
      en: 'The code is wrong or has expired.',
      ja: '認証コードが正しくないか、有効期限が切れています。',
      'zh-CN': '验证码不正确或已过期。',
    },
    /** Two-step sign-in is on already; turn it off first to set up another app. */
    OTP_ALREADY_ON: {
      code: 2106,
      ko: '2단계 인증이 이미 켜져 있습니다.',
      en: 'Two-step sign-in is already on.',
      ja: '2段階認証はすでにオンです。',
      'zh-CN': '两步验证已开启。',
    },
    /** A password breaks a rule of SPEC §5; `{rule}` names the first, rslt_set.rules lists them all. */
    PASSWORD_RULE: {
      code: 1101,
      ko: '비밀번호 규칙에 맞지 않습니다.',
      en: 'The password does not follow the rules.',
      ja: 'パスワードのルールに合っていません。',
      'zh-CN': '密码不符合规则。',
    },
    /** SPEC §8 'passwords do not match'. */
    PASSWORD_MISMATCH: {
      code: 1102,
      ko: '비밀번호가 일치하지 않습니다.',
      en: 'Passwords do not match.',
      ja: 'パスワードが一致しません。',
      'zh-CN': '两次输入的密码不一致。',
    },
    /** SPEC §5 'phone number must be accurate'. */
    PHONE_INVALID: {
      code: 1103,
      ko: '휴대폰 번호를 정확하게 입력해 주세요.',
      en: 'Please enter an accurate phone number.',
      ja: '携帯電話番号を正確に入力してください。',
      'zh-CN': '请输入正确的手机号码。',
    },
    /** SPEC §5: an ID is English letters or digits, `{min}` to `{max}` of them (ACCOUNT_REFUSAL_PARAMS). */
    ID_RULE: {
      code: 1104,
      ko: '아이디는 영문 또는 숫자 {min}~{max}자로 입력해 주세요.',
      en: 'Use {min} to {max} letters or digits for the ID.',
      ja: 'IDは英字または数字{min}〜{max}文字で入力してください。',
      'zh-CN': '账号须为{min}至{max}个英文字母或数字。',
    },
    /** A nickname is `{min}` to `{max}` letters, digits, _ or . (ACCOUNT_REFUSAL_PARAMS). */
    NICK_RULE: {
      code: 1105,
      ko: '닉네임은 문자, 숫자, 밑줄(_), 마침표(.)로 {min}~{max}자 입력해 주세요.',
      en: 'Use {min} to {max} letters, digits, underscores (_) or full stops (.) for the nickname.',
      ja: 'ニックネームは文字・数字・下線(_)・ピリオド(.)で{min}〜{max}文字入力してください。',
      'zh-CN': '昵称须为{min}至{max}个字符，可使用文字、数字、下划线(_)和句点(.)。',
    },
    /** The ID is taken. */
    DUPLICATE_ID: {
      code: 4101,
      ko: '이미 사용 중인 아이디입니다.',
      en: 'This ID is already in use.',
      ja: 'このIDはすでに使われています。',
      'zh-CN': '该ID已被使用。',
    },
    /** The nickname is taken. */
    DUPLICATE_NICK: {
      code: 4102,
      ko: '이미 사용 중인 닉네임입니다.',
      en: 'This nickname is already in use.',
      ja: 'このニックネームはすでに使われています。',
      'zh-CN': '该昵称已被使用。',
    },
    /** SPEC §8 'pin code check': the pin is wrong; `{num}` tries left. */
    PIN_MISMATCH: {
      code: 4201,
      ko: '인증번호를 확인해 주세요. (남은 횟수 {num}회)',
      en: 'Please check the verification number. ({num} tries left)',
      ja: '認証番号をご確認ください。（残り{num}回）',
      'zh-CN': '请检查验证码。（剩余{num}次）',
    },
    /** The pin expired; send a new one. */
    PIN_EXPIRED: {
      code: 4202,
      ko: '인증번호 입력 시간이 지났습니다. 인증번호를 다시 받아 주세요.',
      en: 'The verification number has expired. Please request a new one.',
      ja: '認証番号の有効期限が切れました。再度受け取ってください。',
      'zh-CN': '验证码已过期，请重新获取。',
    },
    /** Too many wrong tries; the pin is void, send a new one. */
    PIN_VOID: {
      code: 4203,
      ko: '인증번호를 여러 번 잘못 입력했습니다. 인증번호를 다시 받아 주세요.',
      en: 'Too many wrong verification numbers. Please request a new one.',
      ja: '認証番号の入力を複数回間違えました。再度受け取ってください。',
      'zh-CN': '验证码输入错误次数过多，请重新获取。',
    },
    /** A new pin can be sent in `{num}` seconds. */
    PIN_RESEND_WAIT: {
      code: 4204,
      ko: '{num}초 후에 인증번호를 다시 받을 수 있습니다.',
      en: 'You can request a new verification number in {num} seconds.',
      ja: '{num}秒後に認証番号を再送できます。',
      'zh-CN': '{num}秒后可重新获取验证码。',
    },
    /** The phone verification is missing, expired or for another purpose. */
    VERIFY_REQUIRED: {
      code: 4205,
      ko: '휴대폰 인증을 먼저 완료해 주세요.',
      en: 'Please complete phone verification first.',
      ja: '先に携帯電話の認証を完了してください。',
      'zh-CN': '请先完成手机验证。',
    },
    /** SPEC §8 'unregistered phone number': no account uses this phone (offer sign-up). */
    PHONE_UNREGISTERED: {
      code: 4206,
      ko: '가입되지 않은 휴대폰 번호입니다. 회원가입을 진행해 주세요.',
      en: 'This phone number is not registered. Please sign up.',
      ja: '登録されていない携帯電話番号です。会員登録をお願いします。',
      'zh-CN': '该手机号码未注册，请先注册。',
    },
    /** SPEC §8 'This country is not supported. Please use social login.' */
    COUNTRY_NOT_SUPPORTED: {
      code: 4207,
      ko: '지원하지 않는 국가입니다. 소셜 로그인을 이용해 주세요.',
      en: 'This country is not supported. Please use social login.',
      ja: 'サポートされていない国です。ソーシャルログインをご利用ください。',
      'zh-CN': '不支持该国家/地区，请使用社交账号登录。',
    },
  },
);

/** The longest status memo (`state_memo`, trimmed). */
export const STATE_MEMO_MAX = 100;

/** POST /user/login_proc as the server takes it: the login, and optionally the lift of the failure limit. */
export const LoginWithUnlockSchema = LoginSchema.extend({
  /** A confirmed 'login_unlock' verification of the account's phone, to lift the failure limit. */
  verify_token: z.string().max(128).optional(),
});

/** POST /user/user_update_proc: only what is sent changes. */
export const UserUpdateSchema = z.object({
  nick: NickSchema.optional(),
  state_memo: z.string().trim().max(STATE_MEMO_MAX).optional(),
  current_passwd: z.string().max(64).optional(),
  passwd: z.string().max(64).optional(),
  passwd_confirm: z.string().max(64).optional(),
  /** temp_file_sn of the caller's own profile upload (upload_thum_ajax) to become the profile image. */
  temp_file_sn: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** POST /mypage/totp_enable_proc: the authenticator's first code. */
export const TotpEnableSchema = z.object({ otp: z.string().trim().min(1).max(10) });

/** POST /admin/user_unlock_proc: the login ID whose failure limit is lifted. */
export const UserUnlockSchema = z.object({ id: z.string().trim().min(1).max(40) });

/** POST /user/find_id_pw_phone_no_proc: a pin to find an ID or reset a password. */
export const FindSendPinSchema = SendPinSchema.extend({ purpose: z.enum(['find_id', 'find_pw']).default('find_id') });

/** GET /dev/sms_outbox (development only). */
export const SmsOutboxQuerySchema = z.object({ phone_no: PhoneSchema });

/** Answer of auth_phone_no_proc and find_id_pw_phone_no_proc. */
export interface SendPinSet {
  verify_id: string;
  expire_sec: number;
  resend_sec: number;
}

/** An account of the confirmed phone, its ID masked (`fan***`). */
export interface ConfirmedAccount {
  user_key: number;
  id: string;
  nick: string;
  reg_date: string;
}

/** Answer of confirm_pincode: the token for the next step, and for find_id/find_pw the phone's accounts. */
export interface ConfirmPinSet {
  verify_token: string;
  account_list: ConfirmedAccount[];
}

/** A message the log SMS driver wrote (GET /dev/sms_outbox). */
export interface SmsOutboxMessage {
  id: number;
  phone_country_num: string;
  phone_no: string;
  text: string;
  created_at: string;
}

/** The accounts calls (docs/api.md, docs/accounts-login.md), declared once for the server, the web and the tests. */
export const accountsEndpoints = {
  userCheck: endpoint<{ check_type: 'id' | 'nick'; value: string; available: true }>()({
    method: 'POST',
    path: '/user/user_check_proc',
    request: UserCheckSchema,
    tags: ['users'],
    summary: 'Is an ID or nickname available?',
  }),
  join: endpoint<{ user_key: number; id: string; nick: string }>()({
    method: 'POST',
    path: '/user/user_direct_join_proc',
    request: JoinSchema,
    tags: ['users'],
    summary: 'Join with ID and password after phone verification',
  }),
  login: endpoint<{ rtv: 'SUCC'; user_key: number }>()({
    method: 'POST',
    path: '/user/login_proc',
    request: LoginWithUnlockSchema,
    tags: ['users'],
    summary: 'Log in with ID and password',
  }),
  totpInfo: endpoint<{ enabled_yn: 'Y' | 'N' }>()({
    method: 'GET',
    path: '/mypage/totp_info',
    request: z.object({}),
    tags: ['users'],
    summary: "Whether the caller's two-step sign-in is on",
  }),
  totpSetup: endpoint<TotpSetupSet>()({
    method: 'POST',
    path: '/mypage/totp_setup_proc',
    request: NoBodySchema,
    tags: ['users'],
    summary: 'A new authenticator secret for the caller (operators and GMs), to confirm with a code',
  }),
  totpEnable: endpoint<{ rtv: 'SUCC' }>()({
    method: 'POST',
    path: '/mypage/totp_enable_proc',
    request: TotpEnableSchema,
    tags: ['users'],
    summary: "Turn two-step sign-in on with the authenticator's first code",
  }),
  userUnlock: endpoint<{ user_key: number; id: string; cleared: number }>()({
    method: 'POST',
    path: '/admin/user_unlock_proc',
    request: UserUnlockSchema,
    tags: ['users'],
    summary:
      "Lift an account's login failure limit (operators): for operators and GMs locked out by strangers, who have no phone to verify",
  }),
  logout: endpoint<{ rtv: 'SUCC' }>()({
    method: 'GET',
    path: '/user/logout_proc',
    request: z.object({}),
    tags: ['users'],
    summary: 'Log out (needs the API headers)',
  }),
  /** Logged out: rslt_cd LOGIN_REQUIRED with `{ user_info: null, summary_info: { item_cnt: 0 } }`. */
  userInfo: endpoint<UserInfoSet>()({
    method: 'GET',
    path: '/user/user_info',
    request: z.object({}),
    tags: ['users'],
    summary: 'The logged-in user (SPEC §3)',
  }),
  update: endpoint<{ rtv: 'SUCC'; user_info: UserInfo }>()({
    method: 'POST',
    path: '/user/user_update_proc',
    request: UserUpdateSchema,
    tags: ['users'],
    summary: 'Change nickname, status memo or password',
  }),
} as const;

/** Phone verification (docs/accounts-login.md): pins for joining, recovery, unlocking and identity steps. */
export const verificationEndpoints = {
  sendPin: endpoint<SendPinSet>()({
    method: 'POST',
    path: '/user/auth_phone_no_proc',
    request: SendPinSchema,
    tags: ['verification'],
    summary: 'Send (or resend) a phone verification pin',
  }),
  findSendPin: endpoint<SendPinSet>()({
    method: 'POST',
    path: '/user/find_id_pw_phone_no_proc',
    request: FindSendPinSchema,
    tags: ['verification'],
    summary: 'Send a pin to find an ID or reset a password',
  }),
  confirmPin: endpoint<ConfirmPinSet>()({
    method: 'POST',
    path: '/user/confirm_pincode',
    request: ConfirmPinSchema,
    tags: ['verification'],
    summary: 'Confirm a pin; answers a verification token',
  }),
  /** Registered only with the log SMS driver outside production. */
  devSmsOutbox: endpoint<ListSet<SmsOutboxMessage>>()({
    method: 'GET',
    path: '/dev/sms_outbox',
    request: SmsOutboxQuerySchema,
    tags: ['dev'],
    summary: 'Development only: the last 10 messages the log SMS driver wrote for a phone',
  }),
} as const;
