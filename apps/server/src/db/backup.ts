/**
 * Logical backup and restore (ADR 0033), the same for PGlite and a PostgreSQL server: a backup of
 * either restores into either. No pg_dump: it is not on every machine and cannot reach PGlite.
 *
 * Format — one gzip file of JSON lines (`.ndjson.gz`), read and written as a stream:
 *
 *     {"format":"frontage-backup","version":1,"created_at":…,"driver":…,"server_version":…,"migrations":[{hash,created_at}…]}
 *     {"table":"addresses","columns":["id","street",…],"types":["integer","text",…]}
 *     ["1","1 High Street",null,…]            one line per row: every value in PostgreSQL's text form
 *     {"table_end":"addresses","rows":1234}
 *     …                                         every table of schema public, by name
 *     {"sequences":[{"name":"addresses_id_seq","last_value":"1234","is_called":true}…]}
 *     {"end":true,"tables":24,"rows":98765}
 *
 * Values travel as PostgreSQL prints them (`value::text` with DateStyle ISO, TimeZone UTC,
 * bytea_output hex, extra_float_digits 3) and are read back by the column type's own input
 * (`text::type`), so bytea, jsonb, numeric, timestamps, arrays and text round-trip exactly.
 * Generated columns are left out (the target computes them).
 *
 * Backup: one read-only transaction (SERIALIZABLE READ ONLY DEFERRABLE on a server, so a running
 * server's backup is a consistent snapshot without blocking it; REPEATABLE READ on PGlite, which
 * has one connection anyway), rows read through a cursor, a thousand at a time.
 *
 * Restore, into a database without data only (or `force`, which drops what is there), in one
 * transaction — a backup cut short (no end line), or whose counts disagree, leaves the database
 * as it was:
 * 1. an existing (empty, or `force`d) schema is dropped; the migrations the backup was at are
 *    applied, no further (as drizzle's migrator does, journal included): the tables have the
 *    backup's columns;
 * 2. every table's rows with `session_replication_role = replica`: no trigger fires and no
 *    foreign key is checked, so tables load in any order and the tables the triggers keep (word
 *    tables, row counts, order marks) are restored as they were — consistent with the rows,
 *    because the backup is one snapshot; then the sequences.
 * Then the remaining migrations bring an older backup up to this version, and ANALYZE.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { queryRows, type Db, type DbHandle } from './client';
import { MIGRATIONS_DIR, runMigrations } from './migrate';

export const BACKUP_FORMAT = 'frontage-backup';
export const BACKUP_VERSION = 1;
/** Rows per cursor fetch while backing up. */
const FETCH_ROWS = 1000;
/** A restore batch is sent when it holds this many rows or bytes. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Tables the database keeps itself (triggers of migrations 0002, 0003, 0005, 0006): rows in them
 * alone do not make a database "not empty" — a freshly migrated database has some.
 */
export const DERIVED_TABLES: readonly string[] = [
  'company_words',
  'contact_words',
  'property_order_marks',
  'property_words',
  'row_counts',
];

