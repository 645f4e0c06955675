import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FILES_PATH,
  IMAGE_MAX_PIXELS,
  IMAGE_UPLOAD_MAX_BYTES,
  TEMP_UPLOAD_TTL_MS,
  UPLOAD_RATE,
  UPLOAD_SIZES,
  type UploadedFileInfo,
  type UploadedVideoInfo,
  type UploadPurpose,
  type VideoUploadPurpose,
} from '@byeol/contract';
import { and, eq, inArray, lt, ne, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { UploadedFile } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError, invalid, required } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { probe } from '../clips/clips.media.js';
import { users } from '../users/index.js';
import { requireUser } from '../users/users.session.js';
import { uploadFile } from './uploads.tables.js';

// Files are read once; sharp's cache would only keep them open.
sharp.cache(false);

export interface UploadsDeps {
  db: Db;
  bus: Bus;
  /** `DATA_DIR/uploads`: every kept file lives under it. */
  uploadsDir: string;
}

/** Formats recognised by their content (sharp decodes them); anything else is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Stored names: `<purpose>/<yyyy>/<mm>/<32 hex>.webp`; nothing else is ever served. */
export const STORED_PATH =
  /^(profile|channel_banner|channel_main|board|qna|magazine|event|concert)\/(\d{4})\/(\d{2})\/([0-9a-f]{32})\.webp$/;

/**
 * Stored videos: `<purpose>/<yyyy>/<mm>/<32 hex>.mp4|webm`, served only to their uploader and operators
 * (uploadedFilesRoute).
 */
export const VIDEO_PATH = /^(audition)\/(\d{4})\/(\d{2})\/([0-9a-f]{32})\.(mp4|webm)$/;
/** A name the upload calls generate (an image or a video): nothing else is served or removed. */
const isStoredName = (rel: string) => STORED_PATH.test(rel) || VIDEO_PATH.test(rel);

/** The public URL of a stored file. */
export const publicUrl = (relPath: string) => `${FILES_PATH}/${relPath}`;

/** The stored path of one of our public URLs, or null for anything else (empty, external, forged). */
export function storedPathOf(url: string): string | null {
  if (!url.startsWith(`${FILES_PATH}/`)) return null;
  const rel = url.slice(FILES_PATH.length + 1);
  return STORED_PATH.test(rel) ? rel : null;
}

function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as UploadedFile).kind === 'file' &&
    typeof (value as UploadedFile).path === 'string'
  );
}

export interface UploadInput {
  file: unknown;
  purpose: UploadPurpose;
  fileSelect_no: string;
  comm_key: string;
}

/**
 * Decodes any accepted image and re-encodes it as a metadata-free WebP of the purpose's size (cropped to
 * fill, UPLOAD_SIZES); IMAGE_UPLOAD_FAILED otherwise.
 */
