CREATE SEQUENCE "public"."guide_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"username" varchar(64) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_throttle_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"name_en" varchar(64) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_role" varchar(32) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"job" varchar(64) DEFAULT '' NOT NULL,
	"job_name" varchar(64) DEFAULT '' NOT NULL,
	"organization" varchar(64) DEFAULT '' NOT NULL,
	"organization_name" varchar(128) DEFAULT '' NOT NULL,
	"location" varchar(64) DEFAULT '' NOT NULL,
	"location_name" varchar(128) DEFAULT '' NOT NULL,
	"introduction" varchar(2000) DEFAULT '' NOT NULL,
	"personal_website" varchar(256) DEFAULT '' NOT NULL,
	"account_id" varchar(32) NOT NULL,
	"registration_date" timestamp with time zone DEFAULT now() NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"active_role" varchar(32),
	"last_login_at" timestamp with time zone,
	"last_login_ip" varchar(64),
	"settings" jsonb,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"role" varchar(32) DEFAULT '' NOT NULL,
	"action" varchar(64) NOT NULL,
	"entity_type" varchar(64) DEFAULT '' NOT NULL,
	"entity_id" varchar(64) DEFAULT '' NOT NULL,
	"diff" jsonb,
	"request_id" varchar(64) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(512) DEFAULT '' NOT NULL,
	"result" integer NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_config" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name_zh" varchar(64) NOT NULL,
	"name_en" varchar(64) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "property_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "property_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"value" varchar(64) NOT NULL,
	"label_zh" varchar(128) NOT NULL,
	"label_en" varchar(128) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"title" varchar(200) NOT NULL,
	"sub_title" varchar(200) DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"message_type" smallint,
	"status" smallint DEFAULT 0 NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"dedupe_key" varchar(128),
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "certification_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"certification_type" varchar(32) NOT NULL,
	"certification_content" varchar(200) NOT NULL,
	"status" varchar(16) DEFAULT 'auditing' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"info" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_avatars" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mime" varchar(32) NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_certifications" (
	"guide_id" integer NOT NULL,
	"spot_id" integer NOT NULL,
	"valid_until" date NOT NULL,
	CONSTRAINT "guide_certifications_guide_id_spot_id_pk" PRIMARY KEY("guide_id","spot_id")
);
--> statement-breakpoint
CREATE TABLE "guide_languages" (
	"guide_id" integer NOT NULL,
	"language" varchar(64) NOT NULL,
	"proficiency" varchar(16) NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "guide_languages_guide_id_language_pk" PRIMARY KEY("guide_id","language")
);
--> statement-breakpoint
CREATE TABLE "guide_specialties" (
	"guide_id" integer NOT NULL,
	"specialty" varchar(64) NOT NULL,
	CONSTRAINT "guide_specialties_guide_id_specialty_pk" PRIMARY KEY("guide_id","specialty")
);
--> statement-breakpoint
CREATE TABLE "guide_unavailability" (
	"id" serial PRIMARY KEY NOT NULL,
	"guide_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" varchar(32) NOT NULL,
	"gender" varchar(8) NOT NULL,
	"birth_date" date NOT NULL,
	"phone" varchar(16) NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"emergency_contact_name" varchar(32) DEFAULT '' NOT NULL,
	"emergency_contact_phone" varchar(16) DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"home_city" varchar(32) DEFAULT '' NOT NULL,
	"employment_type" varchar(16) NOT NULL,
	"licence_no" varchar(32) NOT NULL,
	"licence_type" varchar(16) NOT NULL,
	"level" varchar(16) NOT NULL,
	"level_rank" smallint NOT NULL,
	"level_obtained_on" date NOT NULL,
	"licence_expiry" date NOT NULL,
	"max_group_size" integer NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"status_reason" varchar(200) DEFAULT '' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "section_environments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "section_environments_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "section_pin_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"environment_id" integer NOT NULL,
	"section" varchar(32) NOT NULL,
	"action" varchar(16) NOT NULL,
	"from_version" varchar(64),
	"to_version" varchar(64) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"actor_id" integer,
	"actor" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "section_pins" (
	"id" serial PRIMARY KEY NOT NULL,
	"environment_id" integer NOT NULL,
	"section" varchar(32) NOT NULL,
	"section_version_id" integer NOT NULL,
	"pinned_by" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "section_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" varchar(32) NOT NULL,
	"version" varchar(64) NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"commit" varchar(64),
	"size_bytes" bigint NOT NULL,
	"shared" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenic_flow" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"spot_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"entries" integer NOT NULL,
	"exits" integer NOT NULL,
	"in_park" integer NOT NULL,
	"gate_key_id" integer,
	"recorded_by" integer
);
--> statement-breakpoint
CREATE TABLE "scenic_flow_hourly" (
	"spot_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"entries" integer NOT NULL,
	"exits" integer NOT NULL,
	"peak_in_park" integer NOT NULL,
	CONSTRAINT "scenic_flow_hourly_spot_id_hour_pk" PRIMARY KEY("spot_id","hour")
);
--> statement-breakpoint
CREATE TABLE "scenic_gate_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"spot_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "scenic_gate_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "scenic_maintenance_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"spot_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"reason" varchar(500) NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenic_spots" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"grade" varchar(8) DEFAULT 'none' NOT NULL,
	"category" varchar(64) NOT NULL,
	"province" varchar(32) NOT NULL,
	"city" varchar(32) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"open_time" varchar(5) NOT NULL,
	"close_time" varchar(5) NOT NULL,
	"avg_visit_minutes" integer NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"daily_capacity" integer NOT NULL,
	"instant_capacity" integer NOT NULL,
	"reservation_required" boolean DEFAULT false NOT NULL,
	"certified_guides_only" boolean DEFAULT false NOT NULL,
	"max_pax_per_guide" integer NOT NULL,
	"price_adult" integer NOT NULL,
	"price_child" integer NOT NULL,
	"live_in_park" integer DEFAULT 0 NOT NULL,
	"live_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "scenic_spots_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_items" ADD CONSTRAINT "property_items_category_id_property_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."property_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_records" ADD CONSTRAINT "certification_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_certifications" ADD CONSTRAINT "guide_certifications_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_certifications" ADD CONSTRAINT "guide_certifications_spot_id_scenic_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."scenic_spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_languages" ADD CONSTRAINT "guide_languages_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_specialties" ADD CONSTRAINT "guide_specialties_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_unavailability" ADD CONSTRAINT "guide_unavailability_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_pin_history" ADD CONSTRAINT "section_pin_history_environment_id_section_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."section_environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_pins" ADD CONSTRAINT "section_pins_environment_id_section_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."section_environments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_pins" ADD CONSTRAINT "section_pins_section_version_id_section_versions_id_fk" FOREIGN KEY ("section_version_id") REFERENCES "public"."section_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenic_flow" ADD CONSTRAINT "scenic_flow_spot_id_scenic_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."scenic_spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenic_flow_hourly" ADD CONSTRAINT "scenic_flow_hourly_spot_id_scenic_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."scenic_spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenic_gate_keys" ADD CONSTRAINT "scenic_gate_keys_spot_id_scenic_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."scenic_spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenic_maintenance_windows" ADD CONSTRAINT "scenic_maintenance_windows_spot_id_scenic_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."scenic_spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "audit_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_user_idx" ON "audit_log" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_items_value_idx" ON "property_items" USING btree ("category_id","value");--> statement-breakpoint
CREATE INDEX "property_items_order_idx" ON "property_items" USING btree ("category_id","sort_order");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","type","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedupe_idx" ON "messages" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "certification_user_idx" ON "certification_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "certification_one_auditing_idx" ON "certification_records" USING btree ("user_id") WHERE "certification_records"."status" = 'auditing';--> statement-breakpoint
CREATE INDEX "guide_certifications_spot_idx" ON "guide_certifications" USING btree ("spot_id","valid_until","guide_id");--> statement-breakpoint
CREATE INDEX "guide_languages_language_idx" ON "guide_languages" USING btree ("language","guide_id");--> statement-breakpoint
CREATE INDEX "guide_specialties_specialty_idx" ON "guide_specialties" USING btree ("specialty","guide_id");--> statement-breakpoint
CREATE INDEX "guide_unavailability_guide_idx" ON "guide_unavailability" USING btree ("guide_id","start_date");--> statement-breakpoint
CREATE INDEX "guide_unavailability_dates_idx" ON "guide_unavailability" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "guides_code_idx" ON "guides" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "guides_licence_no_idx" ON "guides" USING btree ("licence_no");--> statement-breakpoint
CREATE INDEX "guides_status_level_idx" ON "guides" USING btree ("status","level_rank","id");--> statement-breakpoint
CREATE INDEX "guides_level_idx" ON "guides" USING btree ("level_rank","id");--> statement-breakpoint
CREATE INDEX "guides_employment_idx" ON "guides" USING btree ("employment_type","id");--> statement-breakpoint
CREATE INDEX "guides_licence_type_idx" ON "guides" USING btree ("licence_type","id");--> statement-breakpoint
CREATE INDEX "guides_expiry_idx" ON "guides" USING btree ("licence_expiry","id");--> statement-breakpoint
CREATE INDEX "guides_phone_idx" ON "guides" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "guides_name_idx" ON "guides" USING btree ("name");--> statement-breakpoint
CREATE INDEX "guides_updated_idx" ON "guides" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "section_pin_history_idx" ON "section_pin_history" USING btree ("environment_id","section","id");--> statement-breakpoint
CREATE UNIQUE INDEX "section_pins_uq" ON "section_pins" USING btree ("environment_id","section");--> statement-breakpoint
CREATE UNIQUE INDEX "section_versions_uq" ON "section_versions" USING btree ("section","version");--> statement-breakpoint
CREATE INDEX "section_versions_published_idx" ON "section_versions" USING btree ("section","published_at");--> statement-breakpoint
CREATE INDEX "scenic_flow_spot_at_idx" ON "scenic_flow" USING btree ("spot_id","at");--> statement-breakpoint
CREATE INDEX "scenic_gate_keys_spot_idx" ON "scenic_gate_keys" USING btree ("spot_id");--> statement-breakpoint
CREATE INDEX "scenic_windows_spot_idx" ON "scenic_maintenance_windows" USING btree ("spot_id","end_at","start_at");--> statement-breakpoint
CREATE INDEX "scenic_spots_region_idx" ON "scenic_spots" USING btree ("province","city");--> statement-breakpoint
CREATE INDEX "scenic_spots_category_idx" ON "scenic_spots" USING btree ("category");--> statement-breakpoint
CREATE INDEX "scenic_spots_grade_idx" ON "scenic_spots" USING btree ("grade");--> statement-breakpoint
CREATE INDEX "scenic_spots_updated_idx" ON "scenic_spots" USING btree ("updated_at");