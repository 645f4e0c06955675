CREATE TABLE "board_file" (
	"board_sn" bigint NOT NULL,
	"file_sn" bigint NOT NULL,
	"sort_no" integer NOT NULL,
	CONSTRAINT "board_file_pk" PRIMARY KEY("board_sn","file_sn")
);
--> statement-breakpoint
CREATE TABLE "board_post" (
	"board_sn" bigserial PRIMARY KEY NOT NULL,
	"setting_sn" integer DEFAULT 1 NOT NULL,
	"user_key" bigint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'visible' NOT NULL,
	"view_cnt" integer DEFAULT 0 NOT NULL,
	"reply_cnt" integer DEFAULT 0 NOT NULL,
	"file_cnt" integer DEFAULT 0 NOT NULL,
	"moderation_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "board_reply" (
	"reply_sn" bigserial PRIMARY KEY NOT NULL,
	"board_sn" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"content" text NOT NULL,
	"state" text DEFAULT 'visible' NOT NULL,
	"moderation_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_setting" (
	"setting_sn" integer PRIMARY KEY NOT NULL,
	"site_key" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"banned_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"visible_cnt" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_view" (
	"board_sn" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"view_day" date NOT NULL,
	CONSTRAINT "board_view_pk" PRIMARY KEY("board_sn","user_key","view_day")
);
--> statement-breakpoint
CREATE TABLE "community_audit" (
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
CREATE TABLE "cs_faq" (
	"faq_sn" bigserial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_notice" (
	"notice_sn" bigserial PRIMARY KEY NOT NULL,
	"place" text DEFAULT 'cs' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"top" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cs_qna" (
	"qna_sn" bigserial PRIMARY KEY NOT NULL,
	"user_key" bigint NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"answer" text,
	"answered_by" bigint,
	"answered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cs_qna_file" (
	"qna_sn" bigint NOT NULL,
	"file_sn" bigint NOT NULL,
	"sort_no" integer NOT NULL,
	CONSTRAINT "cs_qna_file_pk" PRIMARY KEY("qna_sn","file_sn")
);
--> statement-breakpoint
CREATE TABLE "cs_report" (
	"report_sn" bigserial PRIMARY KEY NOT NULL,
	"user_key" bigint NOT NULL,
	"target_type" text NOT NULL,
	"target_key" text NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"target_user_key" bigint,
	"report_type" text NOT NULL,
	"content" text NOT NULL,
	"quote" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"action" text,
	"action_memo" text DEFAULT '' NOT NULL,
	"handled_by" bigint,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_consent" (
	"user_key" bigint NOT NULL,
	"guide_id" integer NOT NULL,
	"ver" integer NOT NULL,
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_consent_pk" PRIMARY KEY("user_key","guide_id","ver")
);
--> statement-breakpoint
CREATE TABLE "policy_version" (
	"guide_id" integer NOT NULL,
	"ver" integer NOT NULL,
	"content" text NOT NULL,
	"reason" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"published_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_version_pk" PRIMARY KEY("guide_id","ver")
);
--> statement-breakpoint
ALTER TABLE "guide" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "guide" ADD COLUMN "required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "policy_notice_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "board_file" ADD CONSTRAINT "board_file_board_sn_board_post_board_sn_fk" FOREIGN KEY ("board_sn") REFERENCES "public"."board_post"("board_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_file" ADD CONSTRAINT "board_file_file_sn_upload_file_file_sn_fk" FOREIGN KEY ("file_sn") REFERENCES "public"."upload_file"("file_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_post" ADD CONSTRAINT "board_post_setting_sn_board_setting_setting_sn_fk" FOREIGN KEY ("setting_sn") REFERENCES "public"."board_setting"("setting_sn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_post" ADD CONSTRAINT "board_post_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_reply" ADD CONSTRAINT "board_reply_board_sn_board_post_board_sn_fk" FOREIGN KEY ("board_sn") REFERENCES "public"."board_post"("board_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_reply" ADD CONSTRAINT "board_reply_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_view" ADD CONSTRAINT "board_view_board_sn_board_post_board_sn_fk" FOREIGN KEY ("board_sn") REFERENCES "public"."board_post"("board_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_view" ADD CONSTRAINT "board_view_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_qna" ADD CONSTRAINT "cs_qna_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_qna_file" ADD CONSTRAINT "cs_qna_file_qna_sn_cs_qna_qna_sn_fk" FOREIGN KEY ("qna_sn") REFERENCES "public"."cs_qna"("qna_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_qna_file" ADD CONSTRAINT "cs_qna_file_file_sn_upload_file_file_sn_fk" FOREIGN KEY ("file_sn") REFERENCES "public"."upload_file"("file_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cs_report" ADD CONSTRAINT "cs_report_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_consent" ADD CONSTRAINT "policy_consent_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_consent" ADD CONSTRAINT "policy_consent_guide_id_guide_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guide"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_version" ADD CONSTRAINT "policy_version_guide_id_guide_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guide"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_post_list_idx" ON "board_post" USING btree ("setting_sn","board_sn" DESC NULLS LAST) WHERE state = 'visible';--> statement-breakpoint
CREATE INDEX "board_post_tokens_idx" ON "board_post" USING gin ("tokens") WHERE state = 'visible';--> statement-breakpoint
CREATE INDEX "board_post_user_idx" ON "board_post" USING btree ("user_key");--> statement-breakpoint
CREATE INDEX "board_post_admin_idx" ON "board_post" USING btree ("state","board_sn" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "board_reply_post_idx" ON "board_reply" USING btree ("board_sn","reply_sn") WHERE state = 'visible';--> statement-breakpoint
CREATE INDEX "board_reply_admin_idx" ON "board_reply" USING btree ("state","reply_sn" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_audit_created_idx" ON "community_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cs_notice_list_idx" ON "cs_notice" USING btree ("place","top","notice_sn");--> statement-breakpoint
CREATE INDEX "cs_qna_user_idx" ON "cs_qna" USING btree ("user_key","qna_sn");--> statement-breakpoint
CREATE INDEX "cs_qna_state_idx" ON "cs_qna" USING btree ("state","qna_sn");--> statement-breakpoint
CREATE INDEX "cs_report_user_idx" ON "cs_report" USING btree ("user_key","report_sn");--> statement-breakpoint
CREATE INDEX "cs_report_state_idx" ON "cs_report" USING btree ("state","report_sn");--> statement-breakpoint
CREATE INDEX "cs_report_target_idx" ON "cs_report" USING btree ("target_type","target_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cs_report_open_uq" ON "cs_report" USING btree ("user_key","target_type","target_key") WHERE state <> 'complete';--> statement-breakpoint
INSERT INTO "board_setting" ("setting_sn", "site_key", "title", "banned_words") VALUES (1, 1, '스토리', ARRAY['씨발','시발','병신','좆','개새끼','니애미','느금마']) ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "guide" SET "code" = 'terms', "required" = true WHERE "kind" = 'policy' AND "title" = '서비스 이용약관';
--> statement-breakpoint
UPDATE "guide" SET "code" = 'privacy', "required" = true WHERE "kind" = 'policy' AND "title" = '개인정보 처리방침';
--> statement-breakpoint
UPDATE "guide" SET "code" = 'youth' WHERE "kind" = 'policy' AND "title" = '청소년 보호정책';
--> statement-breakpoint
UPDATE "guide" SET "code" = 'guide' WHERE "kind" = 'service';
