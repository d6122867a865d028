/**
 * How long /map takes to show data: Debian's chromium signs in on the demo data, clicks the
 * drawer's Map entry and times the click to the first cluster marker in the page (both taken in
 * the page, by a click listener and a MutationObserver, so the driver's polling adds nothing; the
 * observer watches classes too: a marker is added to the page before it is given its class).
 * - cold: a new browser context per run (empty HTTP cache, the map chunk never loaded);
 * - warm: the same context again after a reload of '/' (the hashed assets in the HTTP cache).
 * Several runs of each; prints the median and the worst beside the targets (1.5 s cold, 0.5 s warm).
 * Run after `npm run build`: `npm run bench:map-first`. The server runs on PGlite with the demo
 * seed in a throwaway DATA_DIR unless DATABASE_URL names a seeded database.
 * Environment: BENCH_PORT (3330), RUNS (5), DATABASE_URL (none: PGlite).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { startNode, stop, waitForHealth } from './lib/processes';

const port = Number(process.env.BENCH_PORT ?? 3330);
const runs = Number(process.env.RUNS ?? 5);
const base = `http://127.0.0.1:${port}`;
const TARGET = { cold: 1500, warm: 500 };
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'frontage-map-first-'));
const server = startNode(
  'apps/server/src/main.ts',
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '0',
    JOBS_WORKER: 'false',
    ...(dataDir ? { DATA_DIR: dataDir, SEED_DEMO: 'true', DATABASE_URL: '' } : {}),
  },
  'server',
);

// Browser-side code as text: this file is type-checked without the DOM library.
const PROBE = `
  window.__mapFirst = { click: null, first: null };
  document.addEventListener('click', (e) => {
    const a = e.target instanceof Element ? e.target.closest('a[href="/map"]') : null;
    if (a) window.__mapFirst = { click: performance.now(), first: null };
  }, true);
  new MutationObserver(() => {
    const t = window.__mapFirst;
    if (t.click !== null && t.first === null && document.querySelector('.fm-cluster'))
      t.first = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
`;

const signIn = async (context: BrowserContext) => {
  const res = await context.request.post('/api/auth/login', {
    headers: XHR,
    data: { email: 'admin@example.com', password: 'demo-admin-2026' },
  });
  if (!res.ok()) throw new Error(`sign-in: ${res.status()} ${await res.text()}`);
  // Every run opens the default UK view, whatever an earlier one saved.
  await context.request.put('/api/ui-state/map', { headers: XHR, data: { state: {} } });
};

interface Probe {
  __mapFirst: { click: number; first: number };
}

/** From '/', clicks the drawer's Map entry and returns the click → first cluster time in ms. */
const timeMap = async (context: BrowserContext): Promise<number> => {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  const entry = page.getByRole('link', { name: 'Map', exact: true });
  await entry.waitFor();
  await page.waitForLoadState('networkidle');
  await entry.click();
  // Functions, not strings: the app's CSP has no 'unsafe-eval'. Each is sent on its own.
  await page.waitForFunction(() => (globalThis as unknown as Probe).__mapFirst.first !== null, undefined, {
    timeout: 60_000,
  });
  const t = await page.evaluate(() => (globalThis as unknown as Probe).__mapFirst);
  await page.waitForLoadState('networkidle');
  return t.first - t.click;
};

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return { median: mid, worst: s[s.length - 1]! };
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  await waitForHealth(`${base}/api/health`, 360_000);
  const options = { baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'en-GB' };
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(options);
    await context.addInitScript(PROBE);
    await signIn(context);
    cold.push(await timeMap(context));
    warm.push(await timeMap(context));
    await context.close();
  }
  const line = (name: 'cold' | 'warm', xs: number[]) => {
    const { median, worst } = summary(xs);
    const ok = median <= TARGET[name] ? 'ok' : 'OVER';
    return (
      `  ${name}: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms ` +
      `(target ${TARGET[name]} ms) — ${ok}   runs: ${xs.map((x) => x.toFixed(0)).join(', ')}\n`
    );
  };
  process.stdout.write(
    `map first clusters (drawer click → first cluster visible, ${runs} runs):\n` +
      line('cold', cold) +
      line('warm', warm),
  );
} finally {
  await browser.close();
  await stop(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
