CREATE TABLE "broadcast_schedule" (
	"schedule_sn" bigserial PRIMARY KEY NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_min" integer NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "editorial_audit" (
	"audit_sn" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_user_key" bigint NOT NULL,
	"target_kind" text NOT NULL,
	"target_sn" bigint NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magazine_like" (
	"mi_sn" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "magazine_like_pk" PRIMARY KEY("mi_sn","user_key")
);
--> statement-breakpoint
CREATE TABLE "magazine_view" (
	"mi_sn" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"view_day" date NOT NULL,
	CONSTRAINT "magazine_view_pk" PRIMARY KEY("mi_sn","user_key","view_day")
);
--> statement-breakpoint
CREATE TABLE "site_event" (
	"event_sn" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'published' NOT NULL,
	"reply_cnt" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_event_reply" (
	"reply_sn" bigserial PRIMARY KEY NOT NULL,
	"event_sn" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"content" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "magazine" ADD COLUMN "category" text DEFAULT 'news' NOT NULL;--> statement-breakpoint
ALTER TABLE "magazine" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "magazine" ADD COLUMN "like_cnt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "magazine" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "magazine" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_schedule" ADD CONSTRAINT "broadcast_schedule_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_like" ADD CONSTRAINT "magazine_like_mi_sn_magazine_mi_sn_fk" FOREIGN KEY ("mi_sn") REFERENCES "public"."magazine"("mi_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_like" ADD CONSTRAINT "magazine_like_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_view" ADD CONSTRAINT "magazine_view_mi_sn_magazine_mi_sn_fk" FOREIGN KEY ("mi_sn") REFERENCES "public"."magazine"("mi_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_view" ADD CONSTRAINT "magazine_view_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_event_reply" ADD CONSTRAINT "site_event_reply_event_sn_site_event_event_sn_fk" FOREIGN KEY ("event_sn") REFERENCES "public"."site_event"("event_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_event_reply" ADD CONSTRAINT "site_event_reply_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_schedule_start_idx" ON "broadcast_schedule" USING btree ("starts_at") WHERE state = 'planned';--> statement-breakpoint
CREATE INDEX "broadcast_schedule_bj_idx" ON "broadcast_schedule" USING btree ("bj_user_key","starts_at");--> statement-breakpoint
CREATE INDEX "editorial_audit_created_idx" ON "editorial_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "site_event_period_idx" ON "site_event" USING btree ("starts_at","ends_at") WHERE state = 'published';--> statement-breakpoint
CREATE INDEX "site_event_reply_idx" ON "site_event_reply" USING btree ("event_sn","reply_sn") WHERE not deleted;--> statement-breakpoint
CREATE INDEX "magazine_list_idx" ON "magazine" USING btree ("category","published_at") WHERE state = 'published';--> statement-breakpoint
UPDATE "magazine" SET "state" = 'hidden' WHERE NOT "view_yn";
