import type { Lang } from './lang.js';

/**
 * One catalogue of API result codes (SPEC §7: rslt_cd 0 is success). Expected failures answer with a
 * stable non-zero code and a message in the caller's language; the HTTP status is only set apart from
 * 200 for what is not an API call at all, rate limits and faults.
 */
export const ResultCode = {
  OK: 0,
  /** A field has the wrong type, length or format; `{field}` names it. */
  INVALID_INPUT: 1001,
  /** A required field is missing; `{field}` names it. */
  REQUIRED: 1002,
  /** The body is larger than the server accepts. */
  BODY_TOO_LARGE: 1003,
  /** The body could not be decoded (broken encoding, unsupported content type). */
  MALFORMED_BODY: 1004,
  /** A state-changing call came without X-Api-Mode / X-Requested-With (CSRF defence). */
  API_HEADERS_REQUIRED: 1005,
  /** SPEC §6 'This is a login-required service'. */
  LOGIN_REQUIRED: 2001,
  /** The caller's role does not allow the action. */
  FORBIDDEN: 2002,
  /** ID or password wrong (never says which). */
  LOGIN_FAILED: 2101,
  /** SPEC §8: the failure limit is exceeded; verify the phone again, then log in. */
  LOGIN_LIMIT_EXCEEDED: 2102,
  /** The account was closed (withdrawn). */
  ACCOUNT_CLOSED: 2103,
  /** A password breaks a rule of SPEC §5; `{rule}` names the first, rslt_set.rules lists them all. */
  PASSWORD_RULE: 1101,
  /** SPEC §8 'passwords do not match'. */
  PASSWORD_MISMATCH: 1102,
  /** SPEC §5 'phone number must be accurate'. */
  PHONE_INVALID: 1103,
  /** The ID is taken. */
  DUPLICATE_ID: 4101,
  /** The nickname is taken. */
  DUPLICATE_NICK: 4102,
  /** SPEC §8 'pin code check': the pin is wrong; `{num}` tries left. */
  PIN_MISMATCH: 4201,
  /** The pin expired; send a new one. */
  PIN_EXPIRED: 4202,
  /** Too many wrong tries; the pin is void, send a new one. */
  PIN_VOID: 4203,
  /** A new pin can be sent in `{num}` seconds. */
  PIN_RESEND_WAIT: 4204,
  /** The phone verification is missing, expired or for another purpose. */
  VERIFY_REQUIRED: 4205,
  /** SPEC §8 'unregistered phone number': no account uses this phone (offer sign-up). */
  PHONE_UNREGISTERED: 4206,
  /** SPEC §8 'This country is not supported. Please use social login.' */
  COUNTRY_NOT_SUPPORTED: 4207,
  /** No such API call. */
  NOT_FOUND: 3001,
  /** No such record. */
  NO_DATA: 3002,
  /** SPEC §8 'already applied'. */
  ALREADY_APPLIED: 4001,
  /** SPEC §8 'service being prepared'. */
  SERVICE_PREPARING: 5001,
  /** SPEC §8 'unsupported service'. */
  UNSUPPORTED_SERVICE: 5002,
  /** SPEC §8 'menu not yet usable'. */
  MENU_NOT_USABLE: 5003,
  /** Too many requests; `{num}` minutes to wait (SPEC §8 'retry in {num} minutes'). */
  RATE_LIMITED: 9001,
  /** A fault on our side; never carries a stack or SQL. */
  INTERNAL_ERROR: 9999,
} as const;
export type ResultCodeName = keyof typeof ResultCode;
export type ResultCodeValue = (typeof ResultCode)[ResultCodeName];

type Messages = Record<Lang, string>;

