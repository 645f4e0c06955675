CREATE TABLE "channel_comment" (
	"comment_sn" bigserial PRIMARY KEY NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint
);
--> statement-breakpoint
CREATE TABLE "channel_stat" (
	"bj_user_key" bigint PRIMARY KEY NOT NULL,
	"follower_cnt" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_subscribe" (
	"user_key" bigint NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_subscribe_pk" PRIMARY KEY("user_key","bj_user_key")
);
--> statement-breakpoint
CREATE TABLE "user_message" (
	"message_sn" bigserial PRIMARY KEY NOT NULL,
	"from_user_key" bigint NOT NULL,
	"to_user_key" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"sender_deleted_at" timestamp with time zone,
	"recipient_deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fan_club" (
	"bj_user_key" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"fan_no" integer NOT NULL,
	"joined_txn_id" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_club_pk" PRIMARY KEY("bj_user_key","user_key"),
	CONSTRAINT "fan_club_no_uq" UNIQUE("bj_user_key","fan_no")
);
--> statement-breakpoint
CREATE TABLE "fan_club_counter" (
	"bj_user_key" bigint PRIMARY KEY NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_comment" ADD CONSTRAINT "channel_comment_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_comment" ADD CONSTRAINT "channel_comment_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_stat" ADD CONSTRAINT "channel_stat_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_subscribe" ADD CONSTRAINT "channel_subscribe_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_subscribe" ADD CONSTRAINT "channel_subscribe_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_message" ADD CONSTRAINT "user_message_from_user_key_users_user_key_fk" FOREIGN KEY ("from_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_message" ADD CONSTRAINT "user_message_to_user_key_users_user_key_fk" FOREIGN KEY ("to_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_comment_bj_idx" ON "channel_comment" USING btree ("bj_user_key","comment_sn" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "channel_subscribe_bj_idx" ON "channel_subscribe" USING btree ("bj_user_key");--> statement-breakpoint
CREATE INDEX "user_message_to_idx" ON "user_message" USING btree ("to_user_key","message_sn" DESC NULLS LAST) WHERE recipient_deleted_at is null;--> statement-breakpoint
CREATE INDEX "user_message_from_idx" ON "user_message" USING btree ("from_user_key","message_sn" DESC NULLS LAST) WHERE sender_deleted_at is null;--> statement-breakpoint
CREATE INDEX "fan_club_user_idx" ON "fan_club" USING btree ("user_key");--> statement-breakpoint
-- Fan clubs of the gifts paid before this migration: each member's first paid gift, numbered in order.
INSERT INTO "fan_club" ("bj_user_key", "user_key", "fan_no", "joined_txn_id", "joined_at")
SELECT bj, usr, row_number() OVER (PARTITION BY bj ORDER BY first_txn), first_txn, first_at
FROM (
	SELECT (t.meta->>'bj_user_key')::bigint AS bj, t.actor_user_key AS usr, min(t.txn_id) AS first_txn, min(t.created_at) AS first_at
	FROM wallet_txn t
	WHERE t.kind = 'gift' AND t.state = 'done' AND t.meta ? 'bj_user_key'
	GROUP BY 1, 2
) g;
--> statement-breakpoint
INSERT INTO "fan_club_counter" ("bj_user_key", "last_no") SELECT "bj_user_key", max("fan_no") FROM "fan_club" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "channel_stat" ("bj_user_key", "follower_cnt") SELECT "bj_user_key", count(*) FROM "channel_subscribe" GROUP BY 1;
--> statement-breakpoint
CREATE TYPE "wallet_apply_fan_result" AS (
	"idx" integer,
	"outcome" text,
	"txn_id" bigint,
	"state" text,
	"payer_balance" bigint,
	"receiver_balance" bigint,
	"created_at" timestamp with time zone,
	-- for a gift paid now (kind gift, meta.bj_user_key): the payer's fan number in the BJ's fan club
	"fan_no" integer,
	-- this gift made the payer join the fan club
	"fan_joined" boolean
);
--> statement-breakpoint
-- wallet_apply() plus the fan clubs, in the same transaction: a gift paid now whose payer is not yet in
-- the BJ's fan club joins it with the next fan number. The payer's wallet is locked by wallet_apply until
-- commit, so no other transaction can add the same (BJ, member) pair meanwhile; fan_club_counter's row
-- lock (taken in bj order, after every account lock) numbers concurrent first gifts to one BJ.
CREATE FUNCTION "wallet_apply_fan"(
	p_actor bigint[], p_key text[], p_fingerprint text[], p_kind text[], p_currency text[],
	p_from bigint[], p_amount bigint[], p_meta jsonb[],
	p_leg_txn integer[], p_leg_account bigint[], p_leg_amount bigint[]
) RETURNS SETOF "wallet_apply_fan_result"
LANGUAGE plpgsql AS $$
DECLARE
	v_results wallet_apply_result[];
	v_gift_bj bigint[];
	v_gift_usr bigint[];
	v_gift_txn bigint[];
	v_gift_idx integer[];
	v_joined_bj bigint[];
	v_joined_usr bigint[];
	v_joined_no integer[];
BEGIN
	SELECT array_agg(r ORDER BY r.idx) INTO v_results
	FROM wallet_apply(p_actor, p_key, p_fingerprint, p_kind, p_currency, p_from, p_amount, p_meta, p_leg_txn, p_leg_account, p_leg_amount) r;

	SELECT array_agg((p_meta[r.idx]->>'bj_user_key')::bigint ORDER BY r.idx), array_agg(p_actor[r.idx] ORDER BY r.idx),
		array_agg(r.txn_id ORDER BY r.idx), array_agg(r.idx ORDER BY r.idx)
	INTO v_gift_bj, v_gift_usr, v_gift_txn, v_gift_idx
	FROM unnest(v_results) r
	WHERE r.outcome = 'new' AND r.state = 'done' AND p_kind[r.idx] = 'gift' AND p_meta[r.idx] ? 'bj_user_key';

	IF v_gift_idx IS NOT NULL THEN
		WITH g AS (
			SELECT DISTINCT ON (bj, usr) bj, usr, txn FROM unnest(v_gift_bj, v_gift_usr, v_gift_txn) AS g(bj, usr, txn) ORDER BY bj, usr, txn
		),
		fresh AS (
			SELECT g.* FROM g WHERE NOT EXISTS (SELECT 1 FROM fan_club f WHERE f.bj_user_key = g.bj AND f.user_key = g.usr)
		),
		counter AS (
			INSERT INTO fan_club_counter AS c (bj_user_key, last_no)
			SELECT bj, count(*) FROM fresh GROUP BY bj ORDER BY bj
			ON CONFLICT (bj_user_key) DO UPDATE SET last_no = c.last_no + excluded.last_no
			RETURNING c.bj_user_key, c.last_no
		),
		numbered AS (
			SELECT f.bj, f.usr, f.txn,
				(c.last_no - count(*) OVER (PARTITION BY f.bj) + row_number() OVER (PARTITION BY f.bj ORDER BY f.txn))::integer AS fan_no
			FROM fresh f JOIN counter c ON c.bj_user_key = f.bj
		),
		joined AS (
			INSERT INTO fan_club (bj_user_key, user_key, fan_no, joined_txn_id, joined_at)
			SELECT bj, usr, fan_no, txn, now() FROM numbered
			RETURNING bj_user_key, user_key, fan_no
		)
		SELECT array_agg(bj_user_key), array_agg(user_key), array_agg(fan_no) INTO v_joined_bj, v_joined_usr, v_joined_no FROM joined;
	END IF;

	RETURN QUERY
	SELECT r.idx, r.outcome, r.txn_id, r.state, r.payer_balance, r.receiver_balance, r.created_at,
		coalesce(j.fan_no, f.fan_no), j.fan_no IS NOT NULL
	FROM unnest(v_results) r
	LEFT JOIN unnest(v_gift_idx, v_gift_bj, v_gift_usr) AS g(idx, bj, usr) ON g.idx = r.idx
	LEFT JOIN unnest(v_joined_bj, v_joined_usr, v_joined_no) AS j(bj, usr, fan_no) ON j.bj = g.bj AND j.usr = g.usr
	LEFT JOIN fan_club f ON f.bj_user_key = g.bj AND f.user_key = g.usr
	ORDER BY r.idx;
END;
$$;
