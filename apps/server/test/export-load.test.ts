/**
 * The acceptance load test of ADR 0069, bounded and over loopback: on the embedded database,
 * while one user runs four concurrent exports of 100,000 properties, another user's cheap request
 * (GET /api/auth/me) waits for a few of the exports' short statements at most, never for an
 * export: its p95 stays under 2 % of the shortest export's time — a bound that holds on a slow or
 * busy machine as on a fast one, since both sides slow down alike. Before, one such export took
 * 91.6 s and held every other request for as long (a p95 of the export's whole time). The figures
 * are printed; EXPORT_LOAD_P95_MS (250 in the acceptance check, on a machine doing nothing else)
 * adds that bound in milliseconds.
 *
 * PGlite only: the defect is the embedded database's single connection, on which every statement
 * waits for the one before it — what an export must never hold for long. On PostgreSQL each
 * request has its own connection and the cost of an export's statements is measured by the bench,
 * not here (CONTRIBUTING: no timed assertions in the normal suite).
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TOTAL_HEADER } from '@frontage/shared';
import { buildTestApp, buildUser, resetData, sessionCookie, type TestApp } from './helpers';
import { bulkProperties } from './fixtures/bulk-properties';

const embedded = !process.env.TEST_DATABASE_URL;
const ROWS = 100_000;
const EXPORTS = 4;
const PW = 'load-password-1';
/** Another user's p95 as a share of the shortest export's time. */
const MAX_P95_SHARE = 0.02;
/** The bound in milliseconds, when the machine is known to be otherwise idle. */
const P95_MS = process.env.EXPORT_LOAD_P95_MS ? Number(process.env.EXPORT_LOAD_P95_MS) : undefined;

let t: TestApp;
let base: string;
let exporter: string;
let other: string;

beforeAll(async () => {
  if (!embedded) return;
  // Four exports of one user at once: the per-user limit raised to the server's for this test.
  t = await buildTestApp({
    env: { EXPORT_MAX_PER_USER: String(EXPORTS), EXPORT_MAX_PER_SERVER: String(EXPORTS) },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  await resetData();
  const a = await buildUser({ email: 'load-exporter@example.test', password: PW });
  const b = await buildUser({ email: 'load-other@example.test', password: PW });
  exporter = await sessionCookie(t.app, a);
  other = await sessionCookie(t.app, b);
  await bulkProperties(t.db, ROWS);
});
afterAll(async () => {
  if (!embedded) return;
  t.app.server.closeAllConnections();
  await t.close();
});

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface LoadResult {
  latencies: number[];
  exports: Array<{ status: number; lines: number; total: string | null; seconds: number }>;
}

/**
 * The clients, in a worker thread of their own as real clients would be (in the server's thread,
 * reading 60 MB of CSV would be the server's work): four exports read to their end, counting their
 * lines, and meanwhile GET /api/auth/me as the other user, one after another, each timed.
 */
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, exporter, other, exports, totalHeader } = workerData;
const headers = (cookie) => ({ 'x-requested-with': 'XMLHttpRequest', cookie });
const runExport = async () => {
  const started = performance.now();
  const res = await fetch(base + '/api/properties/export', { headers: headers(exporter) });
  let lines = 0;
  for await (const chunk of res.body) {
    const buf = Buffer.from(chunk);
    for (let at = buf.indexOf(10); at !== -1; at = buf.indexOf(10, at + 1)) lines += 1;
  }
  return { status: res.status, lines, total: res.headers.get(totalHeader), seconds: (performance.now() - started) / 1000 };
};
(async () => {
  let running = true;
  const latencies = [];
  const poll = async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(base + '/api/auth/me', { headers: headers(other) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error('GET /api/auth/me answered ' + res.status);
      latencies.push(performance.now() - started);
    }
  };
  const poller = poll();
  const done = await Promise.all(Array.from({ length: exports }, runExport)).finally(() => { running = false; });
  await poller;
  parentPort.postMessage({ latencies, exports: done });
})().catch((err) => { throw err; });
`;

const runClients = (): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS, {
      eval: true,
      workerData: { base, exporter, other, exports: EXPORTS, totalHeader: EXPORT_TOTAL_HEADER },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });

describe.runIf(embedded)('four 100,000-row exports on the embedded database', () => {
  it("keep another user's requests quick (p95 under 2 % of an export's time)", async () => {
    const { latencies, exports } = await runClients();
    const sorted = [...latencies].sort((x, y) => x - y);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const max = sorted[sorted.length - 1]!;
    const took = exports.map((e) => e.seconds.toFixed(1)).join(', ');
    const shortestMs = Math.min(...exports.map((e) => e.seconds)) * 1000;
    process.stdout.write(
      `\nexport load (PGlite, ${EXPORTS} × ${ROWS.toLocaleString('en-GB')} rows): exports took ${took} s; ` +
        `GET /api/auth/me meanwhile: n=${sorted.length}, p50=${p50.toFixed(1)} ms, p95=${p95.toFixed(1)} ms, ` +
        `max=${max.toFixed(1)} ms, p95 = ${((100 * p95) / shortestMs).toFixed(2)} % of the shortest export\n`,
    );
    for (const e of exports) {
      expect(e.status).toBe(200);
      expect(e.total).toBe(String(ROWS));
      expect(e.lines).toBe(ROWS + 1);
    }
    expect(sorted.length).toBeGreaterThan(20);
    expect(p95).toBeLessThanOrEqual(MAX_P95_SHARE * shortestMs);
    if (P95_MS !== undefined) expect(p95).toBeLessThanOrEqual(P95_MS);
  });
});
