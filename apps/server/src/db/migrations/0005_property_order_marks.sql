-- Deep pages of the property list by last update (ADR 0031): a counted index over the
-- (updated_at, id) order. Each mark starts a bucket of that order — the properties from the mark
-- up to the next mark, ascending — and holds how many there are, so the position of any page is
-- found by summing about a thousand counts instead of skipping hundreds of thousands of index
-- entries. The first mark is the sentinel ('-infinity', 0), below every key.
CREATE TABLE "property_order_marks" (
	"updated_at" timestamp with time zone NOT NULL,
	"id" integer NOT NULL,
	"n" integer NOT NULL,
	PRIMARY KEY ("updated_at", "id")
);
--> statement-breakpoint
-- Properties per bucket. A function rather than a literal so the tests can make buckets of a
-- handful of rows and exercise splits without thousands of properties.
CREATE FUNCTION "property_mark_size"() RETURNS integer LANGUAGE sql STABLE AS 'SELECT 1000';
--> statement-breakpoint
-- Rebuilds every mark from the table: one each property_mark_size() properties. Used by this
-- migration and by bulk loaders that bypass triggers.
CREATE FUNCTION "property_marks_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM property_order_marks;
	INSERT INTO property_order_marks (updated_at, id, n)
	SELECT CASE WHEN o.rn = 0 THEN '-infinity'::timestamptz ELSE o.updated_at END,
		CASE WHEN o.rn = 0 THEN 0 ELSE o.id END,
		least(property_mark_size(), o.total - o.rn)
	FROM (
		SELECT p.updated_at, p.id, row_number() OVER (ORDER BY p.updated_at, p.id) - 1 AS rn, count(*) OVER () AS total
		FROM properties p
	) o
	WHERE o.rn % property_mark_size() = 0;
	INSERT INTO property_order_marks (updated_at, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
END
$$;
--> statement-breakpoint
-- Splits a bucket that outgrew twice the mark size into buckets of the mark size (the newest bucket
-- takes every update, so it grows). The bucket's first property keeps the mark's own key: the
-- property the mark was made from may have moved since.
CREATE FUNCTION "property_marks_split"(from_at timestamptz, from_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	next_at timestamptz;
	next_id integer;
BEGIN
	SELECT m.updated_at, m.id INTO next_at, next_id FROM property_order_marks m
	WHERE (m.updated_at, m.id) > (from_at, from_id) ORDER BY m.updated_at, m.id LIMIT 1;
	INSERT INTO property_order_marks (updated_at, id, n)
	SELECT CASE WHEN o.rn = 0 THEN from_at ELSE o.updated_at END,
		CASE WHEN o.rn = 0 THEN from_id ELSE o.id END,
		least(property_mark_size(), o.total - o.rn)
	FROM (
		SELECT p.updated_at, p.id, row_number() OVER (ORDER BY p.updated_at, p.id) - 1 AS rn, count(*) OVER () AS total
		FROM properties p
		WHERE (p.updated_at, p.id) >= (from_at, from_id)
			AND (next_at IS NULL OR (p.updated_at, p.id) < (next_at, next_id))
	) o
	WHERE o.rn % property_mark_size() = 0
	ON CONFLICT (updated_at, id) DO UPDATE SET n = excluded.n;
END
$$;
--> statement-breakpoint
-- Adds one statement's changes (a key and +1 or -1 each) to the bucket counts, bucket by bucket
-- in key order (concurrent writers lock buckets in the same order), then splits what grew too
-- large and drops emptied buckets (an empty range merged into the one before changes no count).
CREATE FUNCTION "property_marks_add"(keys_at timestamptz[], keys_id integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
	INSERT INTO property_order_marks (updated_at, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;
	FOR r IN
		SELECT b.updated_at, b.id, sum(k.d)::integer AS d
		FROM unnest(keys_at, keys_id, deltas) AS k(updated_at, id, d)
		CROSS JOIN LATERAL (
			SELECT m.updated_at, m.id FROM property_order_marks m
			WHERE (m.updated_at, m.id) <= (k.updated_at, k.id)
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
CREATE FUNCTION "property_marks_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM property_marks_add(array_agg(k.updated_at), array_agg(k.id), array_agg(1)) FROM inserted k HAVING count(*) > 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "property_marks_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM property_marks_add(array_agg(k.updated_at), array_agg(k.id), array_agg(-1)) FROM deleted k HAVING count(*) > 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only properties whose updated_at changed move between buckets.
CREATE FUNCTION "property_marks_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM property_marks_add(array_agg(k.updated_at), array_agg(k.id), array_agg(k.d))
	FROM (
		SELECT o.updated_at, o.id, -1 AS d FROM deleted o JOIN inserted i ON i.id = o.id WHERE i.updated_at <> o.updated_at
		UNION ALL
		SELECT i.updated_at, i.id, 1 FROM deleted o JOIN inserted i ON i.id = o.id WHERE i.updated_at <> o.updated_at
	) k
	HAVING count(*) > 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "property_marks_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM property_order_marks;
	RETURN NULL;
END
$$;
--> statement-breakpoint
SELECT property_marks_rebuild();
--> statement-breakpoint
CREATE TRIGGER "properties_marks_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "property_marks_inserted"();
--> statement-breakpoint
CREATE TRIGGER "properties_marks_delete" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION "property_marks_deleted"();
--> statement-breakpoint
CREATE TRIGGER "properties_marks_update" AFTER UPDATE ON "properties" REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "property_marks_updated"();
--> statement-breakpoint
CREATE TRIGGER "properties_marks_truncate" AFTER TRUNCATE ON "properties"
FOR EACH STATEMENT EXECUTE FUNCTION "property_marks_reset"();
