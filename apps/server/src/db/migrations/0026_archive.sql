-- Archived properties and schemes (ADR 0078): when, by whom and why; null = live. An archived
-- record stays readable by id with its deals and history, and leaves every list, search, the map,
-- comparables, matching and gap analysis. The derived tables treat archiving as leaving and
-- restoring as coming back, and their rebuilds skip archived rows (written from src/db/derived/ by
-- `npm run db:derived-sql -w @frontage/server`): property_words, row_counts (properties now
-- counts live rows, an update that archives or restores moves it), property_order_marks (a
-- counted index of live rows), deal_comparables, match_units (and through it map_grid's units),
-- map_grid's scheme points. No row is archived yet, so nothing needs deriving again.
ALTER TABLE "schemes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "archive_reason" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "archive_reason" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "archived_with_scheme" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE VIEW "property_word_rows" AS
WITH w AS (
  SELECT t.word COLLATE "C" AS word,
    min(t.tier * 1000 + least(length(coalesce(a.full_address, '')), 999))::integer AS rank,
    p.id AS property_id,
    bool_and(p.scheme_id IS NULL) AS standalone
  FROM properties p
  JOIN addresses a ON a.id = p.address_id
  CROSS JOIN LATERAL (
    SELECT b.word, 0 AS tier
    FROM regexp_split_to_table(lower(coalesce(p.building_num, '')), '[^[:alnum:]]+') AS b(word)
    UNION ALL
    SELECT f.word, CASE WHEN f.n = 1 THEN 1 ELSE 2 END
    FROM regexp_split_to_table(lower(coalesce(a.full_address, '')), '[^[:alnum:]]+') WITH ORDINALITY AS f(word, n)
  ) t
  WHERE t.word <> '' AND p.archived_at IS NULL
  GROUP BY p.id, t.word
)
SELECT word, rank, property_id, standalone,
  (' ' || string_agg(word, ' ') OVER (PARTITION BY property_id) || ' ') COLLATE "C" AS doc
FROM w;
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
    INSERT INTO row_counts (table_name, n) VALUES (TG_TABLE_NAME, delta)
    ON CONFLICT (table_name) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM row_counts WHERE table_name IN ('properties', 'deals');
  INSERT INTO row_counts (table_name, n)
  SELECT 'properties', count(*) FROM properties WHERE archived_at IS NULL
  UNION ALL SELECT 'deals', count(*) FROM deals;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM property_order_marks;
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
CREATE OR REPLACE FUNCTION "property_marks_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM property_marks_add(array_agg(i.updated_at), array_agg(i.id), array_agg(1)) FROM inserted i WHERE i.archived_at IS NULL HAVING count(*) > 0;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM property_marks_add(array_agg(o.updated_at), array_agg(o.id), array_agg(-1)) FROM deleted o WHERE o.archived_at IS NULL HAVING count(*) > 0;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM property_marks_add(array_agg(c.k), array_agg(c.id), array_agg(c.d))
    FROM (
      SELECT o.updated_at AS k, o.id, -1 AS d FROM deleted o JOIN inserted i ON i.id = o.id WHERE (i.updated_at IS DISTINCT FROM o.updated_at OR (i.archived_at IS NULL) IS DISTINCT FROM (o.archived_at IS NULL)) AND o.archived_at IS NULL
      UNION ALL
      SELECT i.updated_at, i.id, 1 FROM deleted o JOIN inserted i ON i.id = o.id WHERE (i.updated_at IS DISTINCT FROM o.updated_at OR (i.archived_at IS NULL) IS DISTINCT FROM (o.archived_at IS NULL)) AND i.archived_at IS NULL
    ) c
    HAVING count(*) > 0;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_comparables_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM deal_comparables WHERE property_id = ANY(ids);
  INSERT INTO deal_comparables (deal_id, property_id, deal_type, currency, effective_date, town, district, scheme_type, nia_sqft, rent_sqft, zone_a)
  SELECT d.id, d.property_id, d.deal_type, coalesce(d.currency, p.currency), d.effective_date,
    lower(nullif(btrim(a.city), '')), postcode_district(a.post_code), s.type, x.nia,
    coalesce(d.rent_sqft, round(d.rent_pa / nullif(x.nia, 0), 2)), round(d.rent_pa / nullif(x.itza, 0), 2)
  FROM deals d
  JOIN properties p ON p.id = d.property_id
  JOIN addresses a ON a.id = p.address_id
  LEFT JOIN schemes s ON s.id = p.scheme_id
  CROSS JOIN LATERAL (
    SELECT CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END AS itza
  ) x
  WHERE p.archived_at IS NULL AND d.property_id = ANY(ids) AND d.effective_date IS NOT NULL AND (d.rent_pa IS NOT NULL OR d.rent_sqft IS NOT NULL);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_comparables_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE deal_comparables;
  INSERT INTO deal_comparables (deal_id, property_id, deal_type, currency, effective_date, town, district, scheme_type, nia_sqft, rent_sqft, zone_a)
  SELECT d.id, d.property_id, d.deal_type, coalesce(d.currency, p.currency), d.effective_date,
    lower(nullif(btrim(a.city), '')), postcode_district(a.post_code), s.type, x.nia,
    coalesce(d.rent_sqft, round(d.rent_pa / nullif(x.nia, 0), 2)), round(d.rent_pa / nullif(x.itza, 0), 2)
  FROM deals d
  JOIN properties p ON p.id = d.property_id
  JOIN addresses a ON a.id = p.address_id
  LEFT JOIN schemes s ON s.id = p.scheme_id
  CROSS JOIN LATERAL (
    SELECT CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END AS itza
  ) x
  WHERE p.archived_at IS NULL AND d.effective_date IS NOT NULL AND (d.rent_pa IS NOT NULL OR d.rent_sqft IS NOT NULL)
  -- In the town index's order: a town's rows share heap pages, so its range reads few of them
  -- even before a vacuum has marked the pages all-visible (index-only).
  ORDER BY 6, 5, 1;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "match_units_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM match_units m USING properties p
  WHERE m.property_id = ANY(ids) AND p.id = m.property_id AND p.archived_at IS NOT NULL;
  INSERT INTO match_units (property_id, town, scheme_id, lat, lng, vacant, lease_end_date, break_date, nia_sqft, itza_sqft, ground_sqft, rent_pa, currency, tenant_id, grp, mx, my, full_address, rent_sqft)
  SELECT u.*, CASE WHEN u.rent_pa IS NOT NULL AND u.nia_sqft >= 1 THEN round(u.rent_pa / u.nia_sqft, 2) END
  FROM (
    SELECT p.id, lower(a.city) AS town, p.scheme_id, a.lat, a.lng, p.tenant_id IS NULL, p.lease_end_date, p.break_date,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia_sqft,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.ground_floor_area * 10.7639104, 2) ELSE p.ground_floor_area END,
      p.rent_pa, p.currency, p.tenant_id, coalesce(map_group_of(s.type), 3::smallint),
      CASE WHEN a.lat IS NOT NULL AND a.lng IS NOT NULL THEN map_mx(a.lng) END,
      CASE WHEN a.lat IS NOT NULL AND a.lng IS NOT NULL THEN map_my(a.lat) END,
      coalesce(a.full_address, '')
    FROM properties p JOIN addresses a ON a.id = p.address_id LEFT JOIN schemes s ON s.id = p.scheme_id
    WHERE p.archived_at IS NULL
      AND p.id = ANY(ids)
    ORDER BY p.id
  ) u
  ON CONFLICT (property_id) DO UPDATE SET
    town = EXCLUDED.town, scheme_id = EXCLUDED.scheme_id, lat = EXCLUDED.lat, lng = EXCLUDED.lng, vacant = EXCLUDED.vacant,
    lease_end_date = EXCLUDED.lease_end_date, break_date = EXCLUDED.break_date, nia_sqft = EXCLUDED.nia_sqft,
    itza_sqft = EXCLUDED.itza_sqft, ground_sqft = EXCLUDED.ground_sqft, rent_pa = EXCLUDED.rent_pa,
    currency = EXCLUDED.currency, tenant_id = EXCLUDED.tenant_id, grp = EXCLUDED.grp, mx = EXCLUDED.mx,
    my = EXCLUDED.my, full_address = EXCLUDED.full_address, rent_sqft = EXCLUDED.rent_sqft;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "match_units_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('frontage.map_grid_paused', 'on', true);
  TRUNCATE match_units;
  INSERT INTO match_units (property_id, town, scheme_id, lat, lng, vacant, lease_end_date, break_date, nia_sqft, itza_sqft, ground_sqft, rent_pa, currency, tenant_id, grp, mx, my, full_address, rent_sqft)
  SELECT u.*, CASE WHEN u.rent_pa IS NOT NULL AND u.nia_sqft >= 1 THEN round(u.rent_pa / u.nia_sqft, 2) END
  FROM (
    SELECT p.id, lower(a.city) AS town, p.scheme_id, a.lat, a.lng, p.tenant_id IS NULL, p.lease_end_date, p.break_date,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia_sqft,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.ground_floor_area * 10.7639104, 2) ELSE p.ground_floor_area END,
      p.rent_pa, p.currency, p.tenant_id, coalesce(map_group_of(s.type), 3::smallint),
      CASE WHEN a.lat IS NOT NULL AND a.lng IS NOT NULL THEN map_mx(a.lng) END,
      CASE WHEN a.lat IS NOT NULL AND a.lng IS NOT NULL THEN map_my(a.lat) END,
      coalesce(a.full_address, '')
    FROM properties p JOIN addresses a ON a.id = p.address_id LEFT JOIN schemes s ON s.id = p.scheme_id
    WHERE p.archived_at IS NULL
  ) u
  ORDER BY u.town, u.id;
  PERFORM set_config('frontage.map_grid_paused', 'off', true);
  PERFORM map_grid_rebuild();
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "map_grid_on_scheme"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o_lat double precision; o_lng double precision; n_lat double precision; n_lng double precision;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT lat, lng INTO n_lat, n_lng FROM addresses WHERE id = NEW.address_id AND NEW.archived_at IS NULL;
    PERFORM map_grid_move(NULL, NULL, NULL, NULL, n_lat, n_lng, map_group_of(NEW.type), -NEW.id::bigint);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT lat, lng INTO o_lat, o_lng FROM addresses WHERE id = OLD.address_id AND OLD.archived_at IS NULL;
    PERFORM map_grid_move(o_lat, o_lng, map_group_of(OLD.type), -OLD.id::bigint, NULL, NULL, NULL, NULL);
  ELSE
    SELECT lat, lng INTO o_lat, o_lng FROM addresses WHERE id = OLD.address_id AND OLD.archived_at IS NULL;
    SELECT lat, lng INTO n_lat, n_lng FROM addresses WHERE id = NEW.address_id AND NEW.archived_at IS NULL;
    PERFORM map_grid_move(o_lat, o_lng, map_group_of(OLD.type), -OLD.id::bigint, n_lat, n_lng, map_group_of(NEW.type), -NEW.id::bigint);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "map_grid_on_address"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  FOR s IN SELECT id, type FROM schemes WHERE address_id = NEW.id AND archived_at IS NULL ORDER BY id LOOP
    PERFORM map_grid_move(OLD.lat, OLD.lng, map_group_of(s.type), -s.id::bigint, NEW.lat, NEW.lng, map_group_of(s.type), -s.id::bigint);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "map_grid_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE map_grid;
  FOR lvl IN 3..15 LOOP
    INSERT INTO map_grid (level, cx, cy, grp, n, sum_lat_e6, sum_lng_e6, id_sum)
    SELECT lvl, map_cell(map_mx(p.lng), lvl), map_cell(map_my(p.lat), lvl), p.grp, count(*),
      sum(round(p.lat * 1e6)::bigint), sum(round(p.lng * 1e6)::bigint), sum(p.sid)
    FROM (
      SELECT u.lat, u.lng, u.grp, u.property_id::bigint AS sid FROM match_units u WHERE u.lat IS NOT NULL AND u.lng IS NOT NULL
      UNION ALL
      SELECT a.lat, a.lng, map_group_of(s.type), -s.id::bigint FROM schemes s JOIN addresses a ON a.id = s.address_id
      WHERE a.lat IS NOT NULL AND a.lng IS NOT NULL AND s.archived_at IS NULL
    ) p
    GROUP BY 2, 3, 4;
  END LOOP;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_words_on_property" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "property_words_on_property" AFTER INSERT OR UPDATE OF "building_num", "address_id", "scheme_id", "archived_at" ON "properties"
