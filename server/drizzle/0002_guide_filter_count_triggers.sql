-- Keeps guide_filter_counts exact (see its table in src/modules/guide/schema.ts): every
-- write to guides or guide_languages adjusts the counts in the same transaction. Rows are
-- written in key order so concurrent writers lock them in the same order.

-- Adds `delta` to the guide's overall row and to the row of each language it speaks.
CREATE FUNCTION guide_filter_counts_apply(p_guide integer, p_level smallint, p_status varchar, p_employment varchar, p_licence varchar, p_delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO guide_filter_counts AS c (language, level_rank, status, employment_type, licence_type, n)
  SELECT l.language, p_level, p_status, p_employment, p_licence, p_delta
  FROM (SELECT ''::varchar AS language UNION ALL SELECT language FROM guide_languages WHERE guide_id = p_guide) l
  ORDER BY l.language
  ON CONFLICT (language, level_rank, status, employment_type, licence_type) DO UPDATE SET n = c.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION guide_filter_counts_on_guides() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM guide_filter_counts_apply(OLD.id, OLD.level_rank, OLD.status, OLD.employment_type, OLD.licence_type, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM guide_filter_counts_apply(NEW.id, NEW.level_rank, NEW.status, NEW.employment_type, NEW.licence_type, 1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guides_filter_counts_insert AFTER INSERT ON guides FOR EACH ROW EXECUTE FUNCTION guide_filter_counts_on_guides();
--> statement-breakpoint
CREATE TRIGGER guides_filter_counts_update AFTER UPDATE OF level_rank, status, employment_type, licence_type ON guides FOR EACH ROW
  WHEN (OLD.level_rank IS DISTINCT FROM NEW.level_rank OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.employment_type IS DISTINCT FROM NEW.employment_type OR OLD.licence_type IS DISTINCT FROM NEW.licence_type)
  EXECUTE FUNCTION guide_filter_counts_on_guides();
--> statement-breakpoint
-- Before the row goes, while its languages are still there (the cascade removes them later,
-- when the guide can no longer be found, so their own trigger leaves the counts alone).
CREATE TRIGGER guides_filter_counts_delete BEFORE DELETE ON guides FOR EACH ROW EXECUTE FUNCTION guide_filter_counts_on_guides();
--> statement-breakpoint
CREATE FUNCTION guide_filter_counts_on_languages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO guide_filter_counts AS c (language, level_rank, status, employment_type, licence_type, n)
    SELECT OLD.language, g.level_rank, g.status, g.employment_type, g.licence_type, -1 FROM guides g WHERE g.id = OLD.guide_id
    ON CONFLICT (language, level_rank, status, employment_type, licence_type) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO guide_filter_counts AS c (language, level_rank, status, employment_type, licence_type, n)
    SELECT NEW.language, g.level_rank, g.status, g.employment_type, g.licence_type, 1 FROM guides g WHERE g.id = NEW.guide_id
    ON CONFLICT (language, level_rank, status, employment_type, licence_type) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER guide_languages_filter_counts AFTER INSERT OR DELETE OR UPDATE OF guide_id, language ON guide_languages FOR EACH ROW EXECUTE FUNCTION guide_filter_counts_on_languages();
--> statement-breakpoint
-- TRUNCATE skips row triggers.
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
CREATE TRIGGER guides_filter_counts_truncate AFTER TRUNCATE ON guides FOR EACH STATEMENT EXECUTE FUNCTION guide_filter_counts_on_truncate();
--> statement-breakpoint
CREATE TRIGGER guide_languages_filter_counts_truncate AFTER TRUNCATE ON guide_languages FOR EACH STATEMENT EXECUTE FUNCTION guide_filter_counts_on_truncate();
--> statement-breakpoint
-- The guides already there.
INSERT INTO guide_filter_counts (language, level_rank, status, employment_type, licence_type, n)
SELECT '', level_rank, status, employment_type, licence_type, count(*)::int FROM guides GROUP BY 2, 3, 4, 5
UNION ALL
SELECT l.language, g.level_rank, g.status, g.employment_type, g.licence_type, count(*)::int
FROM guide_languages l JOIN guides g ON g.id = l.guide_id GROUP BY 1, 2, 3, 4, 5;
