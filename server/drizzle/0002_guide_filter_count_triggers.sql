-- Keeps guide_filter_counts exact (see its table in src/modules/guide/schema.ts): every
-- write to guides or guide_languages adjusts the counts in the same transaction. Inserts and
-- updates are counted once per statement over its transition tables (an import of a
-- thousand guides is one upsert, not a thousand); keys are upserted in order so that
-- concurrent writers lock them in the same order.

CREATE FUNCTION guide_filter_counts_on_guides_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO guide_filter_counts AS c (language, level_rank, status, employment_type, licence_type, n)
  SELECT l.language, g.level_rank, g.status, g.employment_type, g.licence_type, count(*)::int
  FROM new_guides g
  CROSS JOIN LATERAL (SELECT ''::varchar AS language
                      UNION ALL SELECT gl.language FROM guide_languages gl WHERE gl.guide_id = g.id) l
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (language, level_rank, status, employment_type, licence_type) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guides_filter_counts_insert AFTER INSERT ON guides
  REFERENCING NEW TABLE AS new_guides FOR EACH STATEMENT EXECUTE FUNCTION guide_filter_counts_on_guides_insert();
--> statement-breakpoint
CREATE FUNCTION guide_filter_counts_on_guides_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO guide_filter_counts AS c (language, level_rank, status, employment_type, licence_type, n)
  SELECT l.language, d.level_rank, d.status, d.employment_type, d.licence_type, sum(d.delta)::int
  FROM (SELECT id, level_rank, status, employment_type, licence_type, -1 AS delta FROM old_guides
        UNION ALL
        SELECT id, level_rank, status, employment_type, licence_type, 1 FROM new_guides) d
  CROSS JOIN LATERAL (SELECT ''::varchar AS language
                      UNION ALL SELECT gl.language FROM guide_languages gl WHERE gl.guide_id = d.id) l
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (language, level_rank, status, employment_type, licence_type) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guides_filter_counts_update AFTER UPDATE ON guides
  REFERENCING OLD TABLE AS old_guides NEW TABLE AS new_guides
  FOR EACH STATEMENT EXECUTE FUNCTION guide_filter_counts_on_guides_update();
--> statement-breakpoint
-- Per row and before the row goes, while its languages are still there: the cascade removes
-- them after the guide, when it can no longer be found, so their own trigger counts nothing.
CREATE FUNCTION guide_filter_counts_on_guide_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO guide_filter_counts AS c (language, level_rank, status, employment_type, licence_type, n)
  SELECT l.language, OLD.level_rank, OLD.status, OLD.employment_type, OLD.licence_type, -1
  FROM (SELECT ''::varchar AS language
        UNION ALL SELECT gl.language FROM guide_languages gl WHERE gl.guide_id = OLD.id) l
  ORDER BY 1
  ON CONFLICT (language, level_rank, status, employment_type, licence_type) DO UPDATE SET n = c.n + excluded.n;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guides_filter_counts_delete BEFORE DELETE ON guides
  FOR EACH ROW EXECUTE FUNCTION guide_filter_counts_on_guide_delete();
--> statement-breakpoint
CREATE FUNCTION guide_filter_counts_on_languages_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO guide_filter_counts AS c (language, level_rank, status, employment_type, licence_type, n)
  SELECT nl.language, g.level_rank, g.status, g.employment_type, g.licence_type, count(*)::int
  FROM new_languages nl JOIN guides g ON g.id = nl.guide_id
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (language, level_rank, status, employment_type, licence_type) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guide_languages_filter_counts_insert AFTER INSERT ON guide_languages
  REFERENCING NEW TABLE AS new_languages
  FOR EACH STATEMENT EXECUTE FUNCTION guide_filter_counts_on_languages_insert();
--> statement-breakpoint
CREATE FUNCTION guide_filter_counts_on_languages_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO guide_filter_counts AS c (language, level_rank, status, employment_type, licence_type, n)
  SELECT ol.language, g.level_rank, g.status, g.employment_type, g.licence_type, -count(*)::int
  FROM old_languages ol JOIN guides g ON g.id = ol.guide_id
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (language, level_rank, status, employment_type, licence_type) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guide_languages_filter_counts_delete AFTER DELETE ON guide_languages
  REFERENCING OLD TABLE AS old_languages
  FOR EACH STATEMENT EXECUTE FUNCTION guide_filter_counts_on_languages_delete();
--> statement-breakpoint
CREATE FUNCTION guide_filter_counts_on_languages_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO guide_filter_counts AS c (language, level_rank, status, employment_type, licence_type, n)
  SELECT d.language, g.level_rank, g.status, g.employment_type, g.licence_type, sum(d.delta)::int
  FROM (SELECT guide_id, language, -1 AS delta FROM old_languages
        UNION ALL
        SELECT guide_id, language, 1 FROM new_languages) d
  JOIN guides g ON g.id = d.guide_id
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (language, level_rank, status, employment_type, licence_type) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guide_languages_filter_counts_update AFTER UPDATE ON guide_languages
  REFERENCING OLD TABLE AS old_languages NEW TABLE AS new_languages
  FOR EACH STATEMENT EXECUTE FUNCTION guide_filter_counts_on_languages_update();
--> statement-breakpoint
-- TRUNCATE skips row and statement triggers of the other events.
CREATE FUNCTION guide_filter_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'guides' THEN
    DELETE FROM guide_filter_counts;
  ELSE
    DELETE FROM guide_filter_counts WHERE language <> '';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guides_filter_counts_truncate AFTER TRUNCATE ON guides
  FOR EACH STATEMENT EXECUTE FUNCTION guide_filter_counts_on_truncate();
--> statement-breakpoint
CREATE TRIGGER guide_languages_filter_counts_truncate AFTER TRUNCATE ON guide_languages
  FOR EACH STATEMENT EXECUTE FUNCTION guide_filter_counts_on_truncate();
--> statement-breakpoint
-- The guides already there.
INSERT INTO guide_filter_counts (language, level_rank, status, employment_type, licence_type, n)
SELECT '', level_rank, status, employment_type, licence_type, count(*)::int FROM guides GROUP BY 2, 3, 4, 5
UNION ALL
SELECT l.language, g.level_rank, g.status, g.employment_type, g.licence_type, count(*)::int
FROM guide_languages l JOIN guides g ON g.id = l.guide_id GROUP BY 1, 2, 3, 4, 5;
