import {
  SEARCH_LIMITS,
  type SearchHit,
  type SearchHitKind,
  type SearchKind,
  type SearchMcItem,
  type SearchMoreSet,
  searchWords,
} from '@byeol/contract';
import type { FastifyRequest } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { blockedKeysOf } from '../chat/index.js';
import { type SearchViewer, searchAllKinds, searchKind, searchMc } from './search.repository.js';

/** Searches a client may send: the header box asks as the member types (debounced), a page at most a few. */
const SEARCH_LIMIT = { max: 120, windowMs: 60_000 };

/**
 * The search port (docs/search.md): what the routes call. The embedded default matches in PostgreSQL
 * (search.repository.ts); an operator plugging in a search server implements the same two methods.
 */
export interface SearchPort {
  more(request: FastifyRequest, kind: SearchKind, keyword: string, offset: number, limit: number): Promise<SearchMoreSet>;
  mc(request: FastifyRequest, keyword: string, offset: number, limit: number): Promise<{ list: SearchMcItem[]; total: number }>;
}

export class PostgresSearch implements SearchPort {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {}

  /** Adult documents only for an adult-verified member; never the documents of a BJ the member blocked. */
  private async viewer(request: FastifyRequest): Promise<SearchViewer> {
    await enforceLimits(this.bus, [{ key: `search:ip:${request.ip}`, ...SEARCH_LIMIT }]);
    const account = await request.currentAccount();
    if (!account) return { adultOk: false, blocked: [] };
    return { adultOk: account.adultVerifiedAt !== null, blocked: await blockedKeysOf(this.db, account.userKey) };
  }

  /** A term of only spaces and punctuation is no term (SPEC §5 'search term' required). */
  private static term(keyword: string): string {
    const term = keyword.trim();
    if (searchWords(term).length === 0) throw new AppError('SEARCH_KEYWORD_REQUIRED', { field: 'keyword' });
    return term;
  }

  async more(request: FastifyRequest, kind: SearchKind, keyword: string, offset: number, limit: number): Promise<SearchMoreSet> {
    const term = PostgresSearch.term(keyword);
    const viewer = await this.viewer(request);
    if (kind !== 'all') {
      const { hits, total, capped } = await searchKind(this.db, kind, term, viewer, offset, limit);
      return {
        kind,
        keyword: term,
        data_list: hits.rows,
        data_totalcount: total,
        kind_totals: { [kind]: total },
        capped_kinds: capped ? [kind] : [],
      };
    }
    const perKind = Math.min(limit, SEARCH_LIMITS.allPerKind);
    const found = await searchAllKinds(this.db, term, viewer, perKind);
    const kindTotals: Partial<Record<SearchHitKind, number>> = {};
    const list: SearchHit[] = [];
    const capped: SearchHitKind[] = [];
    for (const { hits, total, capped: over } of found) {
      kindTotals[hits.kind] = total;
      if (over) capped.push(hits.kind);
      list.push(...hits.rows);
    }
    return {
      kind,
      keyword: term,
      data_list: list,
      data_totalcount: Object.values(kindTotals).reduce((a, b) => a + (b ?? 0), 0),
      kind_totals: kindTotals,
      capped_kinds: capped,
    };
  }

  async mc(request: FastifyRequest, keyword: string, offset: number, limit: number) {
    const term = PostgresSearch.term(keyword);
    return searchMc(this.db, term, await this.viewer(request), offset, limit);
  }
}
