-- Rent per sq ft kept true (issue 28, ADR 0079).
--
-- 1. Comparables read a deal's rent per sq ft only when it agrees with rent pa ÷ NIA (within 1 %
--    or a penny, as packages/shared's rentSqftConsistent) or nothing can be worked out; otherwise
--    rent pa ÷ NIA (the deal_comparables declaration, written by `npm run db:derived-sql`).
-- 2. The stored figures are repaired. A property's rent per sq ft is rent pa ÷ NIA (sq m
--    converted): one that disagrees by more than the tolerance is worked out again, one set while
--    the rent or the NIA is missing is cleared (the write rule clears it too). A deal's figure that
--    disagrees with its rent pa ÷ its property's NIA is worked out again; a deal's figure that
--    cannot be checked (no rent or no NIA) is what was reported and is kept. No history rows, no
--    updated_at: the rows say what they always meant to. The counts are raised as a NOTICE.
--    deal_comparables follows through its trigger on deals (row by row, the repaired ones only).
CREATE OR REPLACE FUNCTION "deal_comparables_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM deal_comparables WHERE property_id = ANY(ids);
  INSERT INTO deal_comparables (deal_id, property_id, deal_type, currency, effective_date, town, district, scheme_type, nia_sqft, rent_sqft, zone_a)
  SELECT d.id, d.property_id, d.deal_type, coalesce(d.currency, p.currency), d.effective_date,
    lower(nullif(btrim(a.city), '')), postcode_district(a.post_code), s.type, x.nia,
    CASE WHEN x.derived IS NULL OR abs(d.rent_sqft - x.derived) <= greatest(x.derived * 0.01, 0.01)
      THEN coalesce(d.rent_sqft, x.derived) ELSE x.derived END,
    round(d.rent_pa / nullif(x.itza, 0), 2)
  FROM deals d
  JOIN properties p ON p.id = d.property_id
  JOIN addresses a ON a.id = p.address_id
  LEFT JOIN schemes s ON s.id = p.scheme_id
  CROSS JOIN LATERAL (
    SELECT CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END AS itza
  ) x0
  -- rent ÷ NIA, none when either is missing (or beyond what money holds).
  CROSS JOIN LATERAL (
    SELECT x0.nia, x0.itza,
      CASE WHEN d.rent_pa / nullif(x0.nia, 0) <= 10000000000 THEN round(d.rent_pa / nullif(x0.nia, 0), 2) END AS derived
  ) x
  WHERE p.archived_at IS NULL AND d.property_id = ANY(ids) AND d.effective_date IS NOT NULL AND (d.rent_pa IS NOT NULL OR d.rent_sqft IS NOT NULL);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_comparables_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE deal_comparables;
  INSERT INTO deal_comparables (deal_id, property_id, deal_type, currency, effective_date, town, district, scheme_type, nia_sqft, rent_sqft, zone_a)
  SELECT d.id, d.property_id, d.deal_type, coalesce(d.currency, p.currency), d.effective_date,
    lower(nullif(btrim(a.city), '')), postcode_district(a.post_code), s.type, x.nia,
    CASE WHEN x.derived IS NULL OR abs(d.rent_sqft - x.derived) <= greatest(x.derived * 0.01, 0.01)
      THEN coalesce(d.rent_sqft, x.derived) ELSE x.derived END,
    round(d.rent_pa / nullif(x.itza, 0), 2)
  FROM deals d
  JOIN properties p ON p.id = d.property_id
  JOIN addresses a ON a.id = p.address_id
  LEFT JOIN schemes s ON s.id = p.scheme_id
  CROSS JOIN LATERAL (
    SELECT CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END AS itza
  ) x0
  -- rent ÷ NIA, none when either is missing (or beyond what money holds).
  CROSS JOIN LATERAL (
    SELECT x0.nia, x0.itza,
      CASE WHEN d.rent_pa / nullif(x0.nia, 0) <= 10000000000 THEN round(d.rent_pa / nullif(x0.nia, 0), 2) END AS derived
  ) x
  WHERE p.archived_at IS NULL AND d.effective_date IS NOT NULL AND (d.rent_pa IS NOT NULL OR d.rent_sqft IS NOT NULL)
  -- In the town index's order: a town's rows share heap pages, so its range reads few of them
  -- even before a vacuum has marked the pages all-visible (index-only).
  ORDER BY 6, 5, 1;
$$;
--> statement-breakpoint
DO $$
DECLARE
  n_properties integer;
  n_deals integer;
BEGIN
  UPDATE properties p SET rent_sqft = f.derived
  FROM (
    SELECT x.id,
      CASE WHEN x.rent_pa / nullif(x.nia, 0) <= 10000000000 THEN round(x.rent_pa / nullif(x.nia, 0), 2) END AS derived
    FROM (
      SELECT id, rent_pa,
        CASE WHEN area_size_type = 'sqm' THEN round(nia_sqrt * 10.7639104, 2) ELSE nia_sqrt END AS nia
      FROM properties
      WHERE rent_sqft IS NOT NULL
    ) x
  ) f
  WHERE p.id = f.id
    AND (f.derived IS NULL OR abs(p.rent_sqft - f.derived) > greatest(f.derived * 0.01, 0.01));
  GET DIAGNOSTICS n_properties = ROW_COUNT;

  UPDATE deals d SET rent_sqft = f.derived
  FROM (
    SELECT d2.id, round(d2.rent_pa / x.nia, 2) AS derived
    FROM deals d2
    JOIN properties p ON p.id = d2.property_id
    CROSS JOIN LATERAL (
      SELECT CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia
    ) x
    WHERE d2.rent_sqft IS NOT NULL AND d2.rent_pa IS NOT NULL AND x.nia > 0
      AND d2.rent_pa / x.nia <= 10000000000
  ) f
  WHERE d.id = f.id AND abs(d.rent_sqft - f.derived) > greatest(f.derived * 0.01, 0.01);
  GET DIAGNOSTICS n_deals = ROW_COUNT;

  RAISE NOTICE 'rent per sq ft repaired: % properties, % deals', n_properties, n_deals;
END $$;
