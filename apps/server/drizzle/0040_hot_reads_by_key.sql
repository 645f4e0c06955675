-- Issue 20: user_info's summary (the wallet's STAR and CUBIC, active items, VIP grade, BJ level) for the
-- members asked for in one turn of the event loop, as a function that finds every row by its key. It was a
-- prepared statement, planned once per connection and kept: planned while level_state and user_item were
-- analysed as empty, each member's level and items were read by a sequential scan of the whole table, and
-- stayed so as the tables filled (until autovacuum's next ANALYZE invalidated the plan). `npm run
-- bench:ledger` with the tables analysed right after the funding (auto_explain): `Seq Scan on level_state`
-- per member while the experience job filled it, user_info at 2,114–5,047 req/s with PostgreSQL busy
-- (6–9k otherwise). As for the ledger's functions (migration 0039), a sequential scan is never the right
-- way for these lookups, so the function is told not to take one. plpgsql keeps its plan per connection as
-- the prepared statement did (a SQL function would plan on every call). Same answers (hand-written).
CREATE FUNCTION "user_summaries"(p_user_keys bigint[])
RETURNS TABLE (user_key bigint, star_cnt bigint, cubic_cnt bigint, item_cnt bigint, vip_level integer, bj_level_v2 integer)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT u.user_key,
		coalesce((SELECT w.balance FROM wallet_account w
			WHERE w.user_key = u.user_key AND w.kind = 'wallet' AND w.currency = 'STAR'), 0)::bigint,
		coalesce((SELECT w.balance FROM wallet_account w
			WHERE w.user_key = u.user_key AND w.kind = 'wallet' AND w.currency = 'CUBIC'), 0)::bigint,
		-- SPEC §3 summary_info.item_cnt: items unused, in use or stopped, within their validity. Read through
		-- the owner's index alone: the state and validity are a FILTER, not conditions another index could
		-- take. With them in the WHERE, plans read user_item_expiry_idx (partial on those states) for each
		-- member: whole, or ANDed with the owner's index, 169,600 and 241,600 index entries for a turn of 21
		-- members in users.plans.int.test.ts instead of at most 80 each.
		(SELECT count(*) FILTER (WHERE i.state IN ('unused', 'in_use', 'stopped') AND i.expires_at > now())
			FROM user_item i WHERE i.user_key = u.user_key),
		-- the VIP grade and the BJ level as the experience job last set them (docs/progression.md)
		coalesce((SELECT l.level FROM level_state l
			WHERE l.user_key = u.user_key AND l.ladder = 'vip' AND l.bj_user_key = 0), 0),
		CASE WHEN u.type_cd = 'bj' THEN coalesce((SELECT l.level FROM level_state l
			WHERE l.user_key = u.user_key AND l.ladder = 'bj' AND l.bj_user_key = 0), 1) ELSE 0 END
	FROM users u
	WHERE u.user_key = ANY (p_user_keys);
END
$$;
--> statement-breakpoint
-- The session lookup of a signed-in request (on a session-cache miss), the same way: planned while
-- user_session was analysed as empty (a new install, before anyone signed in), the kept plan read it by a
-- sequential scan (`Seq Scan on user_session` under a hash join, in a scratch database) for every lookup
-- until autovacuum's next ANALYZE. One probe per token hash and one per account, each by its primary key
-- alone (LATERAL … LIMIT 1); the expiry and the account's state are checked on the row found, so no other
-- index (user_session_expires_idx) can stand in for the key. Answers the account as the `users` row type,
-- so the caller reads every column of the table as it is.
CREATE FUNCTION "session_lookups"(p_token_hashes text[])
RETURNS TABLE (token_hash text, expires_at timestamp with time zone, account users)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
	SELECT s.token_hash, s.expires_at, a.u
	FROM unnest(p_token_hashes) AS h(token_hash)
	CROSS JOIN LATERAL (SELECT s.token_hash, s.user_key, s.expires_at FROM user_session s WHERE s.token_hash = h.token_hash LIMIT 1) s
	CROSS JOIN LATERAL (SELECT u FROM users u WHERE u.user_key = s.user_key LIMIT 1) a
	WHERE s.expires_at > now() AND (a.u).state = 'active';
END
$$;
