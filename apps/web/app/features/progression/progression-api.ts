import {
  type FanLevelItem,
  type Ladder,
  type LevelTableSet,
  type ListSet,
  progressionEndpoints,
  type XpGrantItem,
  type XpLadder,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { LEVEL_PAGE_SIZE } from './progression-rules';

/**
 * The level calls of issue 23 from the browser (packages/contract/src/progression.ts). Each resolves an
 * envelope, never throws: a refusal carries its message in the caller's language (rslt_msg), a network
 * failure `fallback`.
 */

/** A page of my experience grants on one ladder, newest first. */
export function levelHistory(ladder: XpLadder, offset: number, fallback: string): Promise<Answer<ListSet<XpGrantItem>>> {
  return send(() => api.call(progressionEndpoints.history, { ladder, offset, limit: LEVEL_PAGE_SIZE }), fallback);
}

/** A page of my fan levels with BJs (`mine`) or of my fans by fan level (`bj`). */
export function levelFans(mode: 'mine' | 'bj', offset: number, fallback: string): Promise<Answer<ListSet<FanLevelItem>>> {
  return send(() => api.call(progressionEndpoints.fanList, { mode, offset, limit: LEVEL_PAGE_SIZE }), fallback);
}

/** The console's save (operators): one ladder's table as typed, comma separated (the server checks it too). */
export function saveLevelTable(ladder: Ladder, levels: string, fallback: string): Promise<Answer<LevelTableSet>> {
  return send(() => api.call(progressionEndpoints.tableProc, { ladder, levels: levels.trim() }), fallback);
}
