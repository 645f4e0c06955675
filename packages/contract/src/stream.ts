import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import { type BroadcastState, QUALITIES, type Quality, VodKeySchema } from './play.js';

/**
 * The broadcaster's side of live video (docs/live-video.md, "Broadcaster side"): the stream key, the
 * stream settings of /mypage/stream (SPEC §7 update_stream_settinge_proc) and the OBS recommendations the
 * guides (/guide/obs, /guide/pc, /guide/mobile) show.
 */

/** Longest broadcast title, in characters (SPEC §5: title required, length limited). */
export const STREAM_TITLE_MAX = 60;
/** At most this many tags per broadcast, each at most STREAM_TAG_MAX characters. */
export const STREAM_TAGS_MAX = 5;
export const STREAM_TAG_MAX = 20;
/** A stream key is this many random bytes, base64url: 32 URL-safe characters. */
export const STREAM_KEY_BYTES = 24;
/** Characters of the key shown before the mask while it is hidden. */
export const STREAM_KEY_VISIBLE = 4;
/** Key regenerations per account within STREAM_KEY_RATE.windowMs. */
export const STREAM_KEY_RATE = { max: 5, windowMs: 10 * 60_000 } as const;

/** What OBS (or any RTMP encoder) should send; the guides explain each value. */
export const OBS_RECOMMENDED = {
  /** Seconds between keyframes: Byeol cuts 1 s HLS segments at keyframes. OBS's default (0 = auto) gives about 2 s. */
  keyframeSec: 1,
  encoder: 'x264',
  preset: 'veryfast',
  tune: 'zerolatency',
  rateControl: 'CBR',
  audioCodec: 'AAC',
  audioSampleRate: 48_000,
  audioBitrateKbps: 160,
  /** Video bitrate (CBR) per output resolution. */
  bitrates: [
    { resolution: '1920×1080', fps: 30, kbps: 6000 },
    { resolution: '1280×720', fps: 30, kbps: 4000 },
    { resolution: '854×480', fps: 30, kbps: 2000 },
  ],
} as const;

/** The three guide pages of SPEC §2. */
export const GUIDE_KINDS = ['obs', 'pc', 'mobile'] as const;
export type GuideKind = (typeof GUIDE_KINDS)[number];

const yn = z.enum(['Y', 'N']);
/** Form-encoded lists arrive as one comma-separated value or as repeated keys. */
const list = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v.join(',') : v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const chars = (s: string) => [...s].length;

/**
 * POST /mypage/update_stream_settinge_proc. The title is required; every other field changes only when
 * sent. Each refusal's message is a result-code name, so the server answers that code naming the field.
 */
