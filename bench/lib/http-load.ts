import autocannon from 'autocannon';
import { summarise, type LoadResult } from './stats';

export interface HttpTarget {
  url: string;
  headers?: Record<string, string>;
  /** Several request paths to rotate through (e.g. varied search terms); defaults to the url's own. */
  paths?: string[];
}

/**
 * Closed-loop load with autocannon. autocannon prints no p95, so every response time is collected
 * from its 'response' event and summarised here; non-2xx answers count as errors.
 */
export async function httpLoad(
  target: HttpTarget,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = process.hrtime.bigint();
  let finished!: (err: unknown) => void;
  const done = new Promise<void>((resolve, reject) => (finished = (err) => (err ? reject(err) : resolve())));
  // One rotation shared by every connection, as in the raw-SQL loop: per-connection counters
  // would send all connections through the same first few terms in lockstep.
  let next = 0;
  const instance = autocannon(
    {
      url: target.url,
      connections,
      duration: seconds,
      headers: target.headers,
      requests: target.paths?.length
        ? [
            {
              setupRequest: (req) => ({ ...req, path: target.paths![next++ % target.paths!.length]! }),
            },
          ]
        : undefined,
    },
    (err) => finished(err),
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else errors++;
  });
  instance.on('reqError', () => errors++);
  await done;
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return summarise(latencies, errors, elapsed);
}
