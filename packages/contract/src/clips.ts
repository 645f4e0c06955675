import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';
import { YnSchema } from './site.js';

/**
 * Short clips (issue 22, docs/clips.md): a viewer's clip cut from a live room's last 90 s, and a BJ's
 * uploaded short. Both are "clips" to the site (the site term `sti_clip_name`); `kind` tells them apart.
 */

const chars = (s: string) => [...s].length;
const SnSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Paging = PagingSchema.shape;

export const CLIP_LIMITS = {
  /** The window a clip is cut from, around the press of Clip: 85 s before to 5 s after. */
  windowBeforeSec: 85,
  windowAfterSec: 5,
  minSec: 5,
  maxSec: 60,
  defaultSec: 30,
  /** A clip not ready this long after its request is failed. */
  failAfterMs: 15_000,
  titleMax: 60,
  /** A member makes at most this many clips per window. */
  rate: 10,
  rateWindowMs: 10 * 60_000,
  /** An uploaded short: size, duration. */
  shortMaxBytes: 200 * 1024 * 1024,
  shortMaxSec: 180,
  shortMinSec: 1,
} as const;

export const CLIP_KINDS = ['clip', 'short'] as const;
export type ClipKind = (typeof CLIP_KINDS)[number];
/** processing → ready, or failed (a clip after CLIP_LIMITS.failAfterMs, a short whose transcode failed). */
export const CLIP_STATES = ['processing', 'ready', 'failed'] as const;
export type ClipState = (typeof CLIP_STATES)[number];

export interface ClipItem {
  clip_sn: number;
  /** Public key: `/sub/short?clip={clip_key}`, media under `/media/clips/{clip_key}/`. */
  clip_key: string;
  kind: ClipKind;
  title: string;
  state: ClipState;
  duration_sec: number;
  /** `/media/clips/{clip_key}/thumb.jpg` once ready, else ''. */
  thumbnail: string;
  /** The video once ready: `clip.mp4` for a clip, `index.m3u8` (HLS) for a short; '' before. */
  video_url: string;
  /** Width ≤ height. */
  vertical_yn: 'Y' | 'N';
  view_cnt: number;
  created_at: string;
  /** The live broadcast a clip was cut from ('' for a short). */
  vod_key: string;
  /** The channel it belongs to (the BJ of the room, the uploader of a short). */
  bj: { user_key: number; id: string; nick: string; profile_image: string };
  /** Who made it (the viewer who clipped; the BJ for a short). */
  by: { user_key: number; id: string; nick: string };
}

export const ClipCreateSchema = z
  .object({
    vod_key: z.string().trim().min(1).max(64),
    title: z
      .string()
      .trim()
      .refine((s) => chars(s) <= CLIP_LIMITS.titleMax, { message: 'CLIP_TITLE_LENGTH' })
      .default(''),
    /** When Clip was pressed (epoch ms, the server's clock as clip_window answered it). */
    pressed_at: z.coerce.number().int().min(0),
    /** The kept part, in seconds from the press: −85 … +5. */
    from_sec: z.coerce.number().min(-CLIP_LIMITS.windowBeforeSec).max(CLIP_LIMITS.windowAfterSec),
    to_sec: z.coerce.number().min(-CLIP_LIMITS.windowBeforeSec).max(CLIP_LIMITS.windowAfterSec),
  })
  .refine((v) => v.to_sec - v.from_sec >= CLIP_LIMITS.minSec - 0.001 && v.to_sec - v.from_sec <= CLIP_LIMITS.maxSec + 0.001, {
    message: 'CLIP_LENGTH',
    path: ['to_sec'],
  });

export const ClipWindowSchema = z.object({ vod_key: z.string().trim().min(1).max(64) });
/** What the clip editor needs when Clip is pressed: the server's time and how far back the room's video goes. */
export interface ClipWindowSet {
  pressed_at: number;
  /** Seconds of video on disk before the press (≤ 85). */
  available_sec: number;
  /** The room's `/media/live/{vod_key}/master.m3u8` for the editor's preview. */
  hls_url: string;
}

