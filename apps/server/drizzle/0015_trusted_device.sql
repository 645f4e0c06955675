CREATE TABLE "trusted_device" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_key" bigint NOT NULL,
	"fail_cnt" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trusted_device" ADD CONSTRAINT "trusted_device_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trusted_device_user_idx" ON "trusted_device" USING btree ("user_key","last_seen_at");