-- The derived-data layer declared in one place (ADR 0075, docs/derived-data.md): written from
-- src/db/derived/ by `npm run db:derived-sql -w @frontage/server`.
-- 1. The counted index of property_order_marks (0005) and deal_order_marks (0012) is one
--    definition now (db/derived/counted-index.ts): the same functions with the same arguments for
--    both tables. Their behaviour is unchanged; the split and add functions' arguments are renamed
--    (from_key, keys_key), which PostgreSQL only allows by dropping them first.
-- 2. match_units_refresh shares its unit query with match_units_rebuild (the town column named).
-- 3. A rebuild for every derived table and column that had none: property_words, company_words,
--    contact_words, row_counts, enquiry_stage_counts, deals.town_key, enquiries.town_key and
--    companies.store_count, for bulk loaders that bypass triggers and for the generic check
--    test/derived-rebuild.test.ts.
-- 4. Two gaps test/derived-rebuild.test.ts found in deal_comparables: a property's currency change
--    did not reach the evidence of its deals that have no currency of their own (the trigger now
--    watches properties.currency, and the rows it left behind are derived again); a deal moved to
--    another property was refreshed there before its old row was removed (a duplicate key).
CREATE OR REPLACE FUNCTION "property_words_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE property_words;
  INSERT INTO property_words (word, rank, property_id, standalone, doc)
  SELECT r.word, r.rank, r.property_id, r.standalone, r.doc FROM property_word_rows r;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "company_words_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE company_words;
  INSERT INTO company_words (word, tier, sort_key, company_id, doc)
  SELECT r.word, r.tier, r.sort_key, r.company_id, r.doc FROM company_word_rows r;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contact_words_rebuild"() RETURNS void LANGUAGE sql AS $$
  TRUNCATE contact_words;
  INSERT INTO contact_words (word, tier, sort_key, user_id, doc)
  SELECT r.word, r.tier, r.sort_key, r.user_id, r.doc FROM contact_word_rows r;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "row_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM row_counts WHERE table_name IN ('properties', 'deals');
  INSERT INTO row_counts (table_name, n)
  SELECT 'properties', count(*) FROM properties
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
      FROM properties r
    ) o
    WHERE o.rn % property_mark_size() = 0;
    INSERT INTO property_order_marks (updated_at, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
  END
$$;
--> statement-breakpoint
-- cannot apply: cannot change name of input parameter "from_at"
DROP FUNCTION "property_marks_split"(from_at timestamp with time zone, from_id integer);
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
        AND (next_key IS NULL OR (r.updated_at, r.id) < (next_key, next_id))
    ) o
    WHERE o.rn % property_mark_size() = 0
    ON CONFLICT (updated_at, id) DO UPDATE SET n = excluded.n;
  END
