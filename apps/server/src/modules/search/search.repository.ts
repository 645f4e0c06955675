import {
  SEARCH_LIMITS,
  type SearchBjHit,
  type SearchHitKind,
  type SearchLiveHit,
  type SearchMcItem,
  type SearchReplayHit,
  searchNorm,
  termQuery,
} from '@byeol/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Exec } from '../../platform/db.js';

/** What one kind's query is: the document kind and, for broadcasters, which BJ kinds. */
const KIND_FILTER: Record<Exclude<SearchHitKind, 'short'> | 'mc', { doc: 'bj' | 'live' | 'replay'; bjTypes?: SQL }> = {
  /** The MC picker: broadcasters of every kind. */
  mc: { doc: 'bj' },
  bj: { doc: 'bj', bjTypes: sql.raw(`and d.bj_type_cd not in ('enter', 'program')`) },
  kstar: { doc: 'bj', bjTypes: sql.raw(`and d.bj_type_cd = 'enter'`) },
  program: { doc: 'bj', bjTypes: sql.raw(`and d.bj_type_cd = 'program'`) },
  live: { doc: 'live' },
  replay: { doc: 'replay' },
};

/** Who is asking: adult documents only for adult-verified members, never a document of a BJ they blocked. */
export interface SearchViewer {
  adultOk: boolean;
  blocked: number[];
}

interface DocRow extends Record<string, unknown> {
  doc_sn: string;
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
}

export type KindHits =
  | { kind: 'bj' | 'kstar' | 'program'; rows: SearchBjHit[] }
  | { kind: 'live'; rows: SearchLiveHit[] }
  | { kind: 'replay'; rows: SearchReplayHit[] };

const COLUMNS = sql.raw(`d.doc_sn, d.bj_user_key, d.bj_type_cd, d.login_id, d.nick, d.profile_image, d.vod_key, d.title,
  d.tags, d.thumbnail, d.viewer_cnt, d.peak_viewer_cnt, d.like_cnt, d.follower_cnt, d.live_vod_key, d.started_at, d.ended_at, d.adult`);
/** Popularity, newest first on a tie: the order of the kind's partial btree index. */
const BY_POPULARITY = sql.raw('order by d.popularity desc nulls last, d.doc_sn desc nulls last');

/**
 * What one kind's documents must satisfy: the term's tokens all in the document's (a GIN containment,
 * through the kind's partial index), each term word a substring of its normalised text (bigrams alone
 * would match across words), the viewer's adult and block rules.
 */
