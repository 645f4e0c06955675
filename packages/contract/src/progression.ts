import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';

/**
 * Levels and experience (issue 23, docs/progression.md). Four ladders:
 * - `user`: the member level (user_info `user_level`), from attendance, minutes watched, chat, STAR given;
 * - `vip`: the site-wide VIP grade (`vip_level`), from the STAR a member gave over the last VIP_WINDOW_DAYS;
 * - `bj`: the BJ level (`bj_level_v2`), from hours on air, STAR received and follows received;
 * - `fan`: one per (member, BJ), from minutes watched and chat in that BJ's rooms, STAR given to the BJ, the follow.
 * Every grant is stored once per (member, ladder, BJ, source, event ref), so a replayed event never counts twice.
 */

export const LADDERS = ['user', 'vip', 'bj', 'fan'] as const;
export type Ladder = (typeof LADDERS)[number];
/** The ladders experience is granted on (the VIP grade is a rolling STAR sum, not experience). */
export const XP_LADDERS = ['user', 'bj', 'fan'] as const;
export type XpLadder = (typeof XP_LADDERS)[number];

/** Where experience comes from; `ref` of a grant names the event (a KST day or minute, a ledger transaction, a broadcast…). */
export const XP_SOURCES = ['attend', 'watch', 'chat', 'star_given', 'star_received', 'follow', 'follow_received', 'broadcast'] as const;
export type XpSource = (typeof XP_SOURCES)[number];

/** How much each fact is worth (docs/progression.md); the same for every site. */
export const XP_RULES = {
  /** The first signed-in page of a KST day. */
  attend: 10,
  /** Per KST minute with a watching heartbeat (one minute counts once, however many rooms or tabs). */
  watchPerMinute: 1,
  /** Per KST minute in which the member chatted in a room. */
  chatPerMinute: 2,
  /** One point per this many STAR given (member and fan ladders) or received (BJ ladder). */
  starPerPoint: 10,
  /** Following a BJ (the fan ladder, once per BJ ever). */
  follow: 20,
  /** A new follower (the BJ ladder, once per follower ever). */
  followReceived: 5,
  /** Per minute on air of an ended broadcast. */
  broadcastPerMinute: 2,
} as const;

/** The bus channel chat nodes send members' chat minutes on: `{ a: ChatMinute[] }`, every few seconds. */
export const PROGRESS_CHAT_CHANNEL = 'progress.chat';
/** One chat minute: [member, BJ, vod_key, KST minute]. */
export type ChatMinute = [number, number, string, string];

const KST_MS = 9 * 3_600_000;
/** `YYYY-MM-DD` of the KST day of `at` (attendance). */
export function kstDay(at = Date.now()): string {
  return new Date(at + KST_MS).toISOString().slice(0, 10);
}
/** `YYYY-MM-DDTHH:mm` of the KST minute of `at` (watching and chat minutes). */
export function kstMinute(at = Date.now()): string {
  return new Date(at + KST_MS).toISOString().slice(0, 16);
}

/** The VIP grade counts the STAR a member gave over this many days (like a shop's VIP grade). */
export const VIP_WINDOW_DAYS = 90;

/**
 * A level table: entry k (0-based) is the experience (STAR for `vip`) needed for level k+1 of the member,
 * user, BJ and fan ladders, which start at level 1 (entry 0 is 0), and for grade k+1 of the VIP ladder,
 * which starts at grade 0. Strictly increasing. Operators edit them in the console.
 */
export type LevelTables = Record<Ladder, number[]>;

export const DEFAULT_LEVEL_TABLES: LevelTables = {
  user: [
    0, 60, 180, 400, 750, 1_250, 2_000, 3_000, 4_500, 6_500, 9_000, 12_000, 16_000, 21_000, 27_000, 34_000, 42_000, 51_000, 61_000, 72_000,
  ],
  vip: [1_000, 10_000, 50_000, 200_000, 1_000_000],
  bj: [
    0, 120, 400, 900, 1_800, 3_200, 5_200, 8_000, 12_000, 17_000, 24_000, 33_000, 45_000, 60_000, 80_000, 105_000, 135_000, 170_000,
    210_000, 260_000,
  ],
  fan: [0, 30, 100, 250, 500, 1_000, 2_000, 3_500, 6_000, 10_000],
};

