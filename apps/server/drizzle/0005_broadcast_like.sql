CREATE TABLE "broadcast_like" (
	"broadcast_sn" bigint NOT NULL,
	"user_key" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcast_like_broadcast_sn_user_key_pk" PRIMARY KEY("broadcast_sn","user_key")
);
--> statement-breakpoint
ALTER TABLE "broadcast_like" ADD CONSTRAINT "broadcast_like_broadcast_sn_broadcast_broadcast_sn_fk" FOREIGN KEY ("broadcast_sn") REFERENCES "public"."broadcast"("broadcast_sn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_like" ADD CONSTRAINT "broadcast_like_user_key_users_user_key_fk" FOREIGN KEY ("user_key") REFERENCES "public"."users"("user_key") ON DELETE cascade ON UPDATE no action;