/** The session settings under which values are printed and read back. */
const TEXT_FORM_SETTINGS = [
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

interface TableInfo {
  name: string;
  columns: Array<{ name: string; type: string }>;
  /** Primary key columns, in key order (empty: none). */
  key: string[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The ordinary tables of schema public (not an extension's), their insertable columns and primary key. */
const listTables = async (db: Db): Promise<TableInfo[]> =>
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
const listSequences = async (db: Db): Promise<string[]> =>
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
  const order = key.length ? ` order by ${key.map(ident).join(', ')}` : '';
  return `select to_json(array[${values}]::text[])::text as r from public.${ident(table)}${order}`;
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

const migrationJournal = async (db: Db): Promise<BackupHeader['migrations']> => {
  const [exists] = await queryRows<{ t: string | null }>(
    db,
    sql.raw(`select to_regclass('drizzle.__drizzle_migrations')::text as t`),
  );
  if (!exists?.t) return [];
  return queryRows(
    db,
    sql.raw(
      `select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at`,
    ),
  );
};

/**
 * Writes a consistent backup of the database as lines (without their newline) to `write`, which
 * may apply back-pressure by returning a promise.
 */
export const backupDatabase = async (
  handle: DbHandle,
  write: (line: string) => void | Promise<void>,
): Promise<BackupSummary> =>
  handle.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db.execute(
      sql.raw(
        handle.driver === 'pg'
          ? 'set transaction isolation level serializable, read only, deferrable'
          : 'set transaction isolation level repeatable read, read only',
      ),
    );
    for (const s of TEXT_FORM_SETTINGS) await db.execute(sql.raw(s));
    const [version] = await queryRows<{ v: string }>(db, sql.raw('select version() as v'));
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      driver: handle.driver,
      server_version: version?.v ?? '',
      migrations: await migrationJournal(db),
    };
    await write(JSON.stringify(header));
    const summary: BackupSummary = { tables: {}, rows: 0, sequences: 0 };
    const tables = await listTables(db);
    for (const t of tables) {
      await write(
        JSON.stringify({
          table: t.name,
          columns: t.columns.map((c) => c.name),
          types: t.columns.map((c) => c.type),
        }),
      );
      const query = rowsAsTextQuery(
        t.name,
        t.columns.map((c) => c.name),
        t.key,
      );
      await db.execute(sql.raw(`declare frontage_backup no scroll cursor for ${query}`));
      let n = 0;
      for (;;) {
        const rows = await queryRows<{ r: string }>(
          db,
          sql.raw(`fetch forward ${FETCH_ROWS} from frontage_backup`),
        );
        for (const row of rows) await write(row.r);
        n += rows.length;
        if (rows.length < FETCH_ROWS) break;
      }
      await db.execute(sql.raw('close frontage_backup'));
      await write(JSON.stringify({ table_end: t.name, rows: n }));
      summary.tables[t.name] = n;
      summary.rows += n;
    }
    const sequences = [];
    for (const name of await listSequences(db)) {
      const [s] = await queryRows<{ last_value: string; is_called: boolean }>(
        db,
        sql.raw(`select last_value::text as last_value, is_called from public.${ident(name)}`),
      );
      sequences.push({ name, last_value: s!.last_value, is_called: s!.is_called });
    }
    await write(JSON.stringify({ sequences }));
    summary.sequences = sequences.length;
    await write(JSON.stringify({ end: true, tables: tables.length, rows: summary.rows }));
    return summary;
  });

/** Writes a backup to a gzip file: first to `<file>.partial`, synced, then renamed into place. */
export const backupToFile = async (handle: DbHandle, file: string): Promise<BackupSummary> => {
  const partial = `${file}.partial`;
  const lines = new PassThrough();
  const written = pipeline(lines, zlib.createGzip(), fs.createWriteStream(partial));
  // Lines go to gzip in chunks of about 256 KB (a write per line costs more than the dump).
  let chunk: string[] = [];
  let chunkLength = 0;
  const send = () => {
    const ok = lines.write(chunk.join(''));
    chunk = [];
    chunkLength = 0;
    return ok ? undefined : new Promise<void>((resolve) => lines.once('drain', resolve));
  };
  let summary: BackupSummary;
  try {
    summary = await backupDatabase(handle, (line) => {
      chunk.push(line, '\n');
      chunkLength += line.length + 1;
      if (chunkLength >= 256 * 1024) return send();
    });
    await send();
    lines.end();
    await written;
  } catch (err) {
    lines.destroy();
    await written.catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw err;
  }
  const fd = fs.openSync(partial, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  const dirFd = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(dirFd);
  } finally {
    fs.closeSync(dirFd);
  }
  return summary;
};

/** The lines of a backup file (gzip or plain). */
export async function* readBackupFile(file: string): AsyncGenerator<string> {
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  const raw = fs.createReadStream(file);
  const input = head[0] === 0x1f && head[1] === 0x8b ? raw.pipe(zlib.createGunzip()) : raw;
  raw.on('error', (err) => input.destroy(err));
  yield* readline.createInterface({ input, crlfDelay: Infinity });
}

export interface RestoreOptions {
  /** Drop whatever the database holds first (otherwise a database with data is refused). */
  force?: boolean;
  /** Progress messages. */
  log?: (message: string) => void;
}

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** The tables with rows, derived ones aside (empty = a new or only migrated database). */
const tablesWithData = async (db: Db): Promise<string[]> => {
  const found: string[] = [];
  for (const t of await listTables(db)) {
    if (DERIVED_TABLES.includes(t.name)) continue;
    const [r] = await queryRows<{ any: boolean }>(
      db,
      sql.raw(`select exists (select 1 from public.${ident(t.name)}) as any`),
    );
    if (r?.any) found.push(t.name);
  }
  return found;
};

/** Drops the application's schemas (public is recreated empty, with PostgreSQL 15's default grant). */
const wipe = async (db: Db): Promise<void> => {
  await db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await db.execute(sql.raw('drop schema if exists public cascade'));
  await db.execute(sql.raw('create schema public'));
  await db.execute(sql.raw('grant usage on schema public to public'));
};

/**
 * The migrations a backup was at, checked against this version's: a migration this version does
 * not have (a backup of a newer version) or one that differs refuses the restore.
 */
const migrationsOfBackup = (header: BackupHeader): MigrationMeta[] => {
  const known = new Map(
    readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => [m.folderMillis, m]),
  );
  return header.migrations.map((m) => {
    const migration = known.get(Number(m.created_at));
    if (!migration) {
      throw new RestoreRefusedError(
        `The backup is at a migration this version does not have (created_at ${m.created_at}): restore it with the Frontage version that made it, or a newer one.`,
      );
    }
    if (migration.hash !== m.hash) {
      throw new RestoreRefusedError(
        `Migration ${m.created_at} differs from the one the backup was made with.`,
      );
    }
    return migration;
  });
};

