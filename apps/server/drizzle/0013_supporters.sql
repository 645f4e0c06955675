CREATE TABLE "supporter" (
	"supporter_sn" bigserial PRIMARY KEY NOT NULL,
	"user_key" bigint NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"type" text NOT NULL,
	"plan_sn" integer NOT NULL,
	"price" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"periods" integer DEFAULT 0 NOT NULL,
	"paid_until" timestamp with time zone,
	"next_charge_at" timestamp with time zone,
	"fail_cnt" integer DEFAULT 0 NOT NULL,
	"billing_key" text,
	"customer_key" text DEFAULT '' NOT NULL,
	"card_label" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporter_type" CHECK ("supporter"."type" in ('regular', 'auto')),
	CONSTRAINT "supporter_state" CHECK ("supporter"."state" in ('active', 'cancelled', 'lapsed'))
);
--> statement-breakpoint
CREATE TABLE "supporter_audit" (
	"audit_sn" bigserial PRIMARY KEY NOT NULL,
	"actor_user_key" bigint NOT NULL,
	"action" text NOT NULL,
	"plan_sn" integer,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supporter_charge" (
	"charge_sn" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_key" bigint NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"type" text NOT NULL,
	"plan_sn" integer NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"idem_key" text NOT NULL,
	"customer_key" text DEFAULT '' NOT NULL,
	"supporter_sn" bigint,
	"period_no" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"payment_key" text,
	"card_label" text DEFAULT '' NOT NULL,
	"period_from" timestamp with time zone,
	"period_to" timestamp with time zone,
	"fail_code" text DEFAULT '' NOT NULL,
	"fail_msg" text DEFAULT '' NOT NULL,
	"provider" jsonb,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporter_charge_order_no" UNIQUE("order_no"),
	CONSTRAINT "supporter_charge_idem_key" UNIQUE("user_key","idem_key"),
	CONSTRAINT "supporter_charge_payment_key" UNIQUE("payment_key"),
	CONSTRAINT "supporter_charge_type" CHECK ("supporter_charge"."type" in ('regular', 'auto')),
	CONSTRAINT "supporter_charge_state" CHECK ("supporter_charge"."state" in ('pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "supporter_charge_paid_key" CHECK (("supporter_charge"."state" = 'paid') = ("supporter_charge"."payment_key" is not null)),
	CONSTRAINT "supporter_charge_amount_positive" CHECK ("supporter_charge"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "supporter_plan" (
	"plan_sn" serial PRIMARY KEY NOT NULL,
	"price" integer NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporter_plan_price_positive" CHECK ("supporter_plan"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "supporter" ADD CONSTRAINT "supporter_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter" ADD CONSTRAINT "supporter_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter" ADD CONSTRAINT "supporter_plan_sn_supporter_plan_plan_sn_fk" FOREIGN KEY ("plan_sn") REFERENCES "public"."supporter_plan"("plan_sn") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_charge" ADD CONSTRAINT "supporter_charge_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_charge" ADD CONSTRAINT "supporter_charge_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_charge" ADD CONSTRAINT "supporter_charge_plan_sn_supporter_plan_plan_sn_fk" FOREIGN KEY ("plan_sn") REFERENCES "public"."supporter_plan"("plan_sn") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_charge" ADD CONSTRAINT "supporter_charge_supporter_sn_supporter_supporter_sn_fk" FOREIGN KEY ("supporter_sn") REFERENCES "public"."supporter"("supporter_sn") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supporter_one_regular" ON "supporter" USING btree ("user_key","bj_user_key") WHERE "supporter"."type" = 'regular';--> statement-breakpoint
CREATE UNIQUE INDEX "supporter_one_active_auto" ON "supporter" USING btree ("user_key","bj_user_key") WHERE "supporter"."type" = 'auto' and "supporter"."state" = 'active';--> statement-breakpoint
CREATE INDEX "supporter_user_idx" ON "supporter" USING btree ("user_key","supporter_sn" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supporter_bj_idx" ON "supporter" USING btree ("bj_user_key","paid_until");--> statement-breakpoint
CREATE INDEX "supporter_due_idx" ON "supporter" USING btree ("next_charge_at") WHERE "supporter"."state" = 'active' and "supporter"."next_charge_at" is not null;--> statement-breakpoint
CREATE INDEX "supporter_audit_plan_idx" ON "supporter_audit" USING btree ("plan_sn","audit_sn");--> statement-breakpoint
CREATE INDEX "supporter_charge_user_idx" ON "supporter_charge" USING btree ("user_key","type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supporter_charge_supporter_idx" ON "supporter_charge" USING btree ("supporter_sn","period_no");--> statement-breakpoint
CREATE INDEX "supporter_plan_list_idx" ON "supporter_plan" USING btree ("on_sale","sort","price");