export const ClipKeySchema = z.object({ clip_key: z.string().trim().min(1).max(40) });
export const ClipSnSchema = z.object({ clip_sn: SnSchema });
export const BjClipMoreSchema = z.object({ id: z.string().trim().min(1).max(20), ...Paging });
export const MyClipMoreSchema = z.object({ kind: z.enum(CLIP_KINDS).optional(), ...Paging });
export const ShortMoreSchema = z.object({ order: z.enum(['recent', 'popular']).default('recent'), ...Paging });
export const ClipSettingSchema = z.object({ clip_yn: YnSchema });
export interface ClipSettingSet {
  clip_yn: 'Y' | 'N';
}
export const ClipRoomSchema = z.object({ vod_key: z.string().trim().min(1).max(64) });

/**
 * `POST /v1/clip/short_upload_proc?title=…`: the body is the video file itself (`Content-Type` video/* or
 * application/octet-stream, up to CLIP_LIMITS.shortMaxBytes), so a browser shows upload progress.
 */
export const SHORT_UPLOAD_PATH = '/clip/short_upload_proc';
export const ShortUploadQuerySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'CLIP_TITLE_REQUIRED' })
    .refine((s) => chars(s) <= CLIP_LIMITS.titleMax, { message: 'CLIP_TITLE_LENGTH' }),
});

export const CLIP_REFUSAL_PARAMS = {
  CLIP_TITLE_LENGTH: { max: CLIP_LIMITS.titleMax },
  CLIP_TITLE_REQUIRED: {},
  CLIP_LENGTH: { min: CLIP_LIMITS.minSec, max: CLIP_LIMITS.maxSec },
} as const satisfies Record<string, Record<string, number>>;

type ClipList = ListSet<ClipItem> & { total_count: number };

export const clipsEndpoints = {
  window: endpoint<ClipWindowSet>()({
    method: 'POST',
    path: '/clip/clip_window',
    request: ClipWindowSchema,
    tags: ['clips'],
    summary: 'Clip pressed in a live room: the server time and the video available before it',
  }),
  create: endpoint<ClipItem>()({
    method: 'POST',
    path: '/clip/clip_create_proc',
    request: ClipCreateSchema,
    tags: ['clips'],
    summary: 'Make a 5–60 s clip of a live room (processing → ready or failed)',
  }),
  info: endpoint<ClipItem>()({
    method: 'GET',
    path: '/clip/clip_info',
    request: ClipKeySchema,
    tags: ['clips'],
    summary: 'A clip or short (its state while processing)',
  }),
  view: endpoint<{ view_cnt: number }>()({
    method: 'POST',
    path: '/clip/clip_view_proc',
    request: ClipKeySchema,
    tags: ['clips'],
    summary: 'Count a view (once per viewer and clip per hour)',
  }),
  remove: endpoint<{ clip_sn: number }>()({
    method: 'POST',
    path: '/clip/clip_delete_proc',
    request: ClipSnSchema,
    tags: ['clips'],
    summary: 'Delete a clip or short (its maker, the channel BJ, or an operator)',
  }),
  room: endpoint<ClipSettingSet>()({
    method: 'GET',
    path: '/clip/clip_room_info',
    request: ClipRoomSchema,
    tags: ['clips'],
    summary: "Whether a live room's BJ allows clipping",
  }),
  setting: endpoint<ClipSettingSet>()({
    method: 'POST',
    path: '/clip/clip_setting_proc',
    request: ClipSettingSchema,
    tags: ['clips'],
    summary: 'A BJ turns clipping of their room on or off',
  }),
  bjClipMore: endpoint<ClipList>()({
    method: 'POST',
    path: '/channel/bj_clip_more',
    request: BjClipMoreSchema,
    tags: ['clips', 'channels'],
    summary: "A BJ channel's ready clips and shorts, newest first",
  }),
  programClipMore: endpoint<ClipList>()({
    method: 'POST',
    path: '/channel/program_clip_more/:id',
    params: ['id'],
    request: BjClipMoreSchema,
    tags: ['clips', 'channels'],
    summary: "A program channel's ready clips and shorts, newest first",
  }),
  myClipMore: endpoint<ClipList>()({
    method: 'POST',
    path: '/mypage/clip_more',
    request: MyClipMoreSchema,
    tags: ['clips'],
    summary: "The caller's clips and shorts in every state, newest first",
  }),
  shortMore: endpoint<ClipList>()({
    method: 'POST',
    path: '/sub/short_more',
    request: ShortMoreSchema,
    tags: ['clips'],
    summary: 'The /sub/short feed: ready clips and shorts, recent or popular',
  }),
} as const;

