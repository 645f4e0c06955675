import { type ClipItem, type ClipKind, clipsEndpoints, type EndpointAnswer, SHORT_UPLOAD_PATH } from '@byeol/contract';
import { send } from '../../lib/answer';
import { api } from '../../lib/api';
import type { ShortOrder } from '../../lib/links';
import { uploadRawFile } from '../../lib/raw-upload';

/**
 * The clips calls of issue 22 from the browser (packages/contract/src/clips.ts). Each resolves an envelope and
 * never throws: a refusal (CLIP_DISABLED, RATE_LIMITED's 429 …) carries its message in the viewer's language,
 * a network failure `fallback`.
 */

/** Rows per page of /mypage/short and the channel sections; the feed loads fewer at a time (videos). */
export const CLIP_PAGE_SIZE = 20;
export const FEED_PAGE_SIZE = 12;
export const CHANNEL_CLIPS_SIZE = 8;

export type ClipListSet = EndpointAnswer<typeof clipsEndpoints.shortMore>;

export const clipRoom = (vodKey: string, fallback: string) => send(() => api.call(clipsEndpoints.room, { vod_key: vodKey }), fallback);

export const clipWindow = (vodKey: string, fallback: string) => send(() => api.call(clipsEndpoints.window, { vod_key: vodKey }), fallback);

export const createClip = (
  input: { vod_key: string; title: string; pressed_at: number; from_sec: number; to_sec: number },
  fallback: string,
) => send(() => api.call(clipsEndpoints.create, input), fallback);

export const clipInfo = (clipKey: string, fallback: string) => send(() => api.call(clipsEndpoints.info, { clip_key: clipKey }), fallback);

export const countView = (clipKey: string, fallback: string) => send(() => api.call(clipsEndpoints.view, { clip_key: clipKey }), fallback);

export const removeClip = (clipSn: number, fallback: string) => send(() => api.call(clipsEndpoints.remove, { clip_sn: clipSn }), fallback);

export const setClipping = (on: boolean, fallback: string) =>
  send(() => api.call(clipsEndpoints.setting, { clip_yn: on ? 'Y' : 'N' }), fallback);

export const shortMore = (order: ShortOrder, offset: number, fallback: string) =>
  send(() => api.call(clipsEndpoints.shortMore, { order, offset, limit: FEED_PAGE_SIZE }), fallback);

export const myClipMore = (kind: ClipKind | undefined, offset: number, fallback: string) =>
  send(() => api.call(clipsEndpoints.myClipMore, { ...(kind ? { kind } : {}), offset, limit: CLIP_PAGE_SIZE }), fallback);

export const bjClipMore = (id: string, offset: number, fallback: string) =>
  send(() => api.call(clipsEndpoints.bjClipMore, { id, offset, limit: CHANNEL_CLIPS_SIZE }), fallback);

export const programClipMore = (id: string, offset: number, fallback: string) =>
  send(() => api.call(clipsEndpoints.programClipMore, { id, offset, limit: CHANNEL_CLIPS_SIZE }), fallback);

/**
 * Uploads a short (`POST /v1/clip/short_upload_proc?title=…`, the file as the body, with progress): the new
 * ClipItem (processing) or the refusal (SHORT_TOO_LARGE, SHORT_NOT_VIDEO …).
 */
export const uploadShort = (file: File, title: string, onProgress: (fraction: number) => void, fallback: string) =>
  uploadRawFile<ClipItem>(SHORT_UPLOAD_PATH, { title }, file, onProgress, fallback);
