CREATE TABLE "broadcast_view" (
	"user_key" bigint NOT NULL,
	"vod_key" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcast_view_pk" PRIMARY KEY("user_key","vod_key")
);
--> statement-breakpoint
ALTER TABLE "broadcast_view" ADD CONSTRAINT "broadcast_view_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_view_user_idx" ON "broadcast_view" USING btree ("user_key","viewed_at" DESC NULLS LAST);