-- The multi-dimensional analyses (issue #16 §4) open to admin and operator: grant the new
-- permission to the built-in roles of databases seeded before it existed.
UPDATE "roles" SET "permissions" = "permissions" || '["analysis:multi"]'::jsonb
WHERE "built_in" AND "code" IN ('admin', 'operator')
  AND NOT ("permissions" @> '["analysis:multi"]'::jsonb);
