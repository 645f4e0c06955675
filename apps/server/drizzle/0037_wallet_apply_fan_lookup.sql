-- Issue 20: wallet_apply_fan() looks each gift's (BJ, payer) pair up in fan_club once, by its primary key.
-- The first version checked the pairs for the join (NOT EXISTS, by the key) and then joined the answers
-- to the whole of fan_club again for the fan numbers, which the planner, estimating the batch at ten rows
-- (a parameter array), answered with a hash join over a sequential scan of fan_club: every batch of gifts
-- read every fan of every BJ. Same arguments and answers, but one: of two gifts by a new fan in one batch,
-- only the first (the joining transaction, fan_club.joined_txn_id) answers that it joined, as a replay of
-- either answers (hand-written).
CREATE OR REPLACE FUNCTION "wallet_apply_fan"(
	p_actor bigint[], p_key text[], p_fingerprint text[], p_kind text[], p_currency text[],
	p_from bigint[], p_amount bigint[], p_meta jsonb[],
	p_leg_txn integer[], p_leg_account bigint[], p_leg_amount bigint[]
) RETURNS SETOF "wallet_apply_fan_result"
LANGUAGE plpgsql AS $$
DECLARE
	v_results wallet_apply_result[];
	v_fan_idx integer[];
	v_fan_no integer[];
	v_fan_joined boolean[];
BEGIN
	SELECT array_agg(r ORDER BY r.idx) INTO v_results
	FROM wallet_apply(p_actor, p_key, p_fingerprint, p_kind, p_currency, p_from, p_amount, p_meta, p_leg_txn, p_leg_account, p_leg_amount) r;

	-- The gifts paid now and their (BJ, payer) pairs. The first gift of each pair in the batch (the lowest
	-- transaction id) looks the pair up in fan_club: a correlated subquery, so one lookup per pair (by the
	-- primary key, but for a table of a page or two), however the planner estimates the batch. A pair not
	-- in the club joins with the BJ's next numbers, in transaction order (fan_club_counter's row lock, taken
	-- in BJ order after every account lock, numbers concurrent first gifts to one BJ; the payer's wallet,
	-- locked by wallet_apply until commit, keeps any other transaction from adding the same pair). Every step
	-- is a window over the gifts, never a join of one batch-sized list to another: the planner estimates
	-- such lists at a row or two and would compare every gift with every other (a nested loop of 200 x 200
	-- for a full batch).
	WITH gift AS (
		SELECT r.idx, (p_meta[r.idx]->>'bj_user_key')::bigint AS bj, p_actor[r.idx] AS usr, r.txn_id AS txn
		FROM unnest(v_results) r
		WHERE r.outcome = 'new' AND r.state = 'done' AND p_kind[r.idx] = 'gift' AND p_meta[r.idx] ? 'bj_user_key'
	),
	firsts AS (
		SELECT g.*, g.txn = min(g.txn) OVER (PARTITION BY g.bj, g.usr) AS first FROM gift g
	),
	probed AS (
		SELECT f.*,
			CASE WHEN f.first THEN (SELECT c.fan_no FROM fan_club c WHERE c.bj_user_key = f.bj AND c.user_key = f.usr) END AS had
		FROM firsts f
	),
	counted AS (
		SELECT p.*, p.first AND p.had IS NULL AS joins,
			count(*) FILTER (WHERE p.first AND p.had IS NULL) OVER (PARTITION BY p.bj) AS bj_joins,
			count(*) FILTER (WHERE p.first AND p.had IS NULL) OVER (PARTITION BY p.bj ORDER BY p.txn) AS join_rank
		FROM probed p
	),
	counter AS (
		INSERT INTO fan_club_counter AS c (bj_user_key, last_no)
		SELECT bj, count(*) FROM counted WHERE joins GROUP BY bj ORDER BY bj
		ON CONFLICT (bj_user_key) DO UPDATE SET last_no = c.last_no + excluded.last_no
		RETURNING c.bj_user_key, c.last_no
	),
	numbered AS (
		-- counter has a row per BJ with a new fan in this batch: a handful
		SELECT n.idx, n.bj, n.usr, n.txn, n.had, n.joins,
			CASE WHEN n.joins THEN (c.last_no - n.bj_joins + n.join_rank)::integer END AS new_no
		FROM counted n LEFT JOIN counter c ON c.bj_user_key = n.bj
	),
	answer AS (
		SELECT n.*, coalesce(max(n.had) OVER w, max(n.new_no) OVER w) AS fan_no
		FROM numbered n WINDOW w AS (PARTITION BY n.bj, n.usr)
	),
	joined AS (
		INSERT INTO fan_club (bj_user_key, user_key, fan_no, joined_txn_id, joined_at)
		SELECT bj, usr, new_no, txn, now() FROM answer WHERE joins
	)
	SELECT array_agg(a.idx), array_agg(a.fan_no), array_agg(a.joins)
	INTO v_fan_idx, v_fan_no, v_fan_joined
	FROM answer a;

	RETURN QUERY
	SELECT r.idx, r.outcome, r.txn_id, r.state, r.payer_balance, r.receiver_balance, r.created_at,
		f.fan_no, coalesce(f.joined, false)
	FROM unnest(v_results) r
	LEFT JOIN unnest(v_fan_idx, v_fan_no, v_fan_joined) AS f(idx, fan_no, joined) ON f.idx = r.idx
	ORDER BY r.idx;
END;
$$;
