import { fn, trigger, type DerivedParts, type SqlView } from './define';

/**
 * A counted index (ADR 0031) over one table's (key, id) order: each mark starts a bucket of that
 * order — the rows from the mark up to the next mark, ascending — and holds how many there are,
 * so the position of any page is found by summing about a thousand counts instead of skipping
 * hundreds of thousands of index entries. The first mark is the sentinel ('-infinity', 0), below
 * every key. Writers never update a mark (ADR 0105): they add their changes to `<marks>_pending`,
 * and whichever writing transaction holds the fold lock moves them into the counts; readers read
 * `<marks>_now`, the marks with what is pending. One definition serves every counted list:
 * `countedIndex` writes the functions and triggers for one table from its key.
 */
export interface CountedIndexSpec {
  /** Prefix of the functions: `<prefix>_mark_size`, `<prefix>_marks_rebuild`, … */
  prefix: string;
  /** The counted table; its triggers are `<table>_marks_insert` … `_truncate`. */
  table: string;
  /**
   * The table of marks: (keyColumn, id, n); beside it `<marks>_pending` (keyColumn, id, d), the
   * changes not yet folded into the counts, and the view `<marks>_now`, the marks with them.
   */
  marks: string;
  /** The marks' key column. */
  keyColumn: string;
  /** The key's SQL type (as PostgreSQL prints it). */
  keyType: string;
  /** The key of row `r` of the counted table: a column, or an expression that is never null. */
  key: (r: string) => string;
  /**
   * Whether row `r` is counted, when not every row is (archived properties leave the list, ADR
   * 0078): an update that changes it moves the row out of or into its bucket.
   */
  live?: (r: string) => string;
}

/** Rows per bucket: a function rather than a literal so tests can make buckets of a handful. */
export const DEFAULT_MARK_SIZE = 1000;

