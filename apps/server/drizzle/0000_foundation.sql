CREATE TABLE "magazine" (
	"mi_sn" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"view_cnt" integer DEFAULT 0 NOT NULL,
	"view_yn" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcast" (
	"broadcast_sn" bigserial PRIMARY KEY NOT NULL,
	"vod_key" text NOT NULL,
	"bj_user_key" bigint NOT NULL,
	"title" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"state" text NOT NULL,
	"viewer_cnt" integer DEFAULT 0 NOT NULL,
	"peak_viewer_cnt" integer DEFAULT 0 NOT NULL,
	"like_cnt" integer DEFAULT 0 NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"adult_yn" boolean DEFAULT false NOT NULL,
	"replay_yn" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "broadcast_vod_key_unique" UNIQUE("vod_key")
);
--> statement-breakpoint
CREATE TABLE "guide" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_key" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_meta" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_key" integer NOT NULL,
	"request_url" text NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keyword" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site" (
	"site_key" integer PRIMARY KEY NOT NULL,
	"asp_key" integer NOT NULL,
	"site_name" text NOT NULL,
	"country_cd" text NOT NULL,
	"lang_cd" text NOT NULL,
	"reg_country_cd" text NOT NULL,
	"languages" text[] NOT NULL,
	"image_domain" text DEFAULT '' NOT NULL,
	"expire" integer DEFAULT 600 NOT NULL,
	"meta" jsonb NOT NULL,
	"footer" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_term" (
	"site_key" integer NOT NULL,
	"sti_lang_cd" text NOT NULL,
	"sti_bj_name" text DEFAULT '' NOT NULL,
	"sti_enter_bj_name" text DEFAULT '' NOT NULL,
	"sti_public_bj_name" text DEFAULT '' NOT NULL,
	"sti_program_bj_name" text DEFAULT '' NOT NULL,
	"sti_rookie_bj_name" text DEFAULT '' NOT NULL,
	"sti_clip_name" text DEFAULT '' NOT NULL,
	"sti_currency_name" text DEFAULT '' NOT NULL,
	"sti_currency_item_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "site_term_site_key_sti_lang_cd_pk" PRIMARY KEY("site_key","sti_lang_cd")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_key" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"nick" text NOT NULL,
	"type_cd" text DEFAULT 'user' NOT NULL,
	"bj_type_cd" text DEFAULT '' NOT NULL,
	"profile_image" text DEFAULT '' NOT NULL,
	"state_memo" text DEFAULT '' NOT NULL,
	"user_level" integer DEFAULT 1 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broadcast" ADD CONSTRAINT "broadcast_bj_user_key_users_user_key_fk" FOREIGN KEY ("bj_user_key") REFERENCES "public"."users"("user_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide" ADD CONSTRAINT "guide_site_key_site_site_key_fk" FOREIGN KEY ("site_key") REFERENCES "public"."site"("site_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_meta" ADD CONSTRAINT "page_meta_site_key_site_site_key_fk" FOREIGN KEY ("site_key") REFERENCES "public"."site"("site_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_term" ADD CONSTRAINT "site_term_site_key_site_site_key_fk" FOREIGN KEY ("site_key") REFERENCES "public"."site"("site_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "magazine_published_idx" ON "magazine" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "broadcast_state_idx" ON "broadcast" USING btree ("state","started_at");--> statement-breakpoint
CREATE INDEX "broadcast_bj_idx" ON "broadcast" USING btree ("bj_user_key","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_key" ON "users" USING btree (lower("id"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_nick_key" ON "users" USING btree ("nick");--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("type_cd");