-- Bulk writes of properties (an import's batch, ADR 0103): the insert triggers of match_units,
-- lease_events, property_words (properties and landlord rows) and the store count work per
-- statement over its new rows (a transition table) instead of once per row; a unit with no
-- position no longer calls the map grid's move.
CREATE OR REPLACE FUNCTION "property_words_on_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    PERFORM property_words_refresh_ids(ARRAY(SELECT id FROM new_rows ORDER BY id));
  ELSE
    PERFORM property_words_refresh_ids(ARRAY(SELECT DISTINCT property_id FROM new_rows WHERE role = 'landlord'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "match_units_on_property_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM match_units_refresh(ARRAY(SELECT id FROM new_rows ORDER BY id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "store_events_on_new_units"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quiet boolean := coalesce(current_setting('frontage.store_events', true), '') = 'off';
  on_day date := coalesce(nullif(current_setting('frontage.event_date', true), '')::date, current_date);
  deal integer := nullif(current_setting('frontage.deal_id', true), '')::integer;
BEGIN
  IF quiet THEN
    UPDATE companies c SET store_count = c.store_count + n.k
      FROM (SELECT tenant_id, count(*)::int AS k FROM new_rows WHERE tenant_id IS NOT NULL GROUP BY 1) n
      WHERE c.id = n.tenant_id;
    RETURN NULL;
  END IF;
  UPDATE companies c SET store_count = c.store_count + n.k, store_changed_at = now(), is_verified = false
    FROM (SELECT tenant_id, count(*)::int AS k FROM new_rows WHERE tenant_id IS NOT NULL GROUP BY 1) n
    WHERE c.id = n.tenant_id;
  INSERT INTO store_events (company_id, property_id, kind, on_date, deal_id)
    SELECT tenant_id, id, 'opening', on_day, deal FROM new_rows WHERE tenant_id IS NOT NULL ORDER BY id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lease_events_on_property_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := ARRAY(SELECT id FROM new_rows WHERE tenant_id IS NOT NULL AND archived_at IS NULL ORDER BY id);
BEGIN
  IF cardinality(ids) > 0 THEN
    PERFORM lease_events_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_words_on_property" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "property_words_on_property" AFTER UPDATE OF "building_num", "address_id", "scheme_id", "archived_at", "tenant_id", "legal_tenant_id" ON "properties"
FOR EACH ROW EXECUTE FUNCTION "property_words_refresh"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_words_on_property_insert" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "property_words_on_property_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "property_words_on_rows"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_words_on_landlord_insert" ON "property_parties";
--> statement-breakpoint
CREATE TRIGGER "property_words_on_landlord_insert" AFTER INSERT ON "property_parties" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "property_words_on_rows"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "match_units_on_property_insert" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "match_units_on_property_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "match_units_on_property_rows"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "store_events_on_property_insert" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "store_events_on_property_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "store_events_on_new_units"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "lease_events_on_property_insert" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "lease_events_on_property_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "lease_events_on_property_rows"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "map_grid_on_unit_insert" ON "match_units";
--> statement-breakpoint
CREATE TRIGGER "map_grid_on_unit_insert" AFTER INSERT ON "match_units"
FOR EACH ROW WHEN (NEW.lat IS NOT NULL AND NEW.lng IS NOT NULL) EXECUTE FUNCTION "map_grid_on_unit"();
