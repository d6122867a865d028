import { derived, fn, trigger, type SqlTrigger } from './define';

/** The tables whose number of rows row_counts keeps: the unfiltered lists' totals. */
export const COUNTED_TABLES = ['properties', 'deals'] as const;

/**
 * The rows a table's count includes, when not all of them: an archived property leaves the list
 * (ADR 0078), so its count is of live rows, and an update that archives or restores moves it.
 */
const LIVE: Partial<Record<(typeof COUNTED_TABLES)[number], string>> = { properties: 'archived_at IS NULL' };

const countTriggers = (table: (typeof COUNTED_TABLES)[number]): SqlTrigger[] => [
  trigger({
    name: `${table}_count_insert`,
    table,
    timing: 'AFTER',
    events: ['INSERT'],
    forEach: 'STATEMENT',
    newTable: 'inserted',
    function: LIVE[table] ? `${table}_count_live` : 'row_counts_add',
  }),
  trigger({
    name: `${table}_count_delete`,
    table,
    timing: 'AFTER',
    events: ['DELETE'],
    forEach: 'STATEMENT',
    oldTable: 'deleted',
    function: LIVE[table] ? `${table}_count_live` : 'row_counts_add',
  }),
  ...(LIVE[table]
    ? [
        trigger({
          name: `${table}_count_update`,
          table,
          timing: 'AFTER',
          events: ['UPDATE'],
          forEach: 'STATEMENT',
          oldTable: 'deleted',
          newTable: 'inserted',
          function: `${table}_count_live`,
        }),
      ]
    : []),
  trigger({
    name: `${table}_count_truncate`,
    table,
    timing: 'AFTER',
    events: ['TRUNCATE'],
    forEach: 'STATEMENT',
    function: 'row_counts_reset',
  }),
];

const counted = COUNTED_TABLES.map((t) => `'${t}'`).join(', ');

/**
 * Row counts (ADR 0024): statement triggers add each statement's inserted and deleted rows at
 * once, so a list's total is read, not counted. A missing row means zero.
 */
export const rowCounts = derived({
  name: 'row_counts',
  kind: 'table',
  what: `The number of rows of ${COUNTED_TABLES.join(' and ')} (properties: the live ones), one row per table (a missing row is zero), and the changes not yet folded in (row_count_deltas).`,
  sources: Object.fromEntries(COUNTED_TABLES.map((t) => [t, LIVE[t] ? ['archived_at'] : []])),
  beside: ['row_count_deltas'],
  views: [
    {
      // The counts with the changes not yet folded in: what readers read.
      name: 'row_counts_now',
      query: `
SELECT c.table_name, sum(c.n)::bigint AS n
FROM (SELECT table_name, n FROM row_counts UNION ALL SELECT table_name, d FROM row_count_deltas) c
GROUP BY c.table_name`,
    },
  ],
  functions: [
    // A statement's change to a count is added as a row of its own, which no other writer touches,
    // so concurrent inserts never queue on their table's count row (ADR 0105). The transaction
    // that gets the lock folds every pending change into the counts (what it deletes is what it
    // adds, so changes committed meanwhile stay pending); the others leave theirs to the next.
    fn({
      name: 'row_counts_bump',
      args: 'counted_table text, delta bigint',
      returns: 'void',
      language: 'plpgsql',
      body: `
BEGIN
  INSERT INTO row_count_deltas (table_name, d) VALUES (counted_table, delta);
  IF pg_try_advisory_xact_lock(hashtext('row_counts')) THEN
    WITH gone AS (DELETE FROM row_count_deltas RETURNING table_name, d)
    INSERT INTO row_counts (table_name, n) SELECT table_name, sum(d) FROM gone GROUP BY table_name
    ON CONFLICT (table_name) DO UPDATE SET n = row_counts.n + excluded.n;
  END IF;
END`,
    }),
    fn({
      name: 'row_counts_add',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
DECLARE delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM inserted;
  ELSE
    SELECT -count(*) INTO delta FROM deleted;
  END IF;
  IF delta <> 0 THEN
    PERFORM row_counts_bump(TG_TABLE_NAME, delta);
  END IF;
  RETURN NULL;
END`,
    }),
    // A table counted by its live rows: the statement's inserted live rows less its deleted ones
    // (an update: the rows it made live less those it made not).
    ...Object.entries(LIVE).map(([table, live]) =>
      fn({
        name: `${table}_count_live`,
        returns: 'trigger',
        language: 'plpgsql',
        body: `
DECLARE delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*) INTO delta FROM inserted WHERE ${live};
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT delta - count(*) INTO delta FROM deleted WHERE ${live};
  END IF;
  IF delta <> 0 THEN
    PERFORM row_counts_bump(TG_TABLE_NAME, delta);
  END IF;
  RETURN NULL;
END`,
      }),
    ),
    fn({
      name: 'row_counts_reset',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
  DELETE FROM row_count_deltas WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END`,
    }),
    fn({
      name: 'row_counts_rebuild',
      returns: 'void',
      language: 'sql',
      // The pending changes the counts see are dropped with them (one statement, one snapshot).
      body: `
  SELECT pg_advisory_xact_lock(hashtext('row_counts'));
  DELETE FROM row_counts WHERE table_name IN (${counted});
  WITH gone AS (DELETE FROM row_count_deltas WHERE table_name IN (${counted}))
  INSERT INTO row_counts (table_name, n)
  ${COUNTED_TABLES.map((t) => `SELECT '${t}', count(*) FROM ${t}${LIVE[t] ? ` WHERE ${LIVE[t]}` : ''}`).join('\n  UNION ALL ')};`,
    }),
  ],
  triggers: COUNTED_TABLES.flatMap(countTriggers),
  rebuild: 'row_counts_rebuild',
  content: `SELECT t.name || ' ' || coalesce(c.n, 0) AS r FROM unnest(ARRAY[${counted}]) AS t(name)
    LEFT JOIN row_counts_now c ON c.table_name = t.name ORDER BY 1`,
  readers: [
    'modules/properties/properties.repository.ts, properties.export.repository.ts: GET /api/properties (the total), its export',
    'modules/deals/deals-list.repository.ts: GET /api/deals (the total)',
  ],
  adrs: ['0024', '0046', '0078', '0105'],
  migrations: ['0003', '0012', '0024', '0026', '0041'],
});
