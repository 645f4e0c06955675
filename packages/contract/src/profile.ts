import { z } from 'zod';
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
export const UPLOAD_PURPOSES = ['profile'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

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
