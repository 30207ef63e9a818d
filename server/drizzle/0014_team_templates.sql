CREATE TABLE "team_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"days" smallint NOT NULL,
	"items" jsonb NOT NULL,
	"source_team_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_templates" ADD CONSTRAINT "team_templates_source_team_id_teams_id_fk" FOREIGN KEY ("source_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_templates_name_idx" ON "team_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "team_templates_updated_idx" ON "team_templates" USING btree ("updated_at","id");