CREATE TABLE "stream_key" (
	"user_key" bigint PRIMARY KEY NOT NULL,
	"stream_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sanctioned_until" timestamp with time zone,
	CONSTRAINT "stream_key_stream_key_unique" UNIQUE("stream_key")
);
--> statement-breakpoint
CREATE TABLE "stream_setting" (
	"user_key" bigint PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"qualities" text[] DEFAULT '{"high"}' NOT NULL,
	"adult_yn" boolean DEFAULT false NOT NULL,
	"record_yn" boolean DEFAULT true NOT NULL,
	"login_required_yn" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broadcast" ADD COLUMN "qualities" text[] DEFAULT '{"high"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast" ADD COLUMN "login_required_yn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast" ADD COLUMN "media_dir" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast" ADD COLUMN "end_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast" ADD COLUMN "frozen_by" bigint;--> statement-breakpoint
ALTER TABLE "stream_key" ADD CONSTRAINT "stream_key_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_setting" ADD CONSTRAINT "stream_setting_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_one_live_per_bj" ON "broadcast" USING btree ("bj_user_key") WHERE "broadcast"."state" = 'live';