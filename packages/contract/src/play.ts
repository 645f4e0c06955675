import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import { PagingSchema } from './envelope.js';

/**
 * The viewer's side of live video (docs/live-video.md, "Viewer side"): the broadcast info of /play and
 * /vod, the watching heartbeat, likes, and the paginated replay lists of SPEC §7.
 */

/** Quality levels of SPEC §1, best first; `auto` lets the player choose. */
export const QUALITIES = ['high', 'normal', 'low'] as const;
export type Quality = (typeof QUALITIES)[number];

/** Broadcast states of SPEC §4. */
export const BROADCAST_STATES = ['live', 'ended', 'frozen'] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];

/** Public media paths (served by the web role, outside /v1): HLS and thumbnails, and the ultra-low-latency HTTP-FLV. */
export const MEDIA_PATH = '/media';
export const hlsUrlOf = (vodKey: string) => `${MEDIA_PATH}/live/${encodeURIComponent(vodKey)}/master.m3u8`;
export const flvUrlOf = (vodKey: string) => `${MEDIA_PATH}/flv/${encodeURIComponent(vodKey)}.flv`;

/** How often the player says it is still watching, and how long a viewer counts without one. */
export const HEARTBEAT_EVERY_MS = 15_000;
export const VIEWER_TTL_MS = 40_000;
/** How often /sub/live and the live section refresh their list. */
export const LIVE_LIST_REFRESH_MS = 10_000;

/** A vod_key as the ingest makes them (and the demo seed): letters, digits, `-` and `_`. */
export const VodKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

/** GET /pubapi/play_info and /pubapi/vod_info. */
export const PlayInfoQuerySchema = z.object({ vod_key: VodKeySchema });

/** GET /pubapi/live_room: `key` is a vod_key or a BJ's ID (same characters); answers `{vod_key}` ('' off air). */
export const LiveRoomQuerySchema = z.object({ key: VodKeySchema });
export interface LiveRoomSet {
  vod_key: string;
}

/** POST /pubapi/play_heartbeat and /pubapi/play_leave. */
export const PlayHeartbeatSchema = z.object({
  vod_key: VodKeySchema,
  /** A random id the page keeps for the tab, so a signed-out viewer counts once per tab. */
  viewer_id: z
    .string()
    .trim()
    .regex(/^[\w-]{8,64}$/),
});

/** The most a player reports as its latency (2 minutes); more is not a live viewer's latency. */
export const VIEWER_LATENCY_MAX_MS = 120_000;

/**
 * POST /pubapi/play_heartbeat: play_leave's fields and, optionally, `latency_ms`: how far the viewer's player
 * is behind the live edge (hls.js's `latency`; the ultra-low mode's buffered end minus the playhead), whole
 * milliseconds 0–120,000, for the BJ's live dashboard. Any other value (text, a fraction, out of range) is
 * dropped, never refused: the viewer counts all the same.
 */
export const PlayBeatSchema = PlayHeartbeatSchema.extend({
  latency_ms: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number().int().min(0).max(VIEWER_LATENCY_MAX_MS).optional(),
    )
    .catch(undefined),
});

/** POST /pubapi/play_like. */
export const PlayLikeSchema = z.object({ vod_key: VodKeySchema });

/** POST /broadcast/vod_more (SPEC §7): every replay, newest first or by peak viewers. */
export const VodMoreSchema = PagingSchema.extend({
  order: z.enum(['recent', 'viewer']).default('recent'),
});

