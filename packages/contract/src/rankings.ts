import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';

/**
 * Rankings (issue 18, docs/rankings.md): BJs ranked per category and period from counters the platform
 * already keeps, computed by a job into a snapshot and served from it.
 */

/** /sub/ranking (all), /sub/ranking/kstar, /pib (public-figure BJs), /program, /rookie. */
export const RANKING_CATEGORIES = ['all', 'kstar', 'pib', 'program', 'rookie'] as const;
export type RankingCategory = (typeof RANKING_CATEGORIES)[number];
/** Daily, weekly and monthly tabs: the last 24 hours, 7 days and 30 days. */
export const RANKING_PERIODS = ['day', 'week', 'month'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
export const RANKING_PERIOD_DAYS: Record<RankingPeriod, number> = { day: 1, week: 7, month: 30 };

/** The score's parts, in percent (AfreecaTV's weekly BJ ranking); a site setting operators edit. */
export interface RankingWeights {
  peak_viewers: number;
  likes: number;
  fan_growth: number;
  star: number;
}
export const DEFAULT_RANKING_WEIGHTS: RankingWeights = { peak_viewers: 40, likes: 30, fan_growth: 15, star: 15 };
export const RANKING_DEFAULTS = {
  weights: DEFAULT_RANKING_WEIGHTS,
  /** A rookie's first broadcast was at most this many days ago. */
  rookieDays: 90,
  /** Minutes between two snapshots. */
  refreshMinutes: 10,
  /** Rows kept per category and period. */
  keep: 500,
} as const;

export const RankingMoreSchema = PagingSchema.extend({
  category: z.enum(RANKING_CATEGORIES).default('all'),
  period: z.enum(RANKING_PERIODS).default('week'),
});

const Percent = z.coerce.number().int().min(0).max(100);
/** The console's ranking settings: weights summing to 100, the rookie window. */
export const RankingSettingSchema = z
  .object({
    peak_viewers: Percent,
    likes: Percent,
    fan_growth: Percent,
    star: Percent,
    rookie_days: z.coerce.number().int().min(1).max(365),
  })
  .refine((s) => s.peak_viewers + s.likes + s.fan_growth + s.star === 100, { message: 'RANKING_WEIGHTS_SUM', path: ['star'] });

export interface RankingSettingSet extends RankingWeights {
  rookie_days: number;
}

export interface RankingItem {
  rank: number;
  /** The rank in the previous snapshot of the same list; null: new in the list. */
  prev_rank: number | null;
  /** 0–100: each part divided by the period's highest value among all BJs, times its weight. */
  score: number;
  bj: { user_key: number; id: string; nick: string; profile_image: string; bj_type_cd: string };
  /** The live broadcast's key when on air at the snapshot, else ''. */
  live_vod_key: string;
  /** The period's peak viewers; null when the BJ keeps their viewer count private (/mypage/setting `viewer_count_yn` N). */
  peak_viewer_cnt: number | null;
  like_cnt: number;
  /** New fan-club members in the period; null when the BJ keeps the fan lists private (SPEC §4). */
  fan_growth_cnt: number | null;
  /** STAR received in the period; null when the BJ keeps the fan lists private. */
  star_cnt: number | null;
}

export interface RankingMoreSet extends ListSet<RankingItem> {
  category: RankingCategory;
  period: RankingPeriod;
  /** When the snapshot was computed ('' before the first run). */
  computed_at: string;
  /** The window the snapshot covers. */
  period_start: string;
  period_end: string;
  weights: RankingWeights;
  rookie_days: number;
}

export const rankingsEndpoints = {
  more: endpoint<RankingMoreSet>()({
    method: 'POST',
    path: '/sub/ranking_more',
    request: RankingMoreSchema,
    tags: ['rankings'],
    summary: 'The BJ ranking of a category and period, from the latest snapshot',
  }),
  setting: endpoint<RankingSettingSet>()({
    method: 'GET',
    path: '/admin/ranking_setting',
    request: z.object({}),
    tags: ['rankings', 'admin'],
    summary: 'The ranking weights and rookie window (operators)',
  }),
  settingProc: endpoint<RankingSettingSet>()({
    method: 'POST',
    path: '/admin/ranking_setting_proc',
    request: RankingSettingSchema,
    tags: ['rankings', 'admin'],
    summary: 'Change the ranking weights and rookie window; the next snapshot uses them (operators)',
  }),
} as const;

export const RANKING_REFUSAL_PARAMS = {
  RANKING_WEIGHTS_SUM: {},
} as const satisfies Record<string, Record<string, number>>;

/** The rankings result codes with their four messages (8300–8399). */
export const rankingsCodes = defineCodes('rankings', [[8300, 8399]], {
  /** The four weights must add up to 100. */
  RANKING_WEIGHTS_SUM: {
    code: 8301,
    ko: '가중치의 합은 100이어야 합니다.',
    en: 'The weights must add up to 100.',
    ja: '重みの合計は100にしてください。',
    'zh-CN': '权重之和必须为100。',
  },
});
