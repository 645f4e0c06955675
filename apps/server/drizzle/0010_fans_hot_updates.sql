DROP INDEX "bj_fan_rank_idx";--> statement-breakpoint
DROP INDEX "star_gift_rank_idx";--> statement-breakpoint
-- Every paid gift updates one row of each table: room in each page lets those be HOT updates.
ALTER TABLE "bj_fan" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "star_gift_rank" SET (fillfactor = 70);