CREATE TABLE "chat_action_log" (
	"action_sn" bigserial PRIMARY KEY NOT NULL,
	"vod_key" text NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"actor_user_key" bigint NOT NULL,
	"actor_role" text NOT NULL,
	"code" integer NOT NULL,
	"target_user_key" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_manager" (
	"bj_user_key" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"appointed_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_manager_bj_user_key_user_key_pk" PRIMARY KEY("bj_user_key","user_key")
);
--> statement-breakpoint
CREATE TABLE "chat_room_block" (
	"bj_user_key" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"blocked_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_block_bj_user_key_user_key_pk" PRIMARY KEY("bj_user_key","user_key")
);
--> statement-breakpoint
CREATE TABLE "chat_room_state" (
	"vod_key" text PRIMARY KEY NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sanction" (
	"vod_key" text NOT NULL,
	"user_key" bigint NOT NULL,
	"kind" text NOT NULL,
	"by_user_key" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_sanction_vod_key_kind_user_key_pk" PRIMARY KEY("vod_key","kind","user_key")
);
--> statement-breakpoint
CREATE TABLE "chat_setting" (
	"bj_user_key" bigint PRIMARY KEY NOT NULL,
	"slow_sec" integer DEFAULT 0 NOT NULL,
	"banned_words" text[] DEFAULT '{}' NOT NULL,
	"links_yn" boolean DEFAULT true NOT NULL,
	"user_list_public_yn" boolean DEFAULT true NOT NULL,
	"sponsor_list_public_yn" boolean DEFAULT true NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"hide_users" bigint[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_user_block" (
	"user_key" bigint NOT NULL,
	"blocked_user_key" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_user_block_user_key_blocked_user_key_pk" PRIMARY KEY("user_key","blocked_user_key")
);
--> statement-breakpoint
ALTER TABLE "chat_manager" ADD CONSTRAINT "chat_manager_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_manager" ADD CONSTRAINT "chat_manager_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_block" ADD CONSTRAINT "chat_room_block_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_block" ADD CONSTRAINT "chat_room_block_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sanction" ADD CONSTRAINT "chat_sanction_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_setting" ADD CONSTRAINT "chat_setting_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_user_block" ADD CONSTRAINT "chat_user_block_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_user_block" ADD CONSTRAINT "chat_user_block_blocked_user_key_users_user_key_fk" FOREIGN KEY ("blocked_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_action_log_room_idx" ON "chat_action_log" USING btree ("vod_key","created_at");--> statement-breakpoint
CREATE INDEX "chat_action_log_bj_idx" ON "chat_action_log" USING btree ("bj_user_key","created_at");--> statement-breakpoint
CREATE INDEX "chat_manager_user_idx" ON "chat_manager" USING btree ("user_key");