CREATE TABLE "deal_order_marks_pending" (
	"key_date" date NOT NULL,
	"id" integer NOT NULL,
	"d" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_order_marks_pending" (
	"updated_at" timestamp with time zone NOT NULL,
	"id" integer NOT NULL,
	"d" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "row_count_deltas" (
	"table_name" text NOT NULL,
	"d" bigint NOT NULL
);
--> statement-breakpoint
-- Writers add their changes to the counts and the counted indexes as rows of their own, folded in by
-- one transaction at a time (ADR 0105); readers read the *_now views.
CREATE OR REPLACE VIEW "row_counts_now" AS
SELECT c.table_name, sum(c.n)::bigint AS n
FROM (SELECT table_name, n FROM row_counts UNION ALL SELECT table_name, d FROM row_count_deltas) c
GROUP BY c.table_name;
--> statement-breakpoint
CREATE OR REPLACE VIEW "property_order_marks_now" AS
SELECT m.updated_at, m.id, m.n + coalesce(p.d, 0) AS n
FROM property_order_marks m
LEFT JOIN (
  SELECT b.updated_at, b.id, sum(c.d)::integer AS d
  FROM property_order_marks_pending c
  CROSS JOIN LATERAL (
    SELECT x.updated_at, x.id FROM property_order_marks x
    WHERE (x.updated_at, x.id) <= (c.updated_at, c.id)
    ORDER BY x.updated_at DESC, x.id DESC LIMIT 1
  ) b
  GROUP BY b.updated_at, b.id
) p ON p.updated_at = m.updated_at AND p.id = m.id;
--> statement-breakpoint
CREATE OR REPLACE VIEW "deal_order_marks_now" AS
SELECT m.key_date, m.id, m.n + coalesce(p.d, 0) AS n
FROM deal_order_marks m
LEFT JOIN (
  SELECT b.key_date, b.id, sum(c.d)::integer AS d
  FROM deal_order_marks_pending c
  CROSS JOIN LATERAL (
    SELECT x.key_date, x.id FROM deal_order_marks x
    WHERE (x.key_date, x.id) <= (c.key_date, c.id)
    ORDER BY x.key_date DESC, x.id DESC LIMIT 1
  ) b
  GROUP BY b.key_date, b.id
) p ON p.key_date = m.key_date AND p.id = m.id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_bump"(counted_table text, delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_count_deltas (table_name, d) VALUES (counted_table, delta);
  IF pg_try_advisory_xact_lock(hashtext('row_counts')) THEN
    WITH gone AS (DELETE FROM row_count_deltas RETURNING table_name, d)
    INSERT INTO row_counts (table_name, n) SELECT table_name, sum(d) FROM gone GROUP BY table_name
    ON CONFLICT (table_name) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM inserted;
  ELSE
    SELECT -count(*) INTO delta FROM deleted;
  END IF;
  IF delta <> 0 THEN
    PERFORM row_counts_bump(TG_TABLE_NAME, delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "properties_count_live"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM inserted WHERE archived_at IS NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT delta - count(*) INTO delta FROM deleted WHERE archived_at IS NULL;
  END IF;
  IF delta <> 0 THEN
    PERFORM row_counts_bump(TG_TABLE_NAME, delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
  DELETE FROM row_count_deltas WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('row_counts'));
  DELETE FROM row_counts WHERE table_name IN ('properties', 'deals');
  WITH gone AS (DELETE FROM row_count_deltas WHERE table_name IN ('properties', 'deals'))
  INSERT INTO row_counts (table_name, n)
  SELECT 'properties', count(*) FROM properties WHERE archived_at IS NULL
  UNION ALL SELECT 'deals', count(*) FROM deals;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('property_order_marks'));
    DELETE FROM property_order_marks;
    -- The pending changes the count sees are dropped with it (one statement, one snapshot).
    WITH gone AS (DELETE FROM property_order_marks_pending)
    INSERT INTO property_order_marks (updated_at, id, n)
    SELECT CASE WHEN o.rn = 0 THEN '-infinity'::timestamp with time zone ELSE o.k END,
      CASE WHEN o.rn = 0 THEN 0 ELSE o.id END,
      least(property_mark_size(), o.total - o.rn)
    FROM (
      SELECT r.updated_at AS k, r.id, row_number() OVER (ORDER BY r.updated_at, r.id) - 1 AS rn, count(*) OVER () AS total
      FROM properties r WHERE r.archived_at IS NULL
    ) o
    WHERE o.rn % property_mark_size() = 0;
    INSERT INTO property_order_marks (updated_at, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_split"(from_key timestamp with time zone, from_id integer) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    next_key timestamp with time zone;
    next_id integer;
  BEGIN
    SELECT m.updated_at, m.id INTO next_key, next_id FROM property_order_marks m
    WHERE (m.updated_at, m.id) > (from_key, from_id) ORDER BY m.updated_at, m.id LIMIT 1;
    -- The bucket is counted again from the table: the pending changes in its range that this
    -- count sees are dropped in the same statement (one snapshot); later ones stay pending.
    WITH gone AS (
      DELETE FROM property_order_marks_pending p
      WHERE (p.updated_at, p.id) >= (from_key, from_id)
        AND (next_key IS NULL OR (p.updated_at, p.id) < (next_key, next_id))
    )
    INSERT INTO property_order_marks (updated_at, id, n)
    SELECT CASE WHEN o.rn = 0 THEN from_key ELSE o.k END,
      CASE WHEN o.rn = 0 THEN from_id ELSE o.id END,
      least(property_mark_size(), o.total - o.rn)
    FROM (
      SELECT r.updated_at AS k, r.id, row_number() OVER (ORDER BY r.updated_at, r.id) - 1 AS rn, count(*) OVER () AS total
      FROM properties r
      WHERE (r.updated_at, r.id) >= (from_key, from_id)
        AND (next_key IS NULL OR (r.updated_at, r.id) < (next_key, next_id)) AND r.archived_at IS NULL
    ) o
    WHERE o.rn % property_mark_size() = 0
    ON CONFLICT (updated_at, id) DO UPDATE SET n = excluded.n;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_fold"() RETURNS void LANGUAGE plpgsql AS $$
  DECLARE r record;
  BEGIN
    INSERT INTO property_order_marks (updated_at, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
    WITH gone AS (DELETE FROM property_order_marks_pending RETURNING updated_at, id, d),
    b AS (
      SELECT b.updated_at, b.id, sum(c.d)::integer AS d
      FROM gone c
      CROSS JOIN LATERAL (
        SELECT m.updated_at, m.id FROM property_order_marks m
        WHERE (m.updated_at, m.id) <= (c.updated_at, c.id)
        ORDER BY m.updated_at DESC, m.id DESC LIMIT 1
      ) b
      GROUP BY b.updated_at, b.id
    )
    UPDATE property_order_marks m SET n = m.n + b.d FROM b WHERE m.updated_at = b.updated_at AND m.id = b.id;
    FOR r IN SELECT m.updated_at, m.id FROM property_order_marks m WHERE m.n > 2 * property_mark_size() ORDER BY m.updated_at, m.id LOOP
      PERFORM property_marks_split(r.updated_at, r.id);
    END LOOP;
    DELETE FROM property_order_marks WHERE n <= 0 AND updated_at <> '-infinity';
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_add"(keys_key timestamp with time zone[], keys_id integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO property_order_marks_pending (updated_at, id, d) SELECT * FROM unnest(keys_key, keys_id, deltas);
    IF pg_try_advisory_xact_lock(hashtext('property_order_marks')) THEN
      PERFORM property_marks_fold();
    END IF;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM property_order_marks;
    DELETE FROM property_order_marks_pending;
    INSERT INTO property_order_marks (updated_at, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('deal_order_marks'));
    DELETE FROM deal_order_marks;
    -- The pending changes the count sees are dropped with it (one statement, one snapshot).
    WITH gone AS (DELETE FROM deal_order_marks_pending)
    INSERT INTO deal_order_marks (key_date, id, n)
    SELECT CASE WHEN o.rn = 0 THEN '-infinity'::date ELSE o.k END,
      CASE WHEN o.rn = 0 THEN 0 ELSE o.id END,
      least(deal_mark_size(), o.total - o.rn)
    FROM (
      SELECT coalesce(r.effective_date, '-infinity'::date) AS k, r.id, row_number() OVER (ORDER BY coalesce(r.effective_date, '-infinity'::date), r.id) - 1 AS rn, count(*) OVER () AS total
      FROM deals r
    ) o
    WHERE o.rn % deal_mark_size() = 0;
    INSERT INTO deal_order_marks (key_date, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_split"(from_key date, from_id integer) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    next_key date;
    next_id integer;
  BEGIN
    SELECT m.key_date, m.id INTO next_key, next_id FROM deal_order_marks m
    WHERE (m.key_date, m.id) > (from_key, from_id) ORDER BY m.key_date, m.id LIMIT 1;
    -- The bucket is counted again from the table: the pending changes in its range that this
    -- count sees are dropped in the same statement (one snapshot); later ones stay pending.
    WITH gone AS (
      DELETE FROM deal_order_marks_pending p
      WHERE (p.key_date, p.id) >= (from_key, from_id)
        AND (next_key IS NULL OR (p.key_date, p.id) < (next_key, next_id))
    )
    INSERT INTO deal_order_marks (key_date, id, n)
    SELECT CASE WHEN o.rn = 0 THEN from_key ELSE o.k END,
      CASE WHEN o.rn = 0 THEN from_id ELSE o.id END,
      least(deal_mark_size(), o.total - o.rn)
    FROM (
      SELECT coalesce(r.effective_date, '-infinity'::date) AS k, r.id, row_number() OVER (ORDER BY coalesce(r.effective_date, '-infinity'::date), r.id) - 1 AS rn, count(*) OVER () AS total
      FROM deals r
      WHERE (coalesce(r.effective_date, '-infinity'::date), r.id) >= (from_key, from_id)
        AND (next_key IS NULL OR (coalesce(r.effective_date, '-infinity'::date), r.id) < (next_key, next_id))
    ) o
    WHERE o.rn % deal_mark_size() = 0
    ON CONFLICT (key_date, id) DO UPDATE SET n = excluded.n;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_fold"() RETURNS void LANGUAGE plpgsql AS $$
  DECLARE r record;
  BEGIN
    INSERT INTO deal_order_marks (key_date, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
    WITH gone AS (DELETE FROM deal_order_marks_pending RETURNING key_date, id, d),
    b AS (
      SELECT b.key_date, b.id, sum(c.d)::integer AS d
      FROM gone c
      CROSS JOIN LATERAL (
        SELECT m.key_date, m.id FROM deal_order_marks m
        WHERE (m.key_date, m.id) <= (c.key_date, c.id)
        ORDER BY m.key_date DESC, m.id DESC LIMIT 1
      ) b
      GROUP BY b.key_date, b.id
    )
    UPDATE deal_order_marks m SET n = m.n + b.d FROM b WHERE m.key_date = b.key_date AND m.id = b.id;
    FOR r IN SELECT m.key_date, m.id FROM deal_order_marks m WHERE m.n > 2 * deal_mark_size() ORDER BY m.key_date, m.id LOOP
      PERFORM deal_marks_split(r.key_date, r.id);
    END LOOP;
    DELETE FROM deal_order_marks WHERE n <= 0 AND key_date <> '-infinity';
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_add"(keys_key date[], keys_id integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO deal_order_marks_pending (key_date, id, d) SELECT * FROM unnest(keys_key, keys_id, deltas);
    IF pg_try_advisory_xact_lock(hashtext('deal_order_marks')) THEN
      PERFORM deal_marks_fold();
    END IF;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM deal_order_marks;
    DELETE FROM deal_order_marks_pending;
    INSERT INTO deal_order_marks (key_date, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
$$;