/** Applies migrations inside the caller's transaction, recording them as drizzle's migrator does. */
const applyMigrations = async (db: Db, migrations: readonly MigrationMeta[]): Promise<void> => {
  await db.execute(sql.raw('create schema if not exists drizzle'));
  await db.execute(
    sql.raw(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    ),
  );
  for (const m of migrations) {
    for (const statement of m.sql) await db.execute(sql.raw(statement));
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`,
    );
  }
};

type Line =
  | { table: string; columns: string[]; types: string[] }
  | { table_end: string; rows: number }
  | { sequences: Array<{ name: string; last_value: string; is_called: boolean }> }
  | { end: true; tables: number; rows: number };

/**
 * Restores a backup (its lines, as {@link readBackupFile} gives them) into the database, which
 * must hold no data unless `force`. Returns what was loaded.
 */
export const restoreDatabase = async (
  handle: DbHandle,
  lines: AsyncIterable<string>,
  opts: RestoreOptions = {},
): Promise<BackupSummary> => {
  const log = opts.log ?? (() => undefined);
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  let header: BackupHeader;
  try {
    header = JSON.parse(first.done ? '' : first.value) as BackupHeader;
  } catch {
    throw new RestoreRefusedError('This is not a Frontage backup (its first line is not a backup header).');
  }
  if (header.format !== BACKUP_FORMAT) throw new RestoreRefusedError('This is not a Frontage backup.');
  if (header.version !== BACKUP_VERSION)
    throw new RestoreRefusedError(`Backup format version ${header.version} is not supported.`);
  const migrations = migrationsOfBackup(header);

  const summary: BackupSummary = await handle.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const withData = await tablesWithData(t);
    if (withData.length && !opts.force) {
      throw new RestoreRefusedError(
        `The database is not empty (rows in ${withData.slice(0, 5).join(', ')}${withData.length > 5 ? ', …' : ''}): restore into a new database or data directory, or pass --force to replace it.`,
      );
    }
    const [{ n: tableCount } = { n: 0 }] = await queryRows<{ n: number }>(
      t,
      sql.raw(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle') and c.relkind = 'r'`,
      ),
    );
    if (tableCount > 0) {
      log(withData.length ? 'replacing the existing data (--force)' : 'replacing the empty schema');
      await wipe(t);
    }
    await applyMigrations(t, migrations);
    log(`schema at the backup's migration (${migrations.length} migrations)`);
    await t.execute(sql.raw('set local session_replication_role = replica')).catch((err: unknown) => {
      throw new RestoreRefusedError(
        `Restoring needs a role that may set session_replication_role (a superuser, or on PostgreSQL 15+: GRANT SET ON PARAMETER session_replication_role TO <role>): ${(err as Error).message}`,
      );
    });
    for (const s of TEXT_FORM_SETTINGS) await t.execute(sql.raw(s));
    const targetTables = new Map((await listTables(t)).map((x) => [x.name, x]));
    // The migrations themselves write a few derived rows; the backup's replace them.
    if (targetTables.size)
      await t.execute(
        sql.raw(`truncate ${[...targetTables.keys()].map((n) => `public.${ident(n)}`).join(', ')}`),
      );

    const result: BackupSummary = { tables: {}, rows: 0, sequences: 0 };
    let table: { name: string; insert: (json: string) => ReturnType<Db['execute']> } | undefined;
    let batch: string[] = [];
    let batchBytes = 0;
    let tableRows = 0;
    let ended = false;
    const flush = async () => {
      if (!batch.length) return;
      await table!.insert(`[${batch.join(',')}]`);
      batch = [];
      batchBytes = 0;
    };
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const line = next.value;
      if (!line) continue;
      if (ended) throw new RestoreRefusedError('The backup has lines after its end.');
      if (line.startsWith('[')) {
        if (!table) throw new RestoreRefusedError('The backup has a row outside a table.');
        batch.push(line);
        batchBytes += line.length;
        tableRows++;
        if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
        continue;
      }
      const item = JSON.parse(line) as Line;
      if ('table' in item) {
        const target = targetTables.get(item.table);
        if (!target)
          throw new RestoreRefusedError(`The backup has table ${item.table}, which the schema lacks.`);
        const types = new Map(target.columns.map((c) => [c.name, c.type]));
        const missing = item.columns.filter((c) => !types.has(c));
        if (missing.length)
          throw new RestoreRefusedError(
            `Table ${item.table} lacks the backup's columns ${missing.join(', ')}.`,
          );
        const insert = rowsInserter(
          t,
          item.table,
          item.columns,
          item.columns.map((c) => types.get(c)!),
        );
        table = { name: item.table, insert };
        tableRows = 0;
      } else if ('table_end' in item) {
        await flush();
        if (!table || item.table_end !== table.name || item.rows !== tableRows) {
          throw new RestoreRefusedError(
            `Table ${item.table_end}: the backup announces ${item.rows} rows and holds ${tableRows}.`,
          );
        }
        result.tables[table.name] = tableRows;
        result.rows += tableRows;
        log(`${table.name}: ${tableRows} rows`);
        table = undefined;
      } else if ('sequences' in item) {
        for (const s of item.sequences) {
          await t.execute(
            sql`select setval(${`public.${ident(s.name)}`}::regclass, ${s.last_value}::bigint, ${s.is_called})`,
          );
        }
        result.sequences = item.sequences.length;
      } else if ('end' in item) {
        if (table) throw new RestoreRefusedError(`The backup ends inside table ${table.name}.`);
        if (item.rows !== result.rows)
          throw new RestoreRefusedError(`The backup announces ${item.rows} rows and holds ${result.rows}.`);
        ended = true;
      }
    }
    if (!ended)
      throw new RestoreRefusedError('The backup is cut short (it has no end line): nothing was restored.');
    return result;
  });

  await runMigrations(handle);
  await handle.db.execute(sql.raw('analyze'));
  return summary;
};
