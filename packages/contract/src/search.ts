import { z } from 'zod';
import { defineCodes } from './codes.js';
import type { LiveListItem, VodListItem } from './content.js';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';

/**
 * Search (issue 18, docs/search.md): Korean-aware matching in stock PostgreSQL. Every searchable text is
 * cut into normalised bigrams (and its 초성, initial consonants, into bigrams of their own) by
 * `searchTokens`/`chosungTokens` below and by the SQL functions of the same names (migration 0024), which a
 * test proves equal.
 */

/** What `/sub/search_more` searches; `all` answers a few of each kind (the /search page, the header box). */
export const SEARCH_KINDS = ['all', 'bj', 'kstar', 'program', 'live', 'replay', 'short'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** The kinds a hit has (`all` is a request, not a hit). */
export type SearchHitKind = Exclude<SearchKind, 'all'>;
export const SEARCH_HIT_KINDS = SEARCH_KINDS.filter((k): k is SearchHitKind => k !== 'all');

export const SEARCH_LIMITS = {
  /** Characters of a search term. */
  keywordMax: 50,
  /** Hits per kind on /search (kind `all`, limit ignored). */
  allPerKind: 4,
  /** Hits per kind the header box suggests. */
  suggestPerKind: 3,
  /** Milliseconds the header box waits after the last key before asking. */
  suggestDebounceMs: 200,
  /**
   * Matches counted per kind: past this a total says 'countMax or more' (`capped_kinds`), as search pages
   * do, instead of counting every match of a frequent word.
   */
  countMax: 1_000,
} as const;

const KeywordSchema = z
  .string()
  .trim()
  .min(1, { message: 'SEARCH_KEYWORD_REQUIRED' })
  .max(SEARCH_LIMITS.keywordMax, { message: 'SEARCH_KEYWORD_LENGTH' });

/** POST /sub/search_more: kind, keyword, paging; answers the hits and the total count. */
export const SearchMoreSchema = PagingSchema.extend({
  kind: z.enum(SEARCH_KINDS).default('all'),
  keyword: KeywordSchema,
});

/** POST /popup/search_mc_more: the MC picker (BJs of every kind), paging. */
export const SearchMcMoreSchema = PagingSchema.extend({ keyword: KeywordSchema });

/** A broadcaster found by nick or login ID (kinds bj, kstar, program). */
export interface SearchBjHit {
  kind: 'bj' | 'kstar' | 'program';
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  bj_type_cd: string;
  follower_cnt: number;
  /** The live broadcast's key when on air, else ''. */
  live_vod_key: string;
}
export interface SearchLiveHit extends LiveListItem {
  kind: 'live';
}
export interface SearchReplayHit extends VodListItem {
  kind: 'replay';
}
/**
 * A clip or short (issue 22; docs/search.md "Shorts"): a ready clip of either kind. `vod_key` is the clip's
 * key (`clip_key`): the hit links to `/sub/short?clip={vod_key}`.
 */
export interface SearchShortHit {
  kind: 'short';
  clip_sn: number;
  /** The clip's key (clip_key), as the other hits carry their broadcast's. */
  vod_key: string;
  title: string;
  thumbnail: string;
  duration_sec: number;
  bj: LiveListItem['bj'];
}
export type SearchHit = SearchBjHit | SearchLiveHit | SearchReplayHit | SearchShortHit;

export interface SearchMoreSet extends ListSet<SearchHit> {
  kind: SearchKind;
  /** The term as searched (trimmed). */
  keyword: string;
  /** Hits per kind (kind `all`: every kind; else only the asked kind), at most SEARCH_LIMITS.countMax. */
  kind_totals: Partial<Record<SearchHitKind, number>>;
  /** The kinds with more than SEARCH_LIMITS.countMax matches (show '1,000+'). */
  capped_kinds: SearchHitKind[];
}

/** One BJ in the MC picker: `sn` is the entry's serial in the search index, `user_key` the BJ (SPEC §3 selected mc). */
export interface SearchMcItem {
  sn: number;
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  bj_type_cd: string;
  is_live: 'Y' | 'N';
}

export const searchEndpoints = {
  more: endpoint<SearchMoreSet>()({
    method: 'POST',
    path: '/sub/search_more',
    request: SearchMoreSchema,
    tags: ['search'],
    summary: 'Search BJs, K-stars, programs, lives, replays and shorts by a Korean, 초성 or Latin term',
  }),
  mc: endpoint<ListSet<SearchMcItem>>()({
    method: 'POST',
    path: '/popup/search_mc_more',
    request: SearchMcMoreSchema,
    tags: ['search'],
    summary: 'The MC picker: broadcasters matching a term, with sn and user_key',
  }),
} as const;

export const SEARCH_REFUSAL_PARAMS = {
  SEARCH_KEYWORD_REQUIRED: {},
  SEARCH_KEYWORD_LENGTH: { max: SEARCH_LIMITS.keywordMax },
} as const satisfies Record<string, Record<string, number>>;

/** The search result codes with their four messages (8200–8299). */
export const searchCodes = defineCodes('search', [[8200, 8299]], {
  /** SPEC §5 required input: search term (also a term of only spaces and punctuation). */
  SEARCH_KEYWORD_REQUIRED: {
    code: 8201,
    ko: '검색어를 입력해 주세요.',
    en: 'Please enter a search term.',
    ja: '検索語を入力してください。',
    'zh-CN': '请输入搜索词。',
  },
  /** A term longer than SEARCH_LIMITS.keywordMax characters. */
  SEARCH_KEYWORD_LENGTH: {
    code: 8202,
    ko: '검색어는 {max}자까지 입력할 수 있습니다.',
    en: 'A search term can be up to {max} characters.',
    ja: '検索語は{max}文字まで入力できます。',
    'zh-CN': '搜索词最多{max}个字。',
  },
});

// ---- the tokenizer (the SQL twin is search_tokens()/search_chosung_tokens() in migration 0024) -------------

/** The compatibility jamo of the 19 initial consonants, in Unicode's syllable order. */
export const CHOSUNG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const SYLLABLES_PER_INITIAL = 588;

/** Word separators: ASCII controls, spaces and punctuation, NBSP and the ideographic space. */
function isSeparator(cp: number): boolean {
  return (
    cp <= 0x2f || (cp >= 0x3a && cp <= 0x40) || (cp >= 0x5b && cp <= 0x60) || (cp >= 0x7b && cp <= 0x7f) || cp === 0xa0 || cp === 0x3000
  );
}

/**
 * The words of a text as search sees them: ASCII letters lower-cased (nothing else is folded, so the
 * database's locale never matters), split on separators, empty words dropped.
 */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (isSeparator(cp)) {
      if (word) words.push(word);
      word = '';
    } else word += cp >= 0x41 && cp <= 0x5a ? String.fromCharCode(cp + 32) : ch;
  }
  if (word) words.push(word);
  return words;
}