/** The functions and triggers of a counted index over `spec.table`. */
export const countedIndex = (
  spec: CountedIndexSpec,
): DerivedParts & { rebuild: string; views: SqlView[]; beside: string[] } => {
  const { prefix, table, marks, keyColumn: k, keyType, key } = spec;
  const live = spec.live;
  /** ` WHERE`/` AND` the row is counted (nothing when every row is). */
  const counted = (r: string, glue: 'WHERE' | 'AND') => (live ? ` ${glue} ${live(r)}` : '');
  const size = `${prefix}_mark_size`;
  const add = `${prefix}_marks_add`;
  const split = `${prefix}_marks_split`;
  const rebuild = `${prefix}_marks_rebuild`;
  const fold = `${prefix}_marks_fold`;
  const pending = `${marks}_pending`;
  const now = `${marks}_now`;
  /** Folds are one at a time: the holder of this lock (to its transaction's end). */
  const foldLock = `hashtext('${marks}')`;
  /** The rows from the mark (from_key, from_id) on, numbered, one mark each `size` rows. */
  const buckets = (firstKey: string, firstId: string, where: string) => `
    SELECT CASE WHEN o.rn = 0 THEN ${firstKey} ELSE o.k END,
      CASE WHEN o.rn = 0 THEN ${firstId} ELSE o.id END,
      least(${size}(), o.total - o.rn)
    FROM (
      SELECT ${key('r')} AS k, r.id, row_number() OVER (ORDER BY ${key('r')}, r.id) - 1 AS rn, count(*) OVER () AS total
      FROM ${table} r${where}${counted('r', where ? 'AND' : 'WHERE')}
    ) o
    WHERE o.rn % ${size}() = 0`;
  const sentinel = `INSERT INTO ${marks} (${k}, id, n) VALUES ('-infinity', 0, 0) ON CONFLICT DO NOTHING;`;
  const moved = live
    ? `(${key('i')} IS DISTINCT FROM ${key('o')} OR (${live('i')}) IS DISTINCT FROM (${live('o')}))`
    : `${key('i')} IS DISTINCT FROM ${key('o')}`;
  return {
    beside: [pending],
    rebuild,
    views: [
      {
        // The marks with the changes not yet folded in, each added to the bucket its key is in
        // now: what readers sum. Few are pending (each writing transaction tries to fold).
        name: now,
        query: `
SELECT m.${k}, m.id, m.n + coalesce(p.d, 0) AS n
FROM ${marks} m
LEFT JOIN (
  SELECT b.${k}, b.id, sum(c.d)::integer AS d
  FROM ${pending} c
  CROSS JOIN LATERAL (
    SELECT x.${k}, x.id FROM ${marks} x
    WHERE (x.${k}, x.id) <= (c.${k}, c.id)
    ORDER BY x.${k} DESC, x.id DESC LIMIT 1
  ) b
  GROUP BY b.${k}, b.id
) p ON p.${k} = m.${k} AND p.id = m.id`,
      },
    ],
    functions: [
      fn({
        name: size,
        returns: 'integer',
        language: 'sql',
        volatility: 'STABLE',
        body: `SELECT ${DEFAULT_MARK_SIZE}`,
      }),
      // Every mark again from the table: one each mark-size rows (bulk loaders that bypass triggers).
      fn({
        name: rebuild,
        returns: 'void',
        language: 'plpgsql',
        body: `
  BEGIN
    PERFORM pg_advisory_xact_lock(${foldLock});
    DELETE FROM ${marks};
    -- The pending changes the count sees are dropped with it (one statement, one snapshot).
    WITH gone AS (DELETE FROM ${pending})
    INSERT INTO ${marks} (${k}, id, n)${buckets(`'-infinity'::${keyType}`, '0', '')};
    ${sentinel}
  END`,
      }),
      // Splits a bucket that outgrew twice the mark size into buckets of the mark size. The
      // bucket's first row keeps the mark's own key: the row the mark was made from may have moved.
      fn({
        name: split,
        args: `from_key ${keyType}, from_id integer`,
        returns: 'void',
        language: 'plpgsql',
        body: `
  DECLARE
    next_key ${keyType};
    next_id integer;
  BEGIN
    SELECT m.${k}, m.id INTO next_key, next_id FROM ${marks} m
    WHERE (m.${k}, m.id) > (from_key, from_id) ORDER BY m.${k}, m.id LIMIT 1;
    -- The bucket is counted again from the table: the pending changes in its range that this
    -- count sees are dropped in the same statement (one snapshot); later ones stay pending.
    WITH gone AS (
      DELETE FROM ${pending} p
      WHERE (p.${k}, p.id) >= (from_key, from_id)
        AND (next_key IS NULL OR (p.${k}, p.id) < (next_key, next_id))
    )
    INSERT INTO ${marks} (${k}, id, n)${buckets(
      'from_key',
      'from_id',
      `
      WHERE (${key('r')}, r.id) >= (from_key, from_id)
        AND (next_key IS NULL OR (${key('r')}, r.id) < (next_key, next_id))`,
    )}
    ON CONFLICT (${k}, id) DO UPDATE SET n = excluded.n;
  END`,
      }),
      // Folds the pending changes into the bucket counts (only one transaction at a time: the
      // lock is taken by the adder below). What it deletes from the pending rows is what it adds,
      // so a change committed meanwhile stays pending. Then splits what grew too large and drops
      // emptied buckets (an empty range merged into the one before changes no count).
      fn({
        name: fold,
        returns: 'void',
        language: 'plpgsql',
        body: `
  DECLARE r record;
  BEGIN
    ${sentinel}
    WITH gone AS (DELETE FROM ${pending} RETURNING ${k}, id, d),
    b AS (
      SELECT b.${k}, b.id, sum(c.d)::integer AS d
      FROM gone c
      CROSS JOIN LATERAL (
        SELECT m.${k}, m.id FROM ${marks} m
        WHERE (m.${k}, m.id) <= (c.${k}, c.id)
        ORDER BY m.${k} DESC, m.id DESC LIMIT 1
      ) b
      GROUP BY b.${k}, b.id
    )
    UPDATE ${marks} m SET n = m.n + b.d FROM b WHERE m.${k} = b.${k} AND m.id = b.id;
    FOR r IN SELECT m.${k}, m.id FROM ${marks} m WHERE m.n > 2 * ${size}() ORDER BY m.${k}, m.id LOOP
      PERFORM ${split}(r.${k}, r.id);
    END LOOP;
    DELETE FROM ${marks} WHERE n <= 0 AND ${k} <> '-infinity';
  END`,
      }),
      // Adds one statement's changes (a key and +1 or -1 each) as pending rows, which no other
      // writer touches, so concurrent writes never queue on a bucket row (all new keys land in
      // the newest bucket). The transaction that gets the lock folds them into the buckets; the
      // others leave theirs to the next one, and readers add what is pending (`<marks>_now`).
      fn({
        name: add,
        args: `keys_key ${keyType}[], keys_id integer[], deltas integer[]`,
        returns: 'void',
        language: 'plpgsql',
        body: `
  BEGIN
    INSERT INTO ${pending} (${k}, id, d) SELECT * FROM unnest(keys_key, keys_id, deltas);
    IF pg_try_advisory_xact_lock(${foldLock}) THEN
      PERFORM ${fold}();
    END IF;
  END`,
      }),
      fn({
        name: `${prefix}_marks_inserted`,
        returns: 'trigger',
        language: 'plpgsql',
        body: `
  BEGIN
    PERFORM ${add}(array_agg(${key('i')}), array_agg(i.id), array_agg(1)) FROM inserted i${counted('i', 'WHERE')} HAVING count(*) > 0;
    RETURN NULL;
  END`,
      }),
      fn({
        name: `${prefix}_marks_deleted`,
        returns: 'trigger',
        language: 'plpgsql',
        body: `
  BEGIN
    PERFORM ${add}(array_agg(${key('o')}), array_agg(o.id), array_agg(-1)) FROM deleted o${counted('o', 'WHERE')} HAVING count(*) > 0;
    RETURN NULL;
  END`,
      }),
      // Only rows whose key (or whether they are counted) changed move between buckets.
      fn({
        name: `${prefix}_marks_updated`,
        returns: 'trigger',
        language: 'plpgsql',
        body: `
  BEGIN
    PERFORM ${add}(array_agg(c.k), array_agg(c.id), array_agg(c.d))
    FROM (
      SELECT ${key('o')} AS k, o.id, -1 AS d FROM deleted o JOIN inserted i ON i.id = o.id WHERE ${moved}${counted('o', 'AND')}
      UNION ALL
      SELECT ${key('i')}, i.id, 1 FROM deleted o JOIN inserted i ON i.id = o.id WHERE ${moved}${counted('i', 'AND')}
    ) c
    HAVING count(*) > 0;
    RETURN NULL;
  END`,
      }),
      fn({
        name: `${prefix}_marks_reset`,
        returns: 'trigger',
        language: 'plpgsql',
        body: `
  BEGIN
    DELETE FROM ${marks};
    DELETE FROM ${pending};
    ${sentinel}
    RETURN NULL;
  END`,
      }),
    ],
    triggers: [
      trigger({
        name: `${table}_marks_insert`,
        table,
        timing: 'AFTER',
        events: ['INSERT'],
        forEach: 'STATEMENT',
        newTable: 'inserted',
        function: `${prefix}_marks_inserted`,
      }),
      trigger({
        name: `${table}_marks_delete`,
        table,
        timing: 'AFTER',
        events: ['DELETE'],
        forEach: 'STATEMENT',
        oldTable: 'deleted',
        function: `${prefix}_marks_deleted`,
      }),
      trigger({
        name: `${table}_marks_update`,
        table,
        timing: 'AFTER',
        events: ['UPDATE'],
        forEach: 'STATEMENT',
        oldTable: 'deleted',
        newTable: 'inserted',
        function: `${prefix}_marks_updated`,
      }),
      trigger({
        name: `${table}_marks_truncate`,
        table,
        timing: 'AFTER',
        events: ['TRUNCATE'],
        forEach: 'STATEMENT',
        function: `${prefix}_marks_reset`,
      }),
    ],
  };
};

