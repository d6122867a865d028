import { sql, type SQL } from 'drizzle-orm';

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
