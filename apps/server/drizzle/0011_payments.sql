CREATE TABLE "payment_audit" (
	"audit_sn" bigserial PRIMARY KEY NOT NULL,
	"actor_user_key" bigint NOT NULL,
	"action" text NOT NULL,
	"user_payment_log_sn" bigint,
	"product_sn" integer,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_product" (
	"product_sn" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_product_currency" CHECK ("payment_product"."currency" in ('STAR', 'CUBIC')),
	CONSTRAINT "payment_product_amount_positive" CHECK ("payment_product"."amount" > 0 and "payment_product"."bonus" >= 0 and "payment_product"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_payment_log" (
	"user_payment_log_sn" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_key" bigint NOT NULL,
	"product_sn" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"bonus" integer NOT NULL,
	"price" integer NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"idem_key" text NOT NULL,
	"depositor_nm" text NOT NULL,
	"bank_account_nm" text NOT NULL,
	"cash_receipt_type" text DEFAULT 'none' NOT NULL,
	"cash_receipt_no" text DEFAULT '' NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"txn_id" bigint,
	"deposited_nm" text,
	"deposited_amount" integer,
	"deposited_at" timestamp with time zone,
	"confirmed_by" text,
	"bank_tx_id" text,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_payment_log_order_no" UNIQUE("order_no"),
	CONSTRAINT "user_payment_log_idem_key" UNIQUE("user_key","idem_key"),
	CONSTRAINT "user_payment_log_bank_tx_id" UNIQUE("bank_tx_id"),
	CONSTRAINT "user_payment_log_state" CHECK ("user_payment_log"."state" in ('pending', 'paid', 'cancelled', 'expired', 'rejected')),
	CONSTRAINT "user_payment_log_paid_txn" CHECK (("user_payment_log"."state" = 'paid') = ("user_payment_log"."txn_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD CONSTRAINT "user_payment_log_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD CONSTRAINT "user_payment_log_product_sn_payment_product_product_sn_fk" FOREIGN KEY ("product_sn") REFERENCES "public"."payment_product"("product_sn") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_audit_order_idx" ON "payment_audit" USING btree ("user_payment_log_sn","audit_sn");--> statement-breakpoint
CREATE INDEX "payment_audit_actor_idx" ON "payment_audit" USING btree ("actor_user_key","created_at");--> statement-breakpoint
CREATE INDEX "payment_product_list_idx" ON "payment_product" USING btree ("on_sale","currency","sort","product_sn");--> statement-breakpoint
CREATE INDEX "user_payment_log_user_idx" ON "user_payment_log" USING btree ("user_key","user_payment_log_sn" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_payment_log_pending_idx" ON "user_payment_log" USING btree ("deadline_at") WHERE "user_payment_log"."state" = 'pending';