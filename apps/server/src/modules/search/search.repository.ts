import {
  SEARCH_LIMITS,
  type SearchBjHit,
  type SearchHitKind,
  type SearchLiveHit,
  type SearchMcItem,
  type SearchReplayHit,
  type SearchShortHit,
  searchNorm,
  termQuery,
} from '@byeol/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Exec } from '../../platform/db.js';
import { adultLiveKeys } from '../live/index.js';
import { hidesViewerCountSql } from '../users/index.js';

/** What one kind's query is: the document kind and, for broadcasters, which BJ kinds. */
const KIND_FILTER: Record<SearchHitKind | 'mc', { doc: 'bj' | 'live' | 'replay' | 'short'; bjTypes?: SQL }> = {
  /** The MC picker: broadcasters of every kind. */
  mc: { doc: 'bj' },
  bj: { doc: 'bj', bjTypes: sql.raw(`and d.bj_type_cd not in ('enter', 'program')`) },
  kstar: { doc: 'bj', bjTypes: sql.raw(`and d.bj_type_cd = 'enter'`) },
  program: { doc: 'bj', bjTypes: sql.raw(`and d.bj_type_cd = 'program'`) },
  live: { doc: 'live' },
  replay: { doc: 'replay' },
  /** Clips and shorts (migration 0031): a ready clip of either kind. */
  short: { doc: 'short' },
};

/** Who is asking: adult documents only for adult-verified members, never a document of a BJ they blocked. */
export interface SearchViewer {
  adultOk: boolean;
  blocked: number[];
}

interface DocRow extends Record<string, unknown> {
  doc_sn: string;
  /** The source row's serial: a short's clip_sn. */
  ref_sn: string;
  bj_user_key: string;
  bj_type_cd: string;
  login_id: string;
  nick: string;
  profile_image: string;
  vod_key: string;
  title: string;
  tags: string[];
  thumbnail: string;
  viewer_cnt: number;
  peak_viewer_cnt: number;
  like_cnt: number;
  follower_cnt: number;
  live_vod_key: string;
  started_at: Date | null;
  ended_at: Date | null;
  adult: boolean;
  /** The BJ keeps the viewer count private (their /mypage/setting switch): live and replay hits say 0. */
  count_hidden: boolean | null;
}

export type KindHits =
  | { kind: 'bj' | 'kstar' | 'program'; rows: SearchBjHit[] }
  | { kind: 'live'; rows: SearchLiveHit[] }
  | { kind: 'replay'; rows: SearchReplayHit[] }
  | { kind: 'short'; rows: SearchShortHit[] };

const COLUMNS = sql`${sql.raw(`d.doc_sn, d.ref_sn, d.bj_user_key, d.bj_type_cd, d.login_id, d.nick, d.profile_image, d.vod_key, d.title,
  d.tags, d.thumbnail, d.viewer_cnt, d.peak_viewer_cnt, d.like_cnt, d.follower_cnt, d.live_vod_key, d.started_at, d.ended_at, d.adult`)},
  (select ${hidesViewerCountSql('u')} from users u where u.user_key = d.bj_user_key) as count_hidden`;
/** Popularity, newest first on a tie: the order of the kind's partial btree index. */
const BY_POPULARITY = sql.raw('order by d.popularity desc nulls last, d.doc_sn desc nulls last');

/**
 * What one kind's documents must satisfy: the term's tokens all in the document's (a GIN containment,
 * through the kind's partial index), each term word a substring of its normalised text (bigrams alone
 * would match across words), the viewer's adult and block rules.
 */
function matching(kind: keyof typeof KIND_FILTER, term: string, gin: string[], viewer: SearchViewer): SQL {
  const q = termQuery(term);
  const f = KIND_FILTER[kind];
  const tokens = q.chosung ? sql.raw('d.cho_tokens') : sql.raw('d.tokens');
  const text = q.chosung ? sql.raw('d.cho_norm') : sql.raw('d.text_norm');
  return sql`d.doc_kind = ${sql.raw(`'${f.doc}'`)} and d.visible and ${tokens} @> ${sql.param(gin)}::text[]
    ${f.bjTypes ?? sql``} ${sql.join(
      q.words.map((w) => sql`and strpos(${text}, ${w}) > 0`),
      sql` `,
    )}
    ${viewer.adultOk ? sql`` : sql`and not d.adult`}
    ${viewer.blocked.length > 0 ? sql`and d.bj_user_key <> all(${sql.param(viewer.blocked)}::bigint[])` : sql``}`;
}

