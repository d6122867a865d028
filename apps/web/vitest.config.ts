import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // happy-dom: the suite in about three quarters of jsdom's CPU time (ADR 0107). Files that run
      // axe say `// @vitest-environment jsdom` at their top (test/axe.ts says why).
      environment: 'happy-dom',
      setupFiles: ['./test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      css: false,
      // A bound for a test that hangs, not a speed target: well above what the slowest test takes
      // on a 2-core machine three times slower than idle (both cores busy elsewhere). No test or
      // file sets a lower one.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // Vitest's default (cores − 1) is a single worker on CI's 2 cores; the main process is idle.
      maxWorkers: Math.max(2, availableParallelism() - 1),
    },
  }),
);
