import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import type { FileInfo } from './validators.js';

/**
 * Member info edit (profile image upload), /mypage/setting and withdrawal: request schemas and limits
 * shared by the server routes and the web forms (docs/accounts-profile.md).
 */

/** Image uploads (POST /upload/upload_thum_ajax): the largest file accepted, in bytes. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Pixels (width × height) of a decoded image accepted before resizing (decompression-bomb guard). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** A profile image is stored as a square WebP of this many pixels a side. */
export const PROFILE_IMAGE_SIZE = 400;
/** Image uploads per account within UPLOAD_RATE.windowMs. */
export const UPLOAD_RATE = { max: 30, windowMs: 10 * 60_000 } as const;
/** A temporary upload no form has claimed is removed after this long. */
export const TEMP_UPLOAD_TTL_MS = 24 * 3600 * 1000;
/** Public path prefix under which uploaded files are served (outside /v1). */
export const FILES_PATH = '/files';

/** What an upload is for; each purpose has its own output size. */
export const UPLOAD_PURPOSES = ['profile', 'channel_banner', 'channel_main', 'board', 'qna', 'magazine', 'event', 'concert'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/**
 * The stored size of each purpose (WebP): a square profile picture, a 4:1 channel banner (sharp on a
 * 1366 px desktop, cropped to its middle on a phone), a 16:9 channel main image, each cropped to fill; a
 * board or Q&A attachment keeps its proportions within 1600 × 1600 (`fit: 'inside'`, never enlarged).
 */
export const UPLOAD_SIZES: Record<UploadPurpose, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  profile: { width: PROFILE_IMAGE_SIZE, height: PROFILE_IMAGE_SIZE, fit: 'cover' },
  channel_banner: { width: 1600, height: 400, fit: 'cover' },
  channel_main: { width: 1280, height: 720, fit: 'cover' },
  board: { width: 1600, height: 1600, fit: 'inside' },
  qna: { width: 1600, height: 1600, fit: 'inside' },
  magazine: { width: 1600, height: 1600, fit: 'inside' },
  event: { width: 1600, height: 1600, fit: 'inside' },
  /** A concert poster: portrait, kept whole. */
  concert: { width: 1200, height: 1600, fit: 'inside' },
};

/**
 * POST /upload/video_upload_proc?purpose=: a video whose bytes are the request body (video/* or
 * application/octet-stream), so a browser's XMLHttpRequest shows the upload's progress. Checked by its content
 * (ffprobe: a video stream in MP4, MOV, WebM or Matroska) and kept as uploaded, as a temporary upload a form
 * claims (an audition application's `video_file_sn`).
 */
export const VIDEO_UPLOAD_PATH = '/upload/video_upload_proc';
export const VIDEO_UPLOAD_PURPOSES = ['audition'] as const;
export type VideoUploadPurpose = (typeof VIDEO_UPLOAD_PURPOSES)[number];
/** The largest video accepted, in bytes. */
export const VIDEO_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
export const VideoUploadQuerySchema = z.object({ purpose: z.enum(VIDEO_UPLOAD_PURPOSES) });
/** What video_upload_proc answers: the temporary upload and what ffprobe read. */
export interface UploadedVideoInfo {
  temp_file_sn: string;
  /** Its URL (`/files/<purpose>/…`), served to its uploader and operators only. */
  temp_file_path_nm: string;
  temp_type: VideoUploadPurpose;
  mime: string;
  bytes: number;
  duration_sec: number;
  width: number;
  height: number;
}

/** POST /upload/upload_thum_ajax (multipart): the file plus the echo fields of SPEC §3 file info. */
export const UploadThumbSchema = z.object({
  /** The image file (JPEG, PNG, WebP or GIF, recognised by its content). */
  file: z.unknown(),
  purpose: z.enum(UPLOAD_PURPOSES).default('profile'),
  /** Which file input of the form this was (echoed as temp_fileSelect_no). */
  fileSelect_no: z.string().trim().max(10).regex(/^\d*$/).default('1'),
  /** Echoed as temp_comm_key, so a form can match answers to its inputs. */
  comm_key: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\w-]*$/)
    .default(''),
});

/** SPEC §3 uploaded-file info as upload_thum_ajax answers it (the empty fields are the SPEC's). */
export interface UploadedFileInfo extends FileInfo {
  sort: '';
  folder: '';
  table: '';
  field: '';
  file_thumb: '';
  country_cd: '';
}

/** Settings of /mypage/setting as the API answers and takes them (SPEC §2: adult broadcast, viewer count, translation). */
export interface SettingSet {
  adult_broadcast_yn: 'Y' | 'N';
  viewer_count_yn: 'Y' | 'N';
  translation_yn: 'Y' | 'N';
  /** Whether the account passed adult verification (needed to turn adult broadcast on). */
  adult_verified_yn: 'Y' | 'N';
}

const yn = z.enum(['Y', 'N']);

/** POST /mypage/setting_proc: only what is sent changes. */
export const SettingSchema = z.object({
  adult_broadcast_yn: yn.optional(),
  viewer_count_yn: yn.optional(),
  translation_yn: yn.optional(),
});
export type SettingReq = z.infer<typeof SettingSchema>;

/** Where adult verification happens (the identity pages). */
export const ADULT_VERIFY_PATH = '/user/adult-verify';

/** Days a withdrawn account can be restored; its nickname stays reserved until then. */
export const WITHDRAWAL_GRACE_DAYS = 30;

