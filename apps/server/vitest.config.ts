import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // On PostgreSQL each file gets its own copy of the migrated database (test/pg-file-database.ts).
    setupFiles: ['./test/pg-file-database.ts'],
    // Vitest's default is one worker less than the cores: one worker on CI's 2 cores, while the
    // main process only collects results. Each file has its own database, so use every core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