/** The clips' result codes (8700–8799). */
export const clipsCodes = defineCodes('clips', [[8700, 8799]], {
  CLIP_NOT_FOUND: {
    code: 8701,
    ko: '클립을 찾을 수 없습니다.',
    en: 'This clip could not be found.',
    ja: 'クリップが見つかりません。',
    'zh-CN': '找不到该片段。',
  },
  CLIP_DISABLED: {
    code: 8702,
    ko: '이 방송은 클립을 만들 수 없습니다.',
    en: 'Clipping is turned off for this broadcast.',
    ja: 'この配信ではクリップを作成できません。',
    'zh-CN': '该直播已关闭片段功能。',
  },
  CLIP_NOT_LIVE: {
    code: 8703,
    ko: '방송 중일 때만 클립을 만들 수 있습니다.',
    en: 'Clips can only be made while the broadcast is live.',
    ja: 'クリップは配信中のみ作成できます。',
    'zh-CN': '只有在直播中才能制作片段。',
  },
  CLIP_LENGTH: {
    code: 8704,
    ko: '클립은 {min}초에서 {max}초까지 만들 수 있습니다.',
    en: 'A clip lasts {min} to {max} seconds.',
    ja: 'クリップは{min}秒から{max}秒まで作成できます。',
    'zh-CN': '片段时长为{min}至{max}秒。',
  },
  CLIP_WINDOW_PASSED: {
    code: 8705,
    ko: '클립 구간이 지났습니다. 클립 버튼을 다시 눌러 주세요.',
    en: 'That moment is no longer available. Press Clip again.',
    ja: 'その区間はもう利用できません。もう一度クリップを押してください。',
    'zh-CN': '该时段已不可用，请重新点击片段按钮。',
  },
  SHORT_TOO_LARGE: {
    code: 8706,
    ko: '영상은 {mb}MB까지 올릴 수 있습니다.',
    en: 'A video can be up to {mb} MB.',
    ja: '動画は{mb}MBまでアップロードできます。',
    'zh-CN': '视频最大为{mb}MB。',
  },
  SHORT_TOO_LONG: {
    code: 8707,
    ko: '영상은 {sec}초까지 올릴 수 있습니다.',
    en: 'A video can be up to {sec} seconds long.',
    ja: '動画は{sec}秒までアップロードできます。',
    'zh-CN': '视频时长最多{sec}秒。',
  },
  SHORT_NOT_VIDEO: {
    code: 8708,
    ko: '동영상 파일이 아닙니다. MP4, MOV, WebM 영상을 올려 주세요.',
    en: 'This is not a video file. Please upload an MP4, MOV or WebM video.',
    ja: '動画ファイルではありません。MP4、MOV、WebMの動画をアップロードしてください。',
    'zh-CN': '这不是视频文件。请上传MP4、MOV或WebM视频。',
  },
  CLIP_TITLE_LENGTH: {
    code: 8720,
    ko: '제목은 {max}자까지 입력할 수 있습니다.',
    en: 'The title can be up to {max} characters.',
    ja: 'タイトルは{max}文字まで入力できます。',
    'zh-CN': '标题最多{max}个字符。',
  },
  CLIP_TITLE_REQUIRED: {
    code: 8721,
    ko: '제목을 입력해 주세요.',
    en: 'Please enter a title.',
    ja: 'タイトルを入力してください。',
    'zh-CN': '请输入标题。',
  },
});