export const StreamSettingSchema = z.object({
  title: z
    .string({ message: 'STREAM_TITLE_REQUIRED' })
    .trim()
    .min(1, { message: 'STREAM_TITLE_REQUIRED' })
    .refine((s) => chars(s) <= STREAM_TITLE_MAX, { message: 'STREAM_TITLE_LENGTH' }),
  /** Comma-separated (or repeated); an empty value clears the tags. Duplicates are dropped. */
  tags: list
    .refine((tags) => tags.length <= STREAM_TAGS_MAX && tags.every((t) => chars(t) <= STREAM_TAG_MAX), { message: 'STREAM_TAGS_LIMIT' })
    .transform((tags) => tags.filter((t, i) => tags.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i))
    .optional(),
  /** Subset of high, normal, low; high (the source, copied) is always kept. */
  qualities: list
    .refine((qs) => qs.every((q) => (QUALITIES as readonly string[]).includes(q)), { message: 'STREAM_QUALITY_INVALID' })
    .transform((qs): Quality[] => QUALITIES.filter((q) => q === 'high' || qs.includes(q)))
    .optional(),
  adult_yn: yn.optional(),
  record_yn: yn.optional(),
  login_required_yn: yn.optional(),
  /**
   * The MC appearing in the broadcast (a program's host, a K-star's guest): another active broadcaster,
   * picked with POST /popup/search_mc_more; 0 clears it.
   */
  mc_user_key: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type StreamSettingReq = z.infer<typeof StreamSettingSchema>;
/**
 * The result codes StreamSettingSchema's messages name, with the placeholders each message needs: the form
 * shows resultMessage(code, lang, params) before sending, the server answers the same code.
 */
export const STREAM_REFUSAL_PARAMS = {
  STREAM_TITLE_REQUIRED: {},
  STREAM_TITLE_LENGTH: { max: STREAM_TITLE_MAX },
  STREAM_TAGS_LIMIT: { num: STREAM_TAGS_MAX, max: STREAM_TAG_MAX },
  STREAM_QUALITY_INVALID: {},
} as const satisfies Record<string, Record<string, number>>;
export type StreamRefusal = keyof typeof STREAM_REFUSAL_PARAMS;
export const isStreamRefusal = (code: string): code is StreamRefusal => Object.hasOwn(STREAM_REFUSAL_PARAMS, code);

/** The fields of the settings form, in order. */
export const STREAM_SETTING_FIELDS = ['title', 'tags', 'qualities', 'adult_yn', 'record_yn', 'login_required_yn', 'mc_user_key'] as const;
export type StreamSettingField = (typeof STREAM_SETTING_FIELDS)[number];

/** GET /mypage/stream_info: `reveal=Y` answers the whole key, otherwise it is masked. */
export const StreamInfoQuerySchema = z.object({ reveal: yn.default('N') });
/** POST /mypage/stream_key_regenerate_proc. */
export const StreamKeyRegenerateSchema = z.object({ reveal: yn.default('N') });

/** The MC of a broadcast as the settings and the play room show them. */
export interface StreamMc {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
}

/** A broadcaster's stream settings as the API answers them. */
export interface StreamSettings {
  title: string;
  tags: string[];
  qualities: Quality[];
  adult_yn: 'Y' | 'N';
  record_yn: 'Y' | 'N';
  login_required_yn: 'Y' | 'N';
  /** The MC copied onto each new broadcast (and onto the live one when changed), or null. */
  mc: StreamMc | null;
}

/** What /mypage/stream shows: where to send the stream, the key, the settings and the live state. */
export interface StreamInfo {
  /** rtmp://host:port/live, for OBS's "Server" field. */
  rtmp_url: string;
  /** The whole key when revealed, otherwise its first STREAM_KEY_VISIBLE characters and a mask. */
  stream_key: string;
  revealed_yn: 'Y' | 'N';
  key_created_at: string;
  /** An operator sanction: no publishing until then (null when none). */
  sanctioned_until: string | null;
  settings: StreamSettings;
  /** Adult broadcasts need it (users.adult_verified_at). */
  adult_verified_yn: 'Y' | 'N';
  /** The broadcast live now, or null. */
  live: { vod_key: string; title: string; start_date: string } | null;
}

/** GET /pubapi/stream_guide_info: what the public guides fill in. */
export interface StreamGuideInfo {
  rtmp_url: string;
}

/** The key as shown while hidden. */
export const maskStreamKey = (key: string) => key.slice(0, STREAM_KEY_VISIBLE) + '•'.repeat(Math.max(0, key.length - STREAM_KEY_VISIBLE));

/** The bus channel on which a changed stream key is announced, so every ingest drops its cached copy. */
export const STREAM_KEY_CHANNEL = 'stream_key';
export interface StreamKeyMessage {
  user_key: number;
}

/**
 * The bus channel on which a broadcast's state changes are announced (the ingest: live, ended, frozen; the
 * settings call: updated), and its message.
 */
export const LIVE_BUS_CHANNEL = 'live';
export interface LiveBusMessage {
  type: 'live' | 'ended' | 'frozen' | 'updated';
  vod_key: string;
  bj_user_key: number;
}

/**
 * The live dashboard of /mypage/stream (docs/live-video.md, "Live dashboard"). The media role measures each
 * live broadcast's ingest (node-media-server's packets and bytes, the packager's ffmpeg progress) and
 * publishes it on the bus channel LIVE_STATS_CHANNEL every INGEST_STATS_EVERY_MS; every api process keeps
 * the last message per broadcast and answers it in `stream_live_stats` with the viewers, the gifts and the
 * warnings.
 */
export const LIVE_STATS_CHANNEL = 'live.stats';
/** How often the media role publishes a live broadcast's ingest measures. */
export const INGEST_STATS_EVERY_MS = 2_000;

/** When the dashboard warns (LiveWarning), and how often it refreshes. */
export const LIVE_HEALTH = {
  /** Keyframes further apart than this (seconds) lengthen the HLS segments (1 s wanted, OBS_RECOMMENDED). */
  keyframeMaxSec: 2,
  /** The bitrate of the last seconds above this many times the minute's median: a spike. */
  spikeRatio: 1.5,
  /** …below this many times the median: a drop. */
  dropRatio: 0.5,
  /** No video frame (or no measure from the media role) for this many seconds: no data. */
  noDataSec: 5,
  /** The dashboard asks again this often. */
  refreshMs: 3_000,
} as const;

/** What the media role measured of one live broadcast's ingest (the bus message, LIVE_STATS_CHANNEL). */
export interface IngestStats {
  vod_key: string;
  bj_user_key: number;
  /** Measured at (ms since the epoch, the media process's clock). */
  at: number;
  /** Everything the publisher sends (RTMP bytes: video, audio, overhead) over the last few seconds, kbit/s. */
  bitrate_kbps: number;
  /** The video alone over the same seconds, kbit/s. */
  video_kbps: number;
  /** The median of the last minute's bitrate (2 s steps), what a spike or drop is measured against; 0 until 20 s are known. */
  bitrate_median_kbps: number;
  /** Video frames received per second over the last few seconds. */
  fps: number;
  /** The frame rate the encoder declared (onMetaData), 0 when it declared none. */
  declared_fps: number;
  /** Seconds between the last two keyframes (or since the last one, when that is longer); 0 before the first. */
  keyframe_interval_sec: number;
  width: number;
  height: number;
  /** Video frames received since the publish began. */
  frames: number;
  /** Frames missing from the stream: gaps in the frames' timestamps (the encoder or OBS's network output dropped them). */
  dropped_frames: number;
  /** Frames that arrived more than a second behind the stream's pace (the encoder or the network fell behind). */
  late_frames: number;
  /** Milliseconds since the last video frame arrived (at `at`). */
  since_last_frame_ms: number;
  /** The HLS packager's ffmpeg progress: speed (1 = real time) and the frames it dropped or duplicated; null before its first report. */
  packager: { speed: number; drop_frames: number; dup_frames: number } | null;
}

/** The dashboard's warnings. */
export const LIVE_WARNINGS = ['no_data', 'keyframe_interval', 'bitrate_spike', 'bitrate_drop'] as const;
export type LiveWarning = (typeof LIVE_WARNINGS)[number];

/** The ingest's health as stream_live_stats answers it: the measures and how old they are. */
export type LiveIngestHealth = Omit<IngestStats, 'vod_key' | 'bj_user_key' | 'at'> & {
  /** Seconds since the last video frame arrived, as far as this process knows (measure age included). */
  data_age_sec: number;
};

/**
 * The warnings for a live broadcast's measures: `ingest` null (nothing measured yet, or the media role is
 * silent) is no data once the broadcast is `liveForSec` seconds old.
 */
export function liveWarnings(ingest: LiveIngestHealth | null, liveForSec: number): LiveWarning[] {
  if (!ingest) return liveForSec >= LIVE_HEALTH.noDataSec ? ['no_data'] : [];
  const out: LiveWarning[] = [];
  if (ingest.data_age_sec >= LIVE_HEALTH.noDataSec) out.push('no_data');
  if (ingest.keyframe_interval_sec > LIVE_HEALTH.keyframeMaxSec) out.push('keyframe_interval');
  const median = ingest.bitrate_median_kbps;
  if (median > 0 && !out.includes('no_data')) {
    if (ingest.bitrate_kbps > median * LIVE_HEALTH.spikeRatio) out.push('bitrate_spike');
    else if (ingest.bitrate_kbps < median * LIVE_HEALTH.dropRatio) out.push('bitrate_drop');
  }
  return out;
}

/** POST /mypage/stream_live_stats: one of the caller's own broadcasts. */
export const StreamLiveStatsSchema = z.object({ vod_key: VodKeySchema });

/** What the live dashboard shows of one of the BJ's broadcasts (live, or just ended). */
export interface StreamLiveStats {
  vod_key: string;
  state: BroadcastState;
  start_date: string;
  end_date: string | null;
  duration_sec: number;
  /** Viewers now (the heartbeats' presence set, as play_live_list counts them); 0 once ended. */
  viewer_cnt: number;
  peak_viewer_cnt: number;
  like_cnt: number;
  /** STAR given in this broadcast's room (its gift ranking rows): the total, the gifts and the givers. */
  star_cnt: number;
  star_gift_cnt: number;
  star_giver_cnt: number;
  /** Items gifted to the BJ since the broadcast began (until it ended), and their CUBIC price. */
  item_cnt: number;
  item_cubic: number;
  /** The ingest's health while live; null when nothing was measured (or the broadcast is over). */
  ingest: LiveIngestHealth | null;
  warnings: LiveWarning[];
  /** The viewers' latency while live; null when no player reported one in the last minute (or the broadcast is over). */
  viewer_latency: ViewerLatency | null;
}

/**
 * How far behind the live edge the viewers' players are (docs/live-video.md, "Viewers' latency"): each
 * reporting viewer's latest `latency_ms` of the last minute, as play_heartbeat carried it.
 */
export interface ViewerLatency {
  /** Viewers whose player reported a latency in the last minute. */
  reporting: number;
  /** The median and the 90th percentile (nearest rank), in milliseconds. */
  p50_ms: number;
  p90_ms: number;
}

/**
 * The broadcaster's calls (stream key and info, the guides' RTMP address), declared once for the server,
 * the web and the tests. The server checks the caller's access to updateSettings before its fields (it
 * answers each field's own code after the access check: `attachValidation`).
 */
export const streamEndpoints = {
  info: endpoint<StreamInfo>()({
    method: 'GET',
    path: '/mypage/stream_info',
    request: StreamInfoQuerySchema,
    tags: ['live'],
    summary: 'BJ accounts: RTMP URL, stream key (reveal=Y), settings, live state',
  }),
  updateSettings: endpoint<StreamInfo>()({
    method: 'POST',
    path: '/mypage/update_stream_settinge_proc',
    request: StreamSettingSchema,
    tags: ['live'],
    summary: 'BJ accounts: title, tags, quality levels, adult, recording, login-required',
  }),
  regenerateKey: endpoint<StreamInfo>()({
    method: 'POST',
    path: '/mypage/stream_key_regenerate_proc',
    request: StreamKeyRegenerateSchema,
    tags: ['live'],
    summary: 'BJ accounts: a new stream key; the old one stops at once',
  }),
  liveStats: endpoint<StreamLiveStats>()({
    method: 'POST',
    path: '/mypage/stream_live_stats',
    request: StreamLiveStatsSchema,
    tags: ['live'],
    summary:
      "The broadcast's own BJ only: viewers, STAR and items received this broadcast, the ingest's bitrate, fps, keyframe interval and dropped frames, warnings",
  }),
  guideInfo: endpoint<StreamGuideInfo>()({
    method: 'GET',
    path: '/pubapi/stream_guide_info',
    request: z.object({}),
    tags: ['live'],
    summary: 'The RTMP URL the set-up guides show',
  }),
} as const;

/** The stream result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const streamCodes = defineCodes('stream', [[6050, 6099]], {
  /** Broadcaster side of live video: only a BJ account (type_cd bj) has a stream key and settings. */
  STREAM_BJ_ONLY: {
    code: 6051,
    ko: '방송은 BJ 계정에서만 할 수 있습니다. BJ 신청 후 BJ 계정으로 전환해 주세요.',
    en: 'Only a BJ account can broadcast. Apply for a BJ account and switch to it.',
    ja: 'ライブ配信はBJアカウントでのみ行えます。BJ申請後、BJアカウントに切り替えてください。',
    'zh-CN': '只有BJ账号可以直播。请申请BJ账号并切换到该账号。',
  },
  /** SPEC §5 'title' required-input message: the broadcast title is empty. */
  STREAM_TITLE_REQUIRED: {
    code: 6052,
    ko: '방송 제목을 입력해 주세요.',
    en: 'Please enter a broadcast title.',
    ja: '放送タイトルを入力してください。',
    'zh-CN': '请输入直播标题。',
  },
  /** The broadcast title is longer than `{max}` characters. */
  STREAM_TITLE_LENGTH: {
    code: 6053,
    ko: '방송 제목은 {max}자까지 입력할 수 있습니다.',
    en: 'The broadcast title can be at most {max} characters.',
    ja: '放送タイトルは{max}文字まで入力できます。',
    'zh-CN': '直播标题最多可输入{max}个字符。',
  },
  /** More than `{num}` tags, or a tag longer than `{max}` characters. */
  STREAM_TAGS_LIMIT: {
    code: 6054,
    ko: '태그는 {num}개까지, 각 {max}자까지 입력할 수 있습니다.',
    en: 'Up to {num} tags, each at most {max} characters.',
    ja: 'タグは{num}個まで、各{max}文字まで入力できます。',
    'zh-CN': '标签最多{num}个，每个最多{max}个字符。',
  },
  /** A quality level other than high, normal or low. */
  STREAM_QUALITY_INVALID: {
    code: 6055,
    ko: '화질은 고화질, 일반 화질, 저화질 중에서 선택해 주세요.',
    en: 'Choose quality levels among high, normal and low.',
    ja: '画質は高画質・標準画質・低画質から選んでください。',
    'zh-CN': '请从高清、标清、流畅中选择画质。',
  },
  /** SPEC §5 'age-restricted content needs adult verification': an adult broadcast needs an adult-verified account. */
  STREAM_ADULT_NEEDS_VERIFY: {
    code: 6056,
    ko: '성인 방송은 성인 인증을 마친 계정만 설정할 수 있습니다.',
    en: 'Only an adult-verified account can set an adult broadcast.',
    ja: '成人向け放送は成人認証済みのアカウントのみ設定できます。',
    'zh-CN': '只有完成成人认证的账号才能设置成人直播。',
  },
  /** The MC must be another active broadcaster. */
  STREAM_MC_INVALID: {
    code: 6057,
    ko: 'MC로 지정할 수 없는 회원입니다. 다른 BJ를 선택해 주세요.',
    en: 'This member cannot be the MC. Choose another BJ.',
    ja: 'このメンバーはMCに指定できません。別のBJを選んでください。',
    'zh-CN': '无法将该会员设为MC，请选择其他BJ。',
  },
});
