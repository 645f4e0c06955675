import { ACHIEVEMENT_RULES, type AchievementDay, type MedalDef, type MedalItem } from '@byeol/contract';

/**
 * The rules of /mypage/achieve (issue 23, docs/progression.md): today's five challenges, the last days, the
 * medal groups and bars. Framework-free so unit tests read them.
 */

/** The page's two tabs (`?tab=`): today's challenges (the default) and the medals. */
export const ACHIEVE_TABS = ['today', 'medals'] as const;
export type AchieveTab = (typeof ACHIEVE_TABS)[number];

export function achieveTabOf(value: string | null | undefined): AchieveTab {
  return ACHIEVE_TABS.find((t) => t === value) ?? 'today';
}

export const achieveHref = (tab: AchieveTab): string => (tab === 'today' ? '/mypage/achieve' : `/mypage/achieve?tab=${tab}`);

export const GAME_PAGE_SIZE = 20;

/** The five challenges of a day, in the order the page shows them, with the flag each reads. */
export const CHALLENGES = ['viewer', 'realtime_30', 'realtime_60', 'recommend', 'use_star'] as const;
export type Challenge = (typeof CHALLENGES)[number];

type DayFlags = Pick<AchievementDay, `${Challenge}_yn`>;

export function challengeDone(day: DayFlags, challenge: Challenge): boolean {
  return day[`${challenge}_yn`] === 'Y';
}

/** How many of a day's five challenges are done. */
export function doneCount(day: DayFlags): number {
  return CHALLENGES.filter((c) => challengeDone(day, c)).length;
}

/** The minutes a watching challenge asks (null for the others): 1 to have watched, 30, 60. */
export function minutesNeed(challenge: Challenge): number | null {
  if (challenge === 'viewer') return 1;
  if (challenge === 'realtime_30') return ACHIEVEMENT_RULES.realtime30;
  if (challenge === 'realtime_60') return ACHIEVEMENT_RULES.realtime60;
  return null;
}

/** What a day's reward button shows: claimable, claimed, or nothing to claim (not complete, or the switch off). */
export type RewardState = 'claimable' | 'claimed' | 'incomplete' | 'unavailable';

export function rewardState(day: Pick<AchievementDay, 'total_yn' | 'reward_yn' | 'reward_done_yn'>): RewardState {
  if (day.reward_done_yn === 'Y') return 'claimed';
  if (day.reward_yn === 'Y') return 'claimable';
  return day.total_yn === 'Y' ? 'unavailable' : 'incomplete';
}

/** The days after a claim of `day`: that day claimed, nothing else changed. */
export function afterClaim<T extends Pick<AchievementDay, 'day' | 'reward_yn' | 'reward_done_yn'>>(days: readonly T[], day: string): T[] {
  return days.map((d) => (d.day === day ? { ...d, reward_yn: 'N', reward_done_yn: 'Y' } : d));
}

/** A KST day 'YYYY-MM-DD' as a Date at its UTC midnight (formatted with timeZone UTC, it reads as that day). */
export function dayDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export const MEDAL_GROUPS = ['basic', 'comm', 'user', 'bj'] as const satisfies readonly MedalDef['group'][];
export type MedalGroup = (typeof MEDAL_GROUPS)[number];

/** The medals by group in the page's order; groups without a medal (the BJ group of a member) are left out. */
export function medalGroups(list: readonly MedalItem[]): { group: MedalGroup; medals: MedalItem[] }[] {
  return MEDAL_GROUPS.map((group) => ({ group, medals: list.filter((m) => m.group === group) })).filter((g) => g.medals.length > 0);
}

/** A medal's bar towards its next level in percent (0–100); full at the top. */
export function medalPercent(medal: Pick<MedalItem, 'count' | 'next'>): number {
  if (medal.next === null) return 100;
  if (medal.next <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((medal.count / medal.next) * 100)));
}

/** How many medals have at least level 1. */
export function earnedCount(list: readonly Pick<MedalItem, 'level'>[]): number {
  return list.filter((m) => m.level > 0).length;
}
