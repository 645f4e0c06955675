ALTER TABLE "broadcast" ADD COLUMN "mc_user_key" bigint;--> statement-breakpoint
ALTER TABLE "stream_setting" ADD COLUMN "mc_user_key" bigint;