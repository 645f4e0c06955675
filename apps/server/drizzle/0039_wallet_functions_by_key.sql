-- Issue 20: the ledger's two functions find every row they read by its key (accounts by id, a key's earlier
-- transaction by (actor, idempotency key), a fan by (BJ, member)), for batches of at most a few hundred
-- postings. PostgreSQL plans their statements once per connection and may keep that plan: planned while a
-- table was analysed as empty or tiny (a new install, a fan club's first minutes), a key lookup became a
-- sequential scan, and stayed one as the table grew. `npm run bench:ledger` with the tables analysed right
-- after the funding showed it: fan_club seq-scanned for every gift, 1,737–1,798 gifts/s instead of
-- 8,852–10,752, PostgreSQL busy throughout. A sequential scan is never the right way for these statements
-- to read, so they are told not to take one (hand-written).
ALTER FUNCTION "wallet_apply"(bigint[], text[], text[], text[], text[], bigint[], bigint[], jsonb[], integer[], bigint[], bigint[])
	SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION "wallet_apply_fan"(bigint[], text[], text[], text[], text[], bigint[], bigint[], jsonb[], integer[], bigint[], bigint[])
	SET enable_seqscan = off;