/**
 * The BJs whose nick or login ID is the term itself (normalised): their documents come first. A 초성 term
 * names nobody exactly.
 */
export async function exactBjs(db: Db, term: string): Promise<number[]> {
  if (termQuery(term).chosung) return [];
  const { rows } = await db.execute<{ k: string }>(sql`
    select d.bj_user_key as k from search_doc d
    where d.doc_kind = 'bj' and d.visible and d.exact_keys @> array[${searchNorm(term)}]::text[] limit 10`);
  return rows.map((r) => Number(r.k));
}

/**
 * What PostgreSQL's statistics say about the tokens (the most common elements of `tokens` and `cho_tokens`
 * with their frequencies, ANALYZE's) and how many visible documents each kind has (its popularity index's
 * size): enough to tell a frequent term from a rare one before reading any match. Read at most every
 * five minutes per process.
 */
class TokenStats {
  private freq = new Map<string, number>();
  private choFreq = new Map<string, number>();
  private floor = 0;
  private choFloor = 0;
  /** The table's size in pages and each kind's visible documents (its popularity index's size). */
  private pages = 0;
  private rowCount = 0;
  private sizes = new Map<string, number>();
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  async fresh(db: Exec): Promise<this> {
    if (Date.now() - this.loadedAt > 300_000 && !this.loading) {
      this.loading = this.load(db).finally(() => {
        this.loading = undefined;
      });
    }
    if (this.loadedAt === 0) await this.loading;
    return this;
  }

  private async load(db: Exec): Promise<void> {
    const [stats, sizes] = await Promise.all([
      db.execute<{ attname: string; elems: string[] | null; freqs: number[] | null }>(sql`
        select attname, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
        from pg_stats where schemaname = current_schema() and tablename = 'search_doc' and attname in ('tokens', 'cho_tokens')`),
      db.execute<{ relname: string; reltuples: number; relpages: number }>(sql`
        select relname, reltuples, relpages from pg_class
        where relname = 'search_doc' or relname like 'search_doc\\_%\\_pop\\_idx'`),
    ]);
    for (const r of sizes.rows) {
      if (r.relname === 'search_doc') [this.pages, this.rowCount] = [Number(r.relpages), Math.max(0, Number(r.reltuples))];
      else this.sizes.set(r.relname.replace(/^search_doc_|_pop_idx$/g, ''), Math.max(0, Number(r.reltuples)));
    }
    for (const s of stats.rows) {
      const map = new Map<string, number>();
      for (const [i, e] of (s.elems ?? []).entries()) map.set(e, Number(s.freqs?.[i] ?? 0));
      // The elements' list ends with the lowest frequency it kept: a token not listed is rarer than that.
      const floor = s.freqs && s.freqs.length >= 3 ? Number(s.freqs[s.freqs.length - 3]) : 0;
      if (s.attname === 'tokens') [this.freq, this.floor] = [map, floor];
      else [this.choFreq, this.choFloor] = [map, floor];
    }
    this.loadedAt = Date.now();
  }

  /**
   * How many documents match, from the span of pages the first countMax + 1 matches were found in: the
   * scan reads the table in page order, so if they took `span` of its pages, the matches number about
   * found × pages / span (documents of a kind are spread over the table as they were written).
   */
  matchesFrom(found: number, span: number): number {
    return this.pages > 0 ? (found * this.pages) / Math.max(1, span + 1) : found;
  }

  size(doc: string): number {
    return this.sizes.get(doc) ?? 0;
  }

  /** The share of the table's rows that are this kind's visible documents. */
  share(doc: string): number {
    return this.rowCount > 0 ? this.size(doc) / this.rowCount : 0;
  }

  /** The share of documents holding the term's rarest bigram (0 when one is not among the common ones). */
  rarest(chosung: boolean, tokens: string[]): number {
    const freq = chosung ? this.choFreq : this.freq;
    const bigrams = tokens.filter((t) => !t.startsWith('^'));
    return bigrams.length === 0 ? 0 : Math.min(...bigrams.map((t) => freq.get(t) ?? 0));
  }

