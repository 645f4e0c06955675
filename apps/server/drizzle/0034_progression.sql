-- Levels and experience (issue 23, docs/progression.md): grants unique by their event, running totals per
-- (member, ladder, BJ), the level tables operators edit, and the experience job's cursors.
CREATE TABLE "xp_grant" (
	"grant_sn" bigserial PRIMARY KEY NOT NULL,
	"user_key" bigint NOT NULL,
	"ladder" text NOT NULL,
	"bj_user_key" bigint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"ref" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_grant_event_key" UNIQUE("user_key","ladder","bj_user_key","source","ref"),
	CONSTRAINT "xp_grant_amount_positive" CHECK ("xp_grant"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "xp_grant" ADD CONSTRAINT "xp_grant_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xp_grant_history_idx" ON "xp_grant" USING btree ("user_key","ladder","grant_sn" DESC NULLS LAST);--> statement-breakpoint
CREATE TABLE "level_state" (
	"user_key" bigint NOT NULL,
	"ladder" text NOT NULL,
	"bj_user_key" bigint DEFAULT 0 NOT NULL,
	"xp" bigint DEFAULT 0 NOT NULL,
	"level" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_state_pk" PRIMARY KEY("user_key","ladder","bj_user_key")
);
--> statement-breakpoint
ALTER TABLE "level_state" ADD CONSTRAINT "level_state_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "level_state_fans_idx" ON "level_state" USING btree ("bj_user_key","xp" DESC NULLS LAST) WHERE "level_state"."ladder" = 'fan';--> statement-breakpoint
CREATE INDEX "level_state_vip_idx" ON "level_state" USING btree ("updated_at") WHERE "level_state"."ladder" = 'vip' and "level_state"."level" > 0;--> statement-breakpoint
CREATE TABLE "level_setting" (
	"ladder" text PRIMARY KEY NOT NULL,
	"levels" jsonb NOT NULL,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "level_setting_audit" (
	"audit_sn" bigserial PRIMARY KEY NOT NULL,
	"actor_user_key" bigint NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "level_setting_audit_actor_idx" ON "level_setting_audit" USING btree ("actor_user_key","created_at");--> statement-breakpoint
CREATE TABLE "progress_cursor" (
	"source" text PRIMARY KEY NOT NULL,
	"upto_id" bigint DEFAULT 0 NOT NULL,
	"upto_at" timestamp with time zone DEFAULT 'epoch' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "broadcast_ended_idx" ON "broadcast" USING btree ("ended_at") WHERE "broadcast"."ended_at" is not null;--> statement-breakpoint
CREATE INDEX "channel_subscribe_created_idx" ON "channel_subscribe" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "medal_state" (
	"user_key" bigint NOT NULL,
	"medal_id" text NOT NULL,
	"level" integer NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medal_state_pk" PRIMARY KEY("user_key","medal_id")
);
--> statement-breakpoint
ALTER TABLE "medal_state" ADD CONSTRAINT "medal_state_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "achievement_claim" (
	"user_key" bigint NOT NULL,
	"day" date NOT NULL,
	"cubic" integer NOT NULL,
	"txn_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievement_claim_pk" PRIMARY KEY("user_key","day")
);
--> statement-breakpoint
ALTER TABLE "achievement_claim" ADD CONSTRAINT "achievement_claim_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_by" bigint;--> statement-breakpoint
CREATE INDEX "users_referred_idx" ON "users" USING btree ("referred_by") WHERE "users"."referred_by" is not null;--> statement-breakpoint
CREATE INDEX "broadcast_like_user_idx" ON "broadcast_like" USING btree ("user_key","created_at");--> statement-breakpoint
CREATE INDEX "board_reply_user_idx" ON "board_reply" USING btree ("user_key");--> statement-breakpoint
CREATE INDEX "channel_comment_user_idx" ON "channel_comment" USING btree ("user_key");