FOR EACH ROW EXECUTE FUNCTION "property_words_refresh"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "properties_count_insert" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "properties_count_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "properties_count_live"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "properties_count_delete" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "properties_count_delete" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION "properties_count_live"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "properties_count_update" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "properties_count_update" AFTER UPDATE ON "properties" REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "properties_count_live"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "deal_comparables_on_property" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "deal_comparables_on_property" AFTER UPDATE OF "address_id", "scheme_id", "currency", "area_size_type", "nia_sqrt", "itza_area", "archived_at" ON "properties"
FOR EACH ROW WHEN (OLD.address_id IS DISTINCT FROM NEW.address_id OR OLD.scheme_id IS DISTINCT FROM NEW.scheme_id OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.area_size_type IS DISTINCT FROM NEW.area_size_type OR OLD.nia_sqrt IS DISTINCT FROM NEW.nia_sqrt OR OLD.itza_area IS DISTINCT FROM NEW.itza_area
    OR OLD.archived_at IS DISTINCT FROM NEW.archived_at) EXECUTE FUNCTION "deal_comparables_on_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "match_units_on_property" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "match_units_on_property" AFTER UPDATE OF "address_id", "scheme_id", "tenant_id", "lease_end_date", "break_date", "area_size_type", "nia_sqrt", "itza_area", "ground_floor_area", "rent_pa", "currency", "archived_at" ON "properties"