  /**
   * The tokens the GIN index is asked for: every '^' token (a one-character word must start a word) and the
   * two rarest bigrams. The substring checks that follow make the match exact whatever the subset; a
   * frequent bigram's posting list, which can hold a tenth of the documents, is never decoded.
   */
  ginTokens(chosung: boolean, tokens: string[]): string[] {
    const freq = chosung ? this.choFreq : this.freq;
    const floor = (chosung ? this.choFloor : this.floor) / 2;
    const bigrams = tokens.filter((t) => !t.startsWith('^')).sort((a, b) => (freq.get(a) ?? floor) - (freq.get(b) ?? floor));
    return [...tokens.filter((t) => t.startsWith('^')), ...bigrams.slice(0, 2)];
  }
}
const tokenStats = new WeakMap<object, TokenStats>();
const statsOf = (db: Db) => {
  const s = tokenStats.get(db) ?? new TokenStats();
  tokenStats.set(db, s);
  return s.fresh(db);
};

/**
 * One kind's page: the exact BJs' documents first, then the rest by popularity, and the total up to
 * SEARCH_LIMITS.countMax (past it the answer says so instead of counting a frequent word's every match).
 *
 * First the matches are listed through the kind's GIN index, up to countMax + 1 of them (key, popularity,
 * BJ, page). When there are no more, they are the total, sorted here, and the page's rows are read by key.
 * Past countMax, that list is a sample of the matches in the table's order: its (offset + limit)-th most
 * popular bounds the page from below, and where it ended in the table tells about how many match, which
 * picks the read: down the kind's popularity index for a frequent term, through the GIN index otherwise.
 */
async function matchKind(
  db: Db,
  kind: keyof typeof KIND_FILTER,
  term: string,
  viewer: SearchViewer,
  offset: number,
  limit: number,
  exact: number[],
): Promise<{ rows: DocRow[]; total: number; capped: boolean }> {
  const q = termQuery(term);
  const stats = await statsOf(db);
  const where = matching(kind, term, stats.ginTokens(q.chosung, q.tokens), viewer);
  const size = stats.size(KIND_FILTER[kind].doc);
  const need = offset + limit;
  const mine = new Set(exact);
  type Found = { doc_sn: string; popularity: string; bj_user_key: string; page: string };

  // A term whose every bigram is frequent (by ANALYZE's statistics) may match a tenth of the kind: a fixed
  // sample of the table's pages tells at a few milliseconds' cost, where listing countMax + 1 matches
  // through the GIN index would decode posting lists of a hundred thousand entries. Only for a large kind
  // that makes most of the table (the sample reads the table's pages, whatever their kinds).
  const doc = KIND_FILTER[kind].doc;
  if (size > SAMPLE_FROM && stats.share(doc) >= 0.5 && stats.rarest(q.chosung, q.tokens) >= FREQUENT) {
    const percent = Math.min(100, (100 * SAMPLE_ROWS) / size);
    const { rows: sample } = await db.execute<Found>(sql`
      select d.doc_sn, d.popularity, d.bj_user_key, 0 as page
      from search_doc d tablesample system (${sql.raw(percent.toFixed(4))}) repeatable (7) where ${where}`);
    const matches = (sample.length * 100) / percent;
    if (matches > SEARCH_LIMITS.countMax * 4 && matches * matches > 4 * need * size) {
      return { rows: await pageAbove(db, where, sample, mine, offset, limit, true), total: SEARCH_LIMITS.countMax, capped: true };
    }
  }

  const { rows: found } = await db.execute<Found>(sql`
    select d.doc_sn, d.popularity, d.bj_user_key, (d.ctid::text::point)[0]::bigint as page
    from search_doc d where ${where} limit ${SEARCH_LIMITS.countMax + 1}`);
  if (found.length <= SEARCH_LIMITS.countMax) {
    const order = found
      .map((r) => ({ sn: Number(r.doc_sn), pop: Number(r.popularity), exact: mine.has(Number(r.bj_user_key)) }))
      .sort((x, y) => Number(y.exact) - Number(x.exact) || y.pop - x.pop || y.sn - x.sn)
      .slice(offset, offset + limit)
      .map((r) => r.sn);
    if (order.length === 0) return { rows: [], total: found.length, capped: false };
    const { rows } = await db.execute<DocRow>(sql`select ${COLUMNS} from search_doc d where d.doc_sn = any(${sql.param(order)}::bigint[])`);
    const bySn = new Map(rows.map((r) => [Number(r.doc_sn), r]));
    return { rows: order.map((sn) => bySn.get(sn)).filter((r): r is DocRow => r !== undefined), total: found.length, capped: false };
  }
  // Walking the popularity index reads about need × kind size / matches rows, each a random page; the GIN
  // index and a sort read every match above the floor, in page order (about four times cheaper a row).
  // Where the matches were found tells how many there are (a sequential scan may start mid-table, as
  // PostgreSQL synchronises them: the span is what counts).
  const pages = found.map((r) => Number(r.page));
  const matches = stats.matchesFrom(found.length, Math.max(...pages) - Math.min(...pages));
  const walk = matches * matches > 4 * need * size;
  return { rows: await pageAbove(db, where, found, mine, offset, limit, walk), total: SEARCH_LIMITS.countMax, capped: true };
}

