CREATE TABLE "section_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"environment_id" integer NOT NULL,
	"section" varchar(32) NOT NULL,
	"version" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"message" varchar(300) NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "section_served" (
	"session_id" integer NOT NULL,
	"environment_id" integer NOT NULL,
	"section" varchar(32) NOT NULL,
	"version" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "section_served_session_id_environment_id_section_version_pk" PRIMARY KEY("session_id","environment_id","section","version")
);
--> statement-breakpoint
ALTER TABLE "section_pin_history" ADD COLUMN "share" smallint;--> statement-breakpoint
ALTER TABLE "section_pins" ADD COLUMN "canary_version_id" integer;--> statement-breakpoint
ALTER TABLE "section_pins" ADD COLUMN "canary_share" smallint;--> statement-breakpoint
ALTER TABLE "section_pins" ADD COLUMN "canary_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "section_pins" ADD COLUMN "canary_by" varchar(64);--> statement-breakpoint
ALTER TABLE "section_reports" ADD CONSTRAINT "section_reports_environment_id_section_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."section_environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_served" ADD CONSTRAINT "section_served_environment_id_section_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."section_environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "section_reports_uq" ON "section_reports" USING btree ("session_id","environment_id","section","version","kind","message");--> statement-breakpoint
CREATE INDEX "section_reports_version_idx" ON "section_reports" USING btree ("environment_id","section","version","last_at");--> statement-breakpoint
CREATE INDEX "section_served_version_idx" ON "section_served" USING btree ("environment_id","section","version","last_at");--> statement-breakpoint
ALTER TABLE "section_pins" ADD CONSTRAINT "section_pins_canary_version_id_section_versions_id_fk" FOREIGN KEY ("canary_version_id") REFERENCES "public"."section_versions"("id") ON DELETE no action ON UPDATE no action;