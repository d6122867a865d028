-- Property typeahead search keys (ADR 0023): one row per distinct word of a property's unit
-- number and full address, with the property's rank for that word (0xxx unit number, 1xxx first
-- word of the address, 2xxx any other word; xxx = address length, shorter = more specific).
-- Ordered by (word, rank, property_id), so the best k properties for a word are the first k
-- index entries; words are collated "C" so a prefix is a plain btree range.
CREATE TABLE "property_words" (
	"word" text COLLATE "C" NOT NULL,
	"rank" integer NOT NULL,
	"property_id" integer NOT NULL REFERENCES "properties"("id") ON DELETE CASCADE,
	"standalone" boolean NOT NULL,
	"doc" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
-- doc: all the property's words, ' a b c ', so the other words of a query are checked inside
-- the index entry (`doc like '% high%'`) without visiting the property.
CREATE VIEW "property_word_rows" AS
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
	) t
	WHERE t.word <> ''
	GROUP BY p.id, t.word
)
SELECT word, rank, property_id, standalone,
	(' ' || string_agg(word, ' ') OVER (PARTITION BY property_id) || ' ') COLLATE "C" AS doc
FROM w;
--> statement-breakpoint
INSERT INTO "property_words" ("word", "rank", "property_id", "standalone", "doc")
SELECT "word", "rank", "property_id", "standalone", "doc" FROM "property_word_rows";
--> statement-breakpoint
CREATE INDEX "property_words_word_rank_idx" ON "property_words" ("word", "rank", "property_id") INCLUDE ("standalone", "doc");
--> statement-breakpoint
CREATE INDEX "property_words_property_idx" ON "property_words" ("property_id");
--> statement-breakpoint
-- Kept current by the database itself, whichever code path writes a property or an address.
CREATE FUNCTION "property_words_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'properties' THEN
		DELETE FROM property_words WHERE property_id = NEW.id;
		INSERT INTO property_words (word, rank, property_id, standalone, doc)
		SELECT r.word, r.rank, r.property_id, r.standalone, r.doc FROM property_word_rows r WHERE r.property_id = NEW.id;
	ELSE
		DELETE FROM property_words WHERE property_id IN (SELECT id FROM properties WHERE address_id = NEW.id);
		INSERT INTO property_words (word, rank, property_id, standalone, doc)
		SELECT r.word, r.rank, r.property_id, r.standalone, r.doc FROM property_word_rows r
		WHERE r.property_id IN (SELECT id FROM properties WHERE address_id = NEW.id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "property_words_on_property" AFTER INSERT OR UPDATE OF "building_num", "address_id", "scheme_id" ON "properties"
FOR EACH ROW EXECUTE FUNCTION "property_words_refresh"();
--> statement-breakpoint
CREATE TRIGGER "property_words_on_address" AFTER UPDATE OF "street", "street2", "city", "region", "post_code" ON "addresses"
FOR EACH ROW EXECUTE FUNCTION "property_words_refresh"();
