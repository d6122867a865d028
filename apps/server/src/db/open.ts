import path from 'node:path';
import type { Config } from '../config';
import { createDb, type DbHandle } from './client';

/** Where the embedded database lives: `DATA_DIR/pglite`. */
export const pgliteDirOf = (config: Config): string => path.join(config.dataDir, 'pglite');

/**
 * Opens the database the configuration names — PostgreSQL when DATABASE_URL is set, else PGlite
 * under DATA_DIR — as the server and every command-line tool (seed, user:create, backup, restore)
 * do. Tools pass a small pool; the server its configured one.
 */
export const openConfiguredDb = (config: Config, poolMax = config.dbPoolMax): Promise<DbHandle> =>
  createDb({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirOf(config), poolMax });

/** The configured database in words, for start-up banners and tool output. */
export const databaseLabel = (config: Config): string =>
  config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${pgliteDirOf(config)}`;
