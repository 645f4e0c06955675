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

	-- The gifts paid now, their (BJ, payer) pairs and each pair's fan number if the payer is a fan already:
	-- one primary-key lookup per pair (a correlated subquery, so never a scan of the table). A pair not in
	-- the club joins with the BJ's next numbers, in transaction order (fan_club_counter's row lock, taken
	-- in BJ order after every account lock, numbers concurrent first gifts to one BJ; the payer's wallet,
	-- locked by wallet_apply until commit, keeps any other transaction from adding the same pair).
	WITH gift AS (
		SELECT r.idx, (p_meta[r.idx]->>'bj_user_key')::bigint AS bj, p_actor[r.idx] AS usr, r.txn_id AS txn
		FROM unnest(v_results) r
		WHERE r.outcome = 'new' AND r.state = 'done' AND p_kind[r.idx] = 'gift' AND p_meta[r.idx] ? 'bj_user_key'
	),
	pair AS (
		SELECT DISTINCT ON (bj, usr) bj, usr, txn FROM gift ORDER BY bj, usr, txn
	),
	known AS (
		SELECT p.bj, p.usr, p.txn,
			(SELECT f.fan_no FROM fan_club f WHERE f.bj_user_key = p.bj AND f.user_key = p.usr) AS fan_no
		FROM pair p
	),
	counter AS (
		INSERT INTO fan_club_counter AS c (bj_user_key, last_no)
		SELECT bj, count(*) FROM known WHERE fan_no IS NULL GROUP BY bj ORDER BY bj
		ON CONFLICT (bj_user_key) DO UPDATE SET last_no = c.last_no + excluded.last_no
		RETURNING c.bj_user_key, c.last_no
	),
	numbered AS (
		SELECT k.bj, k.usr, k.txn,
			(c.last_no - count(*) OVER (PARTITION BY k.bj) + row_number() OVER (PARTITION BY k.bj ORDER BY k.txn))::integer AS fan_no
		FROM known k JOIN counter c ON c.bj_user_key = k.bj
		WHERE k.fan_no IS NULL
	),
	joined AS (
		INSERT INTO fan_club (bj_user_key, user_key, fan_no, joined_txn_id, joined_at)
		SELECT bj, usr, fan_no, txn, now() FROM numbered
		RETURNING bj_user_key, user_key, fan_no
	)
	SELECT array_agg(g.idx), array_agg(coalesce(k.fan_no, j.fan_no)), array_agg(j.fan_no IS NOT NULL AND g.txn = k.txn)
	INTO v_fan_idx, v_fan_no, v_fan_joined
	FROM gift g
	JOIN known k ON k.bj = g.bj AND k.usr = g.usr
	LEFT JOIN joined j ON j.bj_user_key = g.bj AND j.user_key = g.usr;

	RETURN QUERY
	SELECT r.idx, r.outcome, r.txn_id, r.state, r.payer_balance, r.receiver_balance, r.created_at,
		f.fan_no, coalesce(f.joined, false)
	FROM unnest(v_results) r
	LEFT JOIN unnest(v_fan_idx, v_fan_no, v_fan_joined) AS f(idx, fan_no, joined) ON f.idx = r.idx
	ORDER BY r.idx;
END;
$$;
