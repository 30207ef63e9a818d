CREATE TABLE "team_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"role" varchar(16) NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"busy" "tstzrange" NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"score" real,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" integer,
	"ended_at" timestamp with time zone,
	"end_reason" varchar(200) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "team_assignments_period_check" CHECK ("team_assignments"."to_date" >= "team_assignments"."from_date")
);
--> statement-breakpoint
CREATE TABLE "team_code_counters" (
	"day" date PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"guide_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"comment" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "team_feedback_score_check" CHECK ("team_feedback"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "team_itinerary_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"date" date NOT NULL,
	"seq" smallint NOT NULL,
	"spot_id" integer NOT NULL,
	"planned_start" varchar(5) NOT NULL,
	"planned_end" varchar(5) NOT NULL,
	"notes" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"actor_id" integer,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(20) NOT NULL,
	"agency" varchar(64) NOT NULL,
	"agency_ref" varchar(32) DEFAULT '' NOT NULL,
	"market" varchar(64) NOT NULL,
	"pax_adults" integer NOT NULL,
	"pax_children" integer DEFAULT 0 NOT NULL,
	"pax_seniors" integer DEFAULT 0 NOT NULL,
	"pax" integer GENERATED ALWAYS AS (pax_adults + pax_children + pax_seniors) STORED NOT NULL,
	"language" varchar(64) NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"lead_contact_name" varchar(32) NOT NULL,
	"lead_contact_phone" varchar(16) NOT NULL,
	"escort_name" varchar(32) DEFAULT '' NOT NULL,
	"escort_phone" varchar(16) DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"pickup_point" varchar(100) DEFAULT '' NOT NULL,
	"pickup_time" varchar(5) DEFAULT '' NOT NULL,
	"notes" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"status_reason" varchar(200) DEFAULT '' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "teams_period_check" CHECK ("teams"."end_date" >= "teams"."start_date")
);
--> statement-breakpoint
ALTER TABLE "team_assignments" ADD CONSTRAINT "team_assignments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_assignments" ADD CONSTRAINT "team_assignments_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_assignments" ADD CONSTRAINT "team_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_assignments" ADD CONSTRAINT "team_assignments_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_feedback" ADD CONSTRAINT "team_feedback_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_feedback" ADD CONSTRAINT "team_feedback_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_itinerary_items" ADD CONSTRAINT "team_itinerary_items_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_itinerary_items" ADD CONSTRAINT "team_itinerary_items_spot_id_scenic_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."scenic_spots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_status_history" ADD CONSTRAINT "team_status_history_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_status_history" ADD CONSTRAINT "team_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_assignments_team_idx" ON "team_assignments" USING btree ("team_id","status");--> statement-breakpoint
CREATE INDEX "team_assignments_guide_idx" ON "team_assignments" USING btree ("guide_id","status","from_date");--> statement-breakpoint
CREATE UNIQUE INDEX "team_feedback_team_guide_idx" ON "team_feedback" USING btree ("team_id","guide_id");--> statement-breakpoint
CREATE INDEX "team_feedback_guide_idx" ON "team_feedback" USING btree ("guide_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_itinerary_team_day_seq_idx" ON "team_itinerary_items" USING btree ("team_id","date","seq");--> statement-breakpoint
CREATE INDEX "team_itinerary_spot_day_idx" ON "team_itinerary_items" USING btree ("spot_id","date","team_id");--> statement-breakpoint
CREATE INDEX "team_status_history_team_idx" ON "team_status_history" USING btree ("team_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_code_idx" ON "teams" USING btree ("code");--> statement-breakpoint
CREATE INDEX "teams_status_start_idx" ON "teams" USING btree ("status","start_date","id");--> statement-breakpoint
CREATE INDEX "teams_start_idx" ON "teams" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "teams_end_idx" ON "teams" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "teams_agency_idx" ON "teams" USING btree ("agency","start_date");--> statement-breakpoint
CREATE INDEX "teams_market_idx" ON "teams" USING btree ("market","start_date");--> statement-breakpoint
CREATE INDEX "teams_language_idx" ON "teams" USING btree ("language","start_date");--> statement-breakpoint
CREATE INDEX "teams_updated_idx" ON "teams" USING btree ("updated_at","id");