export const LEVEL_TABLE_LIMITS = { levelsMax: 100, valueMax: 1_000_000_000_000 } as const;

/** The ladder's lowest level: 0 for the VIP grade (no grade), 1 for the others. */
export function ladderFloor(ladder: Ladder): number {
  return ladder === 'vip' ? 0 : 1;
}

/** The level `value` (experience, or STAR for vip) reaches on `table`. */
export function levelOf(ladder: Ladder, table: readonly number[], value: number): number {
  let reached = 0;
  for (const need of table) {
    if (value >= need) reached++;
    else break;
  }
  return Math.max(ladderFloor(ladder), reached);
}

/** What `table` asks for the level after `level`, or null at the top. */
export function nextNeed(table: readonly number[], level: number): number | null {
  // Level k+1 is entry k, for every ladder (the VIP grade starts at 0, the others at 1).
  return table[level] ?? null;
}

/** What `table` asked for `level` itself (0 below the first entry). */
export function levelNeed(table: readonly number[], level: number): number {
  const index = level - 1;
  return index >= 0 ? (table[index] ?? 0) : 0;
}

/** The refusal a level table gets, or null when it is well formed. */
export function levelTableProblem(ladder: Ladder, table: readonly number[]): 'LEVEL_TABLE_INVALID' | null {
  if (table.length < 1 || table.length > LEVEL_TABLE_LIMITS.levelsMax) return 'LEVEL_TABLE_INVALID';
  if (ladder !== 'vip' && table[0] !== 0) return 'LEVEL_TABLE_INVALID';
  for (let i = 0; i < table.length; i++) {
    const v = table[i] as number;
    if (!Number.isSafeInteger(v) || v < 0 || v > LEVEL_TABLE_LIMITS.valueMax) return 'LEVEL_TABLE_INVALID';
    if (i > 0 && v <= (table[i - 1] as number)) return 'LEVEL_TABLE_INVALID';
  }
  if (ladder === 'vip' && (table[0] as number) < 1) return 'LEVEL_TABLE_INVALID';
  return null;
}

/** One ladder's standing: the level, the experience (STAR for vip), what this level asked and the next asks. */
export interface LadderStanding {
  level: number;
  exp: number;
  /** What the current level asked (the bar's start). */
  exp_level: number;
  /** What the next level asks; null at the top of the table. */
  exp_next: number | null;
  /** The top level of the table. */
  level_max: number;
}

/** POST /pubapi/user_level_info: SPEC §7 grade_detail_info, the caller's ladders (or a member's, by `id`, without the VIP STAR sum). */
export interface GradeDetailInfo {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  user_level: number;
  vip_level: number;
  bj_level_v2: number;
  /** The member level's bar. */
  user: LadderStanding;
  /** The VIP grade's bar: STAR given in the last VIP_WINDOW_DAYS (only in one's own answer; 0 otherwise). */
  vip: LadderStanding;
  /** The BJ level's bar; null for a member who is not a BJ. */
  bj: LadderStanding | null;
  /** Y when today's attendance (KST) is already counted. */
  attend_today: 'Y' | 'N';
  vip_window_days: number;
}
export interface UserLevelInfoSet {
  grade_detail_info: GradeDetailInfo;
}
export const UserLevelInfoSchema = z
  .object({ id: z.string().trim().max(40).optional() })
  .nullish()
  .transform((v) => ({ id: v?.id ?? '' }));

/** GET /pubapi/level_table: every ladder's table and the experience rules (the level pages' how-to-earn). */
export interface LevelTableSet {
  level_tables: LevelTables;
  xp_rules: typeof XP_RULES;
  vip_window_days: number;
}

