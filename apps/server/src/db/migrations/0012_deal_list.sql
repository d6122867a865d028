-- GET /api/deals (issue 13, ADR 0046).
-- 1. deals.town_key: lower(city) of the deal's place (the property's address, a scheme sale's
--    scheme's address), filled on insert and kept when an address's city or a place's address
--    changes, so the town filter is one index range instead of a join through addresses.
-- 2. Indexes for each sort in both directions. effective_date sorts on a not-null key
--    (coalesce with -infinity / infinity: nulls last either way), alone, after deal_type and after
--    town_key; the money sorts nulls last in both directions.
-- 3. The number of deals in row_counts (migration 0003's statement triggers).
-- 4. deal_order_marks: the counted index of migration 0005 (ADR 0031) over the deals'
--    (coalesce(effective_date, '-infinity'), id) order, so any page of the unfiltered list by
--    effective date skips at most one bucket.
CREATE TABLE "deal_order_marks" (
	"key_date" date NOT NULL,
	"id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "deal_order_marks_key_date_id_pk" PRIMARY KEY("key_date","id")
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "town_key" text;
--> statement-breakpoint
UPDATE "deals" d SET "town_key" = lower(a."city") FROM "properties" p JOIN "addresses" a ON a."id" = p."address_id"
WHERE d."property_id" = p."id";
--> statement-breakpoint
UPDATE "deals" d SET "town_key" = lower(a."city") FROM "schemes" s JOIN "addresses" a ON a."id" = s."address_id"
WHERE d."scheme_id" = s."id";
--> statement-breakpoint
CREATE INDEX "deals_date_low_idx" ON "deals" USING btree (coalesce("effective_date", '-infinity'::date),"id","effective_date");
--> statement-breakpoint
CREATE INDEX "deals_date_high_idx" ON "deals" USING btree (coalesce("effective_date", 'infinity'::date),"id","effective_date");
--> statement-breakpoint
CREATE INDEX "deals_type_date_idx" ON "deals" USING btree ("deal_type",coalesce("effective_date", '-infinity'::date),"id","effective_date");
--> statement-breakpoint
CREATE INDEX "deals_town_date_idx" ON "deals" USING btree ("town_key",coalesce("effective_date", '-infinity'::date),"id","effective_date");
--> statement-breakpoint
CREATE INDEX "deals_rent_pa_desc_idx" ON "deals" USING btree ("rent_pa" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "deals_rent_pa_asc_idx" ON "deals" USING btree ("rent_pa","id");
--> statement-breakpoint
CREATE INDEX "deals_rent_sqft_desc_idx" ON "deals" USING btree ("rent_sqft" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "deals_rent_sqft_asc_idx" ON "deals" USING btree ("rent_sqft","id");
--> statement-breakpoint
CREATE INDEX "deals_sale_price_desc_idx" ON "deals" USING btree ("sale_price" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "deals_sale_price_asc_idx" ON "deals" USING btree ("sale_price","id");
--> statement-breakpoint
CREATE FUNCTION "deal_town_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.property_id IS NOT NULL THEN
		NEW.town_key := (SELECT lower(a.city) FROM properties p JOIN addresses a ON a.id = p.address_id WHERE p.id = NEW.property_id);
	ELSE
		NEW.town_key := (SELECT lower(a.city) FROM schemes s JOIN addresses a ON a.id = s.address_id WHERE s.id = NEW.scheme_id);
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "deals_town_fill" BEFORE INSERT OR UPDATE OF "property_id", "scheme_id" ON "deals"
FOR EACH ROW EXECUTE FUNCTION "deal_town_fill"();
--> statement-breakpoint
-- A property or scheme moved to another address: its deals take that address's town.
CREATE FUNCTION "deal_town_of_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'properties' THEN
		UPDATE deals SET town_key = (SELECT lower(a.city) FROM addresses a WHERE a.id = NEW.address_id) WHERE property_id = NEW.id;
	ELSE
		UPDATE deals SET town_key = (SELECT lower(a.city) FROM addresses a WHERE a.id = NEW.address_id) WHERE scheme_id = NEW.id;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "properties_deal_town" AFTER UPDATE OF "address_id" ON "properties"
FOR EACH ROW WHEN (OLD.address_id IS DISTINCT FROM NEW.address_id) EXECUTE FUNCTION "deal_town_of_place"();
--> statement-breakpoint
CREATE TRIGGER "schemes_deal_town" AFTER UPDATE OF "address_id" ON "schemes"
FOR EACH ROW WHEN (OLD.address_id IS DISTINCT FROM NEW.address_id) EXECUTE FUNCTION "deal_town_of_place"();
--> statement-breakpoint
-- An address's town edited: the deals of every property and scheme at it (each found by index).
CREATE FUNCTION "deal_town_of_address"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE deals d SET town_key = lower(NEW.city) FROM properties p
	WHERE p.address_id = NEW.id AND d.property_id = p.id AND d.town_key IS DISTINCT FROM lower(NEW.city);
	UPDATE deals d SET town_key = lower(NEW.city) FROM schemes s
	WHERE s.address_id = NEW.id AND d.scheme_id = s.id AND d.town_key IS DISTINCT FROM lower(NEW.city);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "addresses_deal_town" AFTER UPDATE OF "city" ON "addresses"
FOR EACH ROW WHEN (lower(OLD.city) IS DISTINCT FROM lower(NEW.city)) EXECUTE FUNCTION "deal_town_of_address"();
--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "n") SELECT 'deals', count(*) FROM "deals"
ON CONFLICT ("table_name") DO UPDATE SET "n" = excluded."n";
--> statement-breakpoint
CREATE TRIGGER "deals_count_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "deals_count_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "deals_count_truncate" AFTER TRUNCATE ON "deals"
FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_reset"();
--> statement-breakpoint
-- Deals per bucket: a function so that the tests can make buckets of a handful of deals.
CREATE FUNCTION "deal_mark_size"() RETURNS integer LANGUAGE sql STABLE AS 'SELECT 1000';
--> statement-breakpoint
-- Rebuilds every mark from the table (this migration and the bench's bulk loader, which bypasses
-- triggers). The sentinel ('-infinity', 0) is below every deal.
CREATE FUNCTION "deal_marks_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM deal_order_marks;
	INSERT INTO deal_order_marks (key_date, id, n)
	SELECT CASE WHEN o.rn = 0 THEN '-infinity'::date ELSE o.k END,
		CASE WHEN o.rn = 0 THEN 0 ELSE o.id END,
		least(deal_mark_size(), o.total - o.rn)
	FROM (
		SELECT coalesce(d.effective_date, '-infinity'::date) AS k, d.id,
			row_number() OVER (ORDER BY coalesce(d.effective_date, '-infinity'::date), d.id) - 1 AS rn,
			count(*) OVER () AS total
		FROM deals d
	) o
	WHERE o.rn % deal_mark_size() = 0;
	INSERT INTO deal_order_marks (key_date, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
-- Splits a bucket that outgrew twice the mark size (inserts land anywhere: a deal's date is any day).
CREATE FUNCTION "deal_marks_split"(from_k date, from_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	next_k date;
	next_id integer;
BEGIN
	SELECT m.key_date, m.id INTO next_k, next_id FROM deal_order_marks m
	WHERE (m.key_date, m.id) > (from_k, from_id) ORDER BY m.key_date, m.id LIMIT 1;
	INSERT INTO deal_order_marks (key_date, id, n)
	SELECT CASE WHEN o.rn = 0 THEN from_k ELSE o.k END,
		CASE WHEN o.rn = 0 THEN from_id ELSE o.id END,
		least(deal_mark_size(), o.total - o.rn)
	FROM (
		SELECT coalesce(d.effective_date, '-infinity'::date) AS k, d.id,
			row_number() OVER (ORDER BY coalesce(d.effective_date, '-infinity'::date), d.id) - 1 AS rn,
			count(*) OVER () AS total
		FROM deals d
		WHERE (coalesce(d.effective_date, '-infinity'::date), d.id) >= (from_k, from_id)
			AND (next_k IS NULL OR (coalesce(d.effective_date, '-infinity'::date), d.id) < (next_k, next_id))
	) o
	WHERE o.rn % deal_mark_size() = 0
	ON CONFLICT (key_date, id) DO UPDATE SET n = excluded.n;
END
$$;
--> statement-breakpoint
-- Adds one statement's changes to the bucket counts in key order, splits what grew too large and
-- drops emptied buckets (migration 0005's property_marks_add over the deals' key).
CREATE FUNCTION "deal_marks_add"(keys_k date[], keys_id integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
	INSERT INTO deal_order_marks (key_date, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
	FOR r IN
		SELECT b.key_date, b.id, sum(k.d)::integer AS d
		FROM unnest(keys_k, keys_id, deltas) AS k(key_date, id, d)
		CROSS JOIN LATERAL (
			SELECT m.key_date, m.id FROM deal_order_marks m
			WHERE (m.key_date, m.id) <= (k.key_date, k.id)
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
CREATE FUNCTION "deal_marks_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM deal_marks_add(array_agg(coalesce(k.effective_date, '-infinity'::date)), array_agg(k.id), array_agg(1))
	FROM inserted k HAVING count(*) > 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "deal_marks_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM deal_marks_add(array_agg(coalesce(k.effective_date, '-infinity'::date)), array_agg(k.id), array_agg(-1))
	FROM deleted k HAVING count(*) > 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only deals whose effective date changed move between buckets (the application never changes one).
CREATE FUNCTION "deal_marks_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM deal_marks_add(array_agg(k.key_date), array_agg(k.id), array_agg(k.d))
	FROM (
		SELECT coalesce(o.effective_date, '-infinity'::date) AS key_date, o.id, -1 AS d
		FROM deleted o JOIN inserted i ON i.id = o.id WHERE i.effective_date IS DISTINCT FROM o.effective_date
		UNION ALL
		SELECT coalesce(i.effective_date, '-infinity'::date), i.id, 1
		FROM deleted o JOIN inserted i ON i.id = o.id WHERE i.effective_date IS DISTINCT FROM o.effective_date
	) k
	HAVING count(*) > 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "deal_marks_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM deal_order_marks;
	RETURN NULL;
END
$$;
--> statement-breakpoint
SELECT deal_marks_rebuild();
--> statement-breakpoint
CREATE TRIGGER "deals_marks_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "deal_marks_inserted"();
--> statement-breakpoint
CREATE TRIGGER "deals_marks_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION "deal_marks_deleted"();
--> statement-breakpoint
CREATE TRIGGER "deals_marks_update" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "deal_marks_updated"();
--> statement-breakpoint
CREATE TRIGGER "deals_marks_truncate" AFTER TRUNCATE ON "deals"
FOR EACH STATEMENT EXECUTE FUNCTION "deal_marks_reset"();
