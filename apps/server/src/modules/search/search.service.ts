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
import type { SiteService } from '../site/index.js';
import { seesAdultBroadcasts } from '../users/index.js';
import { ALL_KINDS, type SearchViewer, searchAllKinds, searchKind, searchMc } from './search.repository.js';

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
    /** The site's switches: with kstar_yn or program_yn off, those kinds are not searched (operators still see them). */
    private readonly site?: SiteService,
  ) {}

  /** The broadcaster kinds whose site switch is off, for this viewer (operators see everything). */
  private async switchedOff(request: FastifyRequest): Promise<Set<SearchHitKind>> {
    const off = new Set<SearchHitKind>();
    if (!this.site) return off;
    const setting = (await this.site.info('ko')).site_setting;
    for (const kind of ['kstar', 'program'] as const) if (setting[`${kind}_yn`] !== 'Y') off.add(kind);
    if (off.size > 0 && (await request.currentUser())?.role === 'operator') off.clear();
    return off;
  }

  /**
   * Adult documents only for an adult-verified member who turned adult broadcasts on (/mypage/setting);
   * never the documents of a BJ the member blocked.
   */
  private async viewer(request: FastifyRequest): Promise<SearchViewer> {
    await enforceLimits(this.bus, [{ key: `search:ip:${request.ip}`, ...SEARCH_LIMIT }]);
    const account = await request.currentAccount();
    if (!account) return { adultOk: false, blocked: [] };
    return { adultOk: seesAdultBroadcasts(account), blocked: await blockedKeysOf(this.db, account.userKey) };
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
    const off = await this.switchedOff(request);
    if (kind !== 'all') {
      if (off.has(kind)) throw new AppError('SERVICE_PREPARING');
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
    const found = await searchAllKinds(
      this.db,
      term,
      viewer,
      perKind,
      ALL_KINDS.filter((k) => !off.has(k)),
    );
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
