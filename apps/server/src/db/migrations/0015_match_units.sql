-- Matching units to enquiries (issue 14 item 8, ADR 0053): what GET /api/enquiries/{id}/matches
-- reads of each unit — availability (vacant, lease end, break), town, scheme, map position, the
-- three measures in sq ft and the rent — kept beside the property by triggers, so a busy town's
-- available units are three index ranges of one table (the vacant ones, the leases ending and the
-- breaks within the window, bitmap-ORed) instead of a join of every address and property in it.
CREATE TABLE "match_units" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"town" text,
	"scheme_id" integer,
	"lat" double precision,
	"lng" double precision,
	"vacant" boolean NOT NULL,
	"lease_end_date" date,
	"break_date" date,
	"nia_sqft" numeric(12, 2),
	"itza_sqft" numeric(12, 2),
	"ground_sqft" numeric(12, 2),
	"rent_pa" numeric(14, 2),
	"currency" char(3) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_units" ADD CONSTRAINT "match_units_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rows of these properties, derived again from properties and addresses (sq m → sq ft).
CREATE FUNCTION "match_units_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	DELETE FROM match_units WHERE property_id = ANY(ids);
	INSERT INTO match_units (property_id, town, scheme_id, lat, lng, vacant, lease_end_date, break_date, nia_sqft, itza_sqft, ground_sqft, rent_pa, currency)
	SELECT p.id, lower(a.city), p.scheme_id, a.lat, a.lng, p.tenant_id IS NULL, p.lease_end_date, p.break_date,
		CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END,
		CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END,
		CASE WHEN p.area_size_type = 'sqm' THEN round(p.ground_floor_area * 10.7639104, 2) ELSE p.ground_floor_area END,
		p.rent_pa, p.currency
	FROM properties p JOIN addresses a ON a.id = p.address_id
	WHERE p.id = ANY(ids);
$$;
--> statement-breakpoint
CREATE FUNCTION "match_units_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'properties' THEN
		PERFORM match_units_refresh(ARRAY[NEW.id]);
	ELSE
		PERFORM match_units_refresh(ARRAY(SELECT id FROM properties WHERE address_id = NEW.id));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "match_units_on_property_insert" AFTER INSERT ON "properties" FOR EACH ROW EXECUTE FUNCTION match_units_on_change();
--> statement-breakpoint
CREATE TRIGGER "match_units_on_property" AFTER UPDATE OF address_id, scheme_id, tenant_id, lease_end_date, break_date, area_size_type, nia_sqrt, itza_area, ground_floor_area, rent_pa, currency ON "properties" FOR EACH ROW
	WHEN (OLD.address_id IS DISTINCT FROM NEW.address_id OR OLD.scheme_id IS DISTINCT FROM NEW.scheme_id OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id
		OR OLD.lease_end_date IS DISTINCT FROM NEW.lease_end_date OR OLD.break_date IS DISTINCT FROM NEW.break_date
		OR OLD.area_size_type IS DISTINCT FROM NEW.area_size_type OR OLD.nia_sqrt IS DISTINCT FROM NEW.nia_sqrt
		OR OLD.itza_area IS DISTINCT FROM NEW.itza_area OR OLD.ground_floor_area IS DISTINCT FROM NEW.ground_floor_area
		OR OLD.rent_pa IS DISTINCT FROM NEW.rent_pa OR OLD.currency IS DISTINCT FROM NEW.currency)
	EXECUTE FUNCTION match_units_on_change();
--> statement-breakpoint
CREATE TRIGGER "match_units_on_address" AFTER UPDATE OF city, lat, lng ON "addresses" FOR EACH ROW
	WHEN (OLD.city IS DISTINCT FROM NEW.city OR OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng)
	EXECUTE FUNCTION match_units_on_change();
--> statement-breakpoint
-- Every row again, for this migration and for bulk loaders that bypass triggers (the bench data),
-- in the town indexes' order: a town's rows share heap pages.
CREATE FUNCTION "match_units_rebuild"() RETURNS void LANGUAGE sql AS $$
	TRUNCATE match_units;
	INSERT INTO match_units (property_id, town, scheme_id, lat, lng, vacant, lease_end_date, break_date, nia_sqft, itza_sqft, ground_sqft, rent_pa, currency)
	SELECT p.id, lower(a.city), p.scheme_id, a.lat, a.lng, p.tenant_id IS NULL, p.lease_end_date, p.break_date,
		CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END,
		CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END,
		CASE WHEN p.area_size_type = 'sqm' THEN round(p.ground_floor_area * 10.7639104, 2) ELSE p.ground_floor_area END,
		p.rent_pa, p.currency
	FROM properties p JOIN addresses a ON a.id = p.address_id
	ORDER BY 2, 1;
$$;
--> statement-breakpoint
SELECT match_units_rebuild();--> statement-breakpoint
CREATE INDEX "match_units_town_lease_idx" ON "match_units" USING btree ("town","lease_end_date");--> statement-breakpoint
CREATE INDEX "match_units_town_break_idx" ON "match_units" USING btree ("town","break_date");--> statement-breakpoint
CREATE INDEX "match_units_town_vacant_idx" ON "match_units" USING btree ("town") WHERE "match_units"."vacant";--> statement-breakpoint
CREATE INDEX "match_units_scheme_idx" ON "match_units" USING btree ("scheme_id");--> statement-breakpoint
CREATE INDEX "match_units_point_idx" ON "match_units" USING gist (point("lng", "lat"));--> statement-breakpoint
ANALYZE "match_units";
