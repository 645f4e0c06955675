-- The audition (issue 21, docs/editorial.md): an application sent from /audition is marked, keeps the contact
-- phone verified with it and the performance video uploaded for it (an upload of purpose `audition`, served
-- only to its uploader and operators, found by its path).
ALTER TABLE "account_application" ADD COLUMN "audition" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_application" ADD COLUMN "contact_phone_country_num" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_application" ADD COLUMN "contact_phone_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_application" ADD COLUMN "video_file_sn" bigint;--> statement-breakpoint
ALTER TABLE "account_application" ADD COLUMN "video_file" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_application" ADD CONSTRAINT "account_application_video_file_sn_upload_file_file_sn_fk" FOREIGN KEY ("video_file_sn") REFERENCES "public"."upload_file"("file_sn") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_file_path_idx" ON "upload_file" USING btree ("path");
