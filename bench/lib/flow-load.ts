import http from 'node:http';
import { summarise, type LoadResult } from './stats';

/** Sends one request of a flow; resolves with the parsed JSON body, rejects on a non-2xx answer. */
export type Send = (method: string, path: string, body?: unknown) => Promise<unknown>;

export interface FlowTarget {
  base: string;
  headers: Record<string, string>;
  /** One timed unit of work (one call, or a client's chain of calls); `n` counts units across connections. */
  run: (n: number, send: Send) => Promise<void>;
}

/**
 * Closed-loop load where one "request" is a flow of HTTP calls made one after another, as a client
 * would (e.g. a wizard's four-call chain): each connection runs flows back to back and the whole
 * flow is timed. A one-call flow measures a single endpoint with the same client, so rows compare.
 */
export async function flowLoad(
  target: FlowTarget,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(target.base);
  const send: Send = (method, path, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: {
            ...target.headers,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300)
              return reject(new Error(`${method} ${path}: ${status} ${text.slice(0, 300)}`));
            // JSON answers parsed; any other (a calendar feed's text) as it came.
            const isJson = String(res.headers['content-type'] ?? '').includes('json');
            resolve(text ? (isJson ? JSON.parse(text) : text) : undefined);
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  let firstError: string | undefined;
  const deadline = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (Date.now() < deadline) {
      const t0 = process.hrtime.bigint();
      try {
        await target.run(n++, send);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      } catch (err) {
        errors++;
        firstError ??= (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  if (firstError) console.error(`first failure: ${firstError}`);
  return summarise(latencies, errors, elapsed);
}
