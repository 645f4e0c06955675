CREATE TABLE "channel_profile" (
	"bj_user_key" bigint PRIMARY KEY NOT NULL,
	"activity_name_ko" text NOT NULL,
	"activity_name_en" text NOT NULL,
	"debut_date" text DEFAULT '' NOT NULL,
	"agency" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"operating_plan" text DEFAULT '' NOT NULL,
	"social_url" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_profile" ADD CONSTRAINT "channel_profile_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;