-- Issue 24: a live room's video guests and its video block (93/94) outlive the chat node that held them
-- (a restart, a room handed to another node): the book of open entries by user_key, each with the node
-- holding the guest's call socket, and the block switch (hand-written).
ALTER TABLE "chat_room_board" ADD COLUMN IF NOT EXISTS "guests" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_room_board" ADD COLUMN IF NOT EXISTS "video_blocked" boolean DEFAULT false NOT NULL;
