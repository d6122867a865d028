-- The number of properties, kept by the database (ADR 0024): the unfiltered list's total would
-- otherwise count a million rows on every page. Statement-level triggers add each statement's
-- inserted/deleted rows at once; a missing row means zero (the tests truncate every table).
CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "n") SELECT 'properties', count(*) FROM "properties";
--> statement-breakpoint
CREATE FUNCTION "row_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta bigint;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT count(*) INTO delta FROM inserted;
	ELSE
		SELECT -count(*) INTO delta FROM deleted;
	END IF;
	IF delta <> 0 THEN
		INSERT INTO row_counts (table_name, n) VALUES (TG_TABLE_NAME, delta)
		ON CONFLICT (table_name) DO UPDATE SET n = row_counts.n + excluded.n;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "row_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "properties_count_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "properties_count_delete" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "properties_count_truncate" AFTER TRUNCATE ON "properties"
FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_reset"();
