import { createHash } from 'node:crypto';
import { is, Placeholder, sql, type Column, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { queryRows, type Db } from './client';

const dialect = new PgDialect();

/** timestamp, timestamptz and date OIDs: left as the text PostgreSQL sent. */
const TEXT_TYPES = new Set([1114, 1184, 1082]);
/**
 * Date and time values stay text, as drizzle's own drivers leave them for its column mappings
 * (mapColumns): pg would otherwise parse each into a Date that the mapping parses again.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid)
      ? (v: string) => v
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const poolOf = (db: Db): pg.Pool | undefined => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
};

const nameOf = (text: string) => `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

/**
 * Runs a hot read as a named prepared statement on PostgreSQL (ADR 0023): planning the typeahead's
 * CTE with its joins cost 3–4 ms, several times its execution, so each pooled connection plans a
 * statement shape once and reuses the plan. The name is derived from the SQL text, so every shape
 * (number of words, filters) gets its own. PGlite (one embedded user) and transactions run it plainly.
 */
export const preparedRows = async <T>(db: Db, query: SQL): Promise<T[]> => {
  const pool = poolOf(db);
  if (!pool) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await pool.query({ name: nameOf(text), text, values: params as unknown[], types })).rows as T[];
};

/**
 * preparedRows for a statement whose text never changes, only its values (ADR 0031): on
 * PostgreSQL the builder runs once with placeholders and the rendered text is reused — rendering
 * the property read's ninety columns cost more CPU than executing it. PGlite and transactions
 * build it with the values each time, as preparedRows does.
 */
export const fixedStatement = <A extends unknown[]>(build: (...args: A) => SQL) => {
  let rendered: { name: string; text: string; params: unknown[] } | undefined;
  return async <T>(db: Db, ...args: A): Promise<T[]> => {
    const pool = poolOf(db);
    if (!pool) return queryRows<T>(db, build(...args));
    if (!rendered) {
      const placeholders = args.map((_, i) => sql.placeholder(String(i))) as unknown as A;
      const { sql: text, params } = dialect.sqlToQuery(build(...placeholders));
      rendered = { name: nameOf(text), text, params };
    }
    const values = rendered.params.map((p) => (is(p, Placeholder) ? args[Number(p.name)] : p));
    return (await pool.query({ name: rendered.name, text: rendered.text, values, types })).rows as T[];
  };
};

/** A statement's values by name: `value(name)` is the value itself, or a placeholder of that name. */
export type ValueOf = (name: string) => unknown;

/**
 * preparedRows for a statement of a few shapes whose values vary (ADR 0032): `build(shape, value)`
 * is rendered once per shape with `sql.placeholder(name)` for every `value(name)`, and each call
 * fills the placeholders from `values`. The typeahead's page statement has one shape per word
 * count; rendering its CTEs per request cost more CPU than presenting the page. PGlite and
 * transactions build it with the values each time, as preparedRows does.
 */
export const shapedStatement = <S extends string | number>(build: (shape: S, value: ValueOf) => SQL) => {
  const rendered = new Map<S, { name: string; text: string; params: unknown[] }>();
  return async <T>(db: Db, shape: S, values: Record<string, unknown>): Promise<T[]> => {
    const named = (name: string) => {
      if (!(name in values)) throw new Error(`shapedStatement: no value for ${name}`);
      return values[name];
    };
    const pool = poolOf(db);
    if (!pool) return queryRows<T>(db, build(shape, named));
    let r = rendered.get(shape);
    if (!r) {
      const { sql: text, params } = dialect.sqlToQuery(build(shape, (name) => sql.placeholder(name)));
      r = { name: nameOf(text), text, params };
      rendered.set(shape, r);
    }
    const bound = r.params.map((p) => (is(p, Placeholder) ? named(p.name) : p));
    return (await pool.query({ name: r.name, text: r.text, values: bound, types })).rows as T[];
  };
};

/**
 * One raw row of `preparedRows` as drizzle would give it for these columns (timestamps as Date,
 * json parsed, whichever driver answered): `row[prefix + key]` through each column's own mapping,
 * null kept as null.
 */
export const mapColumns = <T>(
  row: Record<string, unknown>,
  columns: Record<string, Column>,
  prefix = '',
): T => columnMapper<T>(columns, prefix)(row);

type Mapper = (row: Record<string, unknown>) => unknown;
const mappers = new WeakMap<Record<string, Column>, Map<string, Mapper>>();

/**
 * mapColumns as a function made once per column set and prefix: the keys, the aliases and the
 * columns' mappings are looked up once, not for every value of every row of every page.
 */
export const columnMapper = <T>(
  columns: Record<string, Column>,
  prefix = '',
): ((row: Record<string, unknown>) => T) => {
  let byPrefix = mappers.get(columns);
  if (!byPrefix) mappers.set(columns, (byPrefix = new Map()));
  let mapper = byPrefix.get(prefix);
  if (!mapper) {
    const fields = Object.entries(columns).map(([key, col]) => ({ key, alias: `${prefix}${key}`, col }));
    mapper = (row) => {
      const out: Record<string, unknown> = {};
      for (const f of fields) {
        const v = row[f.alias];
        out[f.key] = v === null || v === undefined ? null : f.col.mapFromDriverValue(v);
      }
      return out;
    };
    byPrefix.set(prefix, mapper);
  }
  return mapper as (row: Record<string, unknown>) => T;
};

/**
 * A fragment with no values, rendered to text once (module constants such as a select list or a
 * join chain): rendering drizzle's column and table objects on every request was most of a hot
 * read's CPU in the server (ADR 0032).
 */
export const staticSql = <T = unknown>(fragment: SQL<T>): SQL<T> => {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length) throw new Error('staticSql: the fragment holds values; render it per request');
  return sql.raw(text) as SQL<T>;
};

const selectLists = new WeakMap<Record<string, Column>, Map<string, SQL>>();

/**
 * A select list of these columns named `prefix + key`, for mapColumns. Rendered to text once per
 * column set and prefix (it holds no values): drizzle renders a column through several checks,
 * and a hundred-column list rebuilt per request cost more CPU than the search it selected for.
 */
export const selectColumns = (columns: Record<string, Column>, prefix = ''): SQL => {
  let byPrefix = selectLists.get(columns);
  if (!byPrefix) selectLists.set(columns, (byPrefix = new Map()));
  let list = byPrefix.get(prefix);
  if (!list) {
    const built = sql.join(
      Object.entries(columns).map(([key, col]) => sql`${col} as ${sql.identifier(`${prefix}${key}`)}`),
      sql`, `,
    );
    list = staticSql(built);
    byPrefix.set(prefix, list);
  }
  return list;
};
