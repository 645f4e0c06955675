import { type CodeDef, defineCodes, mergeCodes } from './codes.js';
import { DOMAIN_REFUSALS, DOMAINS } from './domains.js';
import { fieldLabel, UNNAMED_FIELD_MESSAGES } from './field-labels.js';
import { JOSA_PAIRS, type JosaPair, withJosa } from './josa.js';
import type { Lang } from './lang.js';

/**
 * The one catalogue of API result codes (SPEC §7: rslt_cd 0 is success). Expected failures answer with a
 * stable non-zero code and a message in the caller's language; the HTTP status is only set apart from
 * 200 for what is not an API call at all, rate limits and faults. Each domain declares its codes and
 * messages in its own contract file with `defineCodes`; this file declares the codes every domain shares
 * and merges them all (`mergeCodes` checks names, numbers and ranges).
 */
/** The common result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const commonCodes = defineCodes(
  'common',
  [
    [0, 0],
    [1000, 1099],
    [2000, 2099],
    [3000, 3999],
    [5000, 5999],
    [9000, 9999],
  ],
  {
    OK: { code: 0, ko: '성공', en: 'Success', ja: '成功', 'zh-CN': '成功' },
    /** A field has the wrong type, length or format; `{field}` names it. */
    INVALID_INPUT: {
      code: 1001,
      ko: '입력값이 올바르지 않습니다: {field}',
      en: 'Invalid value: {field}',
      ja: '入力値が正しくありません: {field}',
      'zh-CN': '输入值不正确：{field}',
    },
    /** A required field is missing; `{field}` names it. */
    REQUIRED: {
      code: 1002,
      ko: '필수 입력 항목입니다: {field}',
      en: 'This field is required: {field}',
      ja: '必須項目です: {field}',
      'zh-CN': '此项为必填项：{field}',
    },
    /** The body is larger than the server accepts. */
    BODY_TOO_LARGE: {
      code: 1003,
      ko: '요청이 너무 큽니다.',
      en: 'The request is too large.',
      ja: 'リクエストが大きすぎます。',
      'zh-CN': '请求过大。',
    },
    /** The body could not be decoded (broken encoding, unsupported content type). */
    MALFORMED_BODY: {
      code: 1004,
      ko: '요청 내용을 읽을 수 없습니다.',
      en: 'The request body could not be read.',
      ja: 'リクエストの内容を読み取れません。',
      'zh-CN': '无法读取请求内容。',
    },
    /** A state-changing call came without X-Api-Mode / X-Requested-With (CSRF defence). */
    API_HEADERS_REQUIRED: {
      code: 1005,
      ko: '허용되지 않은 요청입니다.',
      en: 'This request is not allowed.',
      ja: '許可されていないリクエストです。',
      'zh-CN': '不允许此请求。',
    },
    /** SPEC §6 'This is a login-required service'. */
    LOGIN_REQUIRED: {
      code: 2001,
      ko: '로그인이 필요한 서비스입니다.',
      en: 'This is a login-required service.',
      ja: 'ログインが必要なサービスです。',
      'zh-CN': '此服务需要登录。',
    },
    /** The caller's role does not allow the action. */
    FORBIDDEN: {
      code: 2002,
      ko: '권한이 없습니다.',
      en: 'You do not have permission.',
      ja: '権限がありません。',
      'zh-CN': '没有权限。',
    },
    /** No such API call. */
    NOT_FOUND: {
      code: 3001,
      ko: '요청한 기능을 찾을 수 없습니다.',
      en: 'No such call.',
      ja: 'リクエストされた機能が見つかりません。',
      'zh-CN': '找不到请求的功能。',
    },
    /** No such record. */
    NO_DATA: {
      code: 3002,
      ko: '데이터가 없습니다.',
      en: 'No data.',
      ja: 'データがありません。',
      'zh-CN': '没有数据。',
    },
    /** SPEC §8 'service being prepared'. */
    SERVICE_PREPARING: {
      code: 5001,
      ko: '서비스 준비 중입니다.',
      en: 'This service is being prepared.',
      ja: 'サービス準備中です。',
      'zh-CN': '服务准备中。',
    },
    /** SPEC §8 'unsupported service'. */
    UNSUPPORTED_SERVICE: {
      code: 5002,
      ko: '지원하지 않는 서비스입니다.',
      en: 'This service is not supported.',
      ja: 'サポートされていないサービスです。',
      'zh-CN': '不支持此服务。',
    },
    /** SPEC §8 'menu not yet usable'. */
    MENU_NOT_USABLE: {
      code: 5003,
      ko: '아직 이용할 수 없는 메뉴입니다.',
      en: 'This menu is not available yet.',
      ja: 'まだ利用できないメニューです。',
      'zh-CN': '此菜单暂不可用。',
    },
    /** Too many requests; `{num}` minutes to wait (SPEC §8 'retry in {num} minutes'). */
    RATE_LIMITED: {
      code: 9001,
      ko: '{num}분 후에 다시 시도해 주세요.',
      en: 'Please try again in {num} minutes.',
      ja: '{num}分後にもう一度お試しください。',
      'zh-CN': '请在{num}分钟后重试。',
    },
    /** A fault on our side; never carries a stack or SQL. */
    INTERNAL_ERROR: {
      code: 9999,
      ko: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
      en: 'A temporary error occurred. Please try again shortly.',
      ja: '一時的なエラーが発生しました。しばらくしてからもう一度お試しください。',
      'zh-CN': '发生临时错误，请稍后重试。',
    },
  },
);

