-- The dashboard's multi-dimensional analysis (issue 17): the built-in admin and operator roles
-- are granted `analysis:multi`, as contracts/permissions.ts DEFAULT_ROLE_PERMISSIONS does for a
-- new database.
UPDATE "roles"
SET "permissions" = "permissions" || '["analysis:multi"]'::jsonb
WHERE "built_in" AND "code" IN ('admin', 'operator') AND NOT ("permissions" ? 'analysis:multi');
