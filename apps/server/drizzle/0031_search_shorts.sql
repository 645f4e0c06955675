-- Search finds clips and shorts (docs/search.md "Shorts", issue 22): a ready, not deleted `clip` row (either
-- kind, a clip of a live room or an uploaded short) is a document of kind 'short' (ref_kind 'clip', ref_sn
-- clip_sn), kept by a trigger on `clip` like the broadcasts' by theirs (decision 009). Its BJ is the clip's
-- channel (bj_user_key); vod_key holds the clip's key (a hit links to /sub/short?clip={clip_key}); the
-- thumbnail is the clip's thumb.jpg; started_at its creation and ended_at that plus its duration (the hit's
-- duration_sec, as a replay's); viewer_cnt and popularity its views. Its text is its title and its BJ's nick
-- and login ID. A clip cut from an adult broadcast is adult. A processing, failed or deleted clip has no
-- document; a withdrawn or closed BJ's are kept but not visible (search_on_users refreshes them).
CREATE OR REPLACE VIEW search_source AS
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
WHERE b.state = 'live' OR (b.state = 'ended' AND b.replay_yn)
UNION ALL
SELECT 'short', 'clip', k.clip_sn, k.bj_user_key, u.bj_type_cd,
	u.id, u.nick, u.profile_image, k.clip_key, k.title, '{}'::text[], '/media/clips/' || k.clip_key || '/thumb.jpg',
	k.view_cnt, 0, 0, 0, '', k.created_at, k.created_at + make_interval(secs => k.duration_sec::float8),
	k.vod_key <> '' AND coalesce((SELECT b.adult_yn FROM broadcast b WHERE b.vod_key = k.vod_key), false), u.state = 'active',
	k.view_cnt::bigint,
	k.title || ' ' || u.nick || ' ' || u.id
FROM clip k JOIN users u ON u.user_key = k.bj_user_key
WHERE k.state = 'ready' AND k.deleted_at IS NULL;
--> statement-breakpoint
-- (Re)writes the documents of some source rows, and removes those whose source no longer qualifies.
-- p_what: 'user' (a BJ account, p_key = user_key), 'broadcast' (p_key = broadcast_sn), 'bj_broadcasts'
-- (every broadcast of the BJ p_key), 'clip' (p_key = clip_sn), 'bj_clips' (every clip of the channel p_key),
-- 'clips' (every clip), 'all' (a full reindex).
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
		WHEN 'clip' THEN format('s.ref_kind = %L AND s.ref_sn = %s', 'clip', p_key)
		WHEN 'bj_clips' THEN format('s.ref_kind = %L AND s.bj_user_key = %s', 'clip', p_key)
		WHEN 'clips' THEN format('s.ref_kind = %L', 'clip')
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
	IF p_what IN ('user', 'broadcast', 'clip') AND v_n = 0 THEN
		DELETE FROM search_doc WHERE ref_kind = p_what AND ref_sn = p_key;
	ELSIF p_what IN ('all', 'clips') THEN
		DELETE FROM search_doc d
		WHERE d.ref_kind IN ('user', 'broadcast', 'clip') AND (p_what = 'all' OR d.ref_kind = 'clip')
			AND NOT EXISTS (SELECT 1 FROM search_source s WHERE s.ref_kind = d.ref_kind AND s.ref_sn = d.ref_sn);
	END IF;
	RETURN v_n;
END $$;
--> statement-breakpoint
-- A BJ account's document follows the account; a new nick, ID, picture or state reaches their broadcasts'
-- and their channel's clips' documents too. Viewers' accounts have no document (their insert costs nothing here).
CREATE OR REPLACE FUNCTION search_on_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' AND NEW.type_cd <> 'bj' THEN RETURN NULL; END IF;
	IF TG_OP = 'UPDATE' AND NEW.type_cd <> 'bj' AND OLD.type_cd <> 'bj' THEN RETURN NULL; END IF;
	PERFORM search_fill('user', NEW.user_key);
	IF TG_OP = 'UPDATE' AND (NEW.nick, NEW.id, NEW.profile_image, NEW.state, NEW.bj_type_cd)
		IS DISTINCT FROM (OLD.nick, OLD.id, OLD.profile_image, OLD.state, OLD.bj_type_cd) THEN
		PERFORM search_fill('bj_broadcasts', NEW.user_key);
		PERFORM search_fill('bj_clips', NEW.user_key);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A clip's document follows its row: made when it turns ready, removed when it is deleted or failed. A view
-- (view_cnt, counted once per viewer and hour) touches the counters alone.
CREATE OR REPLACE FUNCTION search_on_clip() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		DELETE FROM search_doc WHERE ref_kind = 'clip' AND ref_sn = OLD.clip_sn;
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' AND (NEW.state <> 'ready' OR NEW.deleted_at IS NOT NULL) THEN RETURN NULL; END IF;
	IF TG_OP = 'UPDATE' AND NEW.state = OLD.state AND NEW.title = OLD.title
		AND NEW.deleted_at IS NOT DISTINCT FROM OLD.deleted_at AND NEW.duration_sec = OLD.duration_sec
		AND NEW.bj_user_key = OLD.bj_user_key AND NEW.clip_key = OLD.clip_key AND NEW.vod_key = OLD.vod_key THEN
		UPDATE search_doc SET viewer_cnt = NEW.view_cnt, popularity = NEW.view_cnt
		WHERE ref_kind = 'clip' AND ref_sn = NEW.clip_sn AND viewer_cnt <> NEW.view_cnt;
		RETURN NULL;
	END IF;
	PERFORM search_fill('clip', NEW.clip_sn);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_clip AFTER INSERT OR DELETE OR UPDATE OF state, title, deleted_at, view_cnt, duration_sec, bj_user_key,
	clip_key, vod_key ON clip FOR EACH ROW EXECUTE FUNCTION search_on_clip();
--> statement-breakpoint
SELECT search_fill('clips', NULL);
