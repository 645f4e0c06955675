CREATE TABLE "fan_counted" (
	"txn_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_reconcile" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"upto_txn_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "fan_reconcile" ("id", "upto_txn_id") SELECT 1, coalesce(max("txn_id"), 0) FROM "wallet_txn";
