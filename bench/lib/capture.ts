import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';

/**
 * The statements a piece of server code sends, captured through drizzle's logger while it runs
 * once against the bench database: a raw-SQL twin that is the endpoint's own SQL, statement for
 * statement, whatever path (tiers, counts) the data sends it down. Transaction control is not
 * logged; the twin runs its session settings once per connection instead.
 */
export async function captureQueries(
  databaseUrl: string,
  work: (db: Db) => Promise<unknown>,
): Promise<Array<{ sql: string; params: unknown[] }>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const captured: Array<{ sql: string; params: unknown[] }> = [];
  try {
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => void captured.push({ sql, params }) },
    }) as unknown as Db;
    await work(db);
  } finally {
    await pool.end();
  }
  return captured.filter((q) => !/^\s*set local\b/i.test(q.sql));
}