/** Terms whose rarest bigram is in at least this share of the documents are sampled first. */
const FREQUENT = 0.02;
/** The rows of the page sample (a kind smaller than SAMPLE_FROM is never sampled). */
const SAMPLE_ROWS = 5_000;
const SAMPLE_FROM = 50_000;

/**
 * A page of a term with more matches than countMax. `sample` is a set of its matches unrelated to
 * popularity: the page's rows (beyond the exact BJs') are at least as popular as the sample's
 * (offset + limit)-th best of the same rows, so no match below that floor can be on the page. `walk` reads
 * down the kind's popularity index, otherwise through the GIN index and a sort: PostgreSQL multiplies the
 * frequencies of a word's bigrams as if they were independent and would pick the GIN index for a word in a
 * tenth of the documents, so the plan is set here, with SET LOCAL in the read's own transaction.
 */
async function pageAbove(
  db: Db,
  where: SQL,
  sample: Array<{ popularity: string; bj_user_key: string }>,
  mine: Set<number>,
  offset: number,
  limit: number,
  walk: boolean,
): Promise<DocRow[]> {
  const need = offset + limit;
  const pops = sample
    .filter((r) => !mine.has(Number(r.bj_user_key)))
    .map((r) => Number(r.popularity))
    .sort((x, y) => y - x);
  const floor = need <= pops.length ? sql`and d.popularity >= ${pops[need - 1] ?? 0}` : sql``;
  const plan = walk
    ? 'set local enable_bitmapscan = off; set local enable_seqscan = off; set local max_parallel_workers_per_gather = 0'
    : 'set local enable_indexscan = off; set local max_parallel_workers_per_gather = 0';
  const read = (extra: SQL, from: number, size: number): Promise<DocRow[]> =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(plan));
      return (
        await tx.execute<DocRow>(
          sql`select ${COLUMNS} from search_doc d where ${where} ${extra} ${BY_POPULARITY} offset ${from} limit ${size}`,
        )
      ).rows;
    });
  if (mine.size === 0) return read(floor, offset, limit);
  // The exact BJs' documents come first whatever their popularity: read apart, then the rest (whose floor
  // still holds, as they follow at most `need` rows).
  const theirs = sql`d.bj_user_key = any(${sql.param([...mine])}::bigint[])`;
  const first = await db.execute<DocRow>(sql`select ${COLUMNS} from search_doc d where ${where} and ${theirs} ${BY_POPULARITY}`);
  const rows = first.rows.slice(offset, offset + limit);
  if (rows.length === limit) return rows;
  return [...rows, ...(await read(sql`and not ${theirs} ${floor}`, Math.max(0, offset - first.rows.length), limit - rows.length))];
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : '');
const bjOf = (r: DocRow) => ({ user_key: Number(r.bj_user_key), id: r.login_id, nick: r.nick, profile_image: r.profile_image });

