import {
  type EndpointInput,
  IDEMPOTENCY_HEADER,
  type MissionDetail,
  type MissionLoseRule,
  type MissionResultReq,
  missionsEndpoints,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';
import type { MissionList } from './mission-store';

/**
 * The mission calls (docs/missions.md) from the browser. Each resolves an envelope, never throws: a refusal
 * carries its message in the caller's language, a network failure rslt_cd -1 with `fallback`. A pledge
 * (a viewer's request, an added pledge) carries the user action's idempotency key and is retried once on a
 * network failure with that same key, as a gift is.
 */
const e = missionsEndpoints;
const keyed = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key }, retry: true });

export function listMissions(vodKey: string, fallback: string): Promise<Answer<MissionList>> {
  return send(() => api.call(e.list, { vod_key: vodKey }), fallback);
}

/** A viewer's request: a challenge with the first pledge (the action's key). */
export function requestMission(
  input: { vod_key: string; title: string; star_cnt: string },
  key: string,
  fallback: string,
): Promise<Answer<MissionDetail>> {
  return send(() => api.call(e.create, { ...input, mission_type: 'challenge' }, keyed(key)), fallback);
}

/** The BJ's or a manager's mission: a challenge without a pledge, or a battle with its sides (one per line). */
export function createMission(
  input: { vod_key: string; title: string; mission_type: 'challenge' | 'battle'; sides?: string; lose_rule?: MissionLoseRule },
  fallback: string,
): Promise<Answer<MissionDetail>> {
  return send(() => api.call(e.create, input), fallback);
}

export function addToMission(
  input: Omit<EndpointInput<typeof e.add>, 'idempotency_key'>,
  key: string,
  fallback: string,
): Promise<Answer<MissionDetail & { balance: number }>> {
  return send(() => api.call(e.add, input, keyed(key)), fallback);
}

export function startMission(missionSn: number, durationSec: number, fallback: string): Promise<Answer<MissionDetail>> {
  return send(() => api.call(e.start, { mission_sn: missionSn, duration_sec: durationSec }), fallback);
}

/** A verdict: the same verdict twice answers the settled mission, so it may be retried. */
export function settleMission(
  input: { mission_sn: number; result: MissionResultReq['result']; side_no?: number },
  fallback: string,
): Promise<Answer<MissionDetail>> {
  return send(() => api.call(e.result, input, { retry: true }), fallback);
}

/** Cancelling twice answers the cancelled mission, so it may be retried. */
export function cancelMission(missionSn: number, fallback: string): Promise<Answer<MissionDetail>> {
  return send(() => api.call(e.cancel, { mission_sn: missionSn }, { retry: true }), fallback);
}

export function savePledgeMin(pledgeMin: number, fallback: string): Promise<Answer<{ pledge_min: number }>> {
  return send(() => api.call(e.setting, { pledge_min: pledgeMin }), fallback);
}
