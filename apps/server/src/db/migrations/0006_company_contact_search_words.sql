-- Company and contact typeahead search keys (ADR 0030, the design of ADR 0023 / migration 0002):
-- one row per distinct word of an entity, split as regexp_split_to_table(lower(text),
-- '[^[:alnum:]]+'), with the entity's tier for that word (its best occurrence) and its sort key
-- (the lower-cased name, so the exact name sorts first). Words are collated "C", so a prefix is a
-- plain btree range. doc holds all the entity's words (' w1 w2 … '), so the other words of a
-- query are checked inside the index entry (`doc like '% opt%'`) without visiting the entity.
--
-- The index leads with the tier: a search reads tier by tier and stops once the page is full, so
-- the domain / e-mail words — mostly unique ("smith1234", "oxfordbakery12") and as many distinct
-- words as entities — are read only when the names do not fill the page.
CREATE TABLE "company_words" (
	"word" text COLLATE "C" NOT NULL,
	"tier" smallint NOT NULL,
	"sort_key" text COLLATE "C" NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"doc" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
-- Tiers: 0 = the first word of the name, 1 = any other word of the name, 2 = a word of the domain.
CREATE VIEW "company_word_rows" AS
WITH w AS (
	SELECT t.word COLLATE "C" AS word, min(t.tier)::smallint AS tier, c.id AS company_id,
		lower(c.name) COLLATE "C" AS sort_key
	FROM companies c
	CROSS JOIN LATERAL (
		SELECT n.word, CASE WHEN row_number() OVER (ORDER BY n.i) = 1 THEN 0 ELSE 1 END AS tier
		FROM regexp_split_to_table(lower(c.name), '[^[:alnum:]]+') WITH ORDINALITY AS n(word, i)
		WHERE n.word <> ''
		UNION ALL
		SELECT d.word, 2
		FROM regexp_split_to_table(lower(coalesce(c.domain, '')), '[^[:alnum:]]+') AS d(word)
		WHERE d.word <> ''
	) t
	GROUP BY c.id, t.word
)
SELECT word, tier, sort_key, company_id,
	(' ' || string_agg(word, ' ') OVER (PARTITION BY company_id) || ' ') COLLATE "C" AS doc
FROM w;
--> statement-breakpoint
INSERT INTO "company_words" ("word", "tier", "sort_key", "company_id", "doc")
SELECT "word", "tier", "sort_key", "company_id", "doc" FROM "company_word_rows";
--> statement-breakpoint
CREATE INDEX "company_words_tier_word_idx" ON "company_words" ("tier", "word", "sort_key", "company_id") INCLUDE ("doc");
--> statement-breakpoint
-- Cascades and the triggers' rewrites, by company.
CREATE INDEX "company_words_company_idx" ON "company_words" ("company_id");
--> statement-breakpoint
CREATE TABLE "contact_words" (
	"word" text COLLATE "C" NOT NULL,
	"tier" smallint NOT NULL,
	"sort_key" text COLLATE "C" NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"doc" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
-- Tiers: 0 = the first word of the name, 1 = its last word (the surname) when the name has two or
-- more, 2 = any other word of the name, 3 = a word of the e-mail address.
CREATE VIEW "contact_word_rows" AS
WITH w AS (
	SELECT t.word COLLATE "C" AS word, min(t.tier)::smallint AS tier, u.id AS user_id,
		lower(u.name) COLLATE "C" AS sort_key
	FROM users u
	CROSS JOIN LATERAL (
		SELECT n.word,
			CASE WHEN row_number() OVER (ORDER BY n.i) = 1 THEN 0
				WHEN row_number() OVER (ORDER BY n.i) = count(*) OVER () THEN 1
				ELSE 2 END AS tier
		FROM regexp_split_to_table(lower(u.name), '[^[:alnum:]]+') WITH ORDINALITY AS n(word, i)
		WHERE n.word <> ''
		UNION ALL
		SELECT e.word, 3
		FROM regexp_split_to_table(lower(coalesce(u.email, '')), '[^[:alnum:]]+') AS e(word)
		WHERE e.word <> ''
	) t
	GROUP BY u.id, t.word
)
SELECT word, tier, sort_key, user_id,
	(' ' || string_agg(word, ' ') OVER (PARTITION BY user_id) || ' ') COLLATE "C" AS doc
FROM w;
--> statement-breakpoint
INSERT INTO "contact_words" ("word", "tier", "sort_key", "user_id", "doc")
SELECT "word", "tier", "sort_key", "user_id", "doc" FROM "contact_word_rows";
--> statement-breakpoint
CREATE INDEX "contact_words_tier_word_idx" ON "contact_words" ("tier", "word", "sort_key", "user_id") INCLUDE ("doc");
--> statement-breakpoint
CREATE INDEX "contact_words_user_idx" ON "contact_words" ("user_id");
--> statement-breakpoint
-- Statistics now, so the first searches are planned with them.
ANALYZE "company_words";
--> statement-breakpoint
ANALYZE "contact_words";
--> statement-breakpoint
-- Kept current by the database itself, whichever code path writes a company or a contact (the
-- services, the seed, merges). Rows go with their entity (ON DELETE CASCADE).
CREATE FUNCTION "company_words_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM company_words WHERE company_id = NEW.id;
	INSERT INTO company_words (word, tier, sort_key, company_id, doc)
	SELECT r.word, r.tier, r.sort_key, r.company_id, r.doc FROM company_word_rows r WHERE r.company_id = NEW.id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "company_words_on_company" AFTER INSERT OR UPDATE OF "name", "domain" ON "companies"
FOR EACH ROW EXECUTE FUNCTION "company_words_refresh"();
--> statement-breakpoint
CREATE FUNCTION "contact_words_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM contact_words WHERE user_id = NEW.id;
	INSERT INTO contact_words (word, tier, sort_key, user_id, doc)
	SELECT r.word, r.tier, r.sort_key, r.user_id, r.doc FROM contact_word_rows r WHERE r.user_id = NEW.id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contact_words_on_user" AFTER INSERT OR UPDATE OF "name", "email" ON "users"
FOR EACH ROW EXECUTE FUNCTION "contact_words_refresh"();
