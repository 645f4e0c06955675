import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import type { ListSet } from './envelope.js';

/**
 * Missions in the live room (issue 23, docs/missions.md): SOOP's challenge and battle missions on SPEC §9's
 * chat codes 40–46. STAR pledged to a mission is held in the BJ's escrow account of the ledger until the
 * mission settles: success (or a battle's winning side) pays the BJ at the site's reward rate, fail, cancel
 * and time-outs return every pledge in full, each settlement in one database transaction.
 */

const SnSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const MISSION_LIMITS = {
  /** The smallest pledge a BJ may ask for, and the largest such minimum (SOOP's range). */
  pledgeMinLow: 100,
  pledgeMinHigh: 30_000,
  /** The minimum pledge of a room whose BJ set none. */
  pledgeMinDefault: 1_000,
  /** One pledge's ceiling (a gift's). */
  pledgeMax: 1_000_000,
  titleMax: 60,
  sidesMin: 2,
  sidesMax: 4,
  sideLabelMax: 20,
  /** The timer a BJ starts a mission with: 10 s to 1 h, 5 minutes unless given. */
  durationMinSec: 10,
  durationMaxSec: 3_600,
  durationDefaultSec: 300,
  /** Missions open at once in one room (pending or running). */
  openMax: 20,
  /** A pending (requested, not started) mission cancels itself after an hour. */
  pendingTtlMs: 60 * 60_000,
  /** A running mission whose timer ended an hour ago without a verdict fails (every pledge returned). */
  verdictGraceMs: 60 * 60_000,
  /** After the BJ cancels a member's request, the member waits this long before requesting in that room again. */
  cancelCooldownMs: 5 * 60_000,
  /** This many of a member's requests cancelled by BJs within a day block the member's requests for a day. */
  cancelBlockCount: 5,
  cancelBlockWindowMs: 24 * 60 * 60_000,
  /** The contributors a settlement lists. */
  settleTop: 40,
} as const;

export const MISSION_TYPES = ['challenge', 'battle'] as const;
export type MissionType = (typeof MISSION_TYPES)[number];

/**
 * pending → running → success | fail (challenge) or settled (battle); pending or running → cancelled.
 * `cancel_reason`: bj (the BJ or a manager), timeout (pending an hour), overdue (no verdict an hour after the
 * timer), ended (the broadcast ended).
 */
export const MISSION_STATES = ['pending', 'running', 'success', 'fail', 'settled', 'cancelled'] as const;
export type MissionState = (typeof MISSION_STATES)[number];
export const MISSION_OPEN_STATES: readonly MissionState[] = ['pending', 'running'];
export type MissionCancelReason = 'bj' | 'timeout' | 'overdue' | 'ended';
/** A battle's losing pledges: returned to their members, or paid to the BJ with the winners'. */
export const MISSION_LOSE_RULES = ['refund', 'pay'] as const;
export type MissionLoseRule = (typeof MISSION_LOSE_RULES)[number];

/**
 * The chat events of a mission (SPEC §9 codes 40–46), fixed once here: every step reaches the room as
 * OUTSIDE_MSG with `data: MissionChatEventData`.
 */
export const MissionEvent = {
  REQUEST: 40,
  ADD: 41,
  START: 42,
  SUCCESS: 43,
  FAIL: 44,
  CANCEL: 45,
  SETTLE: 46,
} as const;
export type MissionEventCode = (typeof MissionEvent)[keyof typeof MissionEvent];

export interface MissionSide {
  side_no: number;
  label: string;
  total_star: number;
  pledge_cnt: number;
}

