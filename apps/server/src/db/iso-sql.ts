import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamptz column rendered by PostgreSQL as the API's ISO instant (…T…Z, milliseconds), for
 * raw-SQL reads whose timestamps arrive as text (db/prepared.ts) or inside JSON.
 */
export const isoUtcSql = (column: string): SQL =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
