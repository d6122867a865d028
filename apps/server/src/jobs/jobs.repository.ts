/**
 * The SQL executors pg-boss runs on (ADR 0089): pg-boss accepts any `{ executeSql(text, values) }`,
 * so its statements go through our own database handle — the pg pool, or the embedded PGlite,
 * which a connection string could never reach.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../db/client';

export interface SqlExecutor {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
}

/** `$1 … $n` text with its values, as one drizzle statement (so it runs inside a transaction too). */
export const toDrizzleSql = (text: string, values: readonly unknown[] = []): SQL => {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    else chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`);
  }
  return sql.join(chunks, sql.raw(''));
};

const rowsOf = (result: unknown): unknown[] => {
  if (Array.isArray(result)) return rowsOf(result.at(-1));
  const rows = (result as { rows?: unknown[] } | undefined)?.rows;
  return Array.isArray(rows) ? rows : [];
};

/**
 * The executor of the whole job layer, over the handle's own client. A text with several
 * statements and no values (pg-boss's schema and its migrations: `BEGIN; …; COMMIT;`) runs through
 * the simple protocol; should it fail half-way, the session is rolled back so the aborted
 * transaction never outlives it (on PGlite the one session is everybody's).
 */
export const executorOf = (db: Db): SqlExecutor => {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return {
      executeSql: async (text, values) => {
        const res = await client.query(text, values?.length ? values : undefined);
        return { rows: rowsOf(res) };
      },
    };
  }
  const lite = client as PGlite;
  return {
    executeSql: async (text, values) => {
      if (values?.length) return { rows: (await lite.query(text, values)).rows };
      try {
        return { rows: rowsOf(await lite.exec(text)) };
      } catch (err) {
        await lite.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
  };
};

/** An executor bound to a transaction: a job enqueued through it commits or rolls back with it. */
export const transactionExecutor = (tx: Db): SqlExecutor => ({
  executeSql: async (text, values) => ({ rows: rowsOf(await tx.execute(toDrizzleSql(text, values ?? []))) }),
});
