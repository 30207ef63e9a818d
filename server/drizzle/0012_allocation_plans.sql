CREATE TABLE "allocation_plan_items" (
	"plan_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"team_version" integer NOT NULL,
	"guide_id" integer,
	"guide_fingerprint" text,
	"score" real,
	"detail" jsonb NOT NULL,
	"committed" boolean DEFAULT false NOT NULL,
	"assignment_id" integer,
	CONSTRAINT "allocation_plan_items_plan_id_team_id_pk" PRIMARY KEY("plan_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "allocation_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"figures" jsonb NOT NULL,
	"config_fingerprint" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "allocation_plan_items" ADD CONSTRAINT "allocation_plan_items_plan_id_allocation_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."allocation_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_plan_items" ADD CONSTRAINT "allocation_plan_items_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_plan_items" ADD CONSTRAINT "allocation_plan_items_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_plans" ADD CONSTRAINT "allocation_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_plan_items_guide_idx" ON "allocation_plan_items" USING btree ("guide_id");--> statement-breakpoint
CREATE INDEX "allocation_plans_created_idx" ON "allocation_plans" USING btree ("created_at");