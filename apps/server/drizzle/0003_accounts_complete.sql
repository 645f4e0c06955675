CREATE TABLE "account_application" (
	"app_sn" bigserial PRIMARY KEY NOT NULL,
	"user_key" bigint NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"form" jsonb NOT NULL,
	"account_user_key" bigint,
	"operator_memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_verification" (
	"verify_id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"driver" text NOT NULL,
	"name" text NOT NULL,
	"birth_date" date NOT NULL,
	"sex" text DEFAULT '' NOT NULL,
	"phone_no" text DEFAULT '' NOT NULL,
	"ci" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_verification_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "oauth_state" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_to" text DEFAULT '/' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_signup" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_social" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_key" bigint NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_file" (
	"file_sn" bigserial PRIMARY KEY NOT NULL,
	"user_key" bigint NOT NULL,
	"path" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"purpose" text NOT NULL,
	"state" text DEFAULT 'temp' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "real_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "adult_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_ci" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "owner_user_key" bigint;--> statement-breakpoint
ALTER TABLE "account_application" ADD CONSTRAINT "account_application_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_application" ADD CONSTRAINT "account_application_account_user_key_users_user_key_fk" FOREIGN KEY ("account_user_key") REFERENCES "public"."users"("user_key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_social" ADD CONSTRAINT "user_social_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_file" ADD CONSTRAINT "upload_file_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_application_user_idx" ON "account_application" USING btree ("user_key","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "user_social_subject_key" ON "user_social" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "user_social_user_idx" ON "user_social" USING btree ("user_key");--> statement-breakpoint
CREATE INDEX "users_owner_idx" ON "users" USING btree ("owner_user_key");--> statement-breakpoint
CREATE INDEX "users_closed_idx" ON "users" USING btree ("closed_at");