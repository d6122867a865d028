ALTER TABLE "lease_events" ADD COLUMN "town" text;--> statement-breakpoint
-- Existing events take their unit's town (no log change: a town is not a change of the event).
UPDATE "lease_events" e SET "town" = lower(ad.city) FROM properties p JOIN addresses ad ON ad.id = p.address_id WHERE p.id = e.property_id;--> statement-breakpoint
DROP INDEX "lease_events_date_idx";--> statement-breakpoint
CREATE INDEX "lease_events_date_idx" ON "lease_events" USING btree ("date","property_id","type","seq");--> statement-breakpoint
CREATE INDEX "lease_events_town_idx" ON "lease_events" USING btree ("town","date","property_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lease_events_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH want AS (
    SELECT v.property_id, v.type, v.seq, v.date, v.hard, v.town
    FROM properties p
    LEFT JOIN addresses ad ON ad.id = p.address_id
    CROSS JOIN LATERAL (
      SELECT p.id AS property_id, x.type, x.seq::smallint AS seq, x.date, x.hard, lower(ad.city) AS town
      FROM (
        SELECT 'lease_expiry' AS type, 0 AS seq, p.lease_end_date AS date, true AS hard
        WHERE p.lease_end_date IS NOT NULL
        UNION ALL
        SELECT 'break_date', 0, p.break_date, true
        WHERE p.break_date IS NOT NULL AND (p.lease_end_date IS NULL OR p.break_date <= p.lease_end_date)
        UNION ALL
        SELECT 'break_notice_deadline', 0, (p.break_date - make_interval(months => p.break_notice_months))::date, true
        WHERE p.break_date IS NOT NULL AND p.break_notice_months IS NOT NULL
          AND (p.lease_end_date IS NULL OR p.break_date <= p.lease_end_date)
        UNION ALL
        SELECT s.type, 0, (p.lease_end_date - make_interval(months => s.months))::date, true
        FROM (VALUES ('s25_window_opens', 12), ('s25_window_closes', 6), ('s26_window_opens', 12),
                     ('s26_window_closes', 6), ('s27_deadline', 3)) AS s(type, months)
        WHERE p.lease_end_date IS NOT NULL AND p.security_of_tenure IS DISTINCT FROM 'contracted_out'
        UNION ALL
        SELECT 'rent_review', r.k, r.date, false
        FROM (
          SELECT k, (coalesce(p.next_review_date, p.lease_start_date)
                     + make_interval(years => coalesce(p.review_interval_years, 0)
                                              * (k + CASE WHEN p.next_review_date IS NULL THEN 1 ELSE 0 END)))::date AS date
          -- No more than can fall before the end (days / 365 is at least the whole years), at most 100; 25 without an end.
          FROM generate_series(0, CASE WHEN p.review_interval_years IS NULL THEN 0
                                       WHEN p.lease_end_date IS NULL THEN 24
                                       ELSE least(99, greatest(0, (p.lease_end_date - coalesce(p.next_review_date, p.lease_start_date)) / 365
                                                                  / p.review_interval_years)) END) AS k
          WHERE p.next_review_date IS NOT NULL OR (p.lease_start_date IS NOT NULL AND p.review_interval_years IS NOT NULL)
        ) r
        WHERE (p.lease_end_date IS NULL AND r.k < 25) OR r.date < p.lease_end_date
        UNION ALL
        SELECT 'regear_prompt', 0,
          (p.lease_end_date - make_interval(months => coalesce((SELECT regear_prompt_months FROM lease_event_settings), 24)))::date,
          false
        WHERE p.lease_end_date IS NOT NULL
        UNION ALL
        SELECT 'holding_over', 0, p.lease_end_date + 1, false
        WHERE p.lease_end_date IS NOT NULL
      ) x
    ) v
    WHERE p.tenant_id IS NOT NULL AND p.archived_at IS NULL
      AND p.id = ANY(ids)
  ),
  gone AS (
    DELETE FROM lease_events e
    WHERE e.property_id = ANY(ids)
      AND NOT EXISTS (SELECT 1 FROM want w WHERE w.property_id = e.property_id AND w.type = e.type AND w.seq = e.seq)
    RETURNING e.property_id, e.type, e.seq
  ),
  changed AS (
    -- o is the row as it was (the statement's snapshot): only a new date or hardness is a change
    -- the log records; a new town alone (the unit's address) is not.
    UPDATE lease_events e SET date = w.date, hard = w.hard, town = w.town
    FROM want w JOIN lease_events o ON o.property_id = w.property_id AND o.type = w.type AND o.seq = w.seq
    WHERE e.property_id = ANY(ids) AND e.property_id = o.property_id AND e.type = o.type AND e.seq = o.seq
      AND (w.date, w.hard, w.town) IS DISTINCT FROM (o.date, o.hard, o.town)
    RETURNING e.property_id, e.type, e.seq, e.date, e.hard, (w.date, w.hard) IS DISTINCT FROM (o.date, o.hard) AS moved
  ),
  moved AS (SELECT property_id, type, seq, date, hard FROM changed WHERE moved),
  added AS (
    INSERT INTO lease_events (property_id, type, seq, date, hard, town)
    SELECT w.property_id, w.type, w.seq, w.date, w.hard, w.town FROM want w
    WHERE NOT EXISTS (SELECT 1 FROM lease_events e
      WHERE e.property_id = ANY(ids) AND e.property_id = w.property_id AND e.type = w.type AND e.seq = w.seq)
    RETURNING property_id, type, seq, date, hard
  ),
  removed AS (
    UPDATE lease_event_log l SET removed_at = now(), changed_at = now()
    FROM gone g
    WHERE l.property_id = ANY(ids) AND l.property_id = g.property_id AND l.type = g.type AND l.seq = g.seq AND l.removed_at IS NULL
    RETURNING 1
  )
  INSERT INTO lease_event_log AS l (property_id, type, seq, date, hard, sequence, changed_at)
  SELECT c.property_id, c.type, c.seq, c.date, c.hard, 0, now()
  FROM (SELECT * FROM moved UNION ALL SELECT * FROM added) c
  ON CONFLICT (property_id, type, seq) DO UPDATE SET
    date = EXCLUDED.date, hard = EXCLUDED.hard, sequence = l.sequence + 1, changed_at = now(), removed_at = NULL,
    known_since = CASE WHEN l.removed_at IS NOT NULL THEN now() ELSE l.known_since END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lease_events_on_address"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lease_events_refresh(ARRAY(SELECT id FROM properties WHERE address_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lease_events_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH want AS (
    SELECT v.property_id, v.type, v.seq, v.date, v.hard, v.town
    FROM properties p
    LEFT JOIN addresses ad ON ad.id = p.address_id
    CROSS JOIN LATERAL (
      SELECT p.id AS property_id, x.type, x.seq::smallint AS seq, x.date, x.hard, lower(ad.city) AS town
      FROM (
        SELECT 'lease_expiry' AS type, 0 AS seq, p.lease_end_date AS date, true AS hard
        WHERE p.lease_end_date IS NOT NULL
        UNION ALL
        SELECT 'break_date', 0, p.break_date, true
        WHERE p.break_date IS NOT NULL AND (p.lease_end_date IS NULL OR p.break_date <= p.lease_end_date)
        UNION ALL
        SELECT 'break_notice_deadline', 0, (p.break_date - make_interval(months => p.break_notice_months))::date, true
        WHERE p.break_date IS NOT NULL AND p.break_notice_months IS NOT NULL
          AND (p.lease_end_date IS NULL OR p.break_date <= p.lease_end_date)
        UNION ALL
        SELECT s.type, 0, (p.lease_end_date - make_interval(months => s.months))::date, true
        FROM (VALUES ('s25_window_opens', 12), ('s25_window_closes', 6), ('s26_window_opens', 12),
                     ('s26_window_closes', 6), ('s27_deadline', 3)) AS s(type, months)
        WHERE p.lease_end_date IS NOT NULL AND p.security_of_tenure IS DISTINCT FROM 'contracted_out'
        UNION ALL
        SELECT 'rent_review', r.k, r.date, false
        FROM (
          SELECT k, (coalesce(p.next_review_date, p.lease_start_date)
                     + make_interval(years => coalesce(p.review_interval_years, 0)
                                              * (k + CASE WHEN p.next_review_date IS NULL THEN 1 ELSE 0 END)))::date AS date
          -- No more than can fall before the end (days / 365 is at least the whole years), at most 100; 25 without an end.
          FROM generate_series(0, CASE WHEN p.review_interval_years IS NULL THEN 0
                                       WHEN p.lease_end_date IS NULL THEN 24
                                       ELSE least(99, greatest(0, (p.lease_end_date - coalesce(p.next_review_date, p.lease_start_date)) / 365
                                                                  / p.review_interval_years)) END) AS k
          WHERE p.next_review_date IS NOT NULL OR (p.lease_start_date IS NOT NULL AND p.review_interval_years IS NOT NULL)
        ) r
        WHERE (p.lease_end_date IS NULL AND r.k < 25) OR r.date < p.lease_end_date
        UNION ALL
        SELECT 'regear_prompt', 0,
          (p.lease_end_date - make_interval(months => coalesce((SELECT regear_prompt_months FROM lease_event_settings), 24)))::date,
          false
        WHERE p.lease_end_date IS NOT NULL
        UNION ALL
        SELECT 'holding_over', 0, p.lease_end_date + 1, false
        WHERE p.lease_end_date IS NOT NULL
      ) x
    ) v
    WHERE p.tenant_id IS NOT NULL AND p.archived_at IS NULL
  ),
  gone AS (
    DELETE FROM lease_events e
    WHERE true
      AND NOT EXISTS (SELECT 1 FROM want w WHERE w.property_id = e.property_id AND w.type = e.type AND w.seq = e.seq)
    RETURNING e.property_id, e.type, e.seq
  ),
  changed AS (
    -- o is the row as it was (the statement's snapshot): only a new date or hardness is a change
    -- the log records; a new town alone (the unit's address) is not.
    UPDATE lease_events e SET date = w.date, hard = w.hard, town = w.town
    FROM want w JOIN lease_events o ON o.property_id = w.property_id AND o.type = w.type AND o.seq = w.seq
    WHERE true AND e.property_id = o.property_id AND e.type = o.type AND e.seq = o.seq
      AND (w.date, w.hard, w.town) IS DISTINCT FROM (o.date, o.hard, o.town)
    RETURNING e.property_id, e.type, e.seq, e.date, e.hard, (w.date, w.hard) IS DISTINCT FROM (o.date, o.hard) AS moved
  ),
  moved AS (SELECT property_id, type, seq, date, hard FROM changed WHERE moved),
  added AS (
    INSERT INTO lease_events (property_id, type, seq, date, hard, town)
    SELECT w.property_id, w.type, w.seq, w.date, w.hard, w.town FROM want w
    WHERE NOT EXISTS (SELECT 1 FROM lease_events e
      WHERE true AND e.property_id = w.property_id AND e.type = w.type AND e.seq = w.seq)
    RETURNING property_id, type, seq, date, hard
  ),
  removed AS (
    UPDATE lease_event_log l SET removed_at = now(), changed_at = now()
    FROM gone g
    WHERE true AND l.property_id = g.property_id AND l.type = g.type AND l.seq = g.seq AND l.removed_at IS NULL
    RETURNING 1
  )
  INSERT INTO lease_event_log AS l (property_id, type, seq, date, hard, sequence, changed_at)
  SELECT c.property_id, c.type, c.seq, c.date, c.hard, 0, now()
  FROM (SELECT * FROM moved UNION ALL SELECT * FROM added) c
  ON CONFLICT (property_id, type, seq) DO UPDATE SET
    date = EXCLUDED.date, hard = EXCLUDED.hard, sequence = l.sequence + 1, changed_at = now(), removed_at = NULL,
    known_since = CASE WHEN l.removed_at IS NOT NULL THEN now() ELSE l.known_since END;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "lease_events_on_property" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "lease_events_on_property" AFTER UPDATE OF "tenant_id", "address_id", "archived_at", "lease_start_date", "lease_end_date", "next_review_date", "break_date", "break_notice_months", "review_interval_years", "security_of_tenure" ON "properties"
FOR EACH ROW WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.address_id IS DISTINCT FROM NEW.address_id OR OLD.archived_at IS DISTINCT FROM NEW.archived_at OR OLD.lease_start_date IS DISTINCT FROM NEW.lease_start_date OR OLD.lease_end_date IS DISTINCT FROM NEW.lease_end_date OR OLD.next_review_date IS DISTINCT FROM NEW.next_review_date OR OLD.break_date IS DISTINCT FROM NEW.break_date OR OLD.break_notice_months IS DISTINCT FROM NEW.break_notice_months OR OLD.review_interval_years IS DISTINCT FROM NEW.review_interval_years OR OLD.security_of_tenure IS DISTINCT FROM NEW.security_of_tenure) EXECUTE FUNCTION "lease_events_on_property"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "lease_events_on_address" ON "addresses";
--> statement-breakpoint
CREATE TRIGGER "lease_events_on_address" AFTER UPDATE OF "city" ON "addresses"
FOR EACH ROW WHEN (OLD.city IS DISTINCT FROM NEW.city) EXECUTE FUNCTION "lease_events_on_address"();
