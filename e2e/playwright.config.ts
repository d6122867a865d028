import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * End-to-end suite: the real server (PGlite in a throwaway DATA_DIR, demo seed) serving the built
 * web app, driven in Debian's Chromium. Build the web app first (`npm run build`); `npm run test:e2e`
 * does both.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
const repoRoot = resolve(import.meta.dirname, '..');
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'frontage-e2e-'));

export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts',
  fullyParallel: false,
  // One worker: the specs share the demo users and what is saved per user (theme, map state,
  // What's New, help videos hidden), which a second worker would change under a running test.
  // Two workers took 11.7 min instead of 16.0 on the loaded 2-core machine, with a failure.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Limits, not waits: a wait ends the moment its condition holds. Sized so that a machine three
  // times slower than a loaded 2-core CI box passes: the longest test takes about a minute there,
  // a map's first clusters took over 7 s, and the server starts (with the demo seed) in about 60 s.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // The app honours it (no transitions, no ripple): less to render, and nothing read mid-fade.
    reducedMotion: 'reduce',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node --import tsx apps/server/src/main.ts',
        cwd: repoRoot,
        url: `${baseURL}/api/health`,
        timeout: 360_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
          // Imports are the only jobs worked (imports.spec.ts applies and reverts one): a reminder
          // worker's first change check would deliver the day's demo-lease reminders (a few dozen
          // to the admin) while the specs run, and they count the seed's own notifications.
          // Reminders are tested in the server suite.
          JOBS_WORKER: 'true',
          // Webhooks too: webhooks.spec.ts delivers to a receiver the spec starts on this machine.
          JOBS_QUEUES: 'imports,webhooks',
          WEBHOOKS_ALLOW_LOOPBACK: 'true',
          DATABASE_URL: '',
        },
      },
});
