CREATE TABLE "store_item" (
	"item_sn" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"uses_per_day" integer DEFAULT 0 NOT NULL,
	"refundable" boolean DEFAULT true NOT NULL,
	"giftable" boolean DEFAULT true NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_item_price_positive" CHECK ("store_item"."price" > 0),
	CONSTRAINT "store_item_validity_positive" CHECK ("store_item"."validity_days" > 0),
	CONSTRAINT "store_item_uses_not_negative" CHECK ("store_item"."uses_per_day" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_item" (
	"user_item_sn" bigserial PRIMARY KEY NOT NULL,
	"user_key" bigint NOT NULL,
	"item_sn" integer NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"sponsor_user_key" bigint,
	"txn_id" bigint NOT NULL,
	"price" integer NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"first_used_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"use_day" date,
	"uses_today" integer DEFAULT 0 NOT NULL,
	"refund_txn_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_item_state" CHECK ("user_item"."state" in ('unused', 'in_use', 'stopped', 'expired', 'used', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "user_item_use" (
	"use_sn" bigserial PRIMARY KEY NOT NULL,
	"user_item_sn" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"item_sn" integer NOT NULL,
	"vod_key" text,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bj_fan" (
	"bj_user_key" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"star_total" bigint DEFAULT 0 NOT NULL,
	"gift_cnt" integer DEFAULT 0 NOT NULL,
	"first_gift_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_gift_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bj_fan_pk" PRIMARY KEY("bj_user_key","user_key")
);
--> statement-breakpoint
CREATE TABLE "star_gift_rank" (
	"vod_key" text NOT NULL,
	"user_key" bigint NOT NULL,
	"star_total" bigint DEFAULT 0 NOT NULL,
	"gift_cnt" integer DEFAULT 0 NOT NULL,
	"last_gift_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "star_gift_rank_pk" PRIMARY KEY("vod_key","user_key")
);
--> statement-breakpoint
ALTER TABLE "user_item" ADD CONSTRAINT "user_item_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_item" ADD CONSTRAINT "user_item_item_sn_store_item_item_sn_fk" FOREIGN KEY ("item_sn") REFERENCES "public"."store_item"("item_sn") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_item" ADD CONSTRAINT "user_item_sponsor_user_key_users_user_key_fk" FOREIGN KEY ("sponsor_user_key") REFERENCES "public"."users"("user_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_item_use" ADD CONSTRAINT "user_item_use_user_item_sn_user_item_user_item_sn_fk" FOREIGN KEY ("user_item_sn") REFERENCES "public"."user_item"("user_item_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_item_list_idx" ON "store_item" USING btree ("on_sale","category","sort","item_sn");--> statement-breakpoint
CREATE INDEX "user_item_owner_idx" ON "user_item" USING btree ("user_key","state","user_item_sn" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_item_sponsor_idx" ON "user_item" USING btree ("sponsor_user_key","user_item_sn" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_item_txn_idx" ON "user_item" USING btree ("txn_id");--> statement-breakpoint
CREATE INDEX "user_item_expiry_idx" ON "user_item" USING btree ("expires_at") WHERE "user_item"."state" in ('unused', 'in_use', 'stopped');--> statement-breakpoint
CREATE INDEX "user_item_use_user_idx" ON "user_item_use" USING btree ("user_key","used_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bj_fan_rank_idx" ON "bj_fan" USING btree ("bj_user_key","star_total" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bj_fan_user_idx" ON "bj_fan" USING btree ("user_key");--> statement-breakpoint
CREATE INDEX "star_gift_rank_idx" ON "star_gift_rank" USING btree ("vod_key","star_total" DESC NULLS LAST);