/** One kind's page of hits with the kind's total. */
export async function searchKind(
  db: Db,
  kind: Exclude<keyof typeof KIND_FILTER, 'mc'>,
  term: string,
  viewer: SearchViewer,
  offset: number,
  limit: number,
  exact?: number[],
): Promise<{ hits: KindHits; total: number; capped: boolean }> {
  const { rows, total, capped } = await matchKind(db, kind, term, viewer, offset, limit, exact ?? (await exactBjs(db, term)));
  const common = (r: DocRow) => ({
    vod_key: r.vod_key,
    title: r.title,
    tags: r.tags,
    thumbnail: r.thumbnail,
    like_cnt: r.like_cnt,
    adult_yn: r.adult ? ('Y' as const) : ('N' as const),
    viewer_cnt_hidden_yn: r.count_hidden ? ('Y' as const) : ('N' as const),
    bj: bjOf(r),
  });
  if (kind === 'live') {
    const list = rows.map((r) => ({ kind, ...common(r), viewer_cnt: r.count_hidden ? 0 : r.viewer_cnt, start_date: iso(r.started_at) }));
    return { total, capped, hits: { kind, rows: list } };
  }
  if (kind === 'replay') {
    const list = rows.map((r) => {
      const start = r.started_at ? new Date(r.started_at) : new Date(0);
      const end = r.ended_at ? new Date(r.ended_at) : start;
      return {
        kind,
        ...common(r),
        start_date: start.toISOString(),
        peak_viewer_cnt: r.count_hidden ? 0 : r.peak_viewer_cnt,
        end_date: end.toISOString(),
        duration_sec: Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)),
      };
    });
    return { total, capped, hits: { kind, rows: list } };
  }
  if (kind === 'short') {
    // A clip's document: vod_key holds its clip_key (the hit links to /sub/short?clip=…), started_at and
    // ended_at its creation and that plus its duration (migration 0031).
    const list = rows.map((r) => {
      const start = r.started_at ? new Date(r.started_at).getTime() : 0;
      const end = r.ended_at ? new Date(r.ended_at).getTime() : start;
      return {
        kind,
        clip_sn: Number(r.ref_sn),
        vod_key: r.vod_key,
        title: r.title,
        thumbnail: r.thumbnail,
        duration_sec: Math.max(0, Math.round((end - start) / 100) / 10),
        bj: bjOf(r),
      };
    });
    return { total, capped, hits: { kind, rows: list } };
  }
  // A BJ's document names their live broadcast whatever it is; an adult one is not named to the unverified.
  const hidden = viewer.adultOk
    ? new Set<string>()
    : await adultLiveKeys(
        db,
        rows.map((r) => r.live_vod_key),
      );
  return {
    total,
    capped,
    hits: {
      kind,
      rows: rows.map((r) => ({
        kind,
        user_key: Number(r.bj_user_key),
        id: r.login_id,
        nick: r.nick,
        profile_image: r.profile_image,
        bj_type_cd: r.bj_type_cd,
        follower_cnt: r.follower_cnt,
        live_vod_key: hidden.has(r.live_vod_key) ? '' : r.live_vod_key,
      })),
    },
  };
}

/** The kinds `all` answers, in the order the page shows them (broadcasters, then live above replays, then shorts). */
export const ALL_KINDS = ['bj', 'kstar', 'program', 'live', 'replay', 'short'] as const;

/** A few hits of every kind with each kind's total (kind `all`: the /search page, the header box). */
export async function searchAllKinds(
  db: Db,
  term: string,
  viewer: SearchViewer,
  perKind: number,
  kinds: readonly (typeof ALL_KINDS)[number][] = ALL_KINDS,
) {
  const exact = await exactBjs(db, term);
  return Promise.all(kinds.map((k) => searchKind(db, k, term, viewer, 0, perKind, exact)));
}

/** The MC picker: broadcasters of every kind. */
export async function searchMc(
  db: Db,
  term: string,
  viewer: SearchViewer,
  offset: number,
  limit: number,
): Promise<{ list: SearchMcItem[]; total: number }> {
  const { rows, total } = await matchKind(db, 'mc', term, viewer, offset, limit, await exactBjs(db, term));
  return {
    total,
    list: rows.map((r) => ({
      sn: Number(r.doc_sn),
      user_key: Number(r.bj_user_key),
      id: r.login_id,
      nick: r.nick,
      profile_image: r.profile_image,
      bj_type_cd: r.bj_type_cd,
      is_live: r.live_vod_key ? 'Y' : 'N',
    })),
  };
}