/** The normalised text: the words joined by one space (what a term's substring is checked against). */
export const searchNorm = (text: string): string => searchWords(text).join(' ');

/** A word's 초성: each Hangul syllable replaced by its initial consonant, other characters kept. */
export function chosungOf(word: string): string {
  let out = '';
  for (const ch of word) {
    const cp = ch.codePointAt(0) ?? 0;
    out += cp >= HANGUL_FIRST && cp <= HANGUL_LAST ? CHOSUNG[Math.floor((cp - HANGUL_FIRST) / SYLLABLES_PER_INITIAL)] : ch;
  }
  return out;
}

/** Code-point order (PostgreSQL's COLLATE "C" on UTF-8), not UTF-16's. */
function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

function tokensOfWords(words: string[]): string[] {
  const set = new Set<string>();
  for (const w of words) {
    const cps = [...w];
    // '^' + the first character: what a one-character term matches (a word starting with it).
    set.add(`^${cps[0]}`);
    for (let i = 0; i + 1 < cps.length; i++) set.add(`${cps[i]}${cps[i + 1]}`);
  }
  return [...set].sort(byCodePoint);
}

/** A document's tokens: per word, '^' + its first character and every bigram; distinct, code-point order. */
export const searchTokens = (text: string): string[] => tokensOfWords(searchWords(text));

/** A document's 초성 tokens: the tokens of the 초성 of each word that holds a Hangul syllable. */
export function chosungTokens(text: string): string[] {
  return tokensOfWords(
    searchWords(text)
      .map((w) => [w, chosungOf(w)] as const)
      .filter(([w, c]) => c !== w)
      .map(([, c]) => c),
  );
}

/** A term made only of compatibility consonants (ㄱ…ㅎ) is a 초성 term: 'ㅈㄱ' finds '정국'. */
export function isChosungTerm(term: string): boolean {
  const words = searchWords(term);
  return words.length > 0 && words.every((w) => [...w].every((ch) => CHOSUNG.includes(ch)));
}

/**
 * What a term asks the index for: per word, its bigrams, or '^' + the character for a one-character word;
 * `words` are checked as substrings of the normalised text afterwards (bigrams alone would let '하늘별'
 * match '하늘 늘별').
 */
export function termQuery(term: string): { chosung: boolean; words: string[]; tokens: string[] } {
  const words = searchWords(term);
  const set = new Set<string>();
  for (const w of words) {
    const cps = [...w];
    if (cps.length === 1) set.add(`^${cps[0]}`);
    for (let i = 0; i + 1 < cps.length; i++) set.add(`${cps[i]}${cps[i + 1]}`);
  }
  return { chosung: isChosungTerm(term), words, tokens: [...set].sort(byCodePoint) };
}
