CREATE TABLE "channel_bookmark" (
	"user_key" bigint NOT NULL,
	"vod_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_bookmark_pk" PRIMARY KEY("user_key","vod_key")
);
--> statement-breakpoint
CREATE TABLE "channel_feed" (
	"feed_sn" bigserial PRIMARY KEY NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint
);
--> statement-breakpoint
ALTER TABLE "channel_bookmark" ADD CONSTRAINT "channel_bookmark_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_feed" ADD CONSTRAINT "channel_feed_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_feed" ADD CONSTRAINT "channel_feed_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_bookmark_user_idx" ON "channel_bookmark" USING btree ("user_key","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "channel_feed_bj_idx" ON "channel_feed" USING btree ("bj_user_key","feed_sn" DESC NULLS LAST) WHERE deleted_at is null;