export interface MissionInfo {
  mission_sn: number;
  vod_key: string;
  bj_user_key: number;
  mission_type: MissionType;
  title: string;
  state: MissionState;
  /** STAR pledged (held in escrow while open). */
  total_star: number;
  pledge_cnt: number;
  /** The member who requested it (null: the BJ or a manager created it). */
  requester: { user_key: number; nick: string } | null;
  /** A battle's sides (empty for a challenge). */
  sides: MissionSide[];
  lose_rule: MissionLoseRule;
  /** A settled battle's winning side; 0 for a draw. */
  winner_side: number | null;
  duration_sec: number | null;
  /** ISO 8601. */
  created_at: string;
  started_at: string | null;
  /** When the started timer ends. */
  ends_at: string | null;
  /** When a pending mission cancels itself. */
  expires_at: string | null;
  settled_at: string | null;
  cancel_reason: MissionCancelReason | null;
  /** STAR paid to the BJ's earnings and to the platform, and returned to members, at settlement. */
  paid_star: number;
  platform_star: number;
  refunded_star: number;
  /** The caller's own pledges to it (0 signed out). */
  my_star: number;
}

export interface MissionContributor {
  user_key: number;
  nick: string;
  star_cnt: number;
  /** A battle's side (0 for a challenge). */
  side_no: number;
}

export interface MissionListExtra {
  vod_key: string;
  /** The room's smallest pledge. */
  pledge_min: number;
  /** Whether the caller runs this room's missions (its BJ or a manager). */
  can_manage: boolean;
}

export interface MissionDetail {
  mission: MissionInfo;
  /** The top contributors (MISSION_LIMITS.settleTop), largest first. */
  contributors: MissionContributor[];
}

/** What a mission chat event (40–46) carries. */
export interface MissionChatEventData {
  mission: MissionInfo;
  /** The step's own amount (an added pledge) and side. */
  star_cnt?: number;
  side_no?: number;
  /** Settlement events (43, 44, 45, 46): the top contributors. */
  contributors?: MissionContributor[];
  [key: string]: unknown;
}

export const MissionListSchema = z.object({ vod_key: z.string().min(1).max(64) });
export const MissionRefSchema = z.object({ mission_sn: SnSchema.optional() });

const TitleSchema = z
  .string({ message: 'MISSION_TITLE_REQUIRED' })
  .trim()
  .min(1, { message: 'MISSION_TITLE_REQUIRED' })
  .refine((s) => [...s].length <= MISSION_LIMITS.titleMax, { message: 'MISSION_TITLE_LENGTH' });

export const MissionCreateSchema = z.object({
  vod_key: z.string().min(1).max(64),
  mission_type: z.enum(MISSION_TYPES).default('challenge'),
  title: TitleSchema,
  /** A viewer's request pledges this much at once; the BJ may create a challenge without one. */
  star_cnt: z.string().max(16).optional(),
  /** A battle's side labels, one per line (2–4). */
  sides: z.string().max(200).optional(),
  lose_rule: z.enum(MISSION_LOSE_RULES).default('refund'),
  /** Or the Idempotency-Key header. */
  idempotency_key: z.string().max(128).optional(),
});
export type MissionCreateReq = z.infer<typeof MissionCreateSchema>;

export const MissionAddSchema = z.object({
  mission_sn: SnSchema.optional(),
  star_cnt: z.string().max(16),
  /** A battle's side (1–4). */
  side_no: z.coerce.number().int().min(0).max(MISSION_LIMITS.sidesMax).default(0),
  idempotency_key: z.string().max(128).optional(),
});
export type MissionAddReq = z.infer<typeof MissionAddSchema>;

export const MissionStartSchema = z.object({
  mission_sn: SnSchema.optional(),
  duration_sec: z.coerce
    .number()
    .int()
    .min(MISSION_LIMITS.durationMinSec)
    .max(MISSION_LIMITS.durationMaxSec)
    .default(MISSION_LIMITS.durationDefaultSec),
});

/** A challenge's verdict (success, fail) or a battle's (win with side_no, draw). */
export const MissionResultSchema = z.object({
  mission_sn: SnSchema.optional(),
  result: z.enum(['success', 'fail', 'win', 'draw']),
  side_no: z.coerce.number().int().min(0).max(MISSION_LIMITS.sidesMax).default(0),
});
export type MissionResultReq = z.infer<typeof MissionResultSchema>;

export const MissionSettingSchema = z.object({
  pledge_min: z.coerce.number().int().min(MISSION_LIMITS.pledgeMinLow).max(MISSION_LIMITS.pledgeMinHigh),
});

