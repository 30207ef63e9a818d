ALTER TABLE "sessions" ADD COLUMN "previous_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_login_ip" varchar(64);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "template" varchar(64);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "guides" ADD COLUMN "name_sort" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scenic_spots" ADD COLUMN "name_sort" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing system messages become templates, so each reader sees them in their language
-- (issue #18 item 4). Licence-expiry todos take the guide's current name, code and licence.
UPDATE "messages" AS m SET "template" = 'guide.licenceExpiring', "params" = jsonb_build_object('guideId', g."id", 'name', g."name", 'code', g."code", 'licenceNo', g."licence_no", 'expiry', split_part(m."dedupe_key", ':', 3)) FROM "guides" AS g WHERE m."template" IS NULL AND m."dedupe_key" LIKE 'guide-licence:%' AND g."id"::text = split_part(m."dedupe_key", ':', 2);--> statement-breakpoint
UPDATE "messages" SET "template" = 'team.itineraryUpdated', "params" = '{"team":"T20250601001"}' WHERE "template" IS NULL AND "sub_title" = '团队 T20250601001 的行程已更新';--> statement-breakpoint
UPDATE "messages" SET "template" = 'guide.profilesApproved', "params" = '{"count":3}' WHERE "template" IS NULL AND "content" = '新录入的 3 名导游资料已审核通过。';--> statement-breakpoint
UPDATE "messages" SET "template" = 'system.upgradeNotice', "params" = '{}' WHERE "template" IS NULL AND "created_by" IS NULL AND "title" = '系统升级通知';--> statement-breakpoint
UPDATE "messages" SET "template" = 'team.guideUnassigned', "params" = '{}' WHERE "template" IS NULL AND "title" = '待分配导游';--> statement-breakpoint
UPDATE "messages" SET "template" = 'guide.licencesExpiringSummary', "params" = '{"count":1}' WHERE "template" IS NULL AND "sub_title" = '1 名导游的导游证将在 30 天内到期';
