CREATE TABLE "clip" (
	"clip_sn" bigserial PRIMARY KEY NOT NULL,
	"clip_key" text NOT NULL,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'processing' NOT NULL,
	"duration_sec" real DEFAULT 0 NOT NULL,
	"vertical_yn" boolean DEFAULT false NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"by_user_key" bigint NOT NULL,
	"vod_key" text DEFAULT '' NOT NULL,
	"view_cnt" integer DEFAULT 0 NOT NULL,
	"fail_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "clip_clip_key_unique" UNIQUE("clip_key")
);
--> statement-breakpoint
CREATE TABLE "clip_room_setting" (
	"user_key" bigint PRIMARY KEY NOT NULL,
	"clip_yn" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clip_view" (
	"clip_sn" bigint NOT NULL,
	"viewer" text NOT NULL,
	"hour" bigint NOT NULL,
	CONSTRAINT "clip_view_pk" PRIMARY KEY("clip_sn","viewer","hour")
);
--> statement-breakpoint
CREATE TABLE "concert" (
	"concert_sn" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"poster" text DEFAULT '' NOT NULL,
	"poster_file_sn" bigint,
	"description" text DEFAULT '' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"refund_rule" text DEFAULT '' NOT NULL,
	"lineup" text[] DEFAULT '{}' NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"price" integer NOT NULL,
	"doors_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"replay_days" integer DEFAULT 7 NOT NULL,
	"replay_play_max" integer DEFAULT 0 NOT NULL,
	"ticket_cnt" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_reason" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "concert_times" CHECK ("concert"."doors_at" <= "concert"."starts_at" and "concert"."starts_at" < "concert"."ends_at"),
	CONSTRAINT "concert_price" CHECK ("concert"."price" >= 0),
	CONSTRAINT "concert_ticket_cnt" CHECK ("concert"."ticket_cnt" >= 0)
);
--> statement-breakpoint
CREATE TABLE "concert_audit" (
	"audit_sn" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_user_key" bigint NOT NULL,
	"target_kind" text NOT NULL,
	"target_sn" bigint NOT NULL,
	"member_key" bigint,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concert_ticket" (
	"ticket_sn" bigserial PRIMARY KEY NOT NULL,
	"concert_sn" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"state" text DEFAULT 'valid' NOT NULL,
	"price" integer NOT NULL,
	"txn_id" bigint,
	"refund_txn_id" bigint,
	"play_cnt" integer DEFAULT 0 NOT NULL,
	"bought_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "star_audit" (
	"audit_sn" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_user_key" bigint NOT NULL,
	"member_key" bigint NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "star_profile" (
	"user_key" bigint PRIMARY KEY NOT NULL,
	"agency" text DEFAULT '' NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"debut_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broadcast" ADD COLUMN "concert_sn" bigint;--> statement-breakpoint
ALTER TABLE "clip" ADD CONSTRAINT "clip_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip" ADD CONSTRAINT "clip_by_user_key_users_user_key_fk" FOREIGN KEY ("by_user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_room_setting" ADD CONSTRAINT "clip_room_setting_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clip_view" ADD CONSTRAINT "clip_view_clip_sn_clip_clip_sn_fk" FOREIGN KEY ("clip_sn") REFERENCES "public"."clip"("clip_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concert" ADD CONSTRAINT "concert_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concert_ticket" ADD CONSTRAINT "concert_ticket_concert_sn_concert_concert_sn_fk" FOREIGN KEY ("concert_sn") REFERENCES "public"."concert"("concert_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concert_ticket" ADD CONSTRAINT "concert_ticket_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "star_profile" ADD CONSTRAINT "star_profile_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clip_feed_idx" ON "clip" USING btree ("created_at" DESC NULLS LAST) WHERE "clip"."state" = 'ready' and "clip"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clip_bj_idx" ON "clip" USING btree ("bj_user_key","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clip_by_idx" ON "clip" USING btree ("by_user_key","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clip_processing_idx" ON "clip" USING btree ("created_at") WHERE "clip"."state" = 'processing';--> statement-breakpoint
CREATE INDEX "concert_starts_idx" ON "concert" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "concert_bj_idx" ON "concert" USING btree ("bj_user_key","doors_at");--> statement-breakpoint
CREATE INDEX "concert_audit_created_idx" ON "concert_audit" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "concert_ticket_one_valid" ON "concert_ticket" USING btree ("concert_sn","user_key") WHERE "concert_ticket"."state" = 'valid';--> statement-breakpoint
CREATE INDEX "concert_ticket_user_idx" ON "concert_ticket" USING btree ("user_key","bought_at");--> statement-breakpoint
CREATE UNIQUE INDEX "concert_ticket_txn" ON "concert_ticket" USING btree ("txn_id");--> statement-breakpoint
CREATE INDEX "star_profile_group_idx" ON "star_profile" USING btree ("group_name");--> statement-breakpoint
CREATE INDEX "broadcast_concert_idx" ON "broadcast" USING btree ("concert_sn","started_at") WHERE "broadcast"."concert_sn" is not null;--> statement-breakpoint
-- A broadcast its BJ starts inside one of their concerts' windows (doors to end, not cancelled) is the
-- concert's stream (docs/concerts.md): set here so no viewer can get its media before the gate knows.
CREATE OR REPLACE FUNCTION concert_attach_broadcast() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.concert_sn IS NULL THEN
    SELECT c.concert_sn INTO NEW.concert_sn
      FROM concert c
     WHERE c.bj_user_key = NEW.bj_user_key
       AND c.cancelled_at IS NULL
       AND c.doors_at <= NEW.started_at
       AND c.ends_at > NEW.started_at
     ORDER BY c.starts_at
     LIMIT 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER broadcast_concert_attach BEFORE INSERT ON broadcast FOR EACH ROW EXECUTE FUNCTION concert_attach_broadcast();
