CREATE TABLE "payment_pg_customer" (
	"user_key" bigint PRIMARY KEY NOT NULL,
	"customer_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_pg_customer_key" UNIQUE("customer_key")
);
--> statement-breakpoint
ALTER TABLE "user_payment_log" DROP CONSTRAINT "user_payment_log_state";--> statement-breakpoint
ALTER TABLE "user_payment_log" DROP CONSTRAINT "user_payment_log_paid_txn";--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD COLUMN "pg_payment_key" text;--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD COLUMN "card_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD COLUMN "refund_txn_id" bigint;--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD COLUMN "refunded_by" bigint;--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_pg_customer" ADD CONSTRAINT "payment_pg_customer_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD CONSTRAINT "user_payment_log_pg_payment_key" UNIQUE("pg_payment_key");--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD CONSTRAINT "user_payment_log_refund_txn" CHECK (("user_payment_log"."state" = 'refunded') = ("user_payment_log"."refund_txn_id" is not null));--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD CONSTRAINT "user_payment_log_state" CHECK ("user_payment_log"."state" in ('pending', 'paid', 'cancelled', 'expired', 'rejected', 'refunded'));--> statement-breakpoint
ALTER TABLE "user_payment_log" ADD CONSTRAINT "user_payment_log_paid_txn" CHECK (("user_payment_log"."state" in ('paid', 'refunded')) = ("user_payment_log"."txn_id" is not null));