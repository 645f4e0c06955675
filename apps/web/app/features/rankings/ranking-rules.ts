import {
  RANKING_CATEGORIES,
  RANKING_PERIODS,
  type RankingCategory,
  type RankingItem,
  type RankingPeriod,
  RankingSettingSchema,
  type RankingSettingSet,
  type SiteSettings,
} from '@byeol/contract';
import { DEFAULT_RANKING_PERIOD } from '../../lib/links';

/**
 * The ranking pages' rules (issue 18, docs/rankings.md): which category a path and which period `?period=`
 * asks for, how a row's move since the previous snapshot reads, and what the console's settings form refuses
 * before sending (the contract's schema, so the same as the server).
 */

/** Rows per page of a ranking ("more" adds as many). */
export const RANKING_PAGE_SIZE = 50;

/** The category of a ranking path: `/sub/ranking` is `all`, `/sub/ranking/{category}` that one; else null. */
export function rankingCategoryOfPath(pathname: string): RankingCategory | null {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (parts[0] !== 'sub' || parts[1] !== 'ranking' || parts.length > 3) return null;
  const category = parts[2] ?? 'all';
  return (RANKING_CATEGORIES as readonly string[]).includes(category) ? (category as RankingCategory) : null;
}

/** `?period=`: day, week or month; anything else the weekly default. */
export function periodOf(value: string | null | undefined): RankingPeriod {
  return (RANKING_PERIODS as readonly string[]).includes(value ?? '') ? (value as RankingPeriod) : DEFAULT_RANKING_PERIOD;
}

/** The categories with a tab: a switched-off feature (SPEC §1 kstar_yn, program_yn) has none. */
export function visibleCategories(settings: Partial<SiteSettings> | undefined): RankingCategory[] {
  return RANKING_CATEGORIES.filter(
    (c) => !((c === 'kstar' && settings?.kstar_yn === 'N') || (c === 'program' && settings?.program_yn === 'N')),
  );
}

export type RankMove = { kind: 'up' | 'down'; n: number } | { kind: 'new' | 'same'; n: 0 };

/** A row's move since the previous snapshot: up or down by n places, new in the list, or unchanged. */
export function rankMove(item: Pick<RankingItem, 'rank' | 'prev_rank'>): RankMove {
  if (item.prev_rank === null) return { kind: 'new', n: 0 };
  if (item.prev_rank > item.rank) return { kind: 'up', n: item.prev_rank - item.rank };
  if (item.prev_rank < item.rank) return { kind: 'down', n: item.rank - item.prev_rank };
  return { kind: 'same', n: 0 };
}

/** A score (0–100) to one decimal place. */
export const roundScore = (score: number) => Math.round(score * 10) / 10;

// ---- the console's settings form -------------------------------------------------------------------

export const SETTING_FIELDS = ['peak_viewers', 'likes', 'fan_growth', 'star', 'rookie_days'] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];
export const WEIGHT_FIELDS = ['peak_viewers', 'likes', 'fan_growth', 'star'] as const satisfies readonly SettingField[];
export type SettingValues = Record<SettingField, string>;

export const settingValuesOf = (set: RankingSettingSet): SettingValues =>
  Object.fromEntries(SETTING_FIELDS.map((f) => [f, String(set[f])])) as SettingValues;

/** The weights' sum as typed (a field that is not a number counts 0). */
export function weightSum(values: SettingValues): number {
  return WEIGHT_FIELDS.reduce((sum, f) => {
    const n = Number(values[f]);
    return sum + (values[f].trim() !== '' && Number.isFinite(n) ? n : 0);
  }, 0);
}

/**
 * What the form refuses before sending, per field: `range` (a weight not a whole 0–100, the rookie days not
 * 1–365) or `sum` (RANKING_WEIGHTS_SUM, on `star` as the schema names it, once the weights are valid); empty
 * when it may be sent.
 */
export function settingRefusals(values: SettingValues): Partial<Record<SettingField, 'range' | 'sum'>> {
  const checked = RankingSettingSchema.safeParse(
    Object.fromEntries(SETTING_FIELDS.map((f) => [f, values[f].trim() === '' ? undefined : values[f].trim()])),
  );
  if (checked.success) return {};
  const refusals: Partial<Record<SettingField, 'range' | 'sum'>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as SettingField;
    if (!(SETTING_FIELDS as readonly string[]).includes(field) || refusals[field]) continue;
    refusals[field] = issue.message === 'RANKING_WEIGHTS_SUM' ? 'sum' : 'range';
  }
  // The sum is only worth naming once every weight is a valid percent.
  if (refusals.star === 'sum' && WEIGHT_FIELDS.some((f) => refusals[f] === 'range')) delete refusals.star;
  return refusals;
}