/** The common codes, then every domain's (domains.ts). */
const CODE_SETS = [commonCodes, ...DOMAINS] as const;

type Declared = (typeof CODE_SETS)[number]['codes'];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllCodes = UnionToIntersection<Declared>;

const catalogue = mergeCodes(CODE_SETS);

/** Name → number of every result code. */
export const ResultCode = Object.fromEntries(Object.entries(catalogue).map(([name, def]) => [name, def.code])) as {
  readonly [K in keyof AllCodes]: AllCodes[K] extends CodeDef ? AllCodes[K]['code'] : never;
};
export type ResultCodeName = keyof typeof ResultCode;
export type ResultCodeValue = (typeof ResultCode)[ResultCodeName];

type Messages = Record<Lang, string>;

/** Messages per code and language; `{name}` placeholders are filled from the error's params. */
export const resultMessages = Object.fromEntries(
  Object.entries(catalogue).map(([name, def]) => [name, { ko: def.ko, en: def.en, ja: def.ja, 'zh-CN': def['zh-CN'] }]),
) as Record<ResultCodeName, Messages>;

/** Which domain declared a code (for the docs and the checks). */
export const resultCodeDomain = (name: ResultCodeName): string => catalogue[name]?.domain ?? 'common';

const nameByCode = new Map<number, ResultCodeName>(Object.entries(ResultCode).map(([name, code]) => [code, name as ResultCodeName]));

export function resultCodeName(code: number): ResultCodeName | undefined {
  return nameByCode.get(code);
}

/**
 * The label a `{field}` placeholder shows: `label` when the caller already has one (a form's own text),
 * else the API field's label in `lang` (field-labels.ts); undefined when there is none.
 */
function shownField(params: Record<string, string | number>, lang: Lang): string | undefined {
  if (typeof params.label === 'string' && params.label !== '') return params.label;
  return typeof params.field === 'string' ? fieldLabel(params.field, lang) : undefined;
}

/** Messages of a language given at run time, which resultMessage reads first (supplyResultMessages). */
const supplied = new Map<Lang, Readonly<Record<string, string>>>();

/**
 * Gives resultMessage a language's messages at run time. The browser build carries the codes without
 * their messages (apps/web/contract-for-browser.ts): a page gets its language's messages with its texts
 * (apps/web/i18n-per-language.ts) and supplies them here before it renders.
 */
export function supplyResultMessages(lang: Lang, messages: Readonly<Record<string, string>>): void {
  supplied.set(lang, messages);
}

/**
 * The message for a code in a language, with `{param}` placeholders filled. A `{field}` shows the field's
 * label in that language, never its API name: a field without a label is left out of the message.
 */
export function resultMessage(name: ResultCodeName, lang: Lang, params: Record<string, string | number> = {}): string {
  let template = supplied.get(lang)?.[name] ?? resultMessages[name]?.[lang] ?? name;
  let values = params;
  if (template.includes('{field')) {
    const label = shownField(params, lang);
    if (label === undefined) template = UNNAMED_FIELD_MESSAGES[name]?.[lang] ?? template.replace(/[:：]?\s*\{field[^}]*\}/g, '');
    else values = { ...params, field: label };
  }
  // `{name}`, or `{name|이/가}` in Korean: the value with the particle its last syllable takes (josa.ts). A
  // number reads with its separators (30,000), as the pages write them.
  return template.replace(/\{(\w+)(?:\|([^}]+))?\}/g, (whole, key: string, pair?: string) => {
    if (!(key in values)) return whole;
    const raw = values[key];
    const value = typeof raw === 'number' ? raw.toLocaleString(lang) : String(raw);
    return pair && (JOSA_PAIRS as readonly string[]).includes(pair) ? withJosa(value, pair as JosaPair) : value;
  });
}

/**
 * Schema messages that name a result code (`z.string().min(1, { message: 'MESSAGE_REQUIRED' })`), with the
 * placeholders each message needs: a refused field answers that code instead of INVALID_INPUT, and a
 * form shows the same message before sending.
 */
export const REFUSAL_PARAMS: Readonly<Record<string, Readonly<Record<string, number>>>> = Object.assign({}, ...DOMAIN_REFUSALS);
