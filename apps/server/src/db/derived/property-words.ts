import { derived, fn, trigger, wordTableContent } from './define';

/** Property typeahead keys (ADR 0023): one row per distinct word of a unit number and its full address. */
export const propertyWords = derived({
  name: 'property_words',
  kind: 'table',
  what: "One row per distinct word of a property's unit number and full address, with the property's rank for it and all its words (doc).",
  sources: {
    properties: ['building_num', 'address_id', 'scheme_id', 'archived_at'],
    addresses: ['street', 'street2', 'city', 'region', 'post_code'],
  },
  // Ranks: 0xxx unit number, 1xxx first word of the address, 2xxx any other word; xxx = address
  // length, shorter = more specific. doc: ' a b c ', so a query's other words are checked inside
  // the index entry without visiting the property.
  views: [
    {
      name: 'property_word_rows',
      query: String.raw`
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
  WHERE t.word <> '' AND p.archived_at IS NULL
  GROUP BY p.id, t.word
)
SELECT word, rank, property_id, standalone,
  (' ' || string_agg(word, ' ') OVER (PARTITION BY property_id) || ' ') COLLATE "C" AS doc
FROM w`,
    },
  ],
  functions: [
    // A property's words again; an address's: each property at it by id (a semi-join over the
    // view would derive the words of every property).
    fn({
      name: 'property_words_refresh',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
DECLARE pid integer;
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    DELETE FROM property_words WHERE property_id = NEW.id;
    INSERT INTO property_words (word, rank, property_id, standalone, doc)
    SELECT r.word, r.rank, r.property_id, r.standalone, r.doc FROM property_word_rows r WHERE r.property_id = NEW.id;
  ELSE
    FOR pid IN SELECT id FROM properties WHERE address_id = NEW.id LOOP
      DELETE FROM property_words WHERE property_id = pid;
      INSERT INTO property_words (word, rank, property_id, standalone, doc)
      SELECT r.word, r.rank, r.property_id, r.standalone, r.doc FROM property_word_rows r WHERE r.property_id = pid;
    END LOOP;
  END IF;
  RETURN NULL;
END`,
    }),
    fn({
      name: 'property_words_rebuild',
      returns: 'void',
      language: 'sql',
      body: `
  TRUNCATE property_words;
  INSERT INTO property_words (word, rank, property_id, standalone, doc)
  SELECT r.word, r.rank, r.property_id, r.standalone, r.doc FROM property_word_rows r;`,
    }),
  ],
  // Rows go with their property (ON DELETE CASCADE).
  triggers: [
    trigger({
      name: 'property_words_on_property',
      table: 'properties',
      timing: 'AFTER',
      events: ['INSERT', 'UPDATE'],
      // archived_at: an archived property leaves the typeahead, a restored one comes back (ADR 0078).
      columns: ['building_num', 'address_id', 'scheme_id', 'archived_at'],
      forEach: 'ROW',
      function: 'property_words_refresh',
    }),
    trigger({
      name: 'property_words_on_address',
      table: 'addresses',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['street', 'street2', 'city', 'region', 'post_code'],
      forEach: 'ROW',
      function: 'property_words_refresh',
    }),
  ],
  rebuild: 'property_words_rebuild',
  content: wordTableContent('property_words', ['word', 'rank', 'property_id', 'standalone']),
  readers: [
    'modules/search/word-tables.ts PROPERTY_WORDS (docs/search.md)',
    'modules/properties/properties.repository.ts: GET /api/properties?q=, GET /api/properties/simple',
  ],
  adrs: ['0023', '0078'],
  migrations: ['0002', '0011', '0024', '0026'],
});
