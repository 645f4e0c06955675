CREATE TABLE "user_totp" (
	"user_key" bigint PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;