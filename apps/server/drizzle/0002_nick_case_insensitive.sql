DROP INDEX "users_nick_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_nick_key" ON "users" USING btree (lower("nick"));