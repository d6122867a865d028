/**
 * The map in the browser on the 10^6 dataset: Debian's chromium opens /map
 * against the bench database, pans across Great Britain and zooms in and out, and reports
 * Chromium's long tasks (PerformanceObserver 'longtask': main-thread tasks over 50 ms). The page
 * should never block for more than 200 ms.
 * Run after `npm run build` and a bench run that has loaded the dataset: `npm run bench:map-pan`.
 * Environment: DATABASE_URL (default the bench database), BENCH_PORT (3320).
 */
import { chromium } from 'playwright-core';
import { startNode, stop, waitForHealth } from './lib/processes';

const port = Number(process.env.BENCH_PORT ?? 3320);
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/frontage_bench';
const base = `http://127.0.0.1:${port}`;
const LIMIT_MS = 200;

const server = startNode(
  'apps/server/src/main.ts',
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '0',
  },
  'server',
);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  await waitForHealth(`${base}/api/health`);
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  // Browser-side code as text: this file is type-checked without the DOM library.
  await context.addInitScript(`
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  `);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('admin@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-admin-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  // Start from the default UK view, whatever an earlier run saved.
  await page.request.put('/api/ui-state/map', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { state: {} },
  });
  await page.goto('/map');
  const canvas = page.locator('canvas.maplibregl-canvas');
  await canvas.waitFor();
  await page
    .getByRole('button', { name: /^Cluster of/ })
    .first()
    .waitFor();
  const settled = () => page.waitForLoadState('networkidle');
  await settled();
  // Only what happens while the user works the map counts, not the page's first load.
  await page.evaluate('window.__longTasks = []');
  const box = (await canvas.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const drag = async (dx: number, dy: number) => {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + dy, { steps: 20 });
    await page.mouse.up();
    await settled();
  };
  const wheel = async (deltaY: number) => {
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, deltaY);
    await settled();
  };
  const started = Date.now();
  await wheel(-600); // into England
  for (const [dx, dy] of [
    [0, 300],
    [-250, 0],
    [0, -300],
    [250, 250],
    [300, 0],
    [0, 400],
  ] as const) {
    await drag(dx, dy);
  }
  await wheel(-600); // a city
  await drag(200, 150);
  await drag(-300, -100);
  await wheel(1200); // back out over the UK
  await drag(-200, 200);
  const tasks = (await page.evaluate('window.__longTasks')) as number[];
  const max = tasks.length ? Math.max(...tasks) : 0;
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(
    `map pan on ${new URL(databaseUrl).pathname.slice(1)}: ${seconds.toFixed(0)} s of panning and zooming, ` +
      `${tasks.length} long tasks (> 50 ms), longest ${max.toFixed(0)} ms (limit ${LIMIT_MS} ms) — ${max <= LIMIT_MS ? 'ok' : 'OVER'}\n`,
  );
  if (max > LIMIT_MS) process.exitCode = 1;
} finally {
  await browser.close();
  await stop(server);
}
