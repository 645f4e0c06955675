import {
  ChatEvent,
  MISSION_LIMITS,
  MISSION_OPEN_STATES,
  type MissionChatEventData,
  type MissionContributor,
  MissionEvent,
  type MissionInfo,
  type OutsideMsgPush,
  ResultCode,
} from '@byeol/contract';

/**
 * Missions on the web (issue 23, docs/missions.md), framework-free and unit-tested: which chat events are
 * mission steps, the board's order and merging of pushed missions, which field a refusal belongs under,
 * and the timer's text.
 */

/** The mission codes 40–46 (SPEC §9; the step of each code is MissionEvent in the contract). */
export function isMissionCode(code: number): boolean {
  return code >= ChatEvent.MISSION_FIRST && code <= ChatEvent.MISSION_LAST;
}

/** The codes that end a mission: success, fail, cancel, a battle's result. */
export function isSettleCode(code: number): boolean {
  return code === MissionEvent.SUCCESS || code === MissionEvent.FAIL || code === MissionEvent.CANCEL || code === MissionEvent.SETTLE;
}

export const isOpenMission = (m: Pick<MissionInfo, 'state'>) => MISSION_OPEN_STATES.includes(m.state);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function contributorsOf(raw: unknown): MissionContributor[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw
    .filter(isObject)
    .map((c) => ({
      user_key: Number(c.user_key) || 0,
      nick: typeof c.nick === 'string' ? c.nick : '',
      star_cnt: Number(c.star_cnt) || 0,
      side_no: Number(c.side_no) || 0,
    }))
    .filter((c) => c.star_cnt > 0);
}

/** A mission event's data, or null when the push is not a well-formed mission step. */
export function missionEventOf(push: OutsideMsgPush): MissionChatEventData | null {
  if (!isMissionCode(push.code)) return null;
  const d = push.data;
  const m = d?.mission;
  if (!isObject(m) || typeof m.mission_sn !== 'number' || typeof m.title !== 'string' || typeof m.state !== 'string') return null;
  const mission = { ...(m as unknown as MissionInfo), sides: Array.isArray(m.sides) ? (m.sides as MissionInfo['sides']) : [] };
  const starCnt = Number(d?.star_cnt);
  const sideNo = Number(d?.side_no);
  const contributors = contributorsOf(d?.contributors);
  return {
    mission,
    ...(Number.isSafeInteger(starCnt) && starCnt > 0 ? { star_cnt: starCnt } : {}),
    ...(Number.isSafeInteger(sideNo) && sideNo > 0 ? { side_no: sideNo } : {}),
    ...(contributors ? { contributors } : {}),
  };
}

/** The board's order: open missions first, newest first within each group (as mission_list answers). */
export function sortMissions(list: readonly MissionInfo[]): MissionInfo[] {
  return [...list].sort((a, b) => Number(isOpenMission(b)) - Number(isOpenMission(a)) || b.mission_sn - a.mission_sn);
}

/**
 * The board after a pushed mission: it replaces its earlier self (keeping the viewer's own pledge total,
 * which the room's events never carry) or joins the list.
 */
export function mergeMission(list: readonly MissionInfo[], incoming: MissionInfo): MissionInfo[] {
  const before = list.find((m) => m.mission_sn === incoming.mission_sn);
  const merged = { ...incoming, my_star: before?.my_star ?? 0 };
  return sortMissions([...list.filter((m) => m.mission_sn !== incoming.mission_sn), merged]);
}

/** A side's label (a battle's), or '' when the mission has no such side. */
export function sideLabel(m: Pick<MissionInfo, 'sides'>, sideNo: number | null | undefined): string {
  return m.sides.find((s) => s.side_no === sideNo)?.label ?? '';
}

/** The side labels as the create call takes them: trimmed, blanks dropped, one per line. */
export function sidesText(labels: readonly string[]): string {
  return labels
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('\n');
}

/** The fields of the mission forms a refusal is shown under ('form': above the submit button). */
export type MissionField = 'title' | 'star' | 'mission' | 'side' | 'sides' | 'duration' | 'pledge_min' | 'form';

const FIELD_OF_CODE: ReadonlyMap<number, MissionField> = new Map([
  [ResultCode.MISSION_TITLE_REQUIRED, 'title'],
  [ResultCode.MISSION_TITLE_LENGTH, 'title'],
  [ResultCode.MISSION_PLEDGE_MIN, 'star'],
  [ResultCode.WALLET_AMOUNT_NOT_NUMBER, 'star'],
  [ResultCode.WALLET_AMOUNT_NOT_WHOLE, 'star'],
  [ResultCode.WALLET_AMOUNT_TOO_SMALL, 'star'],
  [ResultCode.WALLET_AMOUNT_TOO_LARGE, 'star'],
  [ResultCode.WALLET_INSUFFICIENT, 'star'],
  [ResultCode.MISSION_SELECT_REQUIRED, 'mission'],
  [ResultCode.MISSION_NOT_FOUND, 'mission'],
  [ResultCode.MISSION_CLOSED, 'mission'],
  [ResultCode.MISSION_SIDE_REQUIRED, 'side'],
  [ResultCode.MISSION_SIDES_INVALID, 'sides'],
  [ResultCode.MISSION_PLEDGE_MIN_RANGE, 'pledge_min'],
]);

const FIELD_OF_PARAM: Readonly<Record<string, MissionField>> = {
  title: 'title',
  star_cnt: 'star',
  mission_sn: 'mission',
  side_no: 'side',
  sides: 'sides',
  duration_sec: 'duration',
  pledge_min: 'pledge_min',
};

/** Where a refusal's message goes: by its code, else by the field it names (rslt_set.field), else the form. */
export function fieldOfRefusal(code: number, field?: string): MissionField {
  return FIELD_OF_CODE.get(code) ?? (field ? FIELD_OF_PARAM[field] : undefined) ?? 'form';
}

/** A timer's rest as the board shows it: 4:59, 1:00:00 (never negative). */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The timers a BJ starts a mission with (seconds), the contract's default among them. */
export const DURATION_PRESETS_SEC = [60, 180, MISSION_LIMITS.durationDefaultSec, 600, 1_800, MISSION_LIMITS.durationMaxSec] as const;

/** The amounts offered as presets for a pledge: the room's minimum and the usual steps above it. */
export function pledgePresets(min: number): number[] {
  return [...new Set([min, 1_000, 5_000, 10_000].filter((n) => n >= min))].sort((a, b) => a - b).slice(0, 4);
}

/** The top `n` contributors and how many more there are. */
export function topContributors(list: readonly MissionContributor[], n: number): { top: MissionContributor[]; more: number } {
  return { top: list.slice(0, n), more: Math.max(0, list.length - n) };
}
