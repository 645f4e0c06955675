import { type ListSet, type StarCard, starsEndpoints } from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { STAR_PAGE_SIZE } from './stars-rules';

/**
 * The directories' calls from the browser (packages/contract/src/stars.ts): the next page of each list. Each
 * resolves an envelope, never throws (a network failure answers `fallback`).
 */

export function programMore(offset: number, fallback: string): Promise<Answer<ListSet<StarCard>>> {
  return send(() => api.call(starsEndpoints.programMore, { offset, limit: STAR_PAGE_SIZE }), fallback);
}

export function kstarMore(group: string, offset: number, fallback: string): Promise<Answer<ListSet<StarCard>>> {
  return send(() => api.call(starsEndpoints.kstarMore, { group_name: group, offset, limit: STAR_PAGE_SIZE }), fallback);
}
