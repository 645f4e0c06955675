import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint, NoBodySchema } from './endpoints.js';
import type { ListSet } from './envelope.js';

/**
 * Applications for a separate broadcaster (BJ), K-star or program account (SPEC §1, /mypage/signup/*),
 * with the broadcaster-profile fields of SPEC §3.
 */
export const APPLICATION_KINDS = ['bj', 'kstar', 'program'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/** SPEC §4: received → waiting → in progress → complete; an operator may also reject an open one. */
export const APPLICATION_STATES = ['received', 'waiting', 'in_progress', 'complete', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];
/** States that hold the applicant's one open application of a kind (a completed one also blocks another). */
export const OPEN_APPLICATION_STATES: readonly ApplicationState[] = ['received', 'waiting', 'in_progress'];
const ORDER: readonly ApplicationState[] = ['received', 'waiting', 'in_progress', 'complete'];

/**
 * May an operator move an application from `from` to `to`? Forward along the order (steps may be skipped),
 * or to rejected, and only while it is open: complete and rejected are final.
 */
export function canMoveApplication(from: ApplicationState, to: ApplicationState): boolean {
  if (!OPEN_APPLICATION_STATES.includes(from)) return false;
  if (to === 'rejected') return true;
  return ORDER.indexOf(to) > ORDER.indexOf(from);
}

/** The bj_type_cd of the account a completed application creates (SPEC §1 BJ variants). */
export const BJ_TYPE_OF_KIND = { bj: 'general', kstar: 'enter', program: 'program' } as const satisfies Record<ApplicationKind, string>;

/** SPEC §7 switch calls, one per kind. */
export const SWITCH_CALLS = {
  bj: '/mypage/switch_bj_proc',
  kstar: '/mypage/switch_kstar_proc',
  program: '/mypage/switch_program_proc',
} as const satisfies Record<ApplicationKind, string>;

/** SPEC §3 broadcaster-profile labels (images are uploaded later, from the account itself). */
export const APPLICATION_FIELDS = [
  'activity_name_ko',
  'activity_name_en',
  'debut_date',
  'agency',
  'intro',
  'operating_plan',
  'social_url',
  /** The audition's video: a link to a performance (issue 21, /audition). */
  'video_url',
  'tags',
  'company_name',
  'representative',
  'business_no',
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

/** Longest value of each field, in characters. */
export const APPLICATION_FIELD_MAX: Record<ApplicationField, number> = {
  activity_name_ko: 30,
  activity_name_en: 40,
  debut_date: 10,
  agency: 60,
  intro: 1000,
  operating_plan: 2000,
  social_url: 256,
  video_url: 256,
  tags: 100,
  company_name: 60,
  representative: 40,
  business_no: 12,
};

/**
 * The fields each kind asks for. A K-star (agency star) and a program come from a company: they need
 * the agency or company, its business registration number and representative.
 */
export const APPLICATION_FORM: Record<ApplicationKind, { required: readonly ApplicationField[]; optional: readonly ApplicationField[] }> = {
  bj: {
    required: ['activity_name_ko', 'activity_name_en', 'intro', 'operating_plan'],
    optional: ['debut_date', 'agency', 'social_url', 'video_url', 'tags'],
  },
  kstar: {
    required: ['activity_name_ko', 'activity_name_en', 'debut_date', 'agency', 'intro', 'company_name', 'representative', 'business_no'],
    optional: ['operating_plan', 'social_url', 'tags'],
  },
  program: {
    required: ['activity_name_ko', 'activity_name_en', 'intro', 'operating_plan', 'company_name', 'representative', 'business_no'],
    optional: ['debut_date', 'social_url', 'tags'],
  },
};

/**
 * A Korean business registration number (사업자등록번호): 10 digits, hyphens allowed as 123-45-67890,
 * whose last digit is the National Tax Service check digit.
 */
export function isBusinessNo(value: string): boolean {
  if (!/^(\d{3}-\d{2}-\d{5}|\d{10})$/.test(value)) return false;
  const d = value.replace(/-/g, '').split('').map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((acc, w, i) => acc + w * (d[i] as number), 0);
  sum += Math.floor(((d[8] as number) * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

const text = (field: ApplicationField) => z.string().trim().max(APPLICATION_FIELD_MAX[field]).optional();

/**
 * POST /mypage/signup_proc. Every field is optional here; which ones a kind requires is APPLICATION_FORM
 * (the server answers REQUIRED naming the first missing one).
 */
export const ApplySchema = z.object({
  kind: z.enum(APPLICATION_KINDS),
  activity_name_ko: text('activity_name_ko'),
  activity_name_en: z
    .string()
    .trim()
    .max(APPLICATION_FIELD_MAX.activity_name_en)
    .regex(/^[\x20-\x7e]*$/)
    .optional(),
  debut_date: z.union([z.literal(''), z.iso.date()]).optional(),
  agency: text('agency'),
  intro: text('intro'),
  operating_plan: text('operating_plan'),
  social_url: text('social_url'),
  video_url: text('video_url'),
  tags: text('tags'),
  company_name: text('company_name'),
  representative: text('representative'),
  business_no: text('business_no'),
  /**
   * Y: sent from /audition (issue 21, kind bj only). An audition needs a performance video (`video_url` or an
   * uploaded `video_file_sn`) and a contact phone verified with the phone step (`verify_token`).
   */
  audition_yn: z.enum(['Y', 'N']).default('N'),
  /** A temporary upload of purpose `audition` (POST /upload/video_upload_proc), the caller's own; 0: none. */
  video_file_sn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  /** The token of a phone verification of purpose `contact` (confirm_pincode), spent by the application. */
  verify_token: z.string().trim().max(200).default(''),
});
export type ApplyReq = z.infer<typeof ApplySchema>;

export const ApplicationKindQuerySchema = z.object({ kind: z.enum(APPLICATION_KINDS) });

/** An application as its applicant and operators see it. */
export interface ApplicationView {
  app_sn: number;
  kind: ApplicationKind;
  state: ApplicationState;
  form: Partial<Record<ApplicationField, string>>;
  /** The account created on completion. */
  account_user_key: number | null;
  operator_memo: string;
  /** Sent from /audition (issue 21). */
  audition: boolean;
  /** The contact phone verified with the application ('' for both when none was given). */
  contact_phone_country_num: string;
  contact_phone_no: string;
  /**
   * The uploaded performance video (`/files/audition/…`, served to its applicant and operators only) and its
   * type, or null. It is kept as uploaded: the browser plays it when it knows the codec.
   */
  video_file: { url: string; mime: string } | null;
  created_at: string;
  updated_at: string;
}

/** GET /mypage/signup_info. */
export interface SignupInfo {
  kind: ApplicationKind;
  /** The latest application of this kind, or null. */
  application: ApplicationView | null;
  /** Applying needs a verified identity (adult verification records it). */
  identity_verified: boolean;
  /** The caller is a personal account (owned accounts cannot apply). */
  personal: boolean;
}

/** One account of the caller's family: the personal account and the accounts it owns. */
export interface FamilyAccount {
  user_key: number;
  nick: string;
  /** 'personal' for the owner; otherwise the application kind that created it. */
  kind: 'personal' | ApplicationKind;
  bj_type_cd: string;
  current: boolean;
}

/** POST /admin/account_application_proc (operators). */
export const MoveApplicationSchema = z.object({
  app_sn: z.coerce.number().int().min(1),
  state: z.enum(APPLICATION_STATES),
  operator_memo: z.string().trim().max(500).optional(),
});

/** GET /admin/account_application_list (operators). */
export const ApplicationListQuerySchema = z.object({
  state: z.enum(APPLICATION_STATES).optional(),
  kind: z.enum(APPLICATION_KINDS).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** An application as the operators' list shows it: with its applicant. */
export interface ListedApplicationView extends ApplicationView {
  user_key: number;
  applicant_id: string;
  applicant_nick: string;
}

/** Answer of the switch calls: the account the session now acts as. */
export interface SwitchSet {
  rtv: 'SUCC';
  user_key: number;
  nick: string;
  type_cd: string;
  bj_type_cd: string;
}

const switchEndpoint = (kind: ApplicationKind) =>
  endpoint<SwitchSet>()({
    method: 'POST',
    path: SWITCH_CALLS[kind],
    request: NoBodySchema,
    tags: ['applications'],
    summary: `Switch the session to the owned ${kind} account, or back to the owner`,
  });

/** The account application calls (docs/accounts-identity.md), declared once for the server, the web and the tests. */
export const applicationsEndpoints = {
  signupInfo: endpoint<SignupInfo>()({
    method: 'GET',
    path: '/mypage/signup_info',
    request: ApplicationKindQuerySchema,
    tags: ['applications'],
    summary: 'The latest broadcaster/K-star/program application of a kind',
  }),
  apply: endpoint<ApplicationView>()({
    method: 'POST',
    path: '/mypage/signup_proc',
    request: ApplySchema,
    tags: ['applications'],
    summary: 'Apply for a broadcaster, K-star or program account',
  }),
  accountList: endpoint<ListSet<FamilyAccount>>()({
    method: 'GET',
    path: '/mypage/account_list',
    request: z.object({}),
    tags: ['applications'],
    summary: "The caller's personal and owned accounts",
  }),
  adminList: endpoint<ListSet<ListedApplicationView>>()({
    method: 'GET',
    path: '/admin/account_application_list',
    request: ApplicationListQuerySchema,
    tags: ['applications'],
    summary: 'Operators: account applications',
  }),
  adminMove: endpoint<ApplicationView>()({
    method: 'POST',
    path: '/admin/account_application_proc',
    request: MoveApplicationSchema,
    tags: ['applications'],
    summary: 'Operators: move an application forward, reject it, or complete it (creates the account)',
  }),
  /** SPEC §7 switch calls, one per kind (POST without a body). */
  switchBj: switchEndpoint('bj'),
  switchKstar: switchEndpoint('kstar'),
  switchProgram: switchEndpoint('program'),
} as const;

/** The switch call of each kind. */
export const SWITCH_ENDPOINTS = {
  bj: applicationsEndpoints.switchBj,
  kstar: applicationsEndpoints.switchKstar,
  program: applicationsEndpoints.switchProgram,
} as const satisfies Record<ApplicationKind, unknown>;

/** The applications result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const applicationsCodes = defineCodes(
  'applications',
  [
    [4000, 4099],
    [4700, 4799],
  ],
  {
    /** Only a personal account can apply for a broadcaster, K-star or program account. */
    APPLY_PERSONAL_ONLY: {
      code: 4701,
      ko: '개인 계정에서만 신청할 수 있습니다.',
      en: 'Only a personal account can apply.',
      ja: '個人アカウントからのみ申請できます。',
      'zh-CN': '只有个人账号可以申请。',
    },
    /** Applying needs identity verification first. */
    APPLY_IDENTITY_REQUIRED: {
      code: 4702,
      ko: '본인인증(성인인증)을 먼저 완료해 주세요.',
      en: 'Please complete identity (adult) verification first.',
      ja: '先に本人認証（成人認証）を完了してください。',
      'zh-CN': '请先完成身份（成人）认证。',
    },
    /** The application cannot move to that state (final, or backwards). */
    APPLICATION_STATE: {
      code: 4703,
      ko: '신청을 그 상태로 바꿀 수 없습니다.',
      en: 'The application cannot be moved to that state.',
      ja: '申請をその状態に変更できません。',
      'zh-CN': '无法将申请更改为该状态。',
    },
    /** There is no account of that kind to switch to. */
    NO_OWNED_ACCOUNT: {
      code: 4704,
      ko: '전환할 계정이 없습니다.',
      en: 'There is no account to switch to.',
      ja: '切り替えるアカウントがありません。',
      'zh-CN': '没有可切换的账号。',
    },
    /** An audition needs a performance video: a link or an uploaded file. */
    AUDITION_VIDEO_REQUIRED: {
      code: 4705,
      ko: '공연 영상 링크를 입력하거나 영상 파일을 올려 주세요.',
      en: 'Enter a link to your performance video or upload a video file.',
      ja: 'パフォーマンス動画のリンクを入力するか、動画ファイルをアップロードしてください。',
      'zh-CN': '请输入表演视频链接或上传视频文件。',
    },
    /** SPEC §8 'already applied'. */
    ALREADY_APPLIED: {
      code: 4001,
      ko: '이미 신청하셨습니다.',
      en: 'You have already applied.',
      ja: 'すでに申請済みです。',
      'zh-CN': '您已申请过。',
    },
  },
);