/** POST /mypage/level_history: my grants on one ladder, newest first. */
export const LevelHistorySchema = PagingSchema.extend({ ladder: z.enum(XP_LADDERS).default('user') });
export interface XpGrantItem {
  source: XpSource;
  amount: number;
  /** The BJ of a fan or watch grant (the fan ladder's BJ); null on the member and BJ ladders' own facts. */
  bj_id: string | null;
  bj_nick: string | null;
  reg_date: string;
}

/** POST /mypage/level_fan_list: `mine` my fan levels with BJs, `bj` my fans by fan level (a BJ's page). */
export const LevelFanListSchema = PagingSchema.extend({ mode: z.enum(['mine', 'bj']).default('mine') });
export interface FanLevelItem {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  fan_level: number;
  exp: number;
  exp_next: number | null;
}

/** POST /admin/level_table_proc: replace one ladder's table (operators; audited). `levels`: the values, comma separated. */
export const LevelTableProcSchema = z.object({
  ladder: z.enum(LADDERS),
  levels: z
    .string()
    .trim()
    .min(1, { message: 'LEVEL_TABLE_INVALID' })
    .max(2_000, { message: 'LEVEL_TABLE_INVALID' })
    .transform((s, ctx) => {
      const parts = s.split(/[\s,]+/).filter((p) => p !== '');
      const out: number[] = [];
      for (const p of parts) {
        if (!/^\d+$/.test(p)) {
          ctx.addIssue({ code: 'custom', message: 'LEVEL_TABLE_INVALID' });
          return z.NEVER;
        }
        out.push(Number(p));
      }
      return out;
    }),
});

/** `data` of a level-up chat event (110 member, 111 BJ, 112 fan): `target` is the member who rose. */
export interface LevelUpChatData {
  ladder: XpLadder;
  level: number;
  prev_level: number;
  /** The BJ of a fan level. */
  bj_user_key?: number;
}
export const LEVEL_UP_CODES = { user: 110, bj: 111, fan: 112 } as const satisfies Record<XpLadder, number>;

// ---- medals (SPEC §3 user_medal_info) -------------------------------------------------------------

/**
 * A medal: what it counts and the five counts its levels 1–5 ask. `basic1` is the join itself (level 1).
 * Medal ids are SPEC §3's; `bj_level` and `user_fan` are the "etc." (docs/progression.md, Medals).
 */
export interface MedalDef {
  id: string;
  group: 'basic' | 'comm' | 'user' | 'bj';
  levels: readonly number[];
}
export const MEDALS = [
  { id: 'basic1', group: 'basic', levels: [1] },
  { id: 'comm1', group: 'comm', levels: [1, 10, 50, 200, 1_000] },
  { id: 'comm2', group: 'comm', levels: [1, 10, 100, 500, 2_000] },
  { id: 'comm3', group: 'comm', levels: [1, 10, 50, 200, 1_000] },
  { id: 'comm4', group: 'comm', levels: [1, 10, 100, 500, 2_000] },
  { id: 'comm5', group: 'comm', levels: [1, 5, 20, 100, 500] },
  { id: 'user_attend', group: 'user', levels: [1, 7, 30, 100, 365] },
  { id: 'user_invite', group: 'user', levels: [1, 5, 20, 50, 100] },
  { id: 'user_viewer', group: 'user', levels: [60, 600, 3_000, 10_000, 30_000] },
  { id: 'user_liker', group: 'user', levels: [1, 10, 100, 500, 2_000] },
  { id: 'user_follower', group: 'user', levels: [1, 5, 20, 50, 100] },
  { id: 'user_star', group: 'user', levels: [1_000, 10_000, 100_000, 1_000_000, 10_000_000] },
  { id: 'user_level', group: 'user', levels: [3, 5, 10, 15, 20] },
  { id: 'user_fan', group: 'user', levels: [1, 3, 10, 30, 100] },
  { id: 'bj_attend', group: 'bj', levels: [1, 7, 30, 100, 365] },
  { id: 'bj_invite', group: 'bj', levels: [1, 3, 10, 30, 100] },
  { id: 'bj_viewer', group: 'bj', levels: [10, 100, 1_000, 10_000, 50_000] },
  { id: 'bj_liker', group: 'bj', levels: [10, 100, 1_000, 10_000, 100_000] },
  { id: 'bj_follower', group: 'bj', levels: [10, 100, 1_000, 10_000, 100_000] },
  { id: 'bj_star', group: 'bj', levels: [10_000, 100_000, 1_000_000, 10_000_000, 100_000_000] },
  { id: 'bj_level', group: 'bj', levels: [3, 5, 10, 15, 20] },
] as const satisfies readonly MedalDef[];
export type MedalId = (typeof MEDALS)[number]['id'];

