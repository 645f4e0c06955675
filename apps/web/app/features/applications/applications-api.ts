import { API_BASE, API_HEADERS, type Envelope, type ErrorSet, type UploadedVideoInfo, VIDEO_UPLOAD_PATH } from '@byeol/contract';
import type { Answer } from '../../lib/answer';
import { isEnvelope, parseBody } from '../../lib/api';

/**
 * Uploads the audition's performance video: `POST /v1/upload/video_upload_proc?purpose=audition` with the file
 * itself as the body (its type, or application/octet-stream) and the API headers, through XMLHttpRequest so
 * `onProgress` gets 0..1 as the browser sends (fetch reports no upload progress). Resolves the temporary upload
 * or the refusal (SHORT_TOO_LARGE, SHORT_NOT_VIDEO, RATE_LIMITED …) in the viewer's language, `fallback` when
 * the network failed or the upload was cancelled; never throws.
 */
export function uploadAuditionVideo(
  file: File,
  onProgress: (fraction: number) => void,
  fallback: string,
): { done: Promise<Answer<UploadedVideoInfo>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const failed = (): Envelope<ErrorSet | null> => ({ rslt_cd: -1, rslt_set: null, rslt_msg: fallback });
  const done = new Promise<Answer<UploadedVideoInfo>>((resolve) => {
    xhr.open('POST', `${API_BASE}${VIDEO_UPLOAD_PATH}?${new URLSearchParams({ purpose: 'audition' })}`, true);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(API_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', file.type.startsWith('video/') ? file.type : 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      resolve(isEnvelope(body) ? (body as Answer<UploadedVideoInfo>) : failed());
    };
    xhr.onerror = () => resolve(failed());
    xhr.onabort = () => resolve(failed());
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
