import { derived, fn, trigger, wordTableContent } from './define';

/** Contact typeahead keys (ADR 0030). */
export const contactWords = derived({
  name: 'contact_words',
  kind: 'table',
  what: "One row per distinct word of a contact's name and e-mail address, with its tier (0 the first word, 1 the surname, 2 another word of the name, 3 a word of the e-mail address), its sort key and all its words (doc).",
  sources: { users: ['name', 'email'] },
  views: [
    {
      name: 'contact_word_rows',
      query: String.raw`
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
FROM w`,
    },
  ],
  functions: [
    fn({
      name: 'contact_words_refresh',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  DELETE FROM contact_words WHERE user_id = NEW.id;
  INSERT INTO contact_words (word, tier, sort_key, user_id, doc)
  SELECT r.word, r.tier, r.sort_key, r.user_id, r.doc FROM contact_word_rows r WHERE r.user_id = NEW.id;
  RETURN NULL;
END`,
    }),
    fn({
      name: 'contact_words_rebuild',
      returns: 'void',
      language: 'sql',
      body: `
  TRUNCATE contact_words;
  INSERT INTO contact_words (word, tier, sort_key, user_id, doc)
  SELECT r.word, r.tier, r.sort_key, r.user_id, r.doc FROM contact_word_rows r;`,
    }),
  ],
  // Rows go with their user (ON DELETE CASCADE).
  triggers: [
    trigger({
      name: 'contact_words_on_user',
      table: 'users',
      timing: 'AFTER',
      events: ['INSERT', 'UPDATE'],
      columns: ['name', 'email'],
      forEach: 'ROW',
      function: 'contact_words_refresh',
    }),
  ],
  rebuild: 'contact_words_rebuild',
  content: wordTableContent('contact_words', ['word', 'tier', 'sort_key', 'user_id']),
  readers: [
    'modules/search/word-tables.ts CONTACT_WORDS (docs/search.md)',
    'modules/contacts/contacts.repository.ts: GET /api/users?q=, the contact typeahead',
    'modules/enquiries/enquiries-list.repository.ts: GET /api/enquiries?q=',
  ],
  adrs: ['0030'],
  migrations: ['0006', '0024'],
});