async function toWebp(filePath: string, purpose: UploadPurpose): Promise<{ data: Buffer; width: number; height: number }> {
  const size = UPLOAD_SIZES[purpose];
  try {
    const image = sharp(filePath, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error(`format ${meta.format}`);
    // rotate() applies the EXIF orientation; the output carries no metadata (sharp drops it unless asked).
    const { data, info } = await image
      .rotate()
      .resize(size.width, size.height, { fit: size.fit, position: 'centre', withoutEnlargement: size.fit === 'inside' })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new AppError('IMAGE_UPLOAD_FAILED', { field: 'file' });
  }
}

/**
 * upload_thum_ajax: a logged-in user's image, checked by its content, stored as a temporary upload until
 * a form claims it (user_update_proc for the profile image). Answers the SPEC §3 file info.
 */
export async function uploadImage(deps: UploadsDeps, request: FastifyRequest, input: UploadInput): Promise<UploadedFileInfo> {
  const me = await requireUser(request);
  // A channel's pictures are a broadcaster account's (channel_image_proc claims them).
  if ((input.purpose === 'channel_banner' || input.purpose === 'channel_main') && me.role !== 'bj') throw new AppError('FORBIDDEN');
  // The magazine's and events' pictures are the operators'.
  if ((input.purpose === 'magazine' || input.purpose === 'event' || input.purpose === 'concert') && me.role !== 'operator')
    throw new AppError('FORBIDDEN');
  if (input.file === undefined || input.file === '') throw required('file');
  if (!isUploadedFile(input.file)) throw invalid('file');
  await enforceLimits(deps.bus, [{ key: `upload:user:${me.userKey}`, ...UPLOAD_RATE }]);
  if (input.file.size > IMAGE_UPLOAD_MAX_BYTES) {
    throw new AppError('IMAGE_TOO_LARGE', { field: 'file', num: Math.floor(IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024) });
  }
  const image = await toWebp(input.file.path, input.purpose);

  const now = new Date();
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const rel = `${input.purpose}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${name}`;
  const target = path.join(deps.uploadsDir, rel);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, image.data, { flag: 'wx' });
  let fileSn: number;
  try {
    const [row] = await deps.db
      .insert(uploadFile)
      .values({
        userKey: me.userKey,
        path: rel,
        originalName: input.file.filename.slice(0, 200),
        mime: 'image/webp',
        bytes: image.data.length,
        width: image.width,
        height: image.height,
        purpose: input.purpose,
      })
      .returning({ fileSn: uploadFile.fileSn });
    if (!row) throw new Error('insert returned no row');
    fileSn = row.fileSn;
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
  return {
    temp_file_sn: String(fileSn),
    temp_file_path_nm: publicUrl(rel),
    temp_file_nm: name,
    temp_fileSelect_no: input.fileSelect_no,
    temp_type: input.purpose,
    temp_insert_mode: 'insert',
    temp_comm_key: input.comm_key,
    sort: '',
    folder: '',
    table: '',
    field: '',
    file_thumb: '',
    country_cd: '',
  };
}

/** ffprobe's format names of the containers a video upload may be, with how it is stored and served. */
const VIDEO_CONTAINERS: readonly { formats: RegExp; ext: 'mp4' | 'webm'; mime: string }[] = [
  { formats: /(^|,)(mov|mp4|m4a|3gp|3g2|mj2)(,|$)/, ext: 'mp4', mime: 'video/mp4' },
  { formats: /(^|,)(matroska|webm)(,|$)/, ext: 'webm', mime: 'video/webm' },
];
/** The type a stored video is served with, by its name. */
export const videoMimeOf = (rel: string) => (rel.endsWith('.webm') ? 'video/webm' : 'video/mp4');

/**
 * video_upload_proc: a member's video (already on disk at `file`, `bytes` long), checked by its content with
 * the clips' ffprobe (a video stream in MP4, MOV, WebM or Matroska, with a duration; else SHORT_NOT_VIDEO),
 * moved under the uploads folder and recorded as a temporary upload of `purpose` until a form claims it.
 * The caller removes `file` afterwards if it is still there (a refusal).
 */
export async function uploadVideo(
  deps: UploadsDeps,
  user: { userKey: number },
  input: { file: string; bytes: number; purpose: VideoUploadPurpose },
): Promise<UploadedVideoInfo> {
  await enforceLimits(deps.bus, [{ key: `upload:user:${user.userKey}`, ...UPLOAD_RATE }]);
  const p = await probe(input.file);
  const container = p?.hasVideo && p.durationSec > 0 ? VIDEO_CONTAINERS.find((c) => c.formats.test(p.formatName)) : undefined;
  if (!p || !container) throw new AppError('SHORT_NOT_VIDEO', { field: 'file' });

  const now = new Date();
  const name = `${randomBytes(16).toString('hex')}.${container.ext}`;
  const rel = `${input.purpose}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${name}`;
  const target = path.join(deps.uploadsDir, rel);
  await mkdir(path.dirname(target), { recursive: true });
  await rename(input.file, target);
  try {
    const [row] = await deps.db
      .insert(uploadFile)
      .values({
        userKey: user.userKey,
        path: rel,
        mime: container.mime,
        bytes: input.bytes,
        width: p.width,
        height: p.height,
        purpose: input.purpose,
      })
      .returning({ fileSn: uploadFile.fileSn });
    if (!row) throw new Error('insert returned no row');
    return {
      temp_file_sn: String(row.fileSn),
      temp_file_path_nm: publicUrl(rel),
      temp_type: input.purpose,
      mime: container.mime,
      bytes: input.bytes,
      duration_sec: Math.round(p.durationSec * 10) / 10,
      width: p.width,
      height: p.height,
    };
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
}

/**
 * Makes the caller's own temporary video upload of `purpose` used, inside the caller's transaction (their
 * other videos stay: an earlier application keeps its own). Answers its public URL and type.
 * UPLOAD_NOT_FOUND naming `field` for an unknown sn, another account's file, another purpose's, or one
 * already used or removed.
 */
export async function claimVideo(
  tx: Tx,
  userKey: number,
  fileSn: number,
  purpose: VideoUploadPurpose,
  field: string,
): Promise<{ url: string; mime: string }> {
  const [claimed] = await tx
    .update(uploadFile)
    .set({ state: 'used' })
    .where(
      and(eq(uploadFile.fileSn, fileSn), eq(uploadFile.userKey, userKey), eq(uploadFile.state, 'temp'), eq(uploadFile.purpose, purpose)),
    )
    .returning({ path: uploadFile.path, mime: uploadFile.mime });
  if (!claimed || !VIDEO_PATH.test(claimed.path)) throw new AppError('UPLOAD_NOT_FOUND', { field });
  return { url: publicUrl(claimed.path), mime: claimed.mime };
}

/** Who uploaded the stored video at `rel` (undefined for a name no row holds, or a removed file). */
export async function videoUploader(db: Db, rel: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userKey: uploadFile.userKey })
    .from(uploadFile)
    .where(and(eq(uploadFile.path, rel), ne(uploadFile.state, 'deleted')));
  return row?.userKey;
}