/**
 * POST /mypage/withdraw_proc. Accounts with a password confirm with it; accounts without one (social
 * sign-in only) type their nickname as `confirm_nick`.
 */
export const WithdrawSchema = z.object({
  passwd: z.string().max(64).optional(),
  confirm_nick: z.string().trim().max(40).optional(),
});
export type WithdrawReq = z.infer<typeof WithdrawSchema>;

/** POST /user/restore_proc: restores a withdrawn account within the grace period and logs it in. */
export const RestoreSchema = z.object({
  id: z.string().trim().min(1).max(40),
  passwd: z.string().min(1).max(64),
});
export type RestoreReq = z.infer<typeof RestoreSchema>;

/** GET /mypage/withdraw_info: what the withdrawal page needs to ask for. */
export interface WithdrawInfoSet {
  /** 'passwd' for accounts with a password, 'nick' for accounts without one. */
  confirm_by: 'passwd' | 'nick';
  grace_days: number;
}

/** The profile result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const profileCodes = defineCodes('profile', [[4400, 4499]], {
  /** SPEC §8 'image upload failed, try again': the file is not a JPEG, PNG, WebP or GIF image, or is broken. */
  IMAGE_UPLOAD_FAILED: {
    code: 4401,
    ko: '이미지 업로드에 실패했습니다. 다시 시도해 주세요.',
    en: 'The image upload failed. Please try again.',
    ja: '画像のアップロードに失敗しました。もう一度お試しください。',
    'zh-CN': '图片上传失败，请重试。',
  },
  /** The image is larger than IMAGE_UPLOAD_MAX_BYTES; `{num}` is the limit in MB. */
  IMAGE_TOO_LARGE: {
    code: 4402,
    ko: '이미지는 {num}MB 이하만 올릴 수 있습니다.',
    en: 'Images can be at most {num} MB.',
    ja: '画像は{num}MB以下のみアップロードできます。',
    'zh-CN': '图片大小不能超过{num}MB。',
  },
  /** The uploaded file sent with a form is unknown, someone else's, already used or expired. */
  UPLOAD_NOT_FOUND: {
    code: 4403,
    ko: '업로드한 파일을 찾을 수 없습니다. 다시 올려 주세요.',
    en: 'The uploaded file could not be found. Please upload it again.',
    ja: 'アップロードしたファイルが見つかりません。もう一度アップロードしてください。',
    'zh-CN': '找不到已上传的文件，请重新上传。',
  },
  /** SPEC §5 'age-restricted content needs adult verification': adult broadcast needs it first. */
  ADULT_SETTING_NEEDS_VERIFY: {
    code: 4404,
    ko: '성인 방송을 보려면 성인 인증이 필요합니다.',
    en: 'Adult verification is required to watch adult broadcasts.',
    ja: '成人向け放送を見るには成人認証が必要です。',
    'zh-CN': '观看成人直播需要进行成人认证。',
  },
  /** Withdrawal: the password is wrong. */
  WITHDRAW_PASSWORD_WRONG: {
    code: 4405,
    ko: '비밀번호가 올바르지 않습니다.',
    en: 'The password is incorrect.',
    ja: 'パスワードが正しくありません。',
    'zh-CN': '密码不正确。',
  },
  /** Withdrawal without a password: the typed nickname is not the account's. */
  WITHDRAW_CONFIRM_MISMATCH: {
    code: 4406,
    ko: '닉네임을 정확하게 입력해 주세요.',
    en: 'Please type your nickname exactly.',
    ja: 'ニックネームを正確に入力してください。',
    'zh-CN': '请准确输入您的昵称。',
  },
  /** Restoring a withdrawal: the account is not closed, or its grace period of `{num}` days is over. */
  RESTORE_UNAVAILABLE: {
    code: 4407,
    ko: '복구할 수 있는 탈퇴 계정이 아닙니다. 탈퇴 후 {num}일 안에만 복구할 수 있습니다.',
    en: 'This account cannot be restored. A closed account can be restored only within {num} days.',
    ja: '復元できる退会アカウントではありません。退会後{num}日以内のみ復元できます。',
    'zh-CN': '该账号无法恢复。注销后仅可在{num}天内恢复。',
  },
});

/** The settings and withdrawal calls (docs/api-profile.md), declared once for the server, the web and the tests. */
export const profileEndpoints = {
  settingInfo: endpoint<SettingSet>()({
    method: 'GET',
    path: '/mypage/setting_info',
    request: z.object({}),
    tags: ['users'],
    summary: 'The switches of /mypage/setting',
  }),
  setting: endpoint<SettingSet>()({
    method: 'POST',
    path: '/mypage/setting_proc',
    request: SettingSchema,
    tags: ['users'],
    summary: 'Change adult broadcast, viewer count or translation',
  }),
  withdrawInfo: endpoint<WithdrawInfoSet>()({
    method: 'GET',
    path: '/mypage/withdraw_info',
    request: z.object({}),
    tags: ['users'],
    summary: 'How the caller confirms a withdrawal',
  }),
  withdraw: endpoint<{ rtv: 'SUCC'; restore_until: string }>()({
    method: 'POST',
    path: '/mypage/withdraw_proc',
    request: WithdrawSchema,
    tags: ['users'],
    summary: 'Close the account (password or typed nickname); logs out',
  }),
  restore: endpoint<{ rtv: 'SUCC'; user_key: number }>()({
    method: 'POST',
    path: '/user/restore_proc',
    request: RestoreSchema,
    tags: ['users'],
    summary: 'Restore a closed account within its grace period and log in',
  }),
} as const;