/** Each medal's name in the four languages (SPEC §3 "label"). */
export const MEDAL_LABELS: Record<MedalId, Record<'ko' | 'en' | 'ja' | 'zh-CN', string>> = {
  basic1: { ko: '별 가족', en: 'Welcome to Byeol', ja: 'ようこそ', 'zh-CN': '欢迎加入' },
  comm1: { ko: '이야기꾼', en: 'Storyteller', ja: 'ストーリーテラー', 'zh-CN': '讲述者' },
  comm2: { ko: '댓글러', en: 'Commenter', ja: 'コメンター', 'zh-CN': '评论达人' },
  comm3: { ko: '방명록 단골', en: 'Guest book regular', ja: 'ゲストブックの常連', 'zh-CN': '留言板常客' },
  comm4: { ko: '쪽지 친구', en: 'Pen pal', ja: 'メッセージ友達', 'zh-CN': '私信好友' },
  comm5: { ko: '클립 메이커', en: 'Clip maker', ja: 'クリップメーカー', 'zh-CN': '剪辑达人' },
  user_attend: { ko: '출석왕', en: 'Attendance', ja: '出席王', 'zh-CN': '签到王' },
  user_invite: { ko: '친구 초대', en: 'Inviter', ja: '友達招待', 'zh-CN': '邀请好友' },
  user_viewer: { ko: '시청왕', en: 'Viewer', ja: '視聴王', 'zh-CN': '观看达人' },
  user_liker: { ko: '추천왕', en: 'Liker', ja: 'おすすめ王', 'zh-CN': '点赞达人' },
  user_follower: { ko: '팔로워', en: 'Follower', ja: 'フォロワー', 'zh-CN': '关注达人' },
  user_star: { ko: '별 선물', en: 'STAR giver', ja: 'STARギフト', 'zh-CN': 'STAR赠送' },
  user_level: { ko: '레벨 업', en: 'Level up', ja: 'レベルアップ', 'zh-CN': '等级提升' },
  user_fan: { ko: '팬클럽', en: 'Fan clubs', ja: 'ファンクラブ', 'zh-CN': '粉丝团' },
  bj_attend: { ko: '방송 출석', en: 'On air days', ja: '配信出席', 'zh-CN': '直播签到' },
  bj_invite: { ko: 'BJ 초대', en: 'BJ inviter', ja: 'BJ招待', 'zh-CN': '邀请主播' },
  bj_viewer: { ko: '인기 방송', en: 'Crowd', ja: '人気配信', 'zh-CN': '人气直播' },
  bj_liker: { ko: '추천 받은 BJ', en: 'Liked BJ', ja: 'おすすめされたBJ', 'zh-CN': '获赞主播' },
  bj_follower: { ko: '팔로워 모으기', en: 'Followers gained', ja: 'フォロワー獲得', 'zh-CN': '粉丝积累' },
  bj_star: { ko: '별 받기', en: 'STAR received', ja: 'STAR獲得', 'zh-CN': '获得STAR' },
  bj_level: { ko: 'BJ 레벨 업', en: 'BJ level up', ja: 'BJレベルアップ', 'zh-CN': '主播等级提升' },
};

