import path from 'node:path';
import type { Config } from '../config';
import { createDb, type DbHandle } from './client';

/** Where the embedded database lives: `DATA_DIR/pglite`. */
export const pgliteDirOf = (config: Config): string => path.join(config.dataDir, 'pglite');

/**
 * Opens the database the configuration names — PostgreSQL when DATABASE_URL is set, else PGlite
 * under DATA_DIR — as every command-line tool (seed, user:create, backup, restore) and the
 * server's start-up (migrations, seed) do: without a statement timeout, since those jobs may
 * run long. Tools pass a small pool.
 */
export const openConfiguredDb = (config: Config, poolMax = config.dbPoolMax): Promise<DbHandle> =>
  createDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirOf(config),
    poolMax,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });

/**
 * The database the server answers requests with (ADR 0071): on PostgreSQL every statement is
 * cancelled after STATEMENT_TIMEOUT_MS and a connection is waited for at most
 * DB_CONNECT_TIMEOUT_MS (PGlite has neither).
 */
export const openServerDb = (config: Config): Promise<DbHandle> =>
  createDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirOf(config),
    poolMax: config.dbPoolMax,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.statementTimeoutMs,
  });

/**
 * After the start-up jobs: the server's database. PostgreSQL opens a pool with the server's
 * settings (the start-up pool closes). PGlite, one session that cannot be opened twice, keeps its
 * handle: it has no statement timeout to take (ADR 0071).
 */
export const serverDbAfterStartup = async (startup: DbHandle, config: Config): Promise<DbHandle> => {
  if (startup.driver === 'pglite') return startup;
  await startup.close();
  return openServerDb(config);
};

/** The configured database in words, for start-up banners and tool output. */
export const databaseLabel = (config: Config): string =>
  config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${pgliteDirOf(config)}`;
