import {
  SEARCH_HIT_KINDS,
  SEARCH_KINDS,
  SEARCH_LIMITS,
  type SearchBjHit,
  type SearchHit,
  type SearchHitKind,
  type SearchKind,
  type SearchMoreSet,
  type SiteSettings,
  searchWords,
} from '@byeol/contract';
import { channelPath, playPath, shortPath, vodPath } from '../../lib/links';

/**
 * The search pages' rules (issue 18, docs/search.md): which kind a path asks for, when a term is empty (the
 * contract's own word splitting, so the page refuses exactly what the server would), how hits group per kind
 * on /search and in the header's suggestions, and where each hit leads.
 */

/** Rows per page of a kind page (/search/bj…): the first page from the loader, then "more". */
export const SEARCH_PAGE_SIZE = 20;

/** The kinds that are broadcasters (their hits link to the channel). */
export const BJ_KINDS = ['bj', 'kstar', 'program'] as const satisfies readonly SearchHitKind[];

export const isBjHit = (hit: SearchHit): hit is SearchBjHit => (BJ_KINDS as readonly string[]).includes(hit.kind);

/** The kind of a search path: `/search` is `all`, `/search/{kind}` that kind; anything else null. */
export function searchKindOfPath(pathname: string): SearchKind | null {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (parts[0] !== 'search' || parts.length > 2) return null;
  const kind = parts[1] ?? 'all';
  return (SEARCH_KINDS as readonly string[]).includes(kind) ? (kind as SearchKind) : null;
}

/**
 * The term as it will be searched (trimmed), or null when it has no word at all (empty, spaces, punctuation):
 * SEARCH_KEYWORD_REQUIRED without asking.
 */
export function keywordOf(raw: string | null | undefined): string | null {
  const keyword = (raw ?? '').trim();
  return searchWords(keyword).length > 0 ? keyword : null;
}

/** The site switches that hide a kind (SPEC §1 kstar_yn, program_yn): kinds of a switched-off feature get no tab. */
export function visibleKinds(settings: Partial<SiteSettings> | undefined): SearchHitKind[] {
  return SEARCH_HIT_KINDS.filter(
    (kind) => !((kind === 'kstar' && settings?.kstar_yn === 'N') || (kind === 'program' && settings?.program_yn === 'N')),
  );
}

/**
 * /search's hits per kind, in the kinds' order, each with its total (`capped`: more than SEARCH_LIMITS.countMax);
 * kinds with no hit are left out.
 */
export function sectionsOf(set: SearchMoreSet, kinds: readonly SearchHitKind[] = SEARCH_HIT_KINDS) {
  return kinds
    .map((kind) => ({
      kind,
      total: set.kind_totals[kind] ?? 0,
      capped: set.capped_kinds?.includes(kind) ?? false,
      hits: set.data_list.filter((hit) => hit.kind === kind).slice(0, SEARCH_LIMITS.allPerKind),
    }))
    .filter((section) => section.total > 0 || section.hits.length > 0);
}

/** The kinds the header box suggests, in order: broadcasters first, then lives and replays (shorts are left to the pages). */
export const SUGGEST_KINDS = ['bj', 'kstar', 'program', 'live', 'replay'] as const satisfies readonly SearchHitKind[];

/** The header box's suggestions: up to SEARCH_LIMITS.suggestPerKind hits per kind, grouped in SUGGEST_KINDS order. */
export function suggestionsOf(hits: readonly SearchHit[], kinds: readonly SearchHitKind[] = SUGGEST_KINDS) {
  return SUGGEST_KINDS.filter((kind) => kinds.includes(kind))
    .map((kind) => ({ kind, hits: hits.filter((hit) => hit.kind === kind).slice(0, SEARCH_LIMITS.suggestPerKind) }))
    .filter((group) => group.hits.length > 0);
}

/** Where a hit leads: a broadcaster's channel, a live room, a replay, the clips feed opening on a clip or short. */
export function hitPath(hit: SearchHit): string | null {
  switch (hit.kind) {
    case 'bj':
    case 'kstar':
    case 'program':
      return channelPath(hit.id);
    case 'live':
      return playPath(hit.vod_key);
    case 'replay':
      return vodPath(hit.vod_key);
    case 'short':
      return shortPath({ clip: hit.vod_key });
    default:
      return null;
  }
}

/** A hit's key, unique within a list of one kind. */
export function hitKey(hit: SearchHit): string {
  switch (hit.kind) {
    case 'bj':
    case 'kstar':
    case 'program':
      return `${hit.kind}:${hit.user_key}`;
    case 'live':
    case 'replay':
      return `${hit.kind}:${hit.vod_key}`;
    default:
      return `${hit.kind}:${hit.clip_sn}`;
  }
}
