/**
 * The backup file's format and the catalogue reads backup and restore share (ADR 0033; the format
 * is described in backup.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbHandle } from './client';

export const BACKUP_FORMAT = 'frontage-backup';
export const BACKUP_VERSION = 1;
/** Rows per cursor fetch while backing up. */
export const FETCH_ROWS = 1000;
/** A restore batch is sent when it holds this many rows or bytes. */
export const BATCH_ROWS = 1000;
export const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Tables the database keeps itself (the derived-data layer, db/derived): rows in them alone do not
 * make a database "not empty" — a freshly migrated database has some.
 */
export { DERIVED_TABLES } from './derived';

/**
 * Tables a migration fills with their one row of settings (the server then writes its configured
 * values there at start-up): that row alone does not make a database "not empty" either.
 */
export const SETTINGS_TABLES: readonly string[] = ['lease_event_settings'];

/** The session settings under which values are printed and read back. */
export const TEXT_FORM_SETTINGS = [
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local timezone = 'UTC'`,
  `set local bytea_output = 'hex'`,
  `set local extra_float_digits = 3`,
];

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  driver: DbHandle['driver'];
  server_version: string;
  /** drizzle's migration journal: the migrations the database was at. */
  migrations: Array<{ hash: string; created_at: string }>;
}

export interface BackupSummary {
  /** Rows per table, by name. */
  tables: Record<string, number>;
  rows: number;
  sequences: number;
}

export interface TableInfo {
  name: string;
  columns: Array<{ name: string; type: string }>;
  /** Primary key columns, in key order (empty: none). */
  key: string[];
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The ordinary tables of schema public (not an extension's), their insertable columns and primary key. */
export const listTables = async (db: Db): Promise<TableInfo[]> =>
  queryRows<TableInfo>(
    db,
    sql.raw(`
      select c.relname as name,
        coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                  from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''), '[]'::json) as columns,
        coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                  from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                  where i.indrelid = c.oid and i.indisprimary), '[]'::json) as key
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by c.relname`),
  );

/** The sequences of schema public (serial and identity columns' included). */
export const listSequences = async (db: Db): Promise<string[]> =>
  (
    await queryRows<{ name: string }>(
      db,
      sql.raw(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = 'public' and c.relkind = 'S' order by c.relname`),
    )
  ).map((r) => r.name);

/** The query of a table's rows, each as one JSON array of its values' text forms (null for NULL). */
export const rowsAsTextQuery = (
  table: string,
  columns: readonly string[],
  key: readonly string[] = [],
): string => {
  const values = columns.map((c) => `${ident(c)}::text`).join(', ');
  // A table without a primary key (the word tables) by its rows' text, byte-wise: its physical
  // order is where each insert found room, which differs between two databases of the same rows.
  const rows = `select to_json(array[${values}]::text[])::text as r from public.${ident(table)}`;
  return key.length
    ? `${rows} order by ${key.map(ident).join(', ')}`
    : `select r from (${rows}) x order by r collate "C"`;
};

/**
 * Inserts rows given as a JSON array of {@link rowsAsTextQuery}'s arrays (one parameter, so any
 * batch fits a statement), each value read by its column type's input function.
 */
export const rowsInserter = (db: Db, table: string, columns: readonly string[], types: readonly string[]) => {
  const values = columns.map((c, i) => `(x->>${i})::${types[i]}`).join(', ');
  const head = sql.raw(
    `insert into public.${ident(table)} (${columns.map(ident).join(', ')}) overriding system value select ${values} from json_array_elements(`,
  );
  return (json: string) => db.execute(sql`${head}${json}::json) as x`);
};