function matching(kind: keyof typeof KIND_FILTER, term: string, viewer: SearchViewer): SQL {
  const q = termQuery(term);
  const f = KIND_FILTER[kind];
  const tokens = q.chosung ? sql.raw('d.cho_tokens') : sql.raw('d.tokens');
  const text = q.chosung ? sql.raw('d.cho_norm') : sql.raw('d.text_norm');
  return sql`d.doc_kind = ${sql.raw(`'${f.doc}'`)} and d.visible and ${tokens} @> ${sql.param(q.tokens)}::text[]
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
  private rows = new Map<string, number>();
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
      db.execute<{ relname: string; reltuples: number }>(sql`
        select relname, reltuples from pg_class where relname like 'search_doc\_%\_pop\_idx'`),
    ]);
    for (const s of stats.rows) {
      const map = new Map<string, number>();
      for (const [i, e] of (s.elems ?? []).entries()) map.set(e, Number(s.freqs?.[i] ?? 0));
      // The elements' list ends with the lowest frequency it kept: a token not listed is rarer than that.
      const floor = s.freqs && s.freqs.length >= 3 ? Number(s.freqs[s.freqs.length - 3]) : 0;
      if (s.attname === 'tokens') [this.freq, this.floor] = [map, floor];
      else [this.choFreq, this.choFloor] = [map, floor];
    }
    this.rows = new Map(sizes.rows.map((r) => [r.relname.replace(/^search_doc_|_pop_idx$/g, ''), Math.max(0, Number(r.reltuples))]));
    this.loadedAt = Date.now();
  }

  /** Matches a term may have at most, by its rarest token (tokens of one word are not independent). */
  estimate(doc: string, chosung: boolean, tokens: string[]): number {
    const freq = chosung ? this.choFreq : this.freq;
    const floor = chosung ? this.choFloor : this.floor;
    const rarest = Math.min(...tokens.map((t) => freq.get(t) ?? floor));
    return (this.rows.get(doc) ?? 0) * rarest;
  }

  size(doc: string): number {
    return this.rows.get(doc) ?? 0;
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
 * A page is never a sort of every match. A rare term is read through the kind's GIN index and its few
 * matches sorted; a frequent one (more than countMax matches, and by the token statistics more than
 * √(rows needed × kind size), where walking the kind's popularity index until the page is full reads fewer
 * rows than fetching every match) walks the popularity index instead. PostgreSQL would pick the GIN index
 * for both (it multiplies the tokens' frequencies as if independent, and a word's bigrams are not), so the
 * walk is asked for with SET LOCAL in its own transaction.
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
  const where = matching(kind, term, viewer);
  const q = termQuery(term);
  const doc = KIND_FILTER[kind].doc;
  const [stats, { rows: count }] = await Promise.all([
    statsOf(db),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select 1 from search_doc d where ${where} limit ${SEARCH_LIMITS.countMax + 1}) c`),
  ]);
  const n = Number(count[0]?.n ?? 0);
  const capped = n > SEARCH_LIMITS.countMax;
  const walk = capped && stats.estimate(doc, q.chosung, q.tokens) ** 2 > (offset + limit) * stats.size(doc);
  const read = async (extra: SQL, from: number, size: number): Promise<DocRow[]> => {
    const query = sql`select ${COLUMNS} from search_doc d where ${where} ${extra} ${BY_POPULARITY} offset ${from} limit ${size}`;
    if (!walk) return (await db.execute<DocRow>(query)).rows;
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute<DocRow>(query)).rows;
    });
  };
  let rows: DocRow[];
  if (exact.length === 0) rows = await read(sql``, offset, limit);
  else {
    const mine = sql`d.bj_user_key = any(${sql.param(exact)}::bigint[])`;
    const first = await db.execute<DocRow>(sql`select ${COLUMNS} from search_doc d where ${where} and ${mine} ${BY_POPULARITY}`);
    rows = first.rows.slice(offset, offset + limit);
    if (rows.length < limit)
      rows = [...rows, ...(await read(sql`and not ${mine}`, Math.max(0, offset - first.rows.length), limit - rows.length))];
  }
  return { rows, total: Math.min(n, SEARCH_LIMITS.countMax), capped };
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
    bj: bjOf(r),
  });
  if (kind === 'live') {
    const list = rows.map((r) => ({ kind, ...common(r), viewer_cnt: r.viewer_cnt, start_date: iso(r.started_at) }));
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
        peak_viewer_cnt: r.peak_viewer_cnt,
        end_date: end.toISOString(),
        duration_sec: Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)),
      };
    });
    return { total, capped, hits: { kind, rows: list } };
  }
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
        live_vod_key: r.live_vod_key,
      })),
    },
  };
}

/** The kinds `all` answers, in the order the page shows them (broadcasters, then live above replays). */
export const ALL_KINDS = ['bj', 'kstar', 'program', 'live', 'replay'] as const;

/** A few hits of every kind with each kind's total (kind `all`: the /search page, the header box). */
export async function searchAllKinds(db: Db, term: string, viewer: SearchViewer, perKind: number) {
  const exact = await exactBjs(db, term);
  return Promise.all(ALL_KINDS.map((k) => searchKind(db, k, term, viewer, 0, perKind, exact)));
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

/** Rebuilds every document from its source rows (operators, after a bulk import; the bench's loader). */
export async function reindexAll(db: Exec): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select search_fill('all', null) as n`);
  return Number(rows[0]?.n ?? 0);
}
