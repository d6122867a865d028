-- One search box (issue 29, ADR 0083). property_words also holds the post code as one token
-- ("b24ne" finds "B2 4NE") and the words of the names of a unit's tenant, legal tenant,
-- landlords and scheme (rank 3xxx), so a unit is found by who trades there, who owns it and the
-- scheme it is in — by the Properties list, the property typeahead and GET /api/search. The view,
-- its refresh and the triggers on the new sources (landlord rows, a company's or a scheme's name)
-- are written from src/db/derived/property-words.ts by `npm run db:derived-sql -w @frontage/server`;
-- the table is derived again at the end.
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
    UNION ALL
    SELECT regexp_replace(lower(coalesce(a.post_code, '')), '[^[:alnum:]]+', '', 'g'), 2
    UNION ALL
    SELECT n.word, 3
    FROM (
      SELECT c.name FROM companies c WHERE c.id = p.tenant_id OR c.id = p.legal_tenant_id
      UNION ALL
      SELECT c.name FROM property_parties pp JOIN companies c ON c.id = pp.company_id
       WHERE pp.property_id = p.id AND pp.role = 'landlord'
      UNION ALL
      SELECT s.name FROM schemes s WHERE s.id = p.scheme_id
    ) x
    CROSS JOIN LATERAL regexp_split_to_table(lower(x.name), '[^[:alnum:]]+') AS n(word)
  ) t
  WHERE t.word <> '' AND p.archived_at IS NULL
  GROUP BY p.id, t.word
)
SELECT word, rank, property_id, standalone,
  (' ' || string_agg(word, ' ') OVER (PARTITION BY property_id) || ' ') COLLATE "C" AS doc
FROM w;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_words_refresh_ids"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM property_words WHERE property_id = ANY(ids);
  INSERT INTO property_words (word, rank, property_id, standalone, doc)
  SELECT r.word, r.rank, r.property_id, r.standalone, r.doc FROM property_word_rows r WHERE r.property_id = ANY(ids);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_words_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    PERFORM property_words_refresh_ids(ARRAY[NEW.id]);
  ELSIF TG_TABLE_NAME = 'addresses' THEN
    PERFORM property_words_refresh_ids(ARRAY(SELECT id FROM properties WHERE address_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'schemes' THEN
    PERFORM property_words_refresh_ids(ARRAY(SELECT id FROM properties WHERE scheme_id = NEW.id));
  ELSIF TG_TABLE_NAME = 'companies' THEN
    PERFORM property_words_refresh_ids(ARRAY(
      SELECT id FROM properties WHERE tenant_id = NEW.id
      UNION SELECT id FROM properties WHERE legal_tenant_id = NEW.id
      UNION SELECT property_id FROM property_parties WHERE company_id = NEW.id AND role = 'landlord'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM property_words_refresh_ids(ARRAY[OLD.property_id]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM property_words_refresh_ids(ARRAY[OLD.property_id, NEW.property_id]);
  ELSE
    PERFORM property_words_refresh_ids(ARRAY[NEW.property_id]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_words_on_property" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "property_words_on_property" AFTER INSERT OR UPDATE OF "building_num", "address_id", "scheme_id", "archived_at", "tenant_id", "legal_tenant_id" ON "properties"
FOR EACH ROW EXECUTE FUNCTION "property_words_refresh"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_words_on_landlord_insert" ON "property_parties";
--> statement-breakpoint
CREATE TRIGGER "property_words_on_landlord_insert" AFTER INSERT ON "property_parties"
FOR EACH ROW WHEN (NEW.role = 'landlord') EXECUTE FUNCTION "property_words_refresh"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_words_on_landlord_delete" ON "property_parties";
--> statement-breakpoint
CREATE TRIGGER "property_words_on_landlord_delete" AFTER DELETE ON "property_parties"
FOR EACH ROW WHEN (OLD.role = 'landlord') EXECUTE FUNCTION "property_words_refresh"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_words_on_landlord_change" ON "property_parties";
--> statement-breakpoint
CREATE TRIGGER "property_words_on_landlord_change" AFTER UPDATE OF "property_id", "role", "company_id" ON "property_parties"
FOR EACH ROW WHEN (OLD.role = 'landlord' OR NEW.role = 'landlord') EXECUTE FUNCTION "property_words_refresh"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_words_on_company" ON "companies";
--> statement-breakpoint
CREATE TRIGGER "property_words_on_company" AFTER UPDATE OF "name" ON "companies"
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "property_words_refresh"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "property_words_on_scheme" ON "schemes";
--> statement-breakpoint
CREATE TRIGGER "property_words_on_scheme" AFTER UPDATE OF "name" ON "schemes"
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "property_words_refresh"();
--> statement-breakpoint
SELECT property_words_rebuild();
