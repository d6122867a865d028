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
 * Generated columns are left out (the target computes them). The rows of {@link ROWS_NOT_BACKED_UP}
 * (sessions) are left out too: the table is there, empty (ADR 0074).
 *
 * Backup: one read-only transaction (SERIALIZABLE READ ONLY DEFERRABLE on a server, so a running
 * server's backup is a consistent snapshot without blocking it; REPEATABLE READ on PGlite, which
 * has one connection anyway), rows read through a cursor, a thousand at a time.
 *
 * Restore (restore.ts), into a database without data only (or `force`, which drops what is there), in one
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
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbHandle } from './client';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  FETCH_ROWS,
  TEXT_FORM_SETTINGS,
  type BackupHeader,
  type BackupSummary,
  ident,
  listTables,
  listSequences,
  rowsAsTextQuery,
} from './backup-format';

/**
 * Tables whose rows a backup leaves out (ADR 0074): a session is a live sign-in, not data. A
 * backup holding them would hold bearer credentials' hashes and bring back, on restore, sessions
 * ended since; restore ends every session anyway (restore.ts), also from older backups.
 */
export const ROWS_NOT_BACKED_UP: readonly string[] = ['sessions'];

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
      const limit = ROWS_NOT_BACKED_UP.includes(t.name) ? ' limit 0' : '';
      await db.execute(sql.raw(`declare frontage_backup no scroll cursor for ${query}${limit}`));
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

/**
 * A backup holds password hashes, e-mail addresses and everything else: only its owner may read
 * it. The file is created with this mode (never chmod-ed after: it is never readable by others,
 * not even while being written).
 */
export const BACKUP_FILE_MODE = 0o600;

/**
 * Writes a backup to a gzip file: first to `<file>.partial` (created new, mode 0600), synced,
 * then renamed into place.
 */
export const backupToFile = async (handle: DbHandle, file: string): Promise<BackupSummary> => {
  const partial = `${file}.partial`;
  // A partial file left by a backup that was killed may have another mode: opening it would keep
  // that mode, so it goes, and the new one is created exclusively.
  fs.rmSync(partial, { force: true });
  const lines = new PassThrough();
  const written = pipeline(
    lines,
    zlib.createGzip(),
    fs.createWriteStream(partial, { flags: 'wx', mode: BACKUP_FILE_MODE }),
  );
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
