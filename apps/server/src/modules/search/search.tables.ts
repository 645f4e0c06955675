import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * The search index (docs/search.md): one document per searchable thing, kept by triggers on its source
 * rows in the same transaction (migration 0024; 0031 for clips), so a renamed BJ, a frozen broadcast or a
 * withdrawn member is searched as it is now. A document stores what a hit shows (stored fields), so a
 * search reads this table alone.
 *
 * `tokens` are the normalised bigrams (and '^' + first character per word) of its text, `cho_tokens` those
 * of its 초성; search_tokens()/search_chosung_tokens() in SQL and searchTokens()/chosungTokens() in the
 * contract compute them (a test proves them equal). Each kind has its own partial GIN indexes over the
 * visible documents, so a query of one kind reads only that kind's posting lists.
 */
export const searchDoc = pgTable(
  'search_doc',
  {
    docSn: bigserial('doc_sn', { mode: 'number' }).primaryKey(),
    /** bj (a broadcaster account), live, replay, short. */
    docKind: text('doc_kind').notNull(),
    /** What the document stands for: 'user' (user_key), 'broadcast' (broadcast_sn), 'clip' (clip_sn). */
    refKind: text('ref_kind').notNull(),
    refSn: bigint('ref_sn', { mode: 'number' }).notNull(),
    bjUserKey: bigint('bj_user_key', { mode: 'number' }).notNull(),
    bjTypeCd: text('bj_type_cd').notNull().default(''),
    loginId: text('login_id').notNull(),
    nick: text('nick').notNull(),
    profileImage: text('profile_image').notNull().default(''),
    vodKey: text('vod_key').notNull().default(''),
    title: text('title').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    thumbnail: text('thumbnail').notNull().default(''),
    viewerCnt: integer('viewer_cnt').notNull().default(0),
    peakViewerCnt: integer('peak_viewer_cnt').notNull().default(0),
    likeCnt: integer('like_cnt').notNull().default(0),
    followerCnt: integer('follower_cnt').notNull().default(0),
    /** A BJ document: the key of the BJ's live broadcast, else ''. */
    liveVodKey: text('live_vod_key').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    adult: boolean('adult').notNull().default(false),
    /** False while the owner is withdrawn or closed: never answered. */
    visible: boolean('visible').notNull().default(true),
    /** The order after exact matches: viewers now (live), peak viewers + likes (replay), views (short), followers (BJ). */
    popularity: bigint('popularity', { mode: 'number' }).notNull().default(0),
    /** The normalised nick and login ID of the BJ: a term equal to one of them comes first. */
    exactKeys: text('exact_keys').array().notNull().default([]),
    textNorm: text('text_norm').notNull().default(''),
    choNorm: text('cho_norm').notNull().default(''),
    tokens: text('tokens').array().notNull().default([]),
    choTokens: text('cho_tokens').array().notNull().default([]),
  },
  (t) => [
    unique('search_doc_ref_key').on(t.refKind, t.refSn),
    index('search_doc_bj_idx').on(t.bjUserKey),
    // Exact nick/ID matches come first: found by this small index over the BJ documents.
    index('search_doc_bj_exact_idx').using('gin', t.exactKeys).where(sql.raw(`doc_kind = 'bj' and visible`)),
    ...(['bj', 'live', 'replay', 'short'] as const).flatMap((kind) => [
      // A frequent term: walking the kind's documents by popularity finds a page sooner than sorting every match.
      index(`search_doc_${kind}_pop_idx`)
        .on(t.popularity.desc(), t.docSn.desc())
        .where(sql.raw(`doc_kind = '${kind}' and visible`)),
      index(`search_doc_${kind}_tokens_idx`)
        .using('gin', t.tokens)
        .where(sql.raw(`doc_kind = '${kind}' and visible`)),
      index(`search_doc_${kind}_cho_idx`)
        .using('gin', t.choTokens)
        .where(sql.raw(`doc_kind = '${kind}' and visible`)),
    ]),
  ],
);
