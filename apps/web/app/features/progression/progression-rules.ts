import {
  ChatEvent,
  type LadderStanding,
  LEVEL_UP_CODES,
  type LevelUpChatData,
  type OutsideMsgPush,
  XP_LADDERS,
  type XP_RULES,
  type XpLadder,
} from '@byeol/contract';

/**
 * The rules of the level pages, the console's level tables and the level-up chat lines (issue 23,
 * docs/progression.md), framework-free so unit tests read them.
 */

/** Rows per page of the fan lists and the experience history ("more" loads the next). */
export const LEVEL_PAGE_SIZE = 20;

/** A level bar's fill in percent (0–100): from what the level asked to what the next asks; full at the top. */
export function barPercent(s: Pick<LadderStanding, 'exp' | 'exp_level' | 'exp_next'>): number {
  if (s.exp_next === null) return 100;
  const span = s.exp_next - s.exp_level;
  if (span <= 0) return 100;
  const done = ((s.exp - s.exp_level) / span) * 100;
  return Math.min(100, Math.max(0, Math.floor(done)));
}

/** What is left to the next level (or grade), or null at the top. */
export function toNext(s: Pick<LadderStanding, 'exp' | 'exp_next'>): number | null {
  return s.exp_next === null ? null : Math.max(0, s.exp_next - s.exp);
}

/** One row of a level table as the pages list it: the level (grade for VIP) and what it asks. */
export interface LevelRow {
  level: number;
  need: number;
}

/** A table's rows: entry k is level k+1 of every ladder (the VIP grade 0, "no grade", is not listed). */
export function levelRows(table: readonly number[]): LevelRow[] {
  return table.map((need, k) => ({ level: k + 1, need }));
}

/** A table as the console's field shows it: '0, 60, 180'. */
export const tableText = (table: readonly number[]): string => table.join(', ');

/** The rows of "how to earn": a fact and what it is worth on the member, fan and BJ ladders (null: nothing). */
export interface EarnRow {
  fact: 'attend' | 'watch' | 'chat' | 'star' | 'follow' | 'onAir' | 'starReceived' | 'follower';
  user: number | null;
  fan: number | null;
  bj: number | null;
}

/** How members earn (the member and fan ladders), from the rules the server applies. */
export function memberEarnRows(rules: typeof XP_RULES): EarnRow[] {
  return [
    { fact: 'attend', user: rules.attend, fan: null, bj: null },
    { fact: 'watch', user: rules.watchPerMinute, fan: rules.watchPerMinute, bj: null },
    { fact: 'chat', user: rules.chatPerMinute, fan: rules.chatPerMinute, bj: null },
    { fact: 'star', user: 1, fan: 1, bj: null },
    { fact: 'follow', user: null, fan: rules.follow, bj: null },
  ];
}

/** How BJs earn (the BJ ladder). */
export function bjEarnRows(rules: typeof XP_RULES): EarnRow[] {
  return [
    { fact: 'onAir', user: null, fan: null, bj: rules.broadcastPerMinute },
    { fact: 'starReceived', user: null, fan: null, bj: 1 },
    { fact: 'follower', user: null, fan: null, bj: rules.followReceived },
  ];
}

/** A level-up chat code (110 member, 111 BJ, 112 fan). */
export function isLevelUpCode(code: number): boolean {
  return code >= ChatEvent.LEVEL_UP_FIRST && code <= ChatEvent.LEVEL_UP_LAST;
}

const LADDER_OF_CODE = new Map<number, XpLadder>(XP_LADDERS.map((l) => [LEVEL_UP_CODES[l], l]));

/** A level-up line's facts: who rose, on which ladder, to which level; null when the push is not well formed. */
export function levelUpOf(push: OutsideMsgPush): (LevelUpChatData & { nick: string }) | null {
  const ladder = LADDER_OF_CODE.get(push.code);
  if (!ladder) return null;
  const level = Number(push.data?.level);
  if (!Number.isSafeInteger(level) || level < 1) return null;
  const prev = Number(push.data?.prev_level);
  const bj = Number(push.data?.bj_user_key);
  return {
    ladder,
    level,
    prev_level: Number.isSafeInteger(prev) ? prev : level - 1,
    ...(ladder === 'fan' && Number.isSafeInteger(bj) && bj > 0 ? { bj_user_key: bj } : {}),
    nick: push.target?.nick || (typeof push.m === 'string' ? push.m : ''),
  };
}
