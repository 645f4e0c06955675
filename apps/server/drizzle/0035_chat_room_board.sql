-- Issue 24: the BJ's room notice (120/121) and pinned message (130/131) of one broadcast (hand-written).
CREATE TABLE IF NOT EXISTS "chat_room_board" (
	"vod_key" text PRIMARY KEY NOT NULL,
	"notice" jsonb,
	"pin" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
