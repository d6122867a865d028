CREATE TABLE "lease_event_actions" (
	"property_id" integer NOT NULL,
	"type" text NOT NULL,
	"seq" smallint NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_event_actions_property_id_type_seq_pk" PRIMARY KEY("property_id","type","seq"),
	CONSTRAINT "lease_event_actions_status" CHECK ("lease_event_actions"."status" in ('done', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "lease_event_log" (
	"property_id" integer NOT NULL,
	"type" text NOT NULL,
	"seq" smallint NOT NULL,
	"date" date NOT NULL,
	"hard" boolean NOT NULL,
	"sequence" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "lease_event_log_property_id_type_seq_pk" PRIMARY KEY("property_id","type","seq")
);
--> statement-breakpoint
CREATE TABLE "lease_event_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"regear_prompt_months" smallint DEFAULT 24 NOT NULL,
	CONSTRAINT "lease_event_settings_one_row" CHECK ("lease_event_settings"."id"),
	CONSTRAINT "lease_event_settings_months" CHECK ("lease_event_settings"."regear_prompt_months" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "lease_events" (
	"property_id" integer NOT NULL,
	"type" text NOT NULL,
	"seq" smallint NOT NULL,
	"date" date NOT NULL,
	"hard" boolean NOT NULL,
	CONSTRAINT "lease_events_property_id_type_seq_pk" PRIMARY KEY("property_id","type","seq")
);
--> statement-breakpoint
ALTER TABLE "lease_event_actions" ADD CONSTRAINT "lease_event_actions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_event_actions" ADD CONSTRAINT "lease_event_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_event_log" ADD CONSTRAINT "lease_event_log_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_events" ADD CONSTRAINT "lease_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "lease_event_settings" DEFAULT VALUES;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lease_events_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  WITH want AS (
    SELECT v.property_id, v.type, v.seq, v.date, v.hard
    FROM properties p
    CROSS JOIN LATERAL (
      SELECT p.id AS property_id, x.type, x.seq::smallint AS seq, x.date, x.hard
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
  moved AS (
    UPDATE lease_events e SET date = w.date, hard = w.hard
    FROM want w
    WHERE e.property_id = ANY(ids) AND w.property_id = e.property_id AND w.type = e.type AND w.seq = e.seq
      AND (w.date, w.hard) IS DISTINCT FROM (e.date, e.hard)
    RETURNING e.property_id, e.type, e.seq, e.date, e.hard
  ),
  added AS (
    INSERT INTO lease_events (property_id, type, seq, date, hard)
    SELECT w.property_id, w.type, w.seq, w.date, w.hard FROM want w
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
    date = EXCLUDED.date, hard = EXCLUDED.hard, sequence = l.sequence + 1, changed_at = now(), removed_at = NULL;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lease_events_on_property"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lease_events_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lease_events_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH want AS (
    SELECT v.property_id, v.type, v.seq, v.date, v.hard
    FROM properties p
    CROSS JOIN LATERAL (
      SELECT p.id AS property_id, x.type, x.seq::smallint AS seq, x.date, x.hard
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
  moved AS (
    UPDATE lease_events e SET date = w.date, hard = w.hard
    FROM want w
    WHERE true AND w.property_id = e.property_id AND w.type = e.type AND w.seq = e.seq
      AND (w.date, w.hard) IS DISTINCT FROM (e.date, e.hard)
    RETURNING e.property_id, e.type, e.seq, e.date, e.hard
  ),
  added AS (
    INSERT INTO lease_events (property_id, type, seq, date, hard)
    SELECT w.property_id, w.type, w.seq, w.date, w.hard FROM want w
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
    date = EXCLUDED.date, hard = EXCLUDED.hard, sequence = l.sequence + 1, changed_at = now(), removed_at = NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lease_events_on_settings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lease_events_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "lease_events_on_property_insert" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "lease_events_on_property_insert" AFTER INSERT ON "properties"
FOR EACH ROW WHEN (NEW.tenant_id IS NOT NULL AND NEW.archived_at IS NULL) EXECUTE FUNCTION "lease_events_on_property"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "lease_events_on_property" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "lease_events_on_property" AFTER UPDATE OF "tenant_id", "archived_at", "lease_start_date", "lease_end_date", "next_review_date", "break_date", "break_notice_months", "review_interval_years", "security_of_tenure" ON "properties"
FOR EACH ROW WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.archived_at IS DISTINCT FROM NEW.archived_at OR OLD.lease_start_date IS DISTINCT FROM NEW.lease_start_date OR OLD.lease_end_date IS DISTINCT FROM NEW.lease_end_date OR OLD.next_review_date IS DISTINCT FROM NEW.next_review_date OR OLD.break_date IS DISTINCT FROM NEW.break_date OR OLD.break_notice_months IS DISTINCT FROM NEW.break_notice_months OR OLD.review_interval_years IS DISTINCT FROM NEW.review_interval_years OR OLD.security_of_tenure IS DISTINCT FROM NEW.security_of_tenure) EXECUTE FUNCTION "lease_events_on_property"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "lease_events_on_settings" ON "lease_event_settings";
--> statement-breakpoint
CREATE TRIGGER "lease_events_on_settings" AFTER INSERT OR DELETE ON "lease_event_settings"
FOR EACH ROW EXECUTE FUNCTION "lease_events_on_settings"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "lease_events_on_settings_update" ON "lease_event_settings";
--> statement-breakpoint
CREATE TRIGGER "lease_events_on_settings_update" AFTER UPDATE OF "regear_prompt_months" ON "lease_event_settings"
FOR EACH ROW WHEN (OLD.regear_prompt_months IS DISTINCT FROM NEW.regear_prompt_months) EXECUTE FUNCTION "lease_events_on_settings"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "lease_events_on_settings_truncate" ON "lease_event_settings";
--> statement-breakpoint
CREATE TRIGGER "lease_events_on_settings_truncate" AFTER TRUNCATE ON "lease_event_settings"
FOR EACH STATEMENT EXECUTE FUNCTION "lease_events_on_settings"();
--> statement-breakpoint
SELECT lease_events_rebuild();--> statement-breakpoint
CREATE INDEX "lease_events_date_idx" ON "lease_events" USING btree ("date","property_id");--> statement-breakpoint
CREATE INDEX "lease_event_log_changed_idx" ON "lease_event_log" USING btree ("changed_at");
