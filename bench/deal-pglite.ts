/**
 * The embedded default's deal submit, one user: the server on PGlite in a
 * throwaway DATA_DIR with the demo seed, then rent reviews with address and areas as one
 * POST /api/deals and as the four-call chain, one after another over the demo's properties.
 * Run: `npm run bench:deal-pglite` (about a minute: the first start seeds the demo).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flowLoad } from './lib/flow-load';
import { startNode, stop, waitForHealth } from './lib/processes';
import { fourCalls, oneCall } from './scenarios/deals';

const port = Number(process.env.BENCH_PORT ?? 3310);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
/** The demo's properties (ids 1 … 5,000). */
const DEMO_PROPERTIES = 5_000;
const dataDir = mkdtempSync(join(tmpdir(), 'frontage-deal-pglite-'));
const base = `http://127.0.0.1:${port}`;
const server = startNode(
  'apps/server/src/main.ts',
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '0',
  },
  'server',
);
try {
  await waitForHealth(`${base}/api/health`, 300_000);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin-2026' }),
  });
  if (!login.ok) throw new Error(`Demo admin login failed with ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const headers = { 'X-Requested-With': 'XMLHttpRequest', cookie };
  for (const [name, run] of [
    ['POST /api/deals rent review + address + areas (one call)', oneCall(DEMO_PROPERTIES, 1)],
    ['rent review as 4 calls', fourCalls(DEMO_PROPERTIES, 1)],
  ] as const) {
    await flowLoad({ base, headers, run }, 1, 3);
    const s = await flowLoad({ base, headers, run }, 1, seconds);
    process.stdout.write(
      `PGlite, single user — ${name}: ${s.requests} in ${s.seconds.toFixed(0)} s, ${s.rps.toFixed(1)}/s, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, ${s.errors} failed\n`,
    );
  }
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
