import { derived, fn, trigger, wordTableContent } from './define';

/** Company typeahead keys (ADR 0030). */
export const companyWords = derived({
  name: 'company_words',
  kind: 'table',
  what: "One row per distinct word of a company's name and domain, with its tier (0 the name's first word, 1 another word of the name, 2 a word of the domain), its sort key and all its words (doc).",
  sources: { companies: ['name', 'domain'] },
  views: [
    {
      name: 'company_word_rows',
      query: String.raw`
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
FROM w`,
    },
  ],
  functions: [
    fn({
      name: 'company_words_refresh',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  DELETE FROM company_words WHERE company_id = NEW.id;
  INSERT INTO company_words (word, tier, sort_key, company_id, doc)
  SELECT r.word, r.tier, r.sort_key, r.company_id, r.doc FROM company_word_rows r WHERE r.company_id = NEW.id;
  RETURN NULL;
END`,
    }),
    fn({
      name: 'company_words_rebuild',
      returns: 'void',
      language: 'sql',
      body: `
  TRUNCATE company_words;
  INSERT INTO company_words (word, tier, sort_key, company_id, doc)
  SELECT r.word, r.tier, r.sort_key, r.company_id, r.doc FROM company_word_rows r;`,
    }),
  ],
  // Rows go with their company (ON DELETE CASCADE).
  triggers: [
    trigger({
      name: 'company_words_on_company',
      table: 'companies',
      timing: 'AFTER',
      events: ['INSERT', 'UPDATE'],
      columns: ['name', 'domain'],
      forEach: 'ROW',
      function: 'company_words_refresh',
    }),
  ],
  rebuild: 'company_words_rebuild',
  content: wordTableContent('company_words', ['word', 'tier', 'sort_key', 'company_id']),
  readers: [
    'modules/search/word-tables.ts COMPANY_WORDS (docs/search.md)',
    'modules/companies/companies.repository.ts: GET /api/companies?q=, the company typeahead',
    'modules/enquiries/enquiries-list.repository.ts: GET /api/enquiries?q=',
  ],
  adrs: ['0030'],
  migrations: ['0006', '0024'],
});
