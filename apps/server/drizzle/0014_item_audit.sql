CREATE TABLE "store_item_audit" (
	"audit_sn" bigserial PRIMARY KEY NOT NULL,
	"actor_user_key" bigint NOT NULL,
	"action" text NOT NULL,
	"item_sn" integer NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "store_item_audit_item_idx" ON "store_item_audit" USING btree ("item_sn","audit_sn");--> statement-breakpoint
CREATE INDEX "store_item_audit_actor_idx" ON "store_item_audit" USING btree ("actor_user_key","created_at");