import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const TEST_DIRS = ['src', 'test'];
const TESTS = TEST_DIRS.map((dir) => `${dir}/**/*.test.{ts,tsx}`);

/**
 * The files that replace a module (`vi.mock` and kin): they run each in modules of their own.
 * The rest share a worker's modules, imported once instead of once per file (ADR 0108): a
 * module one file mocked would otherwise stay mocked, or stay real, for the files after it.
 */
const MOCKING = TEST_DIRS.flatMap((dir) =>
  readdirSync(join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file}`)
    .filter(
      (file) =>
        /\.test\.tsx?$/.test(file) &&
        /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/.test(
          readFileSync(join(import.meta.dirname, file), 'utf8'),
        ),
    ),
);

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // happy-dom: the suite in about three quarters of jsdom's CPU time (ADR 0107). Files that run
      // axe say `// @vitest-environment jsdom` at their top (test/axe.ts says why).
      environment: 'happy-dom',
      setupFiles: ['./test/setup.ts'],
      css: false,
      // A bound for a test that hangs, not a speed target: well above what the slowest test takes
      // on a 2-core machine three times slower than idle (both cores busy elsewhere). No test or
      // file sets a lower one.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // Vitest's default (cores − 1) is a single worker on CI's 2 cores; the main process is idle.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: { name: 'shared-modules', include: TESTS, exclude: MOCKING, isolate: false },
        },
        { extends: true, test: { name: 'own-modules', include: MOCKING } },
      ],
    },
  }),
);