/**
 * Makes the caller's own temporary profile upload their profile image, inside the caller's transaction:
 * the file becomes used, the previous profile files are marked deleted and `users.profile_image` becomes
 * the new public URL. Answers the stored paths to remove once the transaction has committed.
 * UPLOAD_NOT_FOUND for an unknown sn, another account's file, or one already used or removed.
 */
export async function claimProfileImage(tx: Tx, userKey: number, fileSn: number): Promise<{ url: string; removed: string[] }> {
  const claimed = await claimUpload(tx, userKey, fileSn, 'profile');
  await tx.update(users).set({ profileImage: claimed.url }).where(eq(users.userKey, userKey));
  return claimed;
}

/**
 * Makes the caller's own temporary upload of `purpose` the one in use for that purpose (fileSn 0: none),
 * inside the caller's transaction: the member's other used files of the purpose are marked deleted.
 * Answers the new public URL ('' for none) and the stored paths to remove once the transaction has
 * committed. UPLOAD_NOT_FOUND for an unknown sn, another account's file, another purpose's, or one already
 * used or removed.
 */
export async function claimUpload(
  tx: Tx,
  userKey: number,
  fileSn: number,
  purpose: UploadPurpose,
): Promise<{ url: string; removed: string[] }> {
  let url = '';
  if (fileSn !== 0) {
    const [claimed] = await tx
      .update(uploadFile)
      .set({ state: 'used' })
      .where(
        and(eq(uploadFile.fileSn, fileSn), eq(uploadFile.userKey, userKey), eq(uploadFile.state, 'temp'), eq(uploadFile.purpose, purpose)),
      )
      .returning({ path: uploadFile.path });
    if (!claimed) throw new AppError('UPLOAD_NOT_FOUND', { field: 'temp_file_sn' });
    url = publicUrl(claimed.path);
  }
  const old = await tx
    .update(uploadFile)
    .set({ state: 'deleted' })
    .where(
      and(eq(uploadFile.userKey, userKey), eq(uploadFile.purpose, purpose), eq(uploadFile.state, 'used'), ne(uploadFile.fileSn, fileSn)),
    )
    .returning({ path: uploadFile.path });
  return { url, removed: old.map((r) => r.path) };
}

/**
 * Makes several of the caller's own temporary uploads of `purpose` used (attachments: a post or a question
 * keeps many), inside the caller's transaction. UPLOAD_NOT_FOUND when one is unknown, another account's,
 * another purpose's, or already used or removed.
 */
export async function claimUploads(tx: Tx, userKey: number, fileSns: readonly number[], purpose: UploadPurpose): Promise<void> {
  if (fileSns.length === 0) return;
  const claimed = await tx
    .update(uploadFile)
    .set({ state: 'used' })
    .where(
      and(
        inArray(uploadFile.fileSn, [...fileSns]),
        eq(uploadFile.userKey, userKey),
        eq(uploadFile.state, 'temp'),
        eq(uploadFile.purpose, purpose),
      ),
    )
    .returning({ fileSn: uploadFile.fileSn });
  if (claimed.length !== new Set(fileSns).size) throw new AppError('UPLOAD_NOT_FOUND', { field: 'files' });
}

/** Marks used uploads deleted inside the caller's transaction; answers the stored paths to remove after the commit. */
export async function releaseUploads(tx: Tx, fileSns: readonly number[]): Promise<string[]> {
  if (fileSns.length === 0) return [];
  const rows = await tx
    .update(uploadFile)
    .set({ state: 'deleted' })
    .where(and(inArray(uploadFile.fileSn, [...fileSns]), eq(uploadFile.state, 'used')))
    .returning({ path: uploadFile.path });
  return rows.map((r) => r.path);
}

/** Removes stored files (missing ones are fine: removal is repeatable). */
export async function removeStored(uploadsDir: string, relPaths: string[]): Promise<void> {
  await Promise.allSettled(relPaths.filter(isStoredName).map((p) => rm(path.join(uploadsDir, p), { force: true })));
}

/**
 * Removes temporary uploads older than TEMP_UPLOAD_TTL_MS (nobody saved them) and files already marked
 * deleted, rows and files. Idempotent; runs periodically in the api role.
 */
export async function cleanupUploads(deps: Pick<UploadsDeps, 'db' | 'uploadsDir'>, now = new Date()): Promise<{ removed: number }> {
  const cutoff = new Date(now.getTime() - TEMP_UPLOAD_TTL_MS);
  const rows = await deps.db
    .delete(uploadFile)
    .where(or(and(eq(uploadFile.state, 'temp'), lt(uploadFile.createdAt, cutoff)), eq(uploadFile.state, 'deleted')))
    .returning({ path: uploadFile.path });
  await removeStored(
    deps.uploadsDir,
    rows.map((r) => r.path),
  );
  return { removed: rows.length };
}
