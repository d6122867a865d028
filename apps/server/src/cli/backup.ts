/**
 * `npm run backup -- [--out file]`
 * Writes a consistent backup of the database the server uses (DATABASE_URL, or PGlite in
 * DATA_DIR) to a gzip file of JSON lines (ADR 0033; format in src/db/backup.ts). Default file:
 * `frontage-backup-<UTC time>.ndjson.gz` in the directory npm was run from. On PostgreSQL the
 * server may keep running; PGlite serves one process, so stop the server first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { userPath } from './user-path';
import { backupToFile } from '../db/backup';
import { databaseLabel, openConfiguredDb } from '../db/open';

const USAGE = 'Usage: npm run backup -- [--out <file>]   (default: frontage-backup-<time>.ndjson.gz)';

/** Paths are the user's: relative to where npm was run (npm -w runs scripts in apps/server). */

const main = async () => {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const out = userPath(values.out ?? `frontage-backup-${stamp}.ndjson.gz`);
  const config = loadConfig();
  const handle = await openConfiguredDb(config, 2);
  try {
    const t0 = Date.now();
    const summary = await backupToFile(handle, out);
    const tables = Object.keys(summary.tables).length;
    console.log(
      `Backed up ${summary.rows} rows of ${tables} tables and ${summary.sequences} sequences from ` +
        `${databaseLabel(config)} ` +
        `to ${out} in ${((Date.now() - t0) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await handle.close();
  }
};

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
