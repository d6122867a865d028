import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { preparedRows } from './prepared';

/**
 * A keyset over `(key nulls last, id)` in one direction. The null flag leads so that one row
 * comparison, all in the same direction, continues after any row: ascending reads
 * `(key is null, key, id)` upwards, descending `(key is not null, key, id)` downwards (the same
 * order as `key desc nulls last, id desc`). `lead` are boolean terms ordered before the key
 * (e.g. the scheme list's "name starts with the search word" rank), true first.
 */
export interface ExportKeyset {
  /** The select expression of the cursor: a text array `[lead…, flag, key, id]`. */
  cursor: SQL;
  orderBy: SQL[];
  after: (cursor: string[]) => SQL;
}

export const exportKeyset = (
  keyExpr: SQL,
  cast: SQL,
  sentinel: SQL,
  id: SQL,
  descending: boolean,
  lead: SQL[] = [],
): ExportKeyset => {
  // Leads are "true first": descending reads them as they are, ascending negated.
  const leads = lead.map((l) => (descending ? sql`(${l})` : sql`(not (${l}))`));
  const flag = descending ? sql`(${keyExpr} is not null)` : sql`(${keyExpr} is null)`;
  const key = sql`coalesce(${keyExpr}, ${sentinel}::${cast})`;
  const terms = [...leads, flag, key, id];
  const dir = descending ? sql`desc` : sql`asc`;
  return {
    cursor: sql`array[${sql.join(
      terms.map((t) => sql`(${t})::text`),
      sql`, `,
    )}]`,
    orderBy: terms.map((t) => sql`${t} ${dir}`),
    after: (c) => {
      const casts = [...leads.map(() => sql`boolean`), sql`boolean`, cast, sql`integer`];
      const values = c.map((v, i) => sql`${v}::${casts[i]!}`);
      return sql`(${sql.join(terms, sql`, `)}) ${descending ? sql`<` : sql`>`} (${sql.join(values, sql`, `)})`;
    },
  };
};

/* ─────────────────────────── export id batches (ADR 0069) ─────────────────────────── */

/**
 * An export's order read along an index of the whole table: each batch is one short index range
 * after the previous batch's last key, however deep the export is. `key` and `id` are spelled
 * exactly as the index reads them in this direction — `nulls` included, since the planner matches
 * an index by its nulls placement too — so a batch costs its own rows, not a sort of the table.
 */
export interface IndexWalk {
  /** `from …` with whatever joins the key needs. */
  from: SQL;
  /**
   * Conditions the index serves as its leading columns (e.g. a town's range), or none: a walk is for
   * the unfiltered list, where every index entry is a row of the export.
   */
  where?: SQL;
  id: SQL;
  key: SQL;
  /** The key's type, for the cursor's parameter. */
  cast: SQL;
  descending: boolean;
  /** Where the index reads nulls in this direction (`last` for a nullable key: nulls sort last). */
  nulls: 'first' | 'last';
  /**
   * The key may be null. Null keys come last either way; they are read in a second pass along the
   * same index (`key is null`, by id), since a row comparison never passes a null.
   */
  nullable?: boolean;
}

interface WalkRow {
  id: number;
  k: string | null;
}

const walkSql = (
  w: IndexWalk,
  after: { k: string; id: number } | null,
  nullsPass: boolean,
  afterId: number | null,
  limit: number,
): SQL => {
  const dir = sql.raw(`${w.descending ? 'desc' : 'asc'} nulls ${w.nulls}`);
  const op = sql.raw(w.descending ? '<' : '>');
  const conds: SQL[] = w.where ? [w.where] : [];
  if (nullsPass) {
    conds.push(sql`${w.key} is null`);
    if (afterId !== null) conds.push(sql`${w.id} ${op} ${afterId}::integer`);
  } else {
    if (w.nullable) conds.push(sql`${w.key} is not null`);
    if (after) conds.push(sql`(${w.key}, ${w.id}) ${op} (${after.k}::${w.cast}, ${after.id}::integer)`);
  }
  return sql`select ${w.id} as id, (${w.key})::text as k ${w.from}
    ${conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``}
    order by ${w.key} ${dir}, ${w.id} ${dir} limit ${limit}`;
};

/**
 * The ids of an unfiltered export in its order, `size` at a time, each batch one index range
 * (IndexWalk) read when the previous batch has been written.
 */
export async function* walkIds(db: Db, w: IndexWalk, size: number): AsyncGenerator<number[]> {
  let after: { k: string; id: number } | null = null;
  let nullsPass = false;
  let afterId: number | null = null;
  for (;;) {
    const rows: WalkRow[] = await preparedRows<WalkRow>(db, walkSql(w, after, nullsPass, afterId, size));
    if (rows.length) yield rows.map((r) => Number(r.id));
    if (rows.length < size) {
      if (!w.nullable || nullsPass) return;
      nullsPass = true;
      continue;
    }
    const last: WalkRow = rows[rows.length - 1]!;
    if (nullsPass) afterId = Number(last.id);
    else after = { k: last.k!, id: Number(last.id) };
  }
}

/**
 * One statement answering the ids of `from … where …` in `orderBy`, as one comma-separated text
 * (`ids`): a filtered export, or an order no index serves, sorts its matches once — what one page
 * of the same list costs — instead of once per batch. Only the id and the order's columns are read.
 */
export const orderedIdsSql = (id: SQL, from: SQL, where: SQL | undefined, orderBy: SQL[]): SQL =>
  sql`select string_agg((${id})::text, ',' order by ${sql.join(orderBy, sql`, `)}) as ids ${from}
    ${where ? sql`where ${where}` : sql``}`;

/** The ids `orderedIdsSql` answered, `size` at a time (the text is cut as it goes, never split whole). */
export async function* sortedIds(db: Db, query: SQL, size: number): AsyncGenerator<number[]> {
  const text = (await preparedRows<{ ids: string | null }>(db, query))[0]?.ids ?? '';
  let at = 0;
  while (at < text.length) {
    let end = at;
    for (let n = 0; n < size; n++) {
      end = text.indexOf(',', end + 1);
      if (end < 0) {
        end = text.length;
        break;
      }
    }
    yield text.slice(at, end).split(',').map(Number);
    at = end + 1;
  }
}

/**
 * `left join lateral (select <columns> from <table> x where x.id = <id> offset 0) <alias> on true`:
 * an export batch's related row as one index lookup per row. `offset 0` keeps the planner from
 * flattening it into a join it may run as a hash join over the whole related table — for a batch
 * of 1,000 rows that reads every address or company (PGlite plans with random_page_cost 4).
 */
export const lookupJoin = (alias: string, table: SQL, columns: string, id: SQL): SQL =>
  sql`left join lateral (select ${sql.raw(columns)} from ${table} x where x.id = ${id} offset 0) ${sql.raw(alias)} on true`;
