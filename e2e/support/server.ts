/**
 * One e2e server per Playwright worker (`node --import tsx e2e/support/server.ts <index>`), each on
 * its own copy of one demo database, so two workers never share users, saved interface state or
 * notifications, and the demo seed is paid once.
 *
 * Server 0 seeds `<root>/seed` (seed-demo.ts) unless that is done already, and every server copies
 * that directory to `<root>/w<index>` and starts on the copy. The others wait for the seed's mark
 * (or for server 0's seeding to fail).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { seedDemoDatabase, seedPaths } from './seed-demo';

const index = Number(process.argv[2] ?? 0);
const root = process.env.E2E_DATA_ROOT;
if (!root) throw new Error('E2E_DATA_ROOT is not set');
const repoRoot = path.resolve(import.meta.dirname, '../..');
const { seedDir, doneMark, failedMark } = seedPaths(root);
const serverEnv = { ...process.env, DATABASE_URL: '' };

if (index === 0) {
  // Seeded already when CI made it beside the PostgreSQL pass (.ci/run).
  if (!fs.existsSync(doneMark)) seedDemoDatabase(root);
} else {
  // Polls a file the seeding process writes once; the bound is Playwright's webServer timeout.
  while (!fs.existsSync(doneMark)) {
    if (fs.existsSync(failedMark)) throw new Error('the demo seed failed (see server 0)');
    await delay(250);
  }
}

const dataDir = path.join(root, `w${index}`);
fs.cpSync(seedDir, dataDir, { recursive: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: repoRoot,
  env: { ...serverEnv, DATA_DIR: dataDir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
