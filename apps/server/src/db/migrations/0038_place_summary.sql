-- Gap Analysis's per-place summary (ADR 0101, db/derived/place-summary.ts): the table, the
-- functions and triggers that keep it from match_units, match_units_rebuild rebuilding it too,
-- then every place derived from the rows already there.
CREATE TABLE "place_summary" (
	"town" text,
	"scheme_id" integer,
	"units" integer NOT NULL,
	"n_lat" integer NOT NULL,
	"sum_lat_e6" bigint NOT NULL,
	"n_lng" integer NOT NULL,
	"sum_lng_e6" bigint NOT NULL,
	"first_id" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "place_summary_town_key" ON "place_summary" USING btree ("town") WHERE "place_summary"."town" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "place_summary_scheme_key" ON "place_summary" USING btree ("scheme_id") WHERE "place_summary"."scheme_id" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "match_units_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('frontage.map_grid_paused', 'on', true);
  PERFORM set_config('frontage.place_summary_paused', 'on', true);
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
  PERFORM set_config('frontage.place_summary_paused', 'off', true);
  PERFORM map_grid_rebuild();
  PERFORM place_summary_rebuild();
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "place_summary_town"(p_key text, d integer, p_lat double precision, p_lng double precision, p_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  left_units integer; left_first integer;
BEGIN
  IF p_key IS NULL THEN RETURN; END IF;
  IF d > 0 THEN
    INSERT INTO place_summary AS s (town, units, n_lat, sum_lat_e6, n_lng, sum_lng_e6, first_id)
    VALUES (p_key, 1, (p_lat IS NOT NULL)::integer, coalesce(round(p_lat * 1e6)::bigint, 0),
      (p_lng IS NOT NULL)::integer, coalesce(round(p_lng * 1e6)::bigint, 0), p_id)
    ON CONFLICT (town) WHERE town IS NOT NULL DO UPDATE SET units = s.units + 1,
      n_lat = s.n_lat + EXCLUDED.n_lat, sum_lat_e6 = s.sum_lat_e6 + EXCLUDED.sum_lat_e6,
      n_lng = s.n_lng + EXCLUDED.n_lng, sum_lng_e6 = s.sum_lng_e6 + EXCLUDED.sum_lng_e6,
      first_id = least(s.first_id, EXCLUDED.first_id);
    RETURN;
  END IF;
  UPDATE place_summary s SET units = s.units - 1,
    n_lat = s.n_lat - (p_lat IS NOT NULL)::integer, sum_lat_e6 = s.sum_lat_e6 - coalesce(round(p_lat * 1e6)::bigint, 0),
    n_lng = s.n_lng - (p_lng IS NOT NULL)::integer, sum_lng_e6 = s.sum_lng_e6 - coalesce(round(p_lng * 1e6)::bigint, 0)
  WHERE s.town = p_key
  RETURNING s.units, s.first_id INTO left_units, left_first;
  IF left_units = 0 THEN
    DELETE FROM place_summary s WHERE s.town = p_key;
  ELSIF left_first = p_id THEN
    UPDATE place_summary s
    SET first_id = coalesce((SELECT min(u.property_id) FROM match_units u WHERE u.town = p_key), s.first_id)
    WHERE s.town = p_key;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "place_summary_scheme"(p_key integer, d integer, p_lat double precision, p_lng double precision, p_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  left_units integer; left_first integer;
BEGIN
  IF p_key IS NULL THEN RETURN; END IF;
  IF d > 0 THEN
    INSERT INTO place_summary AS s (scheme_id, units, n_lat, sum_lat_e6, n_lng, sum_lng_e6, first_id)
    VALUES (p_key, 1, (p_lat IS NOT NULL)::integer, coalesce(round(p_lat * 1e6)::bigint, 0),
      (p_lng IS NOT NULL)::integer, coalesce(round(p_lng * 1e6)::bigint, 0), p_id)
    ON CONFLICT (scheme_id) WHERE scheme_id IS NOT NULL DO UPDATE SET units = s.units + 1,
      n_lat = s.n_lat + EXCLUDED.n_lat, sum_lat_e6 = s.sum_lat_e6 + EXCLUDED.sum_lat_e6,
      n_lng = s.n_lng + EXCLUDED.n_lng, sum_lng_e6 = s.sum_lng_e6 + EXCLUDED.sum_lng_e6,
      first_id = least(s.first_id, EXCLUDED.first_id);
    RETURN;
  END IF;
  UPDATE place_summary s SET units = s.units - 1,
    n_lat = s.n_lat - (p_lat IS NOT NULL)::integer, sum_lat_e6 = s.sum_lat_e6 - coalesce(round(p_lat * 1e6)::bigint, 0),
    n_lng = s.n_lng - (p_lng IS NOT NULL)::integer, sum_lng_e6 = s.sum_lng_e6 - coalesce(round(p_lng * 1e6)::bigint, 0)
  WHERE s.scheme_id = p_key
  RETURNING s.units, s.first_id INTO left_units, left_first;
  IF left_units = 0 THEN
    DELETE FROM place_summary s WHERE s.scheme_id = p_key;
  ELSIF left_first = p_id THEN
    UPDATE place_summary s
    SET first_id = coalesce((SELECT min(u.property_id) FROM match_units u WHERE u.scheme_id = p_key), s.first_id)
    WHERE s.scheme_id = p_key;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "place_summary_on_unit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('frontage.place_summary_paused', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM place_summary_town(OLD.town, -1, OLD.lat, OLD.lng, OLD.property_id);
    PERFORM place_summary_scheme(OLD.scheme_id, -1, OLD.lat, OLD.lng, OLD.property_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM place_summary_town(NEW.town, 1, NEW.lat, NEW.lng, NEW.property_id);
    PERFORM place_summary_scheme(NEW.scheme_id, 1, NEW.lat, NEW.lng, NEW.property_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "place_summary_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE place_summary;
  INSERT INTO place_summary (town, scheme_id, units, n_lat, sum_lat_e6, n_lng, sum_lng_e6, first_id)
    SELECT u.town, NULL::integer, count(*)::integer,
      count(u.lat)::integer, coalesce(sum(round(u.lat * 1e6)::bigint), 0), count(u.lng)::integer,
      coalesce(sum(round(u.lng * 1e6)::bigint), 0), min(u.property_id)
    FROM match_units u WHERE u.town IS NOT NULL GROUP BY u.town
    UNION ALL
    SELECT NULL::text, u.scheme_id, count(*)::integer,
      count(u.lat)::integer, coalesce(sum(round(u.lat * 1e6)::bigint), 0), count(u.lng)::integer,
      coalesce(sum(round(u.lng * 1e6)::bigint), 0), min(u.property_id)
    FROM match_units u WHERE u.scheme_id IS NOT NULL GROUP BY u.scheme_id;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "place_summary_on_unit_insert" ON "match_units";
--> statement-breakpoint
CREATE TRIGGER "place_summary_on_unit_insert" AFTER INSERT ON "match_units"
FOR EACH ROW EXECUTE FUNCTION "place_summary_on_unit"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "place_summary_on_unit_delete" ON "match_units";
--> statement-breakpoint
CREATE TRIGGER "place_summary_on_unit_delete" AFTER DELETE ON "match_units"
FOR EACH ROW EXECUTE FUNCTION "place_summary_on_unit"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "place_summary_on_unit_move" ON "match_units";
--> statement-breakpoint
CREATE TRIGGER "place_summary_on_unit_move" AFTER UPDATE OF "town", "scheme_id", "lat", "lng" ON "match_units"
FOR EACH ROW WHEN (OLD.town IS DISTINCT FROM NEW.town OR OLD.scheme_id IS DISTINCT FROM NEW.scheme_id OR OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng) EXECUTE FUNCTION "place_summary_on_unit"();
--> statement-breakpoint
SELECT place_summary_rebuild();
