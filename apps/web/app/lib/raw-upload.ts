import { API_BASE, API_HEADERS, type Envelope, type ErrorSet } from '@byeol/contract';
import type { Answer } from './answer';
import { isEnvelope, parseBody } from './api';

/**
 * Uploads a file as the raw body of `POST /v1{path}?{query}` (a short, an audition video): its type when it is
 * a video, else application/octet-stream (the server checks the content, not the name or type), with the API
 * headers, through XMLHttpRequest so `onProgress` gets 0..1 as the browser sends (fetch reports no upload
 * progress). Resolves the answer or the refusal in the viewer's language, `fallback` when the network failed or
 * the upload was cancelled; never throws.
 */
export function uploadRawFile<T>(
  path: string,
  query: Record<string, string>,
  file: File,
  onProgress: (fraction: number) => void,
  fallback: string,
): { done: Promise<Answer<T>>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const failed = (): Envelope<ErrorSet | null> => ({ rslt_cd: -1, rslt_set: null, rslt_msg: fallback });
  const done = new Promise<Answer<T>>((resolve) => {
    xhr.open('POST', `${API_BASE}${path}?${new URLSearchParams(query)}`, true);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(API_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', file.type.startsWith('video/') ? file.type : 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      resolve(isEnvelope(body) ? (body as Answer<T>) : failed());
    };
    xhr.onerror = () => resolve(failed());
    xhr.onabort = () => resolve(failed());
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
