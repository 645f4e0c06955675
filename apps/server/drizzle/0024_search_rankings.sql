CREATE TABLE "ranking_cursor" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"upto_txn_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranking_run" (
	"category" text NOT NULL,
	"period" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"peak_viewers" integer NOT NULL,
	"likes" integer NOT NULL,
	"fan_growth" integer NOT NULL,
	"star" integer NOT NULL,
	"rookie_days" integer NOT NULL,
	CONSTRAINT "ranking_run_pk" PRIMARY KEY("category","period")
);
--> statement-breakpoint
CREATE TABLE "ranking_setting" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"peak_viewers" integer DEFAULT 40 NOT NULL,
	"likes" integer DEFAULT 30 NOT NULL,
	"fan_growth" integer DEFAULT 15 NOT NULL,
	"star" integer DEFAULT 15 NOT NULL,
	"rookie_days" integer DEFAULT 90 NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranking_snapshot" (
	"category" text NOT NULL,
	"period" text NOT NULL,
	"rank" integer NOT NULL,
	"prev_rank" integer,
	"bj_user_key" bigint NOT NULL,
	"score" double precision NOT NULL,
	"peak_viewer_cnt" integer NOT NULL,
	"like_cnt" integer NOT NULL,
	"fan_growth_cnt" integer NOT NULL,
	"star_cnt" bigint NOT NULL,
	"live_vod_key" text DEFAULT '' NOT NULL,
	CONSTRAINT "ranking_snapshot_pk" PRIMARY KEY("category","period","rank")
);
--> statement-breakpoint
CREATE TABLE "ranking_star_hour" (
	"bj_user_key" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"star" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ranking_star_hour_pk" PRIMARY KEY("bj_user_key","hour")
);
--> statement-breakpoint
CREATE TABLE "search_doc" (
	"doc_sn" bigserial PRIMARY KEY NOT NULL,
	"doc_kind" text NOT NULL,
	"ref_kind" text NOT NULL,
	"ref_sn" bigint NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"bj_type_cd" text DEFAULT '' NOT NULL,
	"login_id" text NOT NULL,
	"nick" text NOT NULL,
	"profile_image" text DEFAULT '' NOT NULL,
	"vod_key" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"viewer_cnt" integer DEFAULT 0 NOT NULL,
	"peak_viewer_cnt" integer DEFAULT 0 NOT NULL,
	"like_cnt" integer DEFAULT 0 NOT NULL,
	"follower_cnt" integer DEFAULT 0 NOT NULL,
	"live_vod_key" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"adult" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"popularity" bigint DEFAULT 0 NOT NULL,
	"exact_keys" text[] DEFAULT '{}' NOT NULL,
	"text_norm" text DEFAULT '' NOT NULL,
	"cho_norm" text DEFAULT '' NOT NULL,
	"tokens" text[] DEFAULT '{}' NOT NULL,
	"cho_tokens" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "search_doc_ref_key" UNIQUE("ref_kind","ref_sn")
);
--> statement-breakpoint
CREATE INDEX "ranking_star_hour_hour_idx" ON "ranking_star_hour" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "search_doc_bj_idx" ON "search_doc" USING btree ("bj_user_key");--> statement-breakpoint
CREATE INDEX "search_doc_bj_exact_idx" ON "search_doc" USING gin ("exact_keys") WHERE doc_kind = 'bj' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_bj_pop_idx" ON "search_doc" USING btree ("popularity" DESC NULLS LAST,"doc_sn" DESC NULLS LAST) WHERE doc_kind = 'bj' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_bj_tokens_idx" ON "search_doc" USING gin ("tokens") WHERE doc_kind = 'bj' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_bj_cho_idx" ON "search_doc" USING gin ("cho_tokens") WHERE doc_kind = 'bj' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_live_pop_idx" ON "search_doc" USING btree ("popularity" DESC NULLS LAST,"doc_sn" DESC NULLS LAST) WHERE doc_kind = 'live' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_live_tokens_idx" ON "search_doc" USING gin ("tokens") WHERE doc_kind = 'live' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_live_cho_idx" ON "search_doc" USING gin ("cho_tokens") WHERE doc_kind = 'live' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_replay_pop_idx" ON "search_doc" USING btree ("popularity" DESC NULLS LAST,"doc_sn" DESC NULLS LAST) WHERE doc_kind = 'replay' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_replay_tokens_idx" ON "search_doc" USING gin ("tokens") WHERE doc_kind = 'replay' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_replay_cho_idx" ON "search_doc" USING gin ("cho_tokens") WHERE doc_kind = 'replay' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_short_pop_idx" ON "search_doc" USING btree ("popularity" DESC NULLS LAST,"doc_sn" DESC NULLS LAST) WHERE doc_kind = 'short' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_short_tokens_idx" ON "search_doc" USING gin ("tokens") WHERE doc_kind = 'short' and visible;--> statement-breakpoint
CREATE INDEX "search_doc_short_cho_idx" ON "search_doc" USING gin ("cho_tokens") WHERE doc_kind = 'short' and visible;
--> statement-breakpoint
-- Search (docs/search.md). The tokenizer's SQL twin of packages/contract/src/search.ts (searchWords,
-- searchNorm, searchTokens, chosungTokens); search.int.test.ts proves them equal on random text.
-- Words: ASCII letters lower-cased (nothing else is folded, so the locale never matters), split on ASCII
-- controls, spaces and punctuation, NBSP and the ideographic space.
CREATE OR REPLACE FUNCTION search_words(p text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT coalesce(array_agg(w ORDER BY n), '{}')
	FROM regexp_split_to_table(translate(p, E'\u0041\u0042\u0043\u0044\u0045\u0046\u0047\u0048\u0049\u004A\u004B\u004C\u004D\u004E\u004F\u0050\u0051\u0052\u0053\u0054\u0055\u0056\u0057\u0058\u0059\u005A\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F\u0020\u0021\u0022\u0023\u0024\u0025\u0026\u0027\u0028\u0029\u002A\u002B\u002C\u002D\u002E\u002F\u003A\u003B\u003C\u003D\u003E\u003F\u0040\u005B\u005C\u005D\u005E\u005F\u0060\u007B\u007C\u007D\u007E\u007F\u00A0\u3000', 'abcdefghijklmnopqrstuvwxyz                                                                   '), ' ') WITH ORDINALITY AS s(w, n)
	WHERE w <> ''
$$;
--> statement-breakpoint
-- One pass over a text's words: the normalised text, the 초성 of each word holding a Hangul syllable
-- (U+AC00..U+D7A3, each replaced by its initial consonant's compatibility jamo), and per word '^' + its
-- first character and every bigram, distinct and in code-point order (COLLATE "C" on UTF-8), for the
-- words and for their 초성. PL/pgSQL: a quarter of the time of the same in set-returning SQL.
CREATE OR REPLACE FUNCTION search_analyze(p text, OUT norm text, OUT cho_norm text, OUT tokens text[], OUT cho_tokens text[])
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
	v_words text[] := search_words(p);
	v_word text;
	v_cho text;
	v_ch text;
	v_chars text[];
	v_code integer;
	v_toks text[] := '{}';
	v_ctoks text[] := '{}';
	v_cwords text[] := '{}';
BEGIN
	FOREACH v_word IN ARRAY v_words LOOP
		v_chars := regexp_split_to_array(v_word, '');
		v_toks := v_toks || ('^' || v_chars[1]);
		FOR i IN 1 .. cardinality(v_chars) - 1 LOOP
			v_toks := v_toks || (v_chars[i] || v_chars[i + 1]);
		END LOOP;
		v_cho := '';
		FOREACH v_ch IN ARRAY v_chars LOOP
			v_code := ascii(v_ch);
			IF v_code BETWEEN 44032 AND 55203 THEN
				v_cho := v_cho || substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (v_code - 44032) / 588 + 1, 1);
			ELSE
				v_cho := v_cho || v_ch;
			END IF;
		END LOOP;
		IF v_cho <> v_word THEN
			v_cwords := v_cwords || v_cho;
			v_chars := regexp_split_to_array(v_cho, '');
			v_ctoks := v_ctoks || ('^' || v_chars[1]);
			FOR i IN 1 .. cardinality(v_chars) - 1 LOOP
				v_ctoks := v_ctoks || (v_chars[i] || v_chars[i + 1]);
			END LOOP;
		END IF;
	END LOOP;
	norm := array_to_string(v_words, ' ');
	cho_norm := array_to_string(v_cwords, ' ');
	tokens := ARRAY(SELECT DISTINCT t COLLATE "C" FROM unnest(v_toks) AS t ORDER BY 1);
	cho_tokens := ARRAY(SELECT DISTINCT t COLLATE "C" FROM unnest(v_ctoks) AS t ORDER BY 1);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_norm(p text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT array_to_string(search_words(p), ' ') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_tokens(p text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT (search_analyze(p)).tokens $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_chosung_tokens(p text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT (search_analyze(p)).cho_tokens $$;
--> statement-breakpoint
-- What each document is made of, straight from its source rows: a broadcaster account (any BJ kind) and
-- a broadcast on air or kept as a replay. Frozen broadcasts and ended ones without a replay have none; a
-- withdrawn or closed owner's documents stay but are not visible.
CREATE VIEW search_source AS
SELECT 'bj'::text AS doc_kind, 'user'::text AS ref_kind, u.user_key AS ref_sn, u.user_key AS bj_user_key, u.bj_type_cd,
	u.id AS login_id, u.nick, u.profile_image, ''::text AS vod_key, ''::text AS title, '{}'::text[] AS tags, ''::text AS thumbnail,
	0 AS viewer_cnt, 0 AS peak_viewer_cnt, 0 AS like_cnt, coalesce(cs.follower_cnt, 0) AS follower_cnt,
	coalesce((SELECT b.vod_key FROM broadcast b WHERE b.bj_user_key = u.user_key AND b.state = 'live' LIMIT 1), '') AS live_vod_key,
	NULL::timestamptz AS started_at, NULL::timestamptz AS ended_at, false AS adult, u.state = 'active' AS visible,
	coalesce(cs.follower_cnt, 0)::bigint AS popularity, u.nick || ' ' || u.id AS doc_text
FROM users u LEFT JOIN channel_stat cs ON cs.bj_user_key = u.user_key
WHERE u.type_cd = 'bj'
UNION ALL
SELECT CASE WHEN b.state = 'live' THEN 'live' ELSE 'replay' END, 'broadcast', b.broadcast_sn, b.bj_user_key, u.bj_type_cd,
	u.id, u.nick, u.profile_image, b.vod_key, b.title, b.tags, b.thumbnail,
	b.viewer_cnt, b.peak_viewer_cnt, b.like_cnt, 0, '', b.started_at, b.ended_at, b.adult_yn, u.state = 'active',
	(CASE WHEN b.state = 'live' THEN b.viewer_cnt ELSE b.peak_viewer_cnt + b.like_cnt END)::bigint,
	b.title || ' ' || array_to_string(b.tags, ' ') || ' ' || u.nick || ' ' || u.id
FROM broadcast b JOIN users u ON u.user_key = b.bj_user_key
WHERE b.state = 'live' OR (b.state = 'ended' AND b.replay_yn);
--> statement-breakpoint
-- (Re)writes the documents of some source rows, and removes those whose source no longer qualifies.
-- p_what: 'user' (a BJ account, p_key = user_key), 'broadcast' (p_key = broadcast_sn), 'bj_broadcasts'
-- (every broadcast of the BJ p_key), 'all' (a full reindex).
CREATE OR REPLACE FUNCTION search_fill(p_what text, p_key bigint) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
	v_where text;
	v_n integer;
BEGIN
	v_where := CASE p_what
		WHEN 'user' THEN format('s.ref_kind = %L AND s.ref_sn = %s', 'user', p_key)
		WHEN 'broadcast' THEN format('s.ref_kind = %L AND s.ref_sn = %s', 'broadcast', p_key)
		WHEN 'bj_broadcasts' THEN format('s.ref_kind = %L AND s.bj_user_key = %s', 'broadcast', p_key)
		WHEN 'all' THEN 'true'
	END;
	IF v_where IS NULL THEN RAISE EXCEPTION 'search_fill: unknown %', p_what; END IF;
	EXECUTE 'INSERT INTO search_doc AS d (doc_kind, ref_kind, ref_sn, bj_user_key, bj_type_cd, login_id, nick, profile_image,
			vod_key, title, tags, thumbnail, viewer_cnt, peak_viewer_cnt, like_cnt, follower_cnt, live_vod_key, started_at,
			ended_at, adult, visible, popularity, exact_keys, text_norm, cho_norm, tokens, cho_tokens)
		SELECT s.doc_kind, s.ref_kind, s.ref_sn, s.bj_user_key, s.bj_type_cd, s.login_id, s.nick, s.profile_image,
			s.vod_key, s.title, s.tags, s.thumbnail, s.viewer_cnt, s.peak_viewer_cnt, s.like_cnt, s.follower_cnt, s.live_vod_key,
			s.started_at, s.ended_at, s.adult, s.visible, s.popularity,
			ARRAY(SELECT DISTINCT k FROM unnest(ARRAY[search_norm(s.nick), search_norm(s.login_id)]) AS k WHERE k <> ''''),
			a.norm, a.cho_norm, a.tokens, a.cho_tokens
		FROM search_source s, LATERAL search_analyze(s.doc_text) AS a WHERE ' || v_where || '
		ON CONFLICT (ref_kind, ref_sn) DO UPDATE SET (doc_kind, bj_user_key, bj_type_cd, login_id, nick, profile_image,
			vod_key, title, tags, thumbnail, viewer_cnt, peak_viewer_cnt, like_cnt, follower_cnt, live_vod_key, started_at,
			ended_at, adult, visible, popularity, exact_keys, text_norm, cho_norm, tokens, cho_tokens) =
			(excluded.doc_kind, excluded.bj_user_key, excluded.bj_type_cd, excluded.login_id, excluded.nick,
			excluded.profile_image, excluded.vod_key, excluded.title, excluded.tags, excluded.thumbnail, excluded.viewer_cnt,
			excluded.peak_viewer_cnt, excluded.like_cnt, excluded.follower_cnt, excluded.live_vod_key, excluded.started_at,
			excluded.ended_at, excluded.adult, excluded.visible, excluded.popularity, excluded.exact_keys, excluded.text_norm,
			excluded.cho_norm, excluded.tokens, excluded.cho_tokens)';
	GET DIAGNOSTICS v_n = ROW_COUNT;
	IF p_what IN ('user', 'broadcast') AND v_n = 0 THEN
		DELETE FROM search_doc WHERE ref_kind = p_what AND ref_sn = p_key;
	ELSIF p_what = 'all' THEN
		DELETE FROM search_doc d WHERE d.ref_kind IN ('user', 'broadcast')
			AND NOT EXISTS (SELECT 1 FROM search_source s WHERE s.ref_kind = d.ref_kind AND s.ref_sn = d.ref_sn);
	END IF;
	RETURN v_n;
END $$;
--> statement-breakpoint
-- A broadcast's document follows its row. Counter-only updates (viewers every few seconds, likes) touch
-- the counters alone; a state change also refreshes the BJ's document (its live key).
CREATE OR REPLACE FUNCTION search_on_broadcast() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		DELETE FROM search_doc WHERE ref_kind = 'broadcast' AND ref_sn = OLD.broadcast_sn;
		PERFORM search_fill('user', OLD.bj_user_key);
		RETURN NULL;
	END IF;
	IF TG_OP = 'UPDATE' AND NEW.state = OLD.state AND NEW.replay_yn = OLD.replay_yn AND NEW.title = OLD.title
		AND NEW.tags = OLD.tags AND NEW.thumbnail = OLD.thumbnail AND NEW.adult_yn = OLD.adult_yn
		AND NEW.ended_at IS NOT DISTINCT FROM OLD.ended_at AND NEW.vod_key = OLD.vod_key THEN
		UPDATE search_doc SET viewer_cnt = NEW.viewer_cnt, peak_viewer_cnt = NEW.peak_viewer_cnt, like_cnt = NEW.like_cnt,
			popularity = CASE WHEN NEW.state = 'live' THEN NEW.viewer_cnt ELSE NEW.peak_viewer_cnt + NEW.like_cnt END
		WHERE ref_kind = 'broadcast' AND ref_sn = NEW.broadcast_sn
			AND (viewer_cnt, peak_viewer_cnt, like_cnt) IS DISTINCT FROM (NEW.viewer_cnt, NEW.peak_viewer_cnt, NEW.like_cnt);
		RETURN NULL;
	END IF;
	PERFORM search_fill('broadcast', NEW.broadcast_sn);
	IF TG_OP = 'INSERT' OR NEW.state IS DISTINCT FROM OLD.state THEN
		PERFORM search_fill('user', NEW.bj_user_key);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_broadcast AFTER INSERT OR DELETE OR UPDATE OF state, replay_yn, title, tags, thumbnail, adult_yn,
	ended_at, vod_key, viewer_cnt, peak_viewer_cnt, like_cnt ON broadcast FOR EACH ROW EXECUTE FUNCTION search_on_broadcast();
--> statement-breakpoint
-- A BJ account's document follows the account; a new nick, ID, picture or state reaches their broadcasts'
-- documents too. Viewers' accounts have no document (their insert costs nothing here).
CREATE OR REPLACE FUNCTION search_on_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' AND NEW.type_cd <> 'bj' THEN RETURN NULL; END IF;
	IF TG_OP = 'UPDATE' AND NEW.type_cd <> 'bj' AND OLD.type_cd <> 'bj' THEN RETURN NULL; END IF;
	PERFORM search_fill('user', NEW.user_key);
	IF TG_OP = 'UPDATE' AND (NEW.nick, NEW.id, NEW.profile_image, NEW.state, NEW.bj_type_cd)
		IS DISTINCT FROM (OLD.nick, OLD.id, OLD.profile_image, OLD.state, OLD.bj_type_cd) THEN
		PERFORM search_fill('bj_broadcasts', NEW.user_key);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_users AFTER INSERT OR UPDATE OF nick, id, profile_image, state, type_cd, bj_type_cd ON users
	FOR EACH ROW EXECUTE FUNCTION search_on_users();
--> statement-breakpoint
-- A follow or unfollow moves the BJ document's follower count (its popularity).
CREATE OR REPLACE FUNCTION search_on_channel_stat() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE search_doc SET follower_cnt = NEW.follower_cnt, popularity = NEW.follower_cnt
	WHERE ref_kind = 'user' AND ref_sn = NEW.bj_user_key AND follower_cnt <> NEW.follower_cnt;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_channel_stat AFTER INSERT OR UPDATE OF follower_cnt ON channel_stat
	FOR EACH ROW EXECUTE FUNCTION search_on_channel_stat();
--> statement-breakpoint
-- The search picks its plan from these columns' most common elements (search.repository.ts TokenStats):
-- keep 10,000 of them instead of 1,000.
ALTER TABLE search_doc ALTER COLUMN tokens SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE search_doc ALTER COLUMN cho_tokens SET STATISTICS 1000;
--> statement-breakpoint
SELECT search_fill('all', NULL);
--> statement-breakpoint
INSERT INTO ranking_setting (id) VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO ranking_cursor (id) VALUES (1) ON CONFLICT DO NOTHING;