$$;
--> statement-breakpoint
-- cannot apply: cannot change name of input parameter "keys_at"
DROP FUNCTION "property_marks_add"(keys_at timestamp with time zone[], keys_id integer[], deltas integer[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_add"(keys_key timestamp with time zone[], keys_id integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE r record;
  BEGIN
    INSERT INTO property_order_marks (updated_at, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
    FOR r IN
      SELECT b.updated_at, b.id, sum(c.d)::integer AS d
      FROM unnest(keys_key, keys_id, deltas) AS c(updated_at, id, d)
      CROSS JOIN LATERAL (
        SELECT m.updated_at, m.id FROM property_order_marks m
        WHERE (m.updated_at, m.id) <= (c.updated_at, c.id)
        ORDER BY m.updated_at DESC, m.id DESC LIMIT 1
      ) b
      GROUP BY b.updated_at, b.id
      ORDER BY b.updated_at, b.id
    LOOP
      UPDATE property_order_marks SET n = n + r.d WHERE updated_at = r.updated_at AND id = r.id;
    END LOOP;
    FOR r IN SELECT m.updated_at, m.id FROM property_order_marks m WHERE m.n > 2 * property_mark_size() ORDER BY m.updated_at, m.id LOOP
      PERFORM property_marks_split(r.updated_at, r.id);
    END LOOP;
    DELETE FROM property_order_marks WHERE n <= 0 AND updated_at <> '-infinity';
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM property_marks_add(array_agg(i.updated_at), array_agg(i.id), array_agg(1)) FROM inserted i HAVING count(*) > 0;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM property_marks_add(array_agg(o.updated_at), array_agg(o.id), array_agg(-1)) FROM deleted o HAVING count(*) > 0;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_marks_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM property_marks_add(array_agg(c.k), array_agg(c.id), array_agg(c.d))
    FROM (
      SELECT o.updated_at AS k, o.id, -1 AS d FROM deleted o JOIN inserted i ON i.id = o.id WHERE i.updated_at IS DISTINCT FROM o.updated_at
      UNION ALL
      SELECT i.updated_at, i.id, 1 FROM deleted o JOIN inserted i ON i.id = o.id WHERE i.updated_at IS DISTINCT FROM o.updated_at
    ) c
    HAVING count(*) > 0;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM deal_order_marks;
    INSERT INTO deal_order_marks (key_date, id, n)
    SELECT CASE WHEN o.rn = 0 THEN '-infinity'::date ELSE o.k END,
      CASE WHEN o.rn = 0 THEN 0 ELSE o.id END,
      least(deal_mark_size(), o.total - o.rn)
    FROM (
      SELECT coalesce(r.effective_date, '-infinity'::date) AS k, r.id, row_number() OVER (ORDER BY coalesce(r.effective_date, '-infinity'::date), r.id) - 1 AS rn, count(*) OVER () AS total
      FROM deals r
    ) o
    WHERE o.rn % deal_mark_size() = 0;
    INSERT INTO deal_order_marks (key_date, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
  END
$$;
--> statement-breakpoint
-- cannot apply: cannot change name of input parameter "from_k"
DROP FUNCTION "deal_marks_split"(from_k date, from_id integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_split"(from_key date, from_id integer) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    next_key date;
    next_id integer;
  BEGIN
    SELECT m.key_date, m.id INTO next_key, next_id FROM deal_order_marks m
    WHERE (m.key_date, m.id) > (from_key, from_id) ORDER BY m.key_date, m.id LIMIT 1;
    INSERT INTO deal_order_marks (key_date, id, n)
    SELECT CASE WHEN o.rn = 0 THEN from_key ELSE o.k END,
      CASE WHEN o.rn = 0 THEN from_id ELSE o.id END,
      least(deal_mark_size(), o.total - o.rn)
    FROM (
      SELECT coalesce(r.effective_date, '-infinity'::date) AS k, r.id, row_number() OVER (ORDER BY coalesce(r.effective_date, '-infinity'::date), r.id) - 1 AS rn, count(*) OVER () AS total
      FROM deals r
      WHERE (coalesce(r.effective_date, '-infinity'::date), r.id) >= (from_key, from_id)
        AND (next_key IS NULL OR (coalesce(r.effective_date, '-infinity'::date), r.id) < (next_key, next_id))
    ) o
    WHERE o.rn % deal_mark_size() = 0
    ON CONFLICT (key_date, id) DO UPDATE SET n = excluded.n;
  END
$$;
--> statement-breakpoint
-- cannot apply: cannot change name of input parameter "keys_k"
DROP FUNCTION "deal_marks_add"(keys_k date[], keys_id integer[], deltas integer[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_add"(keys_key date[], keys_id integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE r record;
  BEGIN
    INSERT INTO deal_order_marks (key_date, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
    FOR r IN
      SELECT b.key_date, b.id, sum(c.d)::integer AS d
      FROM unnest(keys_key, keys_id, deltas) AS c(key_date, id, d)
      CROSS JOIN LATERAL (
        SELECT m.key_date, m.id FROM deal_order_marks m
        WHERE (m.key_date, m.id) <= (c.key_date, c.id)
        ORDER BY m.key_date DESC, m.id DESC LIMIT 1
      ) b
      GROUP BY b.key_date, b.id
      ORDER BY b.key_date, b.id
    LOOP
      UPDATE deal_order_marks SET n = n + r.d WHERE key_date = r.key_date AND id = r.id;
    END LOOP;
    FOR r IN SELECT m.key_date, m.id FROM deal_order_marks m WHERE m.n > 2 * deal_mark_size() ORDER BY m.key_date, m.id LOOP
      PERFORM deal_marks_split(r.key_date, r.id);
    END LOOP;
    DELETE FROM deal_order_marks WHERE n <= 0 AND key_date <> '-infinity';
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM deal_marks_add(array_agg(coalesce(i.effective_date, '-infinity'::date)), array_agg(i.id), array_agg(1)) FROM inserted i HAVING count(*) > 0;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM deal_marks_add(array_agg(coalesce(o.effective_date, '-infinity'::date)), array_agg(o.id), array_agg(-1)) FROM deleted o HAVING count(*) > 0;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_marks_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM deal_marks_add(array_agg(c.k), array_agg(c.id), array_agg(c.d))
    FROM (
      SELECT coalesce(o.effective_date, '-infinity'::date) AS k, o.id, -1 AS d FROM deleted o JOIN inserted i ON i.id = o.id WHERE coalesce(i.effective_date, '-infinity'::date) IS DISTINCT FROM coalesce(o.effective_date, '-infinity'::date)
      UNION ALL
      SELECT coalesce(i.effective_date, '-infinity'::date), i.id, 1 FROM deleted o JOIN inserted i ON i.id = o.id WHERE coalesce(i.effective_date, '-infinity'::date) IS DISTINCT FROM coalesce(o.effective_date, '-infinity'::date)
    ) c
    HAVING count(*) > 0;
    RETURN NULL;
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "enquiry_stage_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM enquiry_stage_counts;
  INSERT INTO enquiry_stage_counts (stage, n)
  SELECT e.stage, count(*) FROM enquiries e GROUP BY e.stage ORDER BY e.stage;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "match_units_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
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
    WHERE p.id = ANY(ids)
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
CREATE OR REPLACE FUNCTION "deal_town_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE deals d SET town_key = t.town
  FROM (SELECT x.id, CASE WHEN x.property_id IS NOT NULL
      THEN (SELECT lower(a.city) FROM properties p JOIN addresses a ON a.id = p.address_id WHERE p.id = x.property_id)
      ELSE (SELECT lower(a.city) FROM schemes s JOIN addresses a ON a.id = s.address_id WHERE s.id = x.scheme_id) END AS town FROM deals x) t
  WHERE t.id = d.id AND d.town_key IS DISTINCT FROM t.town;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "enquiry_town_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE enquiries e SET town_key = enquiry_town(e.property_id, e.scheme_id)
  WHERE e.town_key IS DISTINCT FROM enquiry_town(e.property_id, e.scheme_id);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "company_store_count_rebuild"() RETURNS void LANGUAGE sql AS $$
  UPDATE companies c SET store_count = t.n
  FROM (SELECT x.id, (SELECT count(*)::integer FROM properties p WHERE p.tenant_id = x.id) AS n FROM companies x) t
  WHERE t.id = c.id AND c.store_count <> t.n;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "deal_comparables_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'deals' THEN
    -- A deal moved to another property: the old property's rows first (the deal's own among them).
    IF TG_OP = 'UPDATE' AND OLD.property_id IS NOT NULL AND OLD.property_id IS DISTINCT FROM NEW.property_id THEN
      PERFORM deal_comparables_refresh(ARRAY[OLD.property_id]);
    END IF;
    IF NEW.property_id IS NOT NULL THEN PERFORM deal_comparables_refresh(ARRAY[NEW.property_id]); END IF;
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
DROP TRIGGER IF EXISTS "deal_comparables_on_property" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "deal_comparables_on_property" AFTER UPDATE OF "address_id", "scheme_id", "currency", "area_size_type", "nia_sqrt", "itza_area" ON "properties"
FOR EACH ROW WHEN (OLD.address_id IS DISTINCT FROM NEW.address_id OR OLD.scheme_id IS DISTINCT FROM NEW.scheme_id OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.area_size_type IS DISTINCT FROM NEW.area_size_type OR OLD.nia_sqrt IS DISTINCT FROM NEW.nia_sqrt OR OLD.itza_area IS DISTINCT FROM NEW.itza_area) EXECUTE FUNCTION "deal_comparables_on_change"();
--> statement-breakpoint
SELECT deal_comparables_refresh(ARRAY(
  SELECT DISTINCT c.property_id FROM deal_comparables c JOIN deals d ON d.id = c.deal_id JOIN properties p ON p.id = c.property_id
  WHERE d.currency IS NULL AND c.currency IS DISTINCT FROM p.currency
));