FOR EACH ROW WHEN (OLD.address_id IS DISTINCT FROM NEW.address_id OR OLD.scheme_id IS DISTINCT FROM NEW.scheme_id OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id
    OR OLD.lease_end_date IS DISTINCT FROM NEW.lease_end_date OR OLD.break_date IS DISTINCT FROM NEW.break_date
    OR OLD.area_size_type IS DISTINCT FROM NEW.area_size_type OR OLD.nia_sqrt IS DISTINCT FROM NEW.nia_sqrt
    OR OLD.itza_area IS DISTINCT FROM NEW.itza_area OR OLD.ground_floor_area IS DISTINCT FROM NEW.ground_floor_area
    OR OLD.rent_pa IS DISTINCT FROM NEW.rent_pa OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.archived_at IS DISTINCT FROM NEW.archived_at) EXECUTE FUNCTION "match_units_on_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "map_grid_on_scheme_change" ON "schemes";
--> statement-breakpoint
CREATE TRIGGER "map_grid_on_scheme_change" AFTER UPDATE OF "type", "address_id", "archived_at" ON "schemes"
FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.address_id IS DISTINCT FROM NEW.address_id OR OLD.archived_at IS DISTINCT FROM NEW.archived_at) EXECUTE FUNCTION "map_grid_on_scheme"();