/**
 * The content of a counted index as what it says: every row's position in the (key, id) order as
 * the marks give it (the counts of the marks before the row's bucket, plus the rows before it in
 * its bucket), and the total. Buckets are laid out differently after a rebuild; the positions are
 * the same exactly when every count is right.
 */
export const countedIndexContent = (spec: CountedIndexSpec): string => {
  const { table, marks, keyColumn: k, key, live } = spec;
  return `
    WITH rows AS (SELECT ${key('r')} AS k, r.id FROM ${table} r${live ? ` WHERE ${live('r')}` : ''}),
    m AS (SELECT ${k} AS k, id, n, coalesce(sum(n) OVER (ORDER BY ${k}, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before FROM ${marks}_now)
    SELECT 'row ' || x.id || ' at ' || (b.before + (SELECT count(*) FROM rows y WHERE (y.k, y.id) >= (b.k, b.id) AND (y.k, y.id) < (x.k, x.id))) AS r
    FROM rows x CROSS JOIN LATERAL (SELECT * FROM m WHERE (m.k, m.id) <= (x.k, x.id) ORDER BY m.k DESC, m.id DESC LIMIT 1) b
    UNION ALL
    SELECT 'total ' || coalesce((SELECT sum(n) FROM ${marks}_now), 0)
    ORDER BY 1`;
};
