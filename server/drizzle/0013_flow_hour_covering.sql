DROP INDEX "scenic_flow_hourly_hour_idx";--> statement-breakpoint
CREATE INDEX "scenic_flow_hourly_hour_idx" ON "scenic_flow_hourly" USING btree ("hour","spot_id","entries");