-- Issue 20: the progression's VIP grade is the STAR a member gave over the last 90 days, recomputed for
-- every giver of each batch the job reads. It summed each giver's rows through the idempotency index
-- (actor_user_key, idem_key): every transaction of the member, fetched from the heap and filtered, twice per
-- member (the CTE was read twice). In bench:ledger's gift storm that took ≈ 0.8 s per 1,000 givers, two
-- thirds of a core beside the ledger; a member with 750 gifts cost ≈ 2.6 ms. This partial index holds
-- exactly the rows the sum reads, with the amount: an index-only range per giver (hand-written).
CREATE INDEX IF NOT EXISTS "wallet_txn_star_gift_idx" ON "wallet_txn" USING btree ("actor_user_key", "created_at") INCLUDE ("amount")
	WHERE "kind" = 'gift' AND "state" = 'done' AND "currency" = 'STAR';