/** Messages per code and language; `{name}` placeholders are filled from the error's params. */
export const resultMessages: Record<ResultCodeName, Messages> = {
  OK: { ko: '성공', en: 'Success', ja: '成功', 'zh-CN': '成功' },
  INVALID_INPUT: {
    ko: '입력값이 올바르지 않습니다: {field}',
    en: 'Invalid value: {field}',
    ja: '入力値が正しくありません: {field}',
    'zh-CN': '输入值不正确：{field}',
  },
  REQUIRED: {
    ko: '필수 입력 항목입니다: {field}',
    en: 'This field is required: {field}',
    ja: '必須項目です: {field}',
    'zh-CN': '此项为必填项：{field}',
  },
  BODY_TOO_LARGE: {
    ko: '요청이 너무 큽니다.',
    en: 'The request is too large.',
    ja: 'リクエストが大きすぎます。',
    'zh-CN': '请求过大。',
  },
  MALFORMED_BODY: {
    ko: '요청 내용을 읽을 수 없습니다.',
    en: 'The request body could not be read.',
    ja: 'リクエストの内容を読み取れません。',
    'zh-CN': '无法读取请求内容。',
  },
  API_HEADERS_REQUIRED: {
    ko: '허용되지 않은 요청입니다.',
    en: 'This request is not allowed.',
    ja: '許可されていないリクエストです。',
    'zh-CN': '不允许此请求。',
  },
  LOGIN_FAILED: {
    ko: '아이디 또는 비밀번호가 올바르지 않습니다.',
    en: 'The ID or password is incorrect.',
    ja: 'IDまたはパスワードが正しくありません。',
    'zh-CN': 'ID或密码不正确。',
  },
  LOGIN_LIMIT_EXCEEDED: {
    ko: '로그인 실패 횟수를 초과했습니다. 휴대폰 인증을 다시 한 후 로그인해 주세요.',
    en: 'Too many failed logins. Verify your phone again, then log in.',
    ja: 'ログインの失敗回数が上限を超えました。携帯電話の認証をやり直してからログインしてください。',
    'zh-CN': '登录失败次数已超过上限。请重新进行手机验证后再登录。',
  },
  ACCOUNT_CLOSED: {
    ko: '탈퇴한 계정입니다.',
    en: 'This account has been closed.',
    ja: '退会したアカウントです。',
    'zh-CN': '该账号已注销。',
  },
  PASSWORD_RULE: {
    ko: '비밀번호 규칙에 맞지 않습니다.',
    en: 'The password does not follow the rules.',
    ja: 'パスワードのルールに合っていません。',
    'zh-CN': '密码不符合规则。',
  },
  PASSWORD_MISMATCH: {
    ko: '비밀번호가 일치하지 않습니다.',
    en: 'Passwords do not match.',
    ja: 'パスワードが一致しません。',
    'zh-CN': '两次输入的密码不一致。',
  },
  PHONE_INVALID: {
    ko: '휴대폰 번호를 정확하게 입력해 주세요.',
    en: 'Please enter an accurate phone number.',
    ja: '携帯電話番号を正確に入力してください。',
    'zh-CN': '请输入正确的手机号码。',
  },
  DUPLICATE_ID: {
    ko: '이미 사용 중인 아이디입니다.',
    en: 'This ID is already in use.',
    ja: 'このIDはすでに使われています。',
    'zh-CN': '该ID已被使用。',
  },
  DUPLICATE_NICK: {
    ko: '이미 사용 중인 닉네임입니다.',
    en: 'This nickname is already in use.',
    ja: 'このニックネームはすでに使われています。',
    'zh-CN': '该昵称已被使用。',
  },
  PIN_MISMATCH: {
    ko: '인증번호를 확인해 주세요. (남은 횟수 {num}회)',
    en: 'Please check the verification number. ({num} tries left)',
    ja: '認証番号をご確認ください。（残り{num}回）',
    'zh-CN': '请检查验证码。（剩余{num}次）',
  },
  PIN_EXPIRED: {
    ko: '인증번호 입력 시간이 지났습니다. 인증번호를 다시 받아 주세요.',
    en: 'The verification number has expired. Please request a new one.',
    ja: '認証番号の有効期限が切れました。再度受け取ってください。',
    'zh-CN': '验证码已过期，请重新获取。',
  },
  PIN_VOID: {
    ko: '인증번호를 여러 번 잘못 입력했습니다. 인증번호를 다시 받아 주세요.',
    en: 'Too many wrong verification numbers. Please request a new one.',
    ja: '認証番号の入力を複数回間違えました。再度受け取ってください。',
    'zh-CN': '验证码输入错误次数过多，请重新获取。',
  },
  PIN_RESEND_WAIT: {
    ko: '{num}초 후에 인증번호를 다시 받을 수 있습니다.',
    en: 'You can request a new verification number in {num} seconds.',
    ja: '{num}秒後に認証番号を再送できます。',
    'zh-CN': '{num}秒后可重新获取验证码。',
  },
  VERIFY_REQUIRED: {
    ko: '휴대폰 인증을 먼저 완료해 주세요.',
    en: 'Please complete phone verification first.',
    ja: '先に携帯電話の認証を完了してください。',
    'zh-CN': '请先完成手机验证。',
  },
  PHONE_UNREGISTERED: {
    ko: '가입되지 않은 휴대폰 번호입니다. 회원가입을 진행해 주세요.',
    en: 'This phone number is not registered. Please sign up.',
    ja: '登録されていない携帯電話番号です。会員登録をお願いします。',
    'zh-CN': '该手机号码未注册，请先注册。',
  },
  COUNTRY_NOT_SUPPORTED: {
    ko: '지원하지 않는 국가입니다. 소셜 로그인을 이용해 주세요.',
    en: 'This country is not supported. Please use social login.',
    ja: 'サポートされていない国です。ソーシャルログインをご利用ください。',
    'zh-CN': '不支持该国家/地区，请使用社交账号登录。',
  },
  LOGIN_REQUIRED: {
    ko: '로그인이 필요한 서비스입니다.',
    en: 'This is a login-required service.',
    ja: 'ログインが必要なサービスです。',
    'zh-CN': '此服务需要登录。',
  },
  FORBIDDEN: {
    ko: '권한이 없습니다.',
    en: 'You do not have permission.',
    ja: '権限がありません。',
    'zh-CN': '没有权限。',
  },
  NOT_FOUND: {
    ko: '요청한 기능을 찾을 수 없습니다.',
    en: 'No such call.',
    ja: 'リクエストされた機能が見つかりません。',
    'zh-CN': '找不到请求的功能。',
  },
  NO_DATA: {
    ko: '데이터가 없습니다.',
    en: 'No data.',
    ja: 'データがありません。',
    'zh-CN': '没有数据。',
  },
  ALREADY_APPLIED: {
    ko: '이미 신청하셨습니다.',
    en: 'You have already applied.',
    ja: 'すでに申請済みです。',
    'zh-CN': '您已申请过。',
  },
  SERVICE_PREPARING: {
    ko: '서비스 준비 중입니다.',
    en: 'This service is being prepared.',
    ja: 'サービス準備中です。',
    'zh-CN': '服务准备中。',
  },
  UNSUPPORTED_SERVICE: {
    ko: '지원하지 않는 서비스입니다.',
    en: 'This service is not supported.',
    ja: 'サポートされていないサービスです。',
    'zh-CN': '不支持此服务。',
  },
  MENU_NOT_USABLE: {
    ko: '아직 이용할 수 없는 메뉴입니다.',
    en: 'This menu is not available yet.',
    ja: 'まだ利用できないメニューです。',
    'zh-CN': '此菜单暂不可用。',
  },
  RATE_LIMITED: {
    ko: '{num}분 후에 다시 시도해 주세요.',
    en: 'Please try again in {num} minutes.',
    ja: '{num}分後にもう一度お試しください。',
    'zh-CN': '请在{num}分钟后重试。',
  },
  INTERNAL_ERROR: {
    ko: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'A temporary error occurred. Please try again shortly.',
    ja: '一時的なエラーが発生しました。しばらくしてからもう一度お試しください。',
    'zh-CN': '发生临时错误，请稍后重试。',
  },
};

const nameByCode = new Map<number, ResultCodeName>(Object.entries(ResultCode).map(([name, code]) => [code, name as ResultCodeName]));

export function resultCodeName(code: number): ResultCodeName | undefined {
  return nameByCode.get(code);
}

/** The message for a code in a language, with `{param}` placeholders filled. */
export function resultMessage(name: ResultCodeName, lang: Lang, params: Record<string, string | number> = {}): string {
  return resultMessages[name][lang].replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
