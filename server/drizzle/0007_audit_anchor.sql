CREATE TABLE "audit_anchor" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_purged_id" bigint NOT NULL,
	"last_purged_hash" varchar(64) NOT NULL,
	"purged_at" timestamp with time zone DEFAULT now() NOT NULL
);
