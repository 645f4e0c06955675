CREATE TABLE "wallet_account" (
	"account_id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_key" bigint,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_account_owner_key" UNIQUE NULLS NOT DISTINCT("user_key","kind","currency"),
	CONSTRAINT "wallet_account_user_not_negative" CHECK ("wallet_account"."user_key" is null or "wallet_account"."balance" >= 0),
	CONSTRAINT "wallet_account_balance_safe" CHECK ("wallet_account"."balance" between -9007199254740991 and 9007199254740991),
	CONSTRAINT "wallet_account_currency" CHECK ("wallet_account"."currency" in ('STAR', 'CUBIC')),
	CONSTRAINT "wallet_account_kind" CHECK (("wallet_account"."user_key" is not null and "wallet_account"."kind" in ('wallet', 'earnings')) or ("wallet_account"."user_key" is null and "wallet_account"."kind" in ('grant', 'revenue', 'sink', 'refund')))
);
--> statement-breakpoint
CREATE TABLE "wallet_entry" (
	"txn_id" bigint NOT NULL,
	"leg" smallint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	CONSTRAINT "wallet_entry_pk" PRIMARY KEY("txn_id","leg"),
	CONSTRAINT "wallet_entry_amount_nonzero" CHECK ("wallet_entry"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_grant_audit" (
	"txn_id" bigint PRIMARY KEY NOT NULL,
	"operator_user_key" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"balance_before" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_txn" (
	"txn_id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"refusal" text,
	"actor_user_key" bigint NOT NULL,
	"idem_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"from_account_id" bigint NOT NULL,
	"payer_balance" bigint NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_txn_idem_key" UNIQUE("actor_user_key","idem_key"),
	CONSTRAINT "wallet_txn_amount_positive" CHECK ("wallet_txn"."amount" > 0),
	CONSTRAINT "wallet_txn_state" CHECK ("wallet_txn"."state" in ('done', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "wallet_verify_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"up_to_txn_id" bigint DEFAULT 0 NOT NULL,
	"pending_txn_id" bigint,
	"pending_xmax" text,
	"verified_at" timestamp with time zone,
	CONSTRAINT "wallet_verify_state_one_row" CHECK ("wallet_verify_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "wallet_verify_sum" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_account" ADD CONSTRAINT "wallet_account_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_verify_sum" ADD CONSTRAINT "wallet_verify_sum_account_id_wallet_account_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_account"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_entry_account_idx" ON "wallet_entry" USING btree ("account_id","txn_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_grant_audit_user_idx" ON "wallet_grant_audit" USING btree ("user_key","created_at");--> statement-breakpoint
CREATE INDEX "wallet_grant_audit_operator_idx" ON "wallet_grant_audit" USING btree ("operator_user_key","created_at");