-- The map (issue 15, ADR 0054): every unit and scheme with a position is a point in one marker
-- group (MAP_GROUPS order: 0 out_of_town, 1 leisure, 2 shopping_centres, 3 shops). match_units
-- gains the tenant, the group, the Web-Mercator position and the rent per sq ft, and is now
-- refreshed in place (an upsert), so a change of rent or tenant leaves the grid alone; map_grid
-- holds, per grid level 3..15 (zoom 0..12, cells of 64 px), cell and group, the count, the exact
-- sums of lat and lng (millionths of a degree) and of the signed ids, kept by triggers in the
-- writing transaction; map_searches keeps each user's named areas.
CREATE TABLE "map_grid" (
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"grp" smallint NOT NULL,
	"n" integer NOT NULL,
	"sum_lat_e6" bigint NOT NULL,
	"sum_lng_e6" bigint NOT NULL,
	"id_sum" bigint NOT NULL,
	CONSTRAINT "map_grid_level_cx_cy_grp_pk" PRIMARY KEY("level","cx","cy","grp")
);
--> statement-breakpoint
CREATE TABLE "map_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"area" jsonb NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_units" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
ALTER TABLE "match_units" ADD COLUMN "grp" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_units" ADD COLUMN "mx" double precision;--> statement-breakpoint
ALTER TABLE "match_units" ADD COLUMN "my" double precision;--> statement-breakpoint
ALTER TABLE "match_units" ADD COLUMN "rent_sqft" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "map_searches" ADD CONSTRAINT "map_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "map_searches_user_idx" ON "map_searches" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "match_units_tenant_idx" ON "match_units" USING btree ("tenant_id");--> statement-breakpoint
-- Web-Mercator x and y in 0..1 (latitude clamped to ±85.0511°), and a cell of grid level `level`.
CREATE FUNCTION "map_mx"(lng double precision) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT (lng + 180) / 360
$$;
--> statement-breakpoint
CREATE FUNCTION "map_my"(lat double precision) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT (1 - ln(tan(radians(least(greatest(lat, -85.0511), 85.0511))) + 1 / cos(radians(least(greatest(lat, -85.0511), 85.0511)))) / pi()) / 2
$$;
--> statement-breakpoint
CREATE FUNCTION "map_cell"(v double precision, level integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT least(greatest(floor(v * (1 << level)), 0), (1 << level) - 1)::integer
$$;
--> statement-breakpoint
-- MAP_GROUP_OF_SCHEME_TYPE: a scheme and its units are in the group of its type.
CREATE FUNCTION "map_group_of"(scheme_type text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT (CASE scheme_type WHEN 'Out of town' THEN 0 WHEN 'Leisure' THEN 1 WHEN 'Shopping centres' THEN 2 ELSE 3 END)::smallint
$$;
--> statement-breakpoint
-- The rows of these properties, derived again from properties, addresses and schemes, written in
-- place: an unchanged position and group leave map_grid alone (its update trigger's WHEN).
CREATE OR REPLACE FUNCTION "match_units_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO match_units (property_id, town, scheme_id, lat, lng, vacant, lease_end_date, break_date, nia_sqft, itza_sqft, ground_sqft, rent_pa, currency, tenant_id, grp, mx, my, rent_sqft)
	SELECT u.*, CASE WHEN u.rent_pa IS NOT NULL AND u.nia_sqft >= 1 THEN round(u.rent_pa / u.nia_sqft, 2) END
	FROM (
		SELECT p.id, lower(a.city), p.scheme_id, a.lat, a.lng, p.tenant_id IS NULL, p.lease_end_date, p.break_date,
			CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia_sqft,
			CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END,
			CASE WHEN p.area_size_type = 'sqm' THEN round(p.ground_floor_area * 10.7639104, 2) ELSE p.ground_floor_area END,
			p.rent_pa, p.currency, p.tenant_id, coalesce(map_group_of(s.type), 3::smallint),
			CASE WHEN a.lat IS NOT NULL AND a.lng IS NOT NULL THEN map_mx(a.lng) END,
			CASE WHEN a.lat IS NOT NULL AND a.lng IS NOT NULL THEN map_my(a.lat) END
		FROM properties p JOIN addresses a ON a.id = p.address_id LEFT JOIN schemes s ON s.id = p.scheme_id
		WHERE p.id = ANY(ids)
		ORDER BY p.id
	) u
	ON CONFLICT (property_id) DO UPDATE SET
		town = EXCLUDED.town, scheme_id = EXCLUDED.scheme_id, lat = EXCLUDED.lat, lng = EXCLUDED.lng, vacant = EXCLUDED.vacant,
		lease_end_date = EXCLUDED.lease_end_date, break_date = EXCLUDED.break_date, nia_sqft = EXCLUDED.nia_sqft,
		itza_sqft = EXCLUDED.itza_sqft, ground_sqft = EXCLUDED.ground_sqft, rent_pa = EXCLUDED.rent_pa,
		currency = EXCLUDED.currency, tenant_id = EXCLUDED.tenant_id, grp = EXCLUDED.grp, mx = EXCLUDED.mx,
		my = EXCLUDED.my, rent_sqft = EXCLUDED.rent_sqft;
$$;
--> statement-breakpoint
-- A scheme's type is its units' group.
CREATE FUNCTION "match_units_on_scheme_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE match_units SET grp = map_group_of(NEW.type) WHERE scheme_id = NEW.id AND grp <> map_group_of(NEW.type);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "match_units_on_scheme_type" AFTER UPDATE OF type ON "schemes" FOR EACH ROW
	WHEN (OLD.type IS DISTINCT FROM NEW.type)
	EXECUTE FUNCTION match_units_on_scheme_type();
--> statement-breakpoint
-- One point leaves (o_…) and/or arrives (n_…; either side null = none): every level's cell of
-- each side, the two netted per cell (a move inside a cell changes only its sums), written in
-- (level, cx, cy, grp) order so concurrent writers lock rows in one order; emptied cells go.
CREATE FUNCTION "map_grid_move"(o_lat double precision, o_lng double precision, o_grp smallint, o_sid bigint,
		n_lat double precision, n_lng double precision, n_grp smallint, n_sid bigint) RETURNS void LANGUAGE sql AS $$
	INSERT INTO map_grid AS g (level, cx, cy, grp, n, sum_lat_e6, sum_lng_e6, id_sum)
	SELECT d.level, d.cx, d.cy, d.grp, sum(d.n), sum(d.slat), sum(d.slng), sum(d.sid)
	FROM (
		SELECT l.level, map_cell(map_mx(o_lng), l.level) AS cx, map_cell(map_my(o_lat), l.level) AS cy, o_grp AS grp, -1 AS n,
			-round(o_lat * 1e6)::bigint AS slat, -round(o_lng * 1e6)::bigint AS slng, -o_sid AS sid
		FROM generate_series(3, 15) AS l(level) WHERE o_lat IS NOT NULL AND o_lng IS NOT NULL
		UNION ALL
		SELECT l.level, map_cell(map_mx(n_lng), l.level), map_cell(map_my(n_lat), l.level), n_grp, 1,
			round(n_lat * 1e6)::bigint, round(n_lng * 1e6)::bigint, n_sid
		FROM generate_series(3, 15) AS l(level) WHERE n_lat IS NOT NULL AND n_lng IS NOT NULL
	) d
	GROUP BY d.level, d.cx, d.cy, d.grp
	HAVING sum(d.n) <> 0 OR sum(d.slat) <> 0 OR sum(d.slng) <> 0 OR sum(d.sid) <> 0
	ORDER BY d.level, d.cx, d.cy, d.grp
	ON CONFLICT (level, cx, cy, grp) DO UPDATE SET n = g.n + EXCLUDED.n, sum_lat_e6 = g.sum_lat_e6 + EXCLUDED.sum_lat_e6,
		sum_lng_e6 = g.sum_lng_e6 + EXCLUDED.sum_lng_e6, id_sum = g.id_sum + EXCLUDED.id_sum;
	DELETE FROM map_grid g USING generate_series(3, 15) AS l(level)
	WHERE o_lat IS NOT NULL AND o_lng IS NOT NULL AND g.n = 0 AND g.level = l.level AND g.grp = o_grp
		AND g.cx = map_cell(map_mx(o_lng), l.level) AND g.cy = map_cell(map_my(o_lat), l.level);
$$;
--> statement-breakpoint
-- A unit's point: inserted, deleted, or moved (position or group); match_units_rebuild pauses it.
CREATE FUNCTION "map_grid_on_unit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('frontage.map_grid_paused', true) = 'on' THEN RETURN NULL; END IF;
	IF TG_OP = 'INSERT' THEN
		PERFORM map_grid_move(NULL, NULL, NULL, NULL, NEW.lat, NEW.lng, NEW.grp, NEW.property_id);
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM map_grid_move(OLD.lat, OLD.lng, OLD.grp, OLD.property_id, NULL, NULL, NULL, NULL);
	ELSE
		PERFORM map_grid_move(OLD.lat, OLD.lng, OLD.grp, OLD.property_id, NEW.lat, NEW.lng, NEW.grp, NEW.property_id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "map_grid_on_unit_insert" AFTER INSERT ON "match_units" FOR EACH ROW EXECUTE FUNCTION map_grid_on_unit();
--> statement-breakpoint
CREATE TRIGGER "map_grid_on_unit_delete" AFTER DELETE ON "match_units" FOR EACH ROW EXECUTE FUNCTION map_grid_on_unit();
--> statement-breakpoint
CREATE TRIGGER "map_grid_on_unit_move" AFTER UPDATE OF lat, lng, grp ON "match_units" FOR EACH ROW
	WHEN (OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng OR OLD.grp IS DISTINCT FROM NEW.grp)
	EXECUTE FUNCTION map_grid_on_unit();
--> statement-breakpoint
-- A scheme's point (its address's position, its type's group, id −scheme_id).
CREATE FUNCTION "map_grid_on_scheme"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	o_lat double precision; o_lng double precision; n_lat double precision; n_lng double precision;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT lat, lng INTO n_lat, n_lng FROM addresses WHERE id = NEW.address_id;
		PERFORM map_grid_move(NULL, NULL, NULL, NULL, n_lat, n_lng, map_group_of(NEW.type), -NEW.id::bigint);
	ELSIF TG_OP = 'DELETE' THEN
		SELECT lat, lng INTO o_lat, o_lng FROM addresses WHERE id = OLD.address_id;
		PERFORM map_grid_move(o_lat, o_lng, map_group_of(OLD.type), -OLD.id::bigint, NULL, NULL, NULL, NULL);
	ELSE
		SELECT lat, lng INTO o_lat, o_lng FROM addresses WHERE id = OLD.address_id;
		SELECT lat, lng INTO n_lat, n_lng FROM addresses WHERE id = NEW.address_id;
		PERFORM map_grid_move(o_lat, o_lng, map_group_of(OLD.type), -OLD.id::bigint, n_lat, n_lng, map_group_of(NEW.type), -NEW.id::bigint);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "map_grid_on_scheme_insert" AFTER INSERT ON "schemes" FOR EACH ROW EXECUTE FUNCTION map_grid_on_scheme();
--> statement-breakpoint
CREATE TRIGGER "map_grid_on_scheme_delete" AFTER DELETE ON "schemes" FOR EACH ROW EXECUTE FUNCTION map_grid_on_scheme();
--> statement-breakpoint
CREATE TRIGGER "map_grid_on_scheme_change" AFTER UPDATE OF type, address_id ON "schemes" FOR EACH ROW
	WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.address_id IS DISTINCT FROM NEW.address_id)
	EXECUTE FUNCTION map_grid_on_scheme();
--> statement-breakpoint
-- A scheme's address moved (its units' addresses reach the grid through match_units).
CREATE FUNCTION "map_grid_on_address"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	s record;
BEGIN
	FOR s IN SELECT id, type FROM schemes WHERE address_id = NEW.id ORDER BY id LOOP
		PERFORM map_grid_move(OLD.lat, OLD.lng, map_group_of(s.type), -s.id::bigint, NEW.lat, NEW.lng, map_group_of(s.type), -s.id::bigint);
	END LOOP;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "map_grid_on_address" AFTER UPDATE OF lat, lng ON "addresses" FOR EACH ROW
	WHEN (OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng)
	EXECUTE FUNCTION map_grid_on_address();
--> statement-breakpoint
-- The whole grid again from match_units and schemes, one level at a time (for this migration,
-- match_units_rebuild and bulk loaders that bypass triggers).
CREATE FUNCTION "map_grid_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
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
			WHERE a.lat IS NOT NULL AND a.lng IS NOT NULL
		) p
		GROUP BY 2, 3, 4;
	END LOOP;
END
$$;
--> statement-breakpoint
-- Every row again, in the town indexes' order, then the grid (the per-row grid trigger is paused
-- for the bulk insert: one rebuild is far cheaper than a million cell updates).
CREATE OR REPLACE FUNCTION "match_units_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM set_config('frontage.map_grid_paused', 'on', true);
	TRUNCATE match_units;
	INSERT INTO match_units (property_id, town, scheme_id, lat, lng, vacant, lease_end_date, break_date, nia_sqft, itza_sqft, ground_sqft, rent_pa, currency, tenant_id, grp, mx, my, rent_sqft)
	SELECT u.*, CASE WHEN u.rent_pa IS NOT NULL AND u.nia_sqft >= 1 THEN round(u.rent_pa / u.nia_sqft, 2) END
	FROM (
		SELECT p.id, lower(a.city) AS town, p.scheme_id, a.lat, a.lng, p.tenant_id IS NULL, p.lease_end_date, p.break_date,
			CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia_sqft,
			CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END,
			CASE WHEN p.area_size_type = 'sqm' THEN round(p.ground_floor_area * 10.7639104, 2) ELSE p.ground_floor_area END,
			p.rent_pa, p.currency, p.tenant_id, coalesce(map_group_of(s.type), 3::smallint),
			CASE WHEN a.lat IS NOT NULL AND a.lng IS NOT NULL THEN map_mx(a.lng) END,
			CASE WHEN a.lat IS NOT NULL AND a.lng IS NOT NULL THEN map_my(a.lat) END
		FROM properties p JOIN addresses a ON a.id = p.address_id LEFT JOIN schemes s ON s.id = p.scheme_id
	) u
	ORDER BY u.town, u.id;
	PERFORM set_config('frontage.map_grid_paused', 'off', true);
	PERFORM map_grid_rebuild();
END
$$;
--> statement-breakpoint
SELECT match_units_rebuild();--> statement-breakpoint
ANALYZE "match_units";--> statement-breakpoint
ANALYZE "map_grid";
