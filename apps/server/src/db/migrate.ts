import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DbHandle, Schema } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed SQL migrations (idempotent; drizzle records them in drizzle.__drizzle_migrations). */
export const runMigrations = async (handle: DbHandle): Promise<void> => {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.driver === 'pg') {
    await migratePg(handle.db as unknown as NodePgDatabase<Schema>, config);
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, config);
  }
};
