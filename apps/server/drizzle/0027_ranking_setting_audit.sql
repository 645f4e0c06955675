CREATE TABLE "ranking_setting_audit" (
	"audit_sn" bigserial PRIMARY KEY NOT NULL,
	"actor_user_key" bigint NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ranking_setting_audit_actor_idx" ON "ranking_setting_audit" USING btree ("actor_user_key","created_at");