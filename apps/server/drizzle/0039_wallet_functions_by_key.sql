-- Issue 20: the ledger's two functions find every row they read by its key (accounts by id, a key's earlier
-- transaction by (actor, idempotency key), a fan by (BJ, member)), for batches of at most a few hundred
-- postings. PostgreSQL plans their statements once per connection and may keep that plan: planned while a
-- table was analysed as empty or tiny (a new install, a fan club's first minutes), a key lookup became a
-- sequential scan, and stayed one as the table grew. `npm run bench:ledger` with the tables analysed right
-- after the funding showed it: fan_club seq-scanned for every gift, 1,737–1,798 gifts/s instead of
-- 8,852–10,752, PostgreSQL busy throughout. A sequential scan is never the right way for these statements
-- to read, so they are told not to take one.
--
-- That alone turned the replay check into a full scan of the (actor, key) index: planned while wallet_txn
-- looked small, it hashed the batch and read every transaction (41,300 index entries for one gift after
-- 40,000 gifts in a scratch database, 25 ms; 1.9 ms before the table grew). So wallet_apply is replaced with
-- the replay check as one probe per posting (LATERAL … LIMIT 1, which no plan can turn into a join of the
-- whole table), and its account updates and the grant audit's account read bounded to the accounts the
-- call locked (= ANY (v_id)). Same arguments and answers (hand-written).
CREATE OR REPLACE FUNCTION "wallet_apply"(
	p_actor bigint[], p_key text[], p_fingerprint text[], p_kind text[], p_currency text[],
	p_from bigint[], p_amount bigint[], p_meta jsonb[],
	p_leg_txn integer[], p_leg_account bigint[], p_leg_amount bigint[]
) RETURNS SETOF "wallet_apply_result"
LANGUAGE plpgsql AS $$
DECLARE
	-- step 1 accounts, as locked: id, balance, system (no owner), currency
	v_id bigint[];
	v_balance bigint[];
	v_system boolean[];
	v_currency text[];
	-- step 2 (receive-only) accounts and the legs that credit them
	v_late_ids bigint[];
	v_late_idx integer[];
	v_late_txn bigint[];
	v_late_leg smallint[];
	v_late_account bigint[];
	v_late_amount bigint[];
	v_late_currency text[];
	v_results wallet_apply_result[];
	v_accounts bigint;
	v_moved bigint;
	v_bad_input bigint;
	v_answered integer;
BEGIN
	SELECT array_agg(a.account_id), array_agg(a.balance), array_agg(a.user_key IS NULL), array_agg(a.currency)
	INTO v_id, v_balance, v_system, v_currency
	FROM (
		SELECT account_id, balance, user_key, currency FROM wallet_account
		WHERE account_id = ANY (p_from)
			OR (account_id = ANY (p_leg_account) AND kind NOT IN ('earnings', 'revenue', 'sink'))
		ORDER BY account_id FOR UPDATE
	) a;

	WITH acct AS (
		SELECT * FROM unnest(v_id, v_balance, v_system, v_currency) AS a(account_id, balance, system, currency)
	),
	input AS (
		SELECT i.ord::integer AS idx, i.actor, i.key, i.fp, i.kind, i.currency, i.from_id, i.amount, i.meta
		FROM unnest(p_actor, p_key, p_fingerprint, p_kind, p_currency, p_from, p_amount, p_meta)
			WITH ORDINALITY AS i(actor, key, fp, kind, currency, from_id, amount, meta, ord)
	),
	prior AS (
		-- One probe of the (actor, key) index per posting: LIMIT 1 keeps each lookup a subquery of its own,
		-- so no statistics can turn it into a join that reads the whole ledger (migration 0039).
		SELECT input.idx, t.txn_id, t.state, t.payer_balance, e.balance_after AS receiver_balance, t.created_at, t.fingerprint = input.fp AS same
		FROM input
		CROSS JOIN LATERAL (
			SELECT w.txn_id, w.state, w.payer_balance, w.created_at, w.fingerprint FROM wallet_txn w
			WHERE w.actor_user_key = input.actor AND w.idem_key = input.key LIMIT 1
		) t
		LEFT JOIN LATERAL (SELECT x.balance_after FROM wallet_entry x WHERE x.txn_id = t.txn_id AND x.leg = 1 LIMIT 1) e ON true
	),
	decided AS (
		-- The transaction ids are drawn here, so every later step joins on idx alone.
		SELECT input.*, a.balance, a.currency AS payer_currency, nextval('wallet_txn_txn_id_seq') AS txn_id,
			a.system OR sum(input.amount) OVER (PARTITION BY input.from_id ORDER BY input.idx) <= a.balance AS ok
		FROM input JOIN acct a ON a.account_id = input.from_id
		WHERE NOT EXISTS (SELECT 1 FROM prior WHERE prior.idx = input.idx)
	),
	credit AS (
		SELECT l.txn_idx AS idx, (row_number() OVER (PARTITION BY l.txn_idx ORDER BY l.ord))::smallint AS leg, l.account_id, l.amount
		FROM unnest(p_leg_txn, p_leg_account, p_leg_amount) WITH ORDINALITY AS l(txn_idx, account_id, amount, ord)
	),
	legs AS (
		SELECT d.idx, d.txn_id, 0::smallint AS leg, d.from_id AS account_id, -d.amount AS amount, d.currency FROM decided d WHERE d.ok
		UNION ALL
		SELECT c.idx, d.txn_id, c.leg, c.account_id, c.amount, d.currency FROM credit c JOIN decided d ON d.idx = c.idx AND d.ok
	),
	-- Legs on step 1 accounts, with each account's balance right after each leg.
	running AS (
		SELECT legs.*, a.currency AS account_currency, a.system,
			a.balance + sum(legs.amount) OVER (PARTITION BY legs.account_id ORDER BY legs.idx, legs.leg) AS balance_after
		FROM legs JOIN acct a ON a.account_id = legs.account_id
	),
	late AS (
		SELECT legs.* FROM legs WHERE NOT EXISTS (SELECT 1 FROM acct a WHERE a.account_id = legs.account_id)
	),
	after AS (
		SELECT idx, max(balance_after) FILTER (WHERE leg = 0) AS payer, max(balance_after) FILTER (WHERE leg = 1) AS receiver
		FROM running GROUP BY idx
	),
	numbered AS (
		SELECT d.idx, d.txn_id, d.kind, d.actor, d.key, d.fp, d.currency, d.amount, d.from_id, d.meta,
			CASE WHEN d.ok THEN 'done' ELSE 'refused' END AS state,
			coalesce(b.payer, d.balance) AS payer_balance, b.receiver AS receiver_balance
		FROM decided d LEFT JOIN after b ON b.idx = d.idx
	),
	txn AS (
		INSERT INTO wallet_txn (txn_id, kind, state, refusal, actor_user_key, idem_key, fingerprint, currency, amount, from_account_id, payer_balance, meta, created_at)
		SELECT n.txn_id, n.kind, n.state, CASE WHEN n.state = 'done' THEN NULL ELSE 'insufficient' END,
			n.actor, n.key, n.fp, n.currency, n.amount, n.from_id, n.payer_balance, coalesce(n.meta, '{}'::jsonb), now()
		FROM numbered n
	),
	entry AS (
		INSERT INTO wallet_entry (txn_id, leg, account_id, amount, balance_after)
		SELECT r.txn_id, r.leg, r.account_id, r.amount, r.balance_after FROM running r
	),
	audit AS (
		INSERT INTO wallet_grant_audit (txn_id, operator_user_key, user_key, currency, amount, reason, balance_before, balance_after, created_at)
		SELECT n.txn_id, n.actor, w.user_key, r.currency, r.amount, coalesce(n.meta->>'reason', ''), r.balance_after - r.amount, r.balance_after, now()
		FROM numbered n
		JOIN running r ON r.idx = n.idx AND r.leg = 1
		JOIN wallet_account w ON w.account_id = r.account_id AND w.account_id = ANY (v_id)
		WHERE n.kind = 'grant' AND n.state = 'done' AND w.user_key IS NOT NULL
	),
	moved AS (
		UPDATE wallet_account w SET balance = w.balance + s.delta
		FROM (SELECT account_id, sum(amount) AS delta FROM running GROUP BY account_id) s
		WHERE w.account_id = s.account_id AND w.account_id = ANY (v_id) AND (w.user_key IS NULL OR w.balance + s.delta >= 0)
		RETURNING 1
	)
	SELECT
		(SELECT array_agg(x::wallet_apply_result ORDER BY x.idx) FROM (
			SELECT p.idx, CASE WHEN p.same THEN 'replay' ELSE 'reused' END, p.txn_id, p.state, p.payer_balance, p.receiver_balance, p.created_at FROM prior p
			UNION ALL
			SELECT n.idx, 'new', n.txn_id, n.state, n.payer_balance, n.receiver_balance, now() FROM numbered n
		) x),
		(SELECT array_agg(DISTINCT account_id) FROM late),
		(SELECT array_agg(idx ORDER BY idx, leg) FROM late),
		(SELECT array_agg(txn_id ORDER BY idx, leg) FROM late),
		(SELECT array_agg(leg ORDER BY idx, leg) FROM late),
		(SELECT array_agg(account_id ORDER BY idx, leg) FROM late),
		(SELECT array_agg(amount ORDER BY idx, leg) FROM late),
		(SELECT array_agg(currency ORDER BY idx, leg) FROM late),
		(SELECT count(DISTINCT account_id) FROM running),
		(SELECT count(*) FROM moved),
		(SELECT count(*) FROM running WHERE account_currency <> currency)
			+ (SELECT count(*) FROM decided WHERE payer_currency <> currency)
			+ (SELECT count(*) FROM decided d LEFT JOIN (SELECT idx, sum(amount) AS total, bool_or(amount <= 0) AS nonpositive FROM credit GROUP BY idx) c ON c.idx = d.idx
				WHERE c.total IS DISTINCT FROM d.amount OR c.nonpositive)
	INTO v_results, v_late_ids, v_late_idx, v_late_txn, v_late_leg, v_late_account, v_late_amount, v_late_currency, v_accounts, v_moved, v_bad_input;

	v_answered := coalesce(cardinality(v_results), 0);
	IF v_answered <> coalesce(cardinality(p_actor), 0) THEN
		RAISE EXCEPTION 'wallet_apply: % of % transactions answered (unknown paying account?)', v_answered, coalesce(cardinality(p_actor), 0);
	END IF;
	IF v_bad_input > 0 THEN
		RAISE EXCEPTION 'wallet_apply: % transaction(s) with mismatched currencies or credits', v_bad_input;
	END IF;
	IF v_moved <> v_accounts THEN
		RAISE EXCEPTION 'wallet_apply: the guarded update moved % of % accounts', v_moved, v_accounts;
	END IF;

	IF v_late_ids IS NOT NULL THEN
		-- Step 2: the receive-only accounts, locked in account order, credited, and the answers completed
		-- with their balances.
		SELECT array_agg(a.account_id), array_agg(a.balance), array_agg(a.user_key IS NULL), array_agg(a.currency)
		INTO v_id, v_balance, v_system, v_currency
		FROM (SELECT account_id, balance, user_key, currency FROM wallet_account WHERE account_id = ANY (v_late_ids) ORDER BY account_id FOR UPDATE) a;

		WITH acct AS (
			SELECT * FROM unnest(v_id, v_balance, v_system, v_currency) AS a(account_id, balance, system, currency)
		),
		legs AS (
			SELECT * FROM unnest(v_late_idx, v_late_txn, v_late_leg, v_late_account, v_late_amount, v_late_currency)
				AS l(idx, txn_id, leg, account_id, amount, currency)
		),
		running AS (
			SELECT legs.*, a.currency AS account_currency,
				a.balance + sum(legs.amount) OVER (PARTITION BY legs.account_id ORDER BY legs.idx, legs.leg) AS balance_after
			FROM legs JOIN acct a ON a.account_id = legs.account_id
		),
		entry AS (
			INSERT INTO wallet_entry (txn_id, leg, account_id, amount, balance_after)
			SELECT r.txn_id, r.leg, r.account_id, r.amount, r.balance_after FROM running r
		),
		moved AS (
			UPDATE wallet_account w SET balance = w.balance + s.delta
			FROM (SELECT account_id, sum(amount) AS delta FROM running GROUP BY account_id) s
			WHERE w.account_id = s.account_id AND w.account_id = ANY (v_id) AND (w.user_key IS NULL OR w.balance + s.delta >= 0)
			RETURNING 1
		),
		receiver AS (
			SELECT idx, balance_after FROM running WHERE leg = 1
		)
		SELECT
			(SELECT array_agg(ROW(r.idx, r.outcome, r.txn_id, r.state, r.payer_balance, coalesce(r.receiver_balance, c.balance_after), r.created_at)::wallet_apply_result ORDER BY r.idx)
				FROM unnest(v_results) r LEFT JOIN receiver c ON c.idx = r.idx AND r.outcome = 'new'),
			(SELECT count(*) FROM acct),
			(SELECT count(*) FROM moved),
			(SELECT count(*) FROM running WHERE account_currency <> currency) + cardinality(v_late_account) - (SELECT count(*) FROM running)
		INTO v_results, v_accounts, v_moved, v_bad_input;

		IF v_bad_input > 0 THEN
			RAISE EXCEPTION 'wallet_apply: % credit(s) to unknown accounts or in another currency', v_bad_input;
		END IF;
		IF v_moved <> v_accounts THEN
			RAISE EXCEPTION 'wallet_apply: the guarded update moved % of % accounts', v_moved, v_accounts;
		END IF;
	END IF;

	RETURN QUERY SELECT * FROM unnest(v_results);
END;
$$;
--> statement-breakpoint
ALTER FUNCTION "wallet_apply"(bigint[], text[], text[], text[], text[], bigint[], bigint[], jsonb[], integer[], bigint[], bigint[])
	SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION "wallet_apply_fan"(bigint[], text[], text[], text[], text[], bigint[], bigint[], jsonb[], integer[], bigint[], bigint[])
	SET enable_seqscan = off;