export const missionsEndpoints = {
  list: endpoint<ListSet<MissionInfo> & MissionListExtra>()({
    method: 'GET',
    path: '/mission/mission_list',
    request: MissionListSchema,
    tags: ['missions'],
    summary: "A live room's open missions and the ones settled in this broadcast, newest first",
  }),
  info: endpoint<MissionDetail>()({
    method: 'GET',
    path: '/mission/mission_info',
    request: MissionRefSchema,
    tags: ['missions'],
    summary: 'One mission with its top 40 contributors',
  }),
  create: endpoint<MissionDetail>()({
    method: 'POST',
    path: '/mission/mission_request_proc',
    request: MissionCreateSchema,
    tags: ['missions'],
    summary:
      'A viewer requests a challenge with a STAR pledge (held in escrow), or the BJ or a manager creates a challenge or a battle (chat 40)',
  }),
  add: endpoint<MissionDetail & { balance: number }>()({
    method: 'POST',
    path: '/mission/mission_add_proc',
    request: MissionAddSchema,
    tags: ['missions'],
    summary: "Pledge STAR to an open mission (a battle's side), held in escrow until it settles (chat 41; idempotent by key)",
  }),
  start: endpoint<MissionDetail>()({
    method: 'POST',
    path: '/mission/mission_start_proc',
    request: MissionStartSchema,
    tags: ['missions'],
    summary: 'The BJ or a manager starts a pending mission with a timer (chat 42)',
  }),
  result: endpoint<MissionDetail>()({
    method: 'POST',
    path: '/mission/mission_result_proc',
    request: MissionResultSchema,
    tags: ['missions'],
    summary:
      "The BJ or a manager settles a mission: a challenge's success pays the BJ, its fail returns every pledge (43, 44); a battle's winner or draw (46)",
  }),
  cancel: endpoint<MissionDetail>()({
    method: 'POST',
    path: '/mission/mission_cancel_proc',
    request: MissionRefSchema,
    tags: ['missions'],
    summary: 'The BJ or a manager cancels an open mission; every pledge returns (chat 45)',
  }),
  setting: endpoint<{ pledge_min: number }>()({
    method: 'POST',
    path: '/mission/mission_setting_proc',
    request: MissionSettingSchema,
    tags: ['missions'],
    summary: "The BJ's smallest mission pledge (100–30,000 STAR)",
  }),
} as const;

/** Refusals with a SPEC message of their own, named by the request schemas (REFUSAL_PARAMS). */
export const MISSION_REFUSAL_PARAMS = {
  MISSION_TITLE_REQUIRED: {},
  MISSION_TITLE_LENGTH: { max: MISSION_LIMITS.titleMax },
} as const;

