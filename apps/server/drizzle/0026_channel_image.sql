CREATE TABLE "channel_image" (
	"bj_user_key" bigint PRIMARY KEY NOT NULL,
	"banner_image" text DEFAULT '' NOT NULL,
	"main_image" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_image" ADD CONSTRAINT "channel_image_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;