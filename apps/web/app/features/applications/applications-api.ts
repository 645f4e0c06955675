import { type UploadedVideoInfo, VIDEO_UPLOAD_PATH } from '@byeol/contract';
import { uploadRawFile } from '../../lib/raw-upload';

/**
 * Uploads the audition's performance video (`POST /v1/upload/video_upload_proc?purpose=audition`, the file as
 * the body, with progress): the temporary upload or the refusal (SHORT_TOO_LARGE, SHORT_NOT_VIDEO, RATE_LIMITED …).
 */
export const uploadAuditionVideo = (file: File, onProgress: (fraction: number) => void, fallback: string) =>
  uploadRawFile<UploadedVideoInfo>(VIDEO_UPLOAD_PATH, { purpose: 'audition' }, file, onProgress, fallback);