/** The medal's level for a count: how many of its counts are reached (0: not yet). */
export function medalLevel(levels: readonly number[], count: number): number {
  let n = 0;
  for (const need of levels) if (count >= need) n++;
  return n;
}

export interface MedalItem {
  id: MedalId;
  group: MedalDef['group'];
  label: string;
  /** 0 until the first count is reached. */
  level: number;
  level_max: number;
  /** What was counted, and what the next level asks (null at the top). */
  count: number;
  next: number | null;
  /** When the current level was first seen reached (ISO), '' at level 0. */
  date: string;
}
/** POST /mypage/medal_html: the medals, and SPEC §3 user_medal_info (`{id}_level`, `{id}_date`). */
export interface MedalSet {
  user_medal_info: Record<string, number | string>;
  medal_list: MedalItem[];
  /** The member's referral code (their login ID), for invites. */
  referral_code: string;
}

// ---- achievements (SPEC §3 achievement info: today's challenges) ------------------------------------

export const ACHIEVEMENT_RULES = {
  /** Minutes watched in a KST day for realtime_30 and realtime_60. */
  realtime30: 30,
  realtime60: 60,
  /** Days listed in day_data_list (today first). */
  days: 7,
  /** CUBIC a completed day's reward gives, times the site's reward rate (rounded down). */
  rewardCubic: 10,
} as const;

/** One KST day's challenges: watched, 30 and 60 minutes, liked (recommend) a broadcast, gave STAR; total when all five. */
export interface AchievementDay {
  day: string;
  watch_minutes: number;
  viewer_yn: 'Y' | 'N';
  realtime_30_yn: 'Y' | 'N';
  realtime_60_yn: 'Y' | 'N';
  recommend_yn: 'Y' | 'N';
  use_star_yn: 'Y' | 'N';
  total_yn: 'Y' | 'N';
  /** Y when the day is complete and its reward not yet claimed (and the reward switch is on). */
  reward_yn: 'Y' | 'N';
  /** Y once the day's reward was claimed. */
  reward_done_yn: 'Y' | 'N';
}
/** POST /mypage/achievement_html: today's flags (SPEC §3) and the last days. */
export interface AchievementSet extends Omit<AchievementDay, 'day' | 'watch_minutes'> {
  day_data_list: AchievementDay[];
  reward_cubic: number;
}
/** POST /mypage/achieve_proc: claim a completed day's reward (today unless `day`), once, through the ledger. */
export const AchieveProcSchema = z.object({ day: z.iso.date().optional() });
export interface AchieveProcSet {
  day: string;
  cubic: number;
  cubic_cnt: number;
}

export const progressionEndpoints = {
  levelInfo: endpoint<UserLevelInfoSet>()({
    method: 'POST',
    path: '/pubapi/user_level_info',
    request: UserLevelInfoSchema,
    tags: ['progression'],
    summary:
      "The caller's member level, VIP grade and BJ level with their bars (grade_detail_info); `id` reads another member's public levels",
  }),
  levelTable: endpoint<LevelTableSet>()({
    method: 'GET',
    path: '/pubapi/level_table',
    request: z.object({}),
    tags: ['progression'],
    summary: 'Every ladder’s level table and what earns experience',
  }),
  history: endpoint<ListSet<XpGrantItem>>()({
    method: 'POST',
    path: '/mypage/level_history',
    request: LevelHistorySchema,
    tags: ['progression'],
    summary: 'My experience grants on one ladder, newest first',
  }),
  fanList: endpoint<ListSet<FanLevelItem>>()({
    method: 'POST',
    path: '/mypage/level_fan_list',
    request: LevelFanListSchema,
    tags: ['progression'],
    summary: 'My fan levels with BJs (mine), or my fans by fan level (bj)',
  }),
  medals: endpoint<MedalSet>()({
    method: 'POST',
    path: '/mypage/medal_html',
    request: z.object({ id: z.string().trim().max(40).optional() }).nullish(),
    tags: ['progression'],
    summary: "My medals (or a member's, by `id`) with user_medal_info",
  }),
  achievements: endpoint<AchievementSet>()({
    method: 'POST',
    path: '/mypage/achievement_html',
    request: z.object({}).nullish(),
    tags: ['progression'],
    summary: "Today's challenges and the last seven days",
  }),
  achieve: endpoint<AchieveProcSet>()({
    method: 'POST',
    path: '/mypage/achieve_proc',
    request: AchieveProcSchema,
    tags: ['progression'],
    summary: "Claim a completed day's reward in CUBIC (once; the reward switch)",
  }),
  game: endpoint<ListSet<never> & { coin_cnt: number }>()({
    method: 'POST',
    path: '/mypage/details_game',
    request: PagingSchema,
    tags: ['progression'],
    summary: 'The game coin history: service being prepared while the game switch is off, empty otherwise (docs/progression.md, Game)',
  }),
  tableProc: endpoint<LevelTableSet>()({
    method: 'POST',
    path: '/admin/level_table_proc',
    request: LevelTableProcSchema,
    tags: ['progression', 'admin'],
    summary: "Replace one ladder's level table (operators; audited)",
  }),
} as const;

