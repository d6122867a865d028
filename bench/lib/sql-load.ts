import pg from 'pg';
import { summarise, type LoadResult } from './stats';

export interface SqlTarget {
  sql: string;
  /** Parameter sets to rotate through. */
  params?: unknown[][];
}

/** The same closed loop as the HTTP runs, but each "request" is the endpoint's SQL sent straight to PostgreSQL. */
export async function sqlLoad(databaseUrl: string, target: SqlTarget, connections: number, seconds: number): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (Date.now() < deadline) {
        const params = target.params?.length ? target.params[n++ % target.params.length] : undefined;
        const t0 = process.hrtime.bigint();
        try {
          await client.query(target.sql, params);
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
