import { defineConfig } from 'vitest/config';

const onPostgres = !!process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // One PostgreSQL database is shared, so files run one after another there.
    fileParallelism: !onPostgres,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
