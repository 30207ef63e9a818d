CREATE TABLE "user_recent_pages" (
	"user_id" integer NOT NULL,
	"path" varchar(200) NOT NULL,
	"route_key" varchar(64) NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_recent_pages_user_id_path_pk" PRIMARY KEY("user_id","path")
);
--> statement-breakpoint
ALTER TABLE "user_recent_pages" ADD CONSTRAINT "user_recent_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_recent_pages_user_idx" ON "user_recent_pages" USING btree ("user_id","visited_at");--> statement-breakpoint
CREATE INDEX "scenic_flow_hourly_hour_idx" ON "scenic_flow_hourly" USING btree ("hour","spot_id");