export const progressionCodes = defineCodes('progression', [[7400, 7499]], {
  /** A level table that does not start right or does not rise. */
  LEVEL_TABLE_INVALID: {
    code: 7401,
    ko: '레벨 표가 올바르지 않습니다. 숫자만, 앞 칸보다 큰 값으로 입력해 주세요. (첫 칸은 0, VIP는 1 이상)',
    en: 'The level table is not valid: numbers only, each larger than the one before (the first is 0; 1 or more for VIP).',
    ja: 'レベル表が正しくありません。数字のみ、前の値より大きい値を入力してください（最初は0、VIPは1以上）。',
    'zh-CN': '等级表无效：只能输入数字，且每项大于前一项（第一项为0，VIP为1以上）。',
  },
  /** /mypage/level/bj for a member who is not a BJ. */
  LEVEL_NOT_BJ: {
    code: 7402,
    ko: 'BJ 회원만 BJ 레벨이 있습니다.',
    en: 'Only BJ members have a BJ level.',
    ja: 'BJ会員のみBJレベルがあります。',
    'zh-CN': '只有BJ会员才有BJ等级。',
  },
  /** achieve_proc for a day whose five challenges are not all done. */
  ACHIEVE_NOT_COMPLETE: {
    code: 7404,
    ko: '오늘의 도전을 모두 완료해야 보상을 받을 수 있습니다.',
    en: "Complete all of the day's challenges to claim the reward.",
    ja: 'その日のチャレンジをすべて達成すると報酬を受け取れます。',
    'zh-CN': '完成当天的所有挑战后才能领取奖励。',
  },
  /** achieve_proc for a day older than the listed days. */
  ACHIEVE_DAY_INVALID: {
    code: 7405,
    ko: '보상을 받을 수 없는 날짜입니다.',
    en: 'That day’s reward can no longer be claimed.',
    ja: 'その日の報酬は受け取れません。',
    'zh-CN': '该日期的奖励无法领取。',
  },
  /** Sign-up with a referral code no active member has. */
  REFERRAL_CODE_UNKNOWN: {
    code: 7406,
    ko: '추천인 코드를 찾을 수 없습니다.',
    en: 'No member has that referral code.',
    ja: '紹介コードが見つかりません。',
    'zh-CN': '找不到该推荐码。',
  },
  /** user_level_info for an ID no active member has. */
  LEVEL_USER_NOT_FOUND: {
    code: 7403,
    ko: '회원을 찾을 수 없습니다.',
    en: 'No such member.',
    ja: '会員が見つかりません。',
    'zh-CN': '找不到该会员。',
  },
});

/** Refusals with their own message, named in the schema (result-codes.ts REFUSAL_PARAMS). */
export const PROGRESSION_REFUSAL_PARAMS = { LEVEL_TABLE_INVALID: {} } as const;
