import type { UploadedFileInfo, UploadPurpose } from '@byeol/contract';
import { type Answer, send } from './answer';
import { api } from './api';

/** The image types an upload picker offers (the server recognises them by their content). */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

export interface ImageUploadOptions {
  /** What the image is for: the server stores it at that purpose's size (UPLOAD_SIZES). */
  purpose: UploadPurpose;
  /** The file name sent with the blob (a cropped blob has none). */
  fileName: string;
  /** Which file input of the form this was (echoed as temp_fileSelect_no). */
  fileSelectNo?: string;
  /** Echoed as temp_comm_key. */
  commKey?: string;
  /** Called with 0..1 as the browser sends the file (XMLHttpRequest upload progress). */
  onProgress?: (fraction: number) => void;
  /** The message of a failure without an answer (network) or with an empty one. */
  fallback: string;
}

/**
 * POST /upload/upload_thum_ajax (multipart: `file`, `purpose`, `fileSelect_no`, `comm_key`) with upload
 * progress; always resolves an envelope: SPEC §3 file info (`temp_file_sn`, `temp_file_path_nm`, …) or the
 * server's refusal (IMAGE_TOO_LARGE, IMAGE_UPLOAD_FAILED, …) in the caller's language.
 */
export function uploadImage(file: Blob, options: ImageUploadOptions): Promise<Answer<UploadedFileInfo>> {
  const form = new FormData();
  form.append('purpose', options.purpose);
  form.append('fileSelect_no', options.fileSelectNo ?? '1');
  form.append('comm_key', options.commKey ?? options.purpose);
  form.append('file', file, options.fileName);
  const onProgress = options.onProgress;
  return send<UploadedFileInfo>(
    async () =>
      (await api.upload<UploadedFileInfo>(
        '/upload/upload_thum_ajax',
        form,
        onProgress ? (loaded, total) => onProgress(total > 0 ? Math.min(1, loaded / total) : 0) : undefined,
      )) ?? { rslt_cd: -1, rslt_set: null as unknown as UploadedFileInfo, rslt_msg: options.fallback },
    options.fallback,
  );
}
