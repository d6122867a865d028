import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { E2E_PORT, E2E_WORKERS, serverURL } from './support/servers';

/**
 * End-to-end suite: the real server (PGlite in a throwaway DATA_DIR, demo seed) serving the built
 * web app, driven in Debian's Chromium. Build the web app first (`npm run build`); `npm run test:e2e`
 * does both.
 */
const repoRoot = resolve(import.meta.dirname, '..');
// This file is read by the runner and again by every worker: the data root is made once, by the
// runner, and handed to the workers (and the servers) in the environment.
process.env.E2E_DATA_ROOT ??= mkdtempSync(join(tmpdir(), 'frontage-e2e-'));

export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts',
  fullyParallel: false,
  // A spec file runs whole in one worker, and each worker has a server and a database of its own
  // (e2e/support/server.ts): the specs share the demo users and what is saved per user (theme,
  // map state, What's New, help videos hidden), which another worker must not change under a
  // running test. A test drives one chain (runner → Chromium → server) at a time, which keeps
  // about one core busy: two workers use both of the 2-core CI machine's.
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  // Limits, not waits: a wait ends the moment its condition holds. Sized so that a machine three
  // times slower than a loaded 2-core CI box passes: the longest test takes about a minute there,
  // a map's first clusters took over 7 s, and the server starts (with the demo seed) in about 60 s.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // Each worker's own server: the `baseURL` fixture (fixtures.ts) picks it by worker slot.
    baseURL: serverURL(0),
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
    : Array.from({ length: E2E_WORKERS }, (_, index) => ({
        command: `node --import tsx e2e/support/server.ts ${index}`,
        cwd: repoRoot,
        url: `${serverURL(index)}/api/health`,
        // Server 0 seeds the demo database first (about a minute on a loaded 2-core machine);
        // the others wait for it.
        timeout: 360_000,
        reuseExistingServer: false,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
        env: {
          PORT: String(E2E_PORT + index),
          HOST: '127.0.0.1',
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
          E2E_DATA_ROOT: process.env.E2E_DATA_ROOT!,
        },
      })),
});
