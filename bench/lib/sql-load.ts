import pg from 'pg';
import { PG_SESSION_OPTIONS } from '../../apps/server/src/db/client';
import { summarise, type LoadResult } from './stats';

export interface SqlTarget {
  sql: string;
  /** Parameter sets to rotate through. */
  params?: unknown[][];
  /**
   * Whole statements to rotate through instead (when the SQL itself differs, e.g. by term length).
   * A variant with `then` runs those statements after its own, in order, as one timed request (an
   * endpoint that sends several queries).
   */
  variants?: Array<{ sql: string; params?: unknown[]; then?: Array<{ sql: string; params?: unknown[] }> }>;
  /**
   * Send every statement as a named prepared statement, as the server does for its hot reads
   * (db/prepared.ts, drizzle's `.prepare`): each connection plans a statement once.
   */
  prepared?: boolean;
  /** Statements run once on each connection first (the session settings the endpoint uses). */
  session?: string[];
  /** Fills in the rest of the target from the database before the run (e.g. SQL that depends on the data). */
  resolve?: (databaseUrl: string) => Promise<Partial<SqlTarget>>;
}

/** The same closed loop as the HTTP runs, but each "request" is the endpoint's SQL sent straight to PostgreSQL. */
export async function sqlLoad(
  databaseUrl: string,
  given: SqlTarget,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const target = given.resolve ? { ...given, ...(await given.resolve(databaseUrl)) } : given;
  // The server's own session settings, so the twin plans its statements as the server does.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections, options: PG_SESSION_OPTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  const names = new Map<string, string>();
  const run = (client: pg.PoolClient, text: string, values?: unknown[]) => {
    if (!target.prepared) return client.query(text, values);
    let name = names.get(text);
    if (!name) names.set(text, (name = `b${names.size}`));
    return client.query({ name, text, values });
  };
  const worker = async () => {
    const client = await pool.connect();
    try {
      for (const statement of target.session ?? []) await client.query(statement);
      while (Date.now() < deadline) {
        const variant = target.variants?.length ? target.variants[n % target.variants.length] : undefined;
        const params = variant
          ? variant.params
          : target.params?.length
            ? target.params[n % target.params.length]
            : undefined;
        n++;
        const t0 = process.hrtime.bigint();
        try {
          await run(client, variant?.sql ?? target.sql, params);
          for (const next of variant?.then ?? []) await run(client, next.sql, next.params);
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        } catch {
          errors++;
        }
      }
    } finally {
      client.release();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  await pool.end();
  return summarise(latencies, errors, elapsed);
}
