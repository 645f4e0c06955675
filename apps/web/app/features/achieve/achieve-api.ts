import { type AchieveProcSet, progressionEndpoints } from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';

/**
 * The achievement calls of issue 23 from the browser (packages/contract/src/progression.ts). Each resolves an
 * envelope, never throws: a refusal carries its message in the caller's language, a network failure `fallback`.
 */

/** Claims a completed day's reward in CUBIC (today without `day`); a second claim answers the first. */
export function claimReward(day: string | undefined, fallback: string): Promise<Answer<AchieveProcSet>> {
  return send(() => api.call(progressionEndpoints.achieve, day ? { day } : {}), fallback);
}
