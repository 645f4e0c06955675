import { SEARCH_LIMITS, type SearchKind, type SearchMoreSet, searchEndpoints } from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { SEARCH_PAGE_SIZE } from './search-rules';

/**
 * The search calls of issue 18 from the browser (packages/contract/src/search.ts). Each resolves an envelope,
 * never throws: a refusal carries its message in the caller's language (rslt_msg), a network failure
 * `fallback`.
 */

/** The next page of one kind's hits (a kind page's "more"). */
export function searchMore(kind: SearchKind, keyword: string, offset: number, fallback: string): Promise<Answer<SearchMoreSet>> {
  return send(() => api.call(searchEndpoints.more, { kind, keyword, offset, limit: SEARCH_PAGE_SIZE }), fallback);
}

/**
 * The header box's suggestions: kind `all` (a few of each kind). `signal` drops an answer a newer key press
 * made stale; an aborted call rejects (the caller ignores it).
 */
export function searchSuggest(keyword: string, signal: AbortSignal): Promise<Answer<SearchMoreSet>> {
  return api
    .call(searchEndpoints.more, { kind: 'all', keyword, offset: 0, limit: SEARCH_LIMITS.suggestPerKind }, { signal, retry: false })
    .catch((err: unknown) => {
      if (signal.aborted) throw err;
      return { rslt_cd: -1, rslt_set: null, rslt_msg: '' };
    });
}
