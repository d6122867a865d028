/**
 * Restore of a backup made by backup.ts (ADR 0033; the format and the restore steps are described
 * there): into a database without data only, or `force`, in one transaction.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { queryRows, type Db, type DbHandle } from './client';
import { ROWS_NOT_BACKED_UP } from './backup';
import { MIGRATIONS_DIR, runMigrations } from './migrate';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BATCH_ROWS,
  BATCH_BYTES,
  DERIVED_TABLES,
  SETTINGS_TABLES,
  TEXT_FORM_SETTINGS,
  type BackupHeader,
  type BackupSummary,
  ident,
  listTables,
  rowsInserter,
} from './backup-format';

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
    if (DERIVED_TABLES.includes(t.name) || SETTINGS_TABLES.includes(t.name)) continue;
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
 * must hold no data unless `force`. Returns what was loaded. A restore ends every session
 * (ADR 0074): the database holds none afterwards — an older backup's session rows are read and
 * checked like any others, but not loaded, so nobody is signed in with a session that was ended
 * after the backup was made.
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
    let table:
      { name: string; insert: (json: string) => ReturnType<Db['execute']>; skip: boolean } | undefined;
    let skippedRows = 0;
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
        tableRows++;
        if (table.skip) continue;
        batch.push(line);
        batchBytes += line.length;
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
        table = { name: item.table, insert, skip: ROWS_NOT_BACKED_UP.includes(item.table) };
        tableRows = 0;
      } else if ('table_end' in item) {
        await flush();
        if (!table || item.table_end !== table.name || item.rows !== tableRows) {
          throw new RestoreRefusedError(
            `Table ${item.table_end}: the backup announces ${item.rows} rows and holds ${tableRows}.`,
          );
        }
        if (table.skip) {
          skippedRows += tableRows;
          result.tables[table.name] = 0;
          if (tableRows) log(`${table.name}: ${tableRows} rows left out (a restore ends every session)`);
        } else {
          result.tables[table.name] = tableRows;
          result.rows += tableRows;
          log(`${table.name}: ${tableRows} rows`);
        }
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
        if (item.rows !== result.rows + skippedRows)
          throw new RestoreRefusedError(
            `The backup announces ${item.rows} rows and holds ${result.rows + skippedRows}.`,
          );
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
