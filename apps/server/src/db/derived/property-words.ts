import { derived, fn, trigger, wordTableContent } from './define';

/**
 * Property search keys (ADR 0023, 0083): one row per distinct word of a unit number, its full
 * address, its post code as one token, and the names of its tenant, legal tenant, landlords and
 * scheme.
 */
export const propertyWords = derived({
  name: 'property_words',
  kind: 'table',
  what: "One row per distinct word of a property's unit number, full address, post code (also as one token) and its tenant's, legal tenant's, landlords' and scheme's names, with the property's rank for it and all its words (doc).",
  sources: {
    properties: ['building_num', 'address_id', 'scheme_id', 'archived_at', 'tenant_id', 'legal_tenant_id'],
    addresses: ['street', 'street2', 'city', 'region', 'post_code'],
    property_parties: ['property_id', 'role', 'company_id'],
    companies: ['name'],
    schemes: ['name'],
  },
  // Ranks: 0xxx unit number, 1xxx first word of the address, 2xxx any other word of the address
  // (and the post code as one token: "b24ne" finds "B2 4NE"), 3xxx a word of a party's or the
  // scheme's name; xxx = address length, shorter = more specific. doc: ' a b c ', so a query's
  // other words are checked inside the index entry without visiting the property.
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
FROM w`,
    },
  ],
  functions: [
    // The words of the properties a write touched, derived again.
    fn({
      name: 'property_words_refresh_ids',
      args: 'ids integer[]',
      returns: 'void',
      // plpgsql, not sql: its statements' plans are kept for the session, so a bulk write (the
      // demo seed: a refresh per unit and per landlord row) does not plan the view each time.
      language: 'plpgsql',
      body: `
BEGIN
  DELETE FROM property_words WHERE property_id = ANY(ids);
  INSERT INTO property_words (word, rank, property_id, standalone, doc)
  SELECT r.word, r.rank, r.property_id, r.standalone, r.doc FROM property_word_rows r WHERE r.property_id = ANY(ids);
END`,
    }),
    // Which properties a write touched: the property; each property at an address, of a scheme,
    // or with a company as tenant, legal tenant or landlord (by id: a semi-join over the view
    // would derive the words of every property); a landlord row's property.
    fn({
      name: 'property_words_refresh',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
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
END`,
    }),
    // A statement's new properties, or new landlord rows, at once (ADR 0103).
    fn({
      name: 'property_words_on_rows',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    PERFORM property_words_refresh_ids(ARRAY(SELECT id FROM new_rows ORDER BY id));
  ELSE
    PERFORM property_words_refresh_ids(ARRAY(SELECT DISTINCT property_id FROM new_rows WHERE role = 'landlord'));
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
      events: ['UPDATE'],
      // archived_at: an archived property leaves the typeahead, a restored one comes back (ADR 0078).
      columns: ['building_num', 'address_id', 'scheme_id', 'archived_at', 'tenant_id', 'legal_tenant_id'],
      forEach: 'ROW',
      function: 'property_words_refresh',
    }),
    trigger({
      name: 'property_words_on_property_insert',
      table: 'properties',
      timing: 'AFTER',
      events: ['INSERT'],
      forEach: 'STATEMENT',
      newTable: 'new_rows',
      function: 'property_words_on_rows',
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
    // A landlord added, removed or changed (the other roles' names are not searched).
    trigger({
      name: 'property_words_on_landlord_insert',
      table: 'property_parties',
      timing: 'AFTER',
      events: ['INSERT'],
      forEach: 'STATEMENT',
      newTable: 'new_rows',
      function: 'property_words_on_rows',
    }),
    trigger({
      name: 'property_words_on_landlord_delete',
      table: 'property_parties',
      timing: 'AFTER',
      events: ['DELETE'],
      forEach: 'ROW',
      when: "OLD.role = 'landlord'",
      function: 'property_words_refresh',
    }),
    trigger({
      name: 'property_words_on_landlord_change',
      table: 'property_parties',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['property_id', 'role', 'company_id'],
      forEach: 'ROW',
      when: "OLD.role = 'landlord' OR NEW.role = 'landlord'",
      function: 'property_words_refresh',
    }),
    trigger({
      name: 'property_words_on_company',
      table: 'companies',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['name'],
      forEach: 'ROW',
      when: 'OLD.name IS DISTINCT FROM NEW.name',
      function: 'property_words_refresh',
    }),
    trigger({
      name: 'property_words_on_scheme',
      table: 'schemes',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['name'],
      forEach: 'ROW',
      when: 'OLD.name IS DISTINCT FROM NEW.name',
      function: 'property_words_refresh',
    }),
  ],
  rebuild: 'property_words_rebuild',
  content: wordTableContent('property_words', ['word', 'rank', 'property_id', 'standalone']),
  readers: [
    'modules/search/word-tables.ts PROPERTY_WORDS (docs/search.md)',
    'modules/properties/properties.repository.ts: GET /api/properties?q=, GET /api/properties/simple',
  ],
  adrs: ['0023', '0078', '0083'],
  migrations: ['0002', '0011', '0024', '0026', '0028', '0042'],
});