export const missionsCodes = defineCodes('missions', [[8900, 8999]], {
  MISSION_NOT_FOUND: {
    code: 8901,
    ko: '미션을 찾을 수 없습니다.',
    en: 'This mission could not be found.',
    ja: 'ミッションが見つかりません。',
    'zh-CN': '找不到该任务。',
  },
  /** SPEC §5 'mission selection' required. */
  MISSION_SELECT_REQUIRED: {
    code: 8902,
    ko: '미션을 선택해 주세요.',
    en: 'Please select a mission.',
    ja: 'ミッションを選択してください。',
    'zh-CN': '请选择任务。',
  },
  MISSION_TITLE_REQUIRED: {
    code: 8903,
    ko: '미션 내용을 입력해 주세요.',
    en: 'Please enter the mission.',
    ja: 'ミッション内容を入力してください。',
    'zh-CN': '请输入任务内容。',
  },
  MISSION_TITLE_LENGTH: {
    code: 8904,
    ko: '미션 내용은 {max}자 이하로 입력해 주세요.',
    en: 'The mission can be at most {max} characters.',
    ja: 'ミッション内容は{max}文字以内で入力してください。',
    'zh-CN': '任务内容最多{max}个字。',
  },
  MISSION_PLEDGE_MIN: {
    code: 8905,
    ko: '이 방의 미션 후원은 {min}개 이상입니다.',
    en: 'Missions in this room take at least {min} STAR.',
    ja: 'このルームのミッションは{min}個以上から支援できます。',
    'zh-CN': '本直播间的任务至少需要{min}个STAR。',
  },
  MISSION_CLOSED: {
    code: 8906,
    ko: '이미 종료된 미션입니다.',
    en: 'This mission has already ended.',
    ja: 'このミッションはすでに終了しています。',
    'zh-CN': '该任务已结束。',
  },
  MISSION_STATE: {
    code: 8907,
    ko: '지금은 할 수 없는 미션 단계입니다.',
    en: 'The mission cannot do that at this step.',
    ja: '現在の段階ではこの操作はできません。',
    'zh-CN': '任务当前阶段无法进行此操作。',
  },
  MISSION_MANAGERS_ONLY: {
    code: 8908,
    ko: 'BJ 또는 매니저만 할 수 있습니다.',
    en: 'Only the BJ or a manager can do this.',
    ja: 'BJまたはマネージャーのみ操作できます。',
    'zh-CN': '仅主播或管理员可以操作。',
  },
  MISSION_COOLDOWN: {
    code: 8909,
    ko: 'BJ가 요청을 취소했습니다. {minutes}분 후에 다시 요청할 수 있습니다.',
    en: 'The BJ cancelled your request. You can request again in {minutes} min.',
    ja: 'BJがリクエストを取り消しました。{minutes}分後に再度リクエストできます。',
    'zh-CN': '主播取消了您的请求。{minutes}分钟后可再次请求。',
  },
  MISSION_BLOCKED: {
    code: 8910,
    ko: '취소된 요청이 많아 24시간 동안 미션을 요청할 수 없습니다.',
    en: 'Too many of your requests were cancelled: you cannot request missions for 24 hours.',
    ja: '取り消されたリクエストが多いため、24時間ミッションをリクエストできません。',
    'zh-CN': '您被取消的请求过多，24小时内无法请求任务。',
  },
  MISSION_SIDES_INVALID: {
    code: 8911,
    ko: '배틀 미션은 {min}~{max}개의 편이 필요합니다 (편 이름 {len}자 이하).',
    en: 'A battle needs {min} to {max} sides (names of at most {len} characters).',
    ja: 'バトルミッションには{min}〜{max}個のチームが必要です（名前は{len}文字以内）。',
    'zh-CN': '对战任务需要{min}至{max}个阵营（名称不超过{len}个字）。',
  },
  MISSION_SIDE_REQUIRED: {
    code: 8912,
    ko: '후원할 편을 선택해 주세요.',
    en: 'Please choose a side.',
    ja: '支援するチームを選択してください。',
    'zh-CN': '请选择阵营。',
  },
  MISSION_SELF: {
    code: 8913,
    ko: '자신의 방송 미션에는 후원할 수 없습니다.',
    en: 'You cannot pledge to a mission of your own broadcast.',
    ja: '自分の放送のミッションには支援できません。',
    'zh-CN': '不能支持自己直播的任务。',
  },
  MISSION_ROOM_BLOCKED: {
    code: 8914,
    ko: 'BJ가 차단하여 이 방의 미션에 참여할 수 없습니다.',
    en: 'The BJ blocked you: you cannot take part in missions of this room.',
    ja: 'BJにブロックされているため、このルームのミッションに参加できません。',
    'zh-CN': '您已被主播屏蔽，无法参与本直播间的任务。',
  },
  MISSION_TOO_MANY: {
    code: 8915,
    ko: '진행 중인 미션이 너무 많습니다 (최대 {max}개).',
    en: 'Too many missions are open in this room (at most {max}).',
    ja: '進行中のミッションが多すぎます（最大{max}個）。',
    'zh-CN': '进行中的任务过多（最多{max}个）。',
  },
  MISSION_PLEDGE_MIN_RANGE: {
    code: 8916,
    ko: '최소 후원 개수는 {min}~{max}개 사이로 정해 주세요.',
    en: 'The smallest pledge must be between {min} and {max} STAR.',
    ja: '最小支援数は{min}〜{max}個の間で設定してください。',
    'zh-CN': '最低支持数须在{min}至{max}之间。',
  },
});