/** POST /channel/bj_replay_more (SPEC §7): the replays of one broadcaster, newest first. */
export const BjReplayMoreSchema = PagingSchema.extend({
  /** The broadcaster's user_key. */
  user_key: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** What play_info / vod_info answer as rslt_set (also, without URLs, with the gate codes). */
export interface PlayInfo {
  vod_key: string;
  title: string;
  tags: string[];
  state: BroadcastState;
  thumbnail: string;
  viewer_cnt: number;
  peak_viewer_cnt: number;
  /**
   * 'Y' when the BJ keeps their viewer count private (/mypage/setting `viewer_count_yn` N) and the caller is
   * neither that BJ nor an operator: `viewer_cnt` and `peak_viewer_cnt` are then 0.
   */
  viewer_cnt_hidden_yn: 'Y' | 'N';
  like_cnt: number;
  start_date: string;
  /** null while live. */
  end_date: string | null;
  /** Seconds from the start to the end (or to now while live). */
  duration_sec: number;
  qualities: Quality[];
  adult_yn: 'Y' | 'N';
  login_required_yn: 'Y' | 'N';
  /** The broadcast is kept as a replay at /vod/{vod_key} (after it ends). */
  replay_yn: 'Y' | 'N';
  /** A demo broadcast (seeded content): its media is the demo's generated loop, or none (BYEOL_DEMO_VIDEO=0). */
  demo_yn: 'Y' | 'N';
  /** The BJ, with SPEC §3's `chat_extra.hide_users`: the members whose chat the BJ hides (8200 keeps it current in the room). */
  bj: { user_key: number; id: string; nick: string; profile_image: string; chat_extra: { hide_users: number[] } };
  /**
   * SPEC §3 play-room entry "a selected mc with sn and user_key": the broadcast's MC (stream settings'
   * mc_user_key), `sn` being the broadcast's serial (the MC is chosen per broadcast); null when none.
   */
  mc: { sn: number; user_key: number; id: string; nick: string; profile_image: string } | null;
  /**
   * The concert this broadcast is the stream of (issue 22), 0 when none: its media goes only to ticket
   * holders through the concert's play page (`/concert/{concert_sn}/play/{vod_key}`).
   */
  concert_sn: number;
  /** `/media/live/{vod_key}/master.m3u8`; empty when the caller may not watch or there is nothing to play. */
  hls_url: string;
  /** `/media/flv/{vod_key}.flv` only while live (ultra-low latency); otherwise empty. */
  flv_url: string;
}

/** play_heartbeat answers the current count. */
export interface HeartbeatSet {
  /** 0 when `viewer_cnt_hidden_yn` is 'Y' (as in PlayInfo). */
  viewer_cnt: number;
  viewer_cnt_hidden_yn: 'Y' | 'N';
  state: BroadcastState;
}

export interface LikeSet {
  like_cnt: number;
}

/** The play result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const playCodes = defineCodes(
  'play',
  [
    [6000, 6049],
    [6100, 6199],
  ],
  {
    /** Media (ingest): the broadcast is not live (it ended or was already frozen), so it cannot be frozen. */
    BROADCAST_NOT_LIVE: {
      code: 6001,
      ko: '진행 중인 방송이 아닙니다.',
      en: 'This broadcast is not live.',
      ja: '配信中の放送ではありません。',
      'zh-CN': '该直播当前未在进行。',
    },
    /** Viewer side of live video: no broadcast has this vod_key. */
    BROADCAST_NOT_FOUND: {
      code: 6101,
      ko: '방송을 찾을 수 없습니다.',
      en: 'The broadcast could not be found.',
      ja: '放送が見つかりません。',
      'zh-CN': '找不到该直播。',
    },
    /** The broadcast is not kept as a replay (still live, frozen, or not recorded). */
    REPLAY_NOT_FOUND: {
      code: 6102,
      ko: '다시보기가 없는 방송입니다.',
      en: 'This broadcast has no replay.',
      ja: 'この放送にはアーカイブがありません。',
      'zh-CN': '该直播没有回放。',
    },
    /** SPEC §1/§8 'mobile only': the site allows replay viewing on mobile only. */
    REPLAY_MOBILE_ONLY: {
      code: 6103,
      ko: '다시보기는 모바일에서만 이용할 수 있습니다.',
      en: 'Replays are available on mobile only.',
      ja: 'アーカイブはモバイルでのみご利用いただけます。',
      'zh-CN': '回放仅支持在移动端观看。',
    },
    /** A like is counted once per member and broadcast. */
    ALREADY_LIKED: {
      code: 6104,
      ko: '이미 좋아요를 눌렀습니다.',
      en: 'You already liked this broadcast.',
      ja: 'すでにいいねしています。',
      'zh-CN': '您已经点过赞了。',
    },
    /** The broadcast has ended (a heartbeat or like came too late). */
    BROADCAST_ENDED: {
      code: 6105,
      ko: '방송이 종료되었습니다.',
      en: 'The broadcast has ended.',
      ja: '放送は終了しました。',
      'zh-CN': '直播已结束。',
    },
    /** SPEC §8 'broadcast frozen by an administrator'. */
    BROADCAST_FROZEN: {
      code: 6106,
      ko: '관리자에 의해 방송이 정지되었습니다.',
      en: 'This broadcast was frozen by an administrator.',
      ja: '管理者により放送が停止されました。',
      'zh-CN': '该直播已被管理员冻结。',
    },
  },
);

/** The viewer's calls (docs/live-video.md, "Viewer side"), declared once for the server, the web and the tests. */
export const playEndpoints = {
  /** Also answers the gate codes (login, adult, …) with the info and without URLs. */
  info: endpoint<PlayInfo>()({
    method: 'GET',
    path: '/pubapi/play_info',
    request: PlayInfoQuerySchema,
    tags: ['live'],
    summary: 'A broadcast for /play/{vod_key}: state, info and (past the gates) playback URLs',
  }),
  liveRoom: endpoint<LiveRoomSet>()({
    method: 'GET',
    path: '/pubapi/live_room',
    request: LiveRoomQuerySchema,
    tags: ['live'],
    summary: "The BJ's live broadcast now (vod_key, '' off air), from one of their vod_keys or their ID: what an overlay follows",
  }),
  vodInfo: endpoint<PlayInfo>()({
    method: 'GET',
    path: '/pubapi/vod_info',
    request: PlayInfoQuerySchema,
    tags: ['live'],
    summary: 'A replay for /vod/{vod_key}: info and (past the switch and gates) its playlist',
  }),
  heartbeat: endpoint<HeartbeatSet>()({
    method: 'POST',
    path: '/pubapi/play_heartbeat',
    request: PlayBeatSchema,
    tags: ['live'],
    summary: 'Still watching: counts the caller as a viewer for 40 s',
  }),
  leave: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/pubapi/play_leave',
    request: PlayHeartbeatSchema,
    tags: ['live'],
    summary: 'Stopped watching',
  }),
  like: endpoint<LikeSet>()({
    method: 'POST',
    path: '/pubapi/play_like',
    request: PlayLikeSchema,
    tags: ['live'],
    summary: 'Likes a broadcast (once per member)',
  }),
} as const;
