/**
 * The browser suite's demo database: `<E2E_DATA_ROOT>/seed`, seeded by the seed CLI (a process
 * that exits, so the data directory is closed cleanly), then marked done (`seed.done`) or failed
 * (`seed.failed`). Server 0 runs this when it starts (server.ts) unless the mark is there: CI seeds
 * it earlier, beside the server suite's PostgreSQL pass (`node --import tsx e2e/support/seed-demo.ts`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export const seedPaths = (root: string) => ({
  seedDir: path.join(root, 'seed'),
  doneMark: path.join(root, 'seed.done'),
  failedMark: path.join(root, 'seed.failed'),
});

export function seedDemoDatabase(root: string): void {
  const { seedDir, doneMark, failedMark } = seedPaths(root);
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/seed/cli.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: seedDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) {
    fs.writeFileSync(failedMark, String(seeded.status));
    throw new Error(`the demo seed failed (exit ${seeded.status})`);
  }
  fs.writeFileSync(doneMark, '');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.env.E2E_DATA_ROOT;
  if (!root) throw new Error('E2E_DATA_ROOT is not set');
  seedDemoDatabase(root);
}
