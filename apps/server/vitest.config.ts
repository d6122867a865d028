import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // On PostgreSQL each file gets its own copy of the migrated database (test/pg-file-database.ts).
    setupFiles: ['./test/pg-file-database.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
