-- Comparable evidence (issue 13 item 6, ADR 0047): the rent evidence of each deal on a property,
-- kept beside the deal with the property's place and size so GET /api/deals/comparables reads one
-- covering index range for a town or a post-code district instead of joining addresses, properties
-- and deals for tens of thousands of rows. Triggers keep it: a deal recorded, a property's address,
-- scheme or areas changed, an address's town or post code changed, a scheme's type changed.
CREATE FUNCTION "postcode_district"(post_code text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT upper(coalesce(
		substring(post_code from '^\s*([A-Za-z]{1,2}[0-9][A-Za-z0-9]?)\s*[0-9][A-Za-z]{2}\s*$'),
		nullif(split_part(btrim(post_code), ' ', 1), '')
	))
$$;
--> statement-breakpoint
CREATE TABLE "deal_comparables" (
	"deal_id" integer PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"deal_type" text NOT NULL,
	"currency" char(3) NOT NULL,
	"effective_date" date NOT NULL,
	"town" text,
	"district" text,
	"scheme_type" text,
	"nia_sqft" numeric(14, 2),
	"rent_sqft" numeric(14, 2),
	"zone_a" numeric(14, 2)
);
--> statement-breakpoint
ALTER TABLE "deal_comparables" ADD CONSTRAINT "deal_comparables_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_comparables" ADD CONSTRAINT "deal_comparables_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rows of these properties' deals, derived again from the deals, properties, addresses and
-- schemes. Only dated deals with a rent are evidence. Areas in sq m are converted to sq ft; rent per sq ft is the deal's, else rent pa ÷ NIA;
-- Zone A is rent pa ÷ ITZA.
CREATE FUNCTION "deal_comparables_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
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
	WHERE d.property_id = ANY(ids) AND d.effective_date IS NOT NULL AND (d.rent_pa IS NOT NULL OR d.rent_sqft IS NOT NULL);
$$;
--> statement-breakpoint
CREATE FUNCTION "deal_comparables_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'deals' THEN
		IF NEW.property_id IS NOT NULL THEN PERFORM deal_comparables_refresh(ARRAY[NEW.property_id]); END IF;
		IF TG_OP = 'UPDATE' AND OLD.property_id IS NOT NULL AND OLD.property_id IS DISTINCT FROM NEW.property_id THEN
			PERFORM deal_comparables_refresh(ARRAY[OLD.property_id]);
		END IF;
	ELSIF TG_TABLE_NAME = 'properties' THEN
		IF EXISTS (SELECT 1 FROM deals WHERE property_id = NEW.id) THEN
			PERFORM deal_comparables_refresh(ARRAY[NEW.id]);
		END IF;
	ELSIF TG_TABLE_NAME = 'addresses' THEN
		PERFORM deal_comparables_refresh(ARRAY(SELECT id FROM properties WHERE address_id = NEW.id));
	ELSE
		PERFORM deal_comparables_refresh(ARRAY(SELECT id FROM properties WHERE scheme_id = NEW.id));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deal_comparables_on_deal" AFTER INSERT OR UPDATE ON "deals" FOR EACH ROW EXECUTE FUNCTION deal_comparables_on_change();
--> statement-breakpoint
CREATE TRIGGER "deal_comparables_on_property" AFTER UPDATE OF address_id, scheme_id, area_size_type, nia_sqrt, itza_area ON "properties" FOR EACH ROW
	WHEN (OLD.address_id IS DISTINCT FROM NEW.address_id OR OLD.scheme_id IS DISTINCT FROM NEW.scheme_id OR OLD.area_size_type IS DISTINCT FROM NEW.area_size_type
		OR OLD.nia_sqrt IS DISTINCT FROM NEW.nia_sqrt OR OLD.itza_area IS DISTINCT FROM NEW.itza_area)
	EXECUTE FUNCTION deal_comparables_on_change();
--> statement-breakpoint
CREATE TRIGGER "deal_comparables_on_address" AFTER UPDATE OF city, post_code ON "addresses" FOR EACH ROW
	WHEN (OLD.city IS DISTINCT FROM NEW.city OR OLD.post_code IS DISTINCT FROM NEW.post_code)
	EXECUTE FUNCTION deal_comparables_on_change();
--> statement-breakpoint
CREATE TRIGGER "deal_comparables_on_scheme" AFTER UPDATE OF type ON "schemes" FOR EACH ROW
	WHEN (OLD.type IS DISTINCT FROM NEW.type)
	EXECUTE FUNCTION deal_comparables_on_change();
--> statement-breakpoint
-- Every row again, for this migration and for bulk loaders that bypass triggers (the bench data).
CREATE FUNCTION "deal_comparables_rebuild"() RETURNS void LANGUAGE sql AS $$
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
	WHERE d.effective_date IS NOT NULL AND (d.rent_pa IS NOT NULL OR d.rent_sqft IS NOT NULL)
	-- In the town index's order: a town's rows share heap pages, so its range reads few of them
	-- even before a vacuum has marked the pages all-visible (index-only).
	ORDER BY 6, 5, 1;
$$;
--> statement-breakpoint
SELECT deal_comparables_rebuild();--> statement-breakpoint
CREATE INDEX "deal_comparables_town_idx" ON "deal_comparables" USING btree ("town","effective_date","deal_id") INCLUDE ("deal_type","currency","scheme_type","nia_sqft","rent_sqft","zone_a");--> statement-breakpoint
CREATE INDEX "deal_comparables_district_idx" ON "deal_comparables" USING btree ("district","effective_date","deal_id") INCLUDE ("deal_type","currency","scheme_type","nia_sqft","rent_sqft","zone_a");--> statement-breakpoint
CREATE INDEX "deal_comparables_property_idx" ON "deal_comparables" USING btree ("property_id");--> statement-breakpoint
ANALYZE "deal_comparables";
