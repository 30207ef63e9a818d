-- The database keeps a guide from being booked twice (product.md, "Allocation rules"; issue
-- #13 point 7): the active assignments of one guide never overlap, their `busy` periods
-- already extended by the allocation buffer when written. Leave, sickness, training and days
-- off of one guide never overlap either (the rule the application used to check alone).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "team_assignments" ADD CONSTRAINT "team_assignments_guide_no_overlap"
  EXCLUDE USING gist ("guide_id" WITH =, "busy" WITH &&) WHERE ("status" = 'active');
--> statement-breakpoint
ALTER TABLE "guide_unavailability" ADD CONSTRAINT "guide_unavailability_no_overlap"
  EXCLUDE USING gist ("guide_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&);
