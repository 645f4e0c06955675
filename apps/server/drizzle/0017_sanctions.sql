CREATE TABLE "sanction" (
	"sanction_sn" bigserial PRIMARY KEY NOT NULL,
	"user_key" bigint NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" bigint NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" bigint
);
--> statement-breakpoint
ALTER TABLE "sanction" ADD CONSTRAINT "sanction_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanction_user_kind_idx" ON "sanction" USING btree ("user_key","kind","ends_at");--> statement-breakpoint
CREATE INDEX "sanction_created_idx" ON "sanction" USING btree ("starts_at");