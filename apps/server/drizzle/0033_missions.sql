-- Missions in the live room (issue 23, docs/missions.md). A BJ's escrow account holds the STAR pledged to
-- the BJ's open missions; mission rows keep their state and totals, pledges point at their ledger postings.
ALTER TABLE "wallet_account" DROP CONSTRAINT "wallet_account_kind";--> statement-breakpoint
ALTER TABLE "wallet_account" ADD CONSTRAINT "wallet_account_kind" CHECK (("wallet_account"."user_key" is not null and "wallet_account"."kind" in ('wallet', 'earnings', 'escrow')) or ("wallet_account"."user_key" is null and "wallet_account"."kind" in ('grant', 'revenue', 'sink', 'refund')));--> statement-breakpoint
CREATE TABLE "mission" (
	"mission_sn" bigserial PRIMARY KEY NOT NULL,
	"vod_key" text NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"mission_type" text NOT NULL,
	"title" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"requester_user_key" bigint,
	"created_by" bigint NOT NULL,
	"lose_rule" text DEFAULT 'refund' NOT NULL,
	"duration_sec" integer,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"winner_side" smallint,
	"total_star" bigint DEFAULT 0 NOT NULL,
	"pledge_cnt" integer DEFAULT 0 NOT NULL,
	"paid_star" bigint DEFAULT 0 NOT NULL,
	"platform_star" bigint DEFAULT 0 NOT NULL,
	"refunded_star" bigint DEFAULT 0 NOT NULL,
	"cancel_reason" text,
	"cancelled_by" bigint,
	"settle_txn_ids" bigint[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "mission_type_check" CHECK ("mission"."mission_type" in ('challenge', 'battle')),
	CONSTRAINT "mission_state_check" CHECK ("mission"."state" in ('pending', 'running', 'success', 'fail', 'settled', 'cancelled')),
	CONSTRAINT "mission_lose_rule_check" CHECK ("mission"."lose_rule" in ('refund', 'pay')),
	CONSTRAINT "mission_cancel_reason_check" CHECK ("mission"."cancel_reason" is null or "mission"."cancel_reason" in ('bj', 'timeout', 'overdue', 'ended')),
	CONSTRAINT "mission_totals_check" CHECK ("mission"."total_star" >= 0 and "mission"."paid_star" >= 0 and "mission"."platform_star" >= 0 and "mission"."refunded_star" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mission_side" (
	"mission_sn" bigint NOT NULL,
	"side_no" smallint NOT NULL,
	"label" text NOT NULL,
	"total_star" bigint DEFAULT 0 NOT NULL,
	"pledge_cnt" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mission_side_pk" PRIMARY KEY("mission_sn","side_no")
);
--> statement-breakpoint
CREATE TABLE "mission_pledge" (
	"pledge_sn" bigserial PRIMARY KEY NOT NULL,
	"mission_sn" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"side_no" smallint DEFAULT 0 NOT NULL,
	"star_cnt" bigint NOT NULL,
	"txn_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_pledge_txn_unique" UNIQUE("txn_id"),
	CONSTRAINT "mission_pledge_star_check" CHECK ("mission_pledge"."star_cnt" > 0)
);
--> statement-breakpoint
CREATE TABLE "mission_setting" (
	"bj_user_key" bigint PRIMARY KEY NOT NULL,
	"pledge_min" integer DEFAULT 1000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_setting_pledge_min_check" CHECK ("mission_setting"."pledge_min" between 100 and 30000)
);
--> statement-breakpoint
ALTER TABLE "mission" ADD CONSTRAINT "mission_vod_key_broadcast_vod_key_fk" FOREIGN KEY ("vod_key") REFERENCES "public"."broadcast"("vod_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission" ADD CONSTRAINT "mission_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission" ADD CONSTRAINT "mission_requester_user_key_users_user_key_fk" FOREIGN KEY ("requester_user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_side" ADD CONSTRAINT "mission_side_mission_sn_mission_mission_sn_fk" FOREIGN KEY ("mission_sn") REFERENCES "public"."mission"("mission_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_pledge" ADD CONSTRAINT "mission_pledge_mission_sn_mission_mission_sn_fk" FOREIGN KEY ("mission_sn") REFERENCES "public"."mission"("mission_sn") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_pledge" ADD CONSTRAINT "mission_pledge_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_pledge" ADD CONSTRAINT "mission_pledge_txn_id_wallet_txn_txn_id_fk" FOREIGN KEY ("txn_id") REFERENCES "public"."wallet_txn"("txn_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_setting" ADD CONSTRAINT "mission_setting_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_room_idx" ON "mission" USING btree ("vod_key","mission_sn");--> statement-breakpoint
CREATE INDEX "mission_open_idx" ON "mission" USING btree ("created_at") WHERE "mission"."state" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "mission_requester_cancel_idx" ON "mission" USING btree ("requester_user_key","settled_at") WHERE "mission"."cancel_reason" = 'bj';--> statement-breakpoint
CREATE INDEX "mission_pledge_mission_user_idx" ON "mission_pledge" USING btree ("mission_sn","user_key");
