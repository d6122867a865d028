/**
 * The shapes of the derived-data layer (docs/derived-data.md, ADR 0075): what a derived table or
 * column declares — its sources, the views, SQL functions and triggers that keep it, the function
 * that rebuilds it from scratch — and the SQL text each declaration is written to a migration as.
 * The declarations are the current definitions; migrations are written from them
 * (`npm run db:derived-sql -w @frontage/server`), and test/derived-definitions.test.ts fails when
 * the migrated database and a declaration disagree.
 */

/** A SQL function, as `CREATE OR REPLACE FUNCTION` declares it. */
export interface SqlFunction {
  name: string;
  /** The arguments as PostgreSQL prints them (pg_get_function_identity_arguments); none if absent. */
  args?: string;
  returns: string;
  language: 'sql' | 'plpgsql';
  /** VOLATILE when absent. */
  volatility?: 'IMMUTABLE' | 'STABLE';
  parallelSafe?: boolean;
  /** The text between the dollar quotes (compared with the database's, whitespace aside). */
  body: string;
}

export type TriggerEvent = 'INSERT' | 'UPDATE' | 'DELETE' | 'TRUNCATE';

/** A trigger, as `CREATE TRIGGER` declares it. */
export interface SqlTrigger {
  name: string;
  table: string;
  timing: 'BEFORE' | 'AFTER';
  events: readonly TriggerEvent[];
  /** `UPDATE OF` these columns only (absent: any update). */
  columns?: readonly string[];
  forEach: 'ROW' | 'STATEMENT';
  /** A statement trigger's transition tables (`REFERENCING OLD TABLE AS … NEW TABLE AS …`). */
  oldTable?: string;
  newTable?: string;
  /** The `WHEN (…)` condition. */
  when?: string;
  /** The trigger function it executes. */
  function: string;
}

/** A view the functions read (`CREATE OR REPLACE VIEW`). */
export interface SqlView {
  name: string;
  query: string;
}

/** The SQL that one derived table or column is made of. */
export interface DerivedParts {
  views?: readonly SqlView[];
  functions: readonly SqlFunction[];
  triggers: readonly SqlTrigger[];
}

/** One derived table or column: what it is made from, how it is kept, who reads it. */
export interface Derived extends DerivedParts {
  /** The table, or `table.column` for a column. */
  name: string;
  kind: 'table' | 'column';
  /** What it holds, in a sentence. */
  what: string;
  /** The tables and columns it is derived from (what its triggers watch). */
  sources: Readonly<Record<string, readonly string[]>>;
  /**
   * Tables it keeps beside its own: the changes written but not yet folded in (ADR 0105). They are
   * the database's own as much as the table is: a backup's "is it empty" check ignores them.
   */
  beside?: readonly string[];
  /** The function that recomputes it from its sources alone; null when nothing can (see `unrebuildable`). */
  rebuild: string | null;
  /** Why it has no rebuild, and what checks it instead. */
  unrebuildable?: string;
  /** A column stamped with the writing transaction's time whenever the named derived column moves. */
  stamps?: string;
  /**
   * A query of its content as rows of one text column `r`, in a stable order: equal before and
   * after its rebuild when the triggers kept it right.
   */
  content: string;
  /** Who reads it: the repository (and the routes it serves). */
  readers: readonly string[];
  adrs: readonly string[];
  /** The migrations that made and changed it. */
  migrations: readonly string[];
}

/** A function declaration (identity: gives the literal its type). */
export const fn = (f: SqlFunction): SqlFunction => f;

/** A trigger declaration. */
export const trigger = (t: SqlTrigger): SqlTrigger => t;

/** A derived table or column. */
export const derived = (d: Derived): Derived => d;

const q = (ident: string) => `"${ident}"`;

/** The content of a table as text rows: every row, every column, ordered. */
export const tableContent = (table: string): string => `SELECT x::text AS r FROM ${q(table)} x ORDER BY 1`;

/**
 * The content of a word table as text rows, its `doc` (all the entity's words, for `like` checks
 * inside an index entry) with its words sorted: their order is whatever the window's plan gave.
 */
export const wordTableContent = (table: string, columns: readonly string[]): string =>
  `SELECT concat_ws(' ', ${columns.join(', ')}, (SELECT string_agg(w, ' ' ORDER BY w COLLATE "C") FROM regexp_split_to_table(btrim(x.doc), ' ') AS w)) AS r
    FROM ${q(table)} x ORDER BY 1`;

/** `CREATE OR REPLACE FUNCTION …` for a declared function. */
export const functionSql = (f: SqlFunction): string => {
  const traits = [`LANGUAGE ${f.language}`];
  if (f.volatility) traits.push(f.volatility);
  if (f.parallelSafe) traits.push('PARALLEL SAFE');
  const body = f.body.replace(/^\n+|\s+$/g, '');
  return `CREATE OR REPLACE FUNCTION ${q(f.name)}(${f.args ?? ''}) RETURNS ${f.returns} ${traits.join(' ')} AS $$\n${body}\n$$;`;
};

/** `CREATE TRIGGER …` for a declared trigger (drop it first to replace it). */
export const triggerSql = (t: SqlTrigger): string => {
  const events = t.events
    .map((e) => (e === 'UPDATE' && t.columns ? `UPDATE OF ${t.columns.map(q).join(', ')}` : e))
    .join(' OR ');
  const referencing = [
    t.oldTable ? `OLD TABLE AS ${t.oldTable}` : '',
    t.newTable ? `NEW TABLE AS ${t.newTable}` : '',
  ].filter(Boolean);
  return [
    `CREATE TRIGGER ${q(t.name)} ${t.timing} ${events} ON ${q(t.table)}`,
    referencing.length ? ` REFERENCING ${referencing.join(' ')}` : '',
    `\nFOR EACH ${t.forEach}`,
    t.when ? ` WHEN (${t.when})` : '',
    ` EXECUTE FUNCTION ${q(t.function)}();`,
  ].join('');
};

/** `DROP TRIGGER IF EXISTS …`: a trigger is replaced by dropping and creating it. */
export const dropTriggerSql = (t: Pick<SqlTrigger, 'name' | 'table'>): string =>
  `DROP TRIGGER IF EXISTS ${q(t.name)} ON ${q(t.table)};`;

/** `CREATE OR REPLACE VIEW …` for a declared view. */
export const viewSql = (v: SqlView): string =>
  `CREATE OR REPLACE VIEW ${q(v.name)} AS\n${v.query.replace(/^\n+|\s+$/g, '')};`;

/** Whitespace-insensitive form of SQL text (the declarations' indentation is not the migrations'). */
export const normaliseSql = (text: string): string => text.replace(/\s+/g, ' ').trim();
