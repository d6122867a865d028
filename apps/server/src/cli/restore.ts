/**
 * `npm run restore -- --in <file> [--force]`
 * Restores a backup made by `npm run backup` into the database the server uses (DATABASE_URL, or
 * PGlite in DATA_DIR — a new data directory is created): either driver's backup restores into
 * either. The database must hold no data; `--force` drops what it holds first. Stop the server
 * while restoring (PGlite refuses a second process anyway).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { userPath } from './user-path';
import { readBackupFile, restoreDatabase } from '../db/restore';
import { databaseLabel, openConfiguredDb } from '../db/open';

const USAGE = 'Usage: npm run restore -- --in <file> [--force]';

/** Paths are the user's: relative to where npm was run (npm -w runs scripts in apps/server). */

const main = async () => {
  const { values } = parseArgs({
    options: {
      in: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.in) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const file = userPath(values.in);
  if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`);
  const config = loadConfig();
  const target = databaseLabel(config);
  const handle = await openConfiguredDb(config, 2);
  try {
    const t0 = Date.now();
    const summary = await restoreDatabase(handle, readBackupFile(file), {
      force: values.force,
      log: (m) => console.log(`  ${m}`),
    });
    console.log(
      `Restored ${summary.rows} rows of ${Object.keys(summary.tables).length} tables and ${summary.sequences} ` +
        `sequences from ${file} into ${target} in ${((Date.now() - t0) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await handle.close();
  }
};

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
