import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run for a minute or more while being short files: the route suite's parts (a few
 * lines each, walking every route), and the tests that start servers, kill them and load them
 * (durability, export load, reminders killed mid-run, webhooks delivered across kills, backup and restore, upload limits, the
 * privacy walk of every GET). Timed on PGlite under load: 30–190 s each, against a median of 6 s.
 */
const HEAVY_FILES = [
  'durability',
  'export-load',
  'reminders-exactly-once',
  'webhooks-chaos',
  'backup',
  'backup-private',
  'store-list-limits',
  'account-privacy',
  'places-export',
  'route-suite.places',
  'route-suite.workflows',
  'route-suite.accounts',
].map((name) => `/test/${name}.test.ts`);
const heavyRank = (f: TestSpecification) => HEAVY_FILES.findIndex((end) => f.moduleId.endsWith(end));

/**
 * Vitest starts the files that took longest last time first, and without such timings (a fresh
 * clone, CI) the largest files first. The heavy files above are small: without their timings they
 * start first, longest first, so that no core is left with one of them at the end while the other idles.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const untimedHeavy = (f: TestSpecification) =>
      heavyRank(f) >= 0 &&
      !this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`);
    const heavy = sorted.filter(untimedHeavy).sort((a, b) => heavyRank(a) - heavyRank(b));
    return [...heavy, ...sorted.filter((f) => !untimedHeavy(f))];
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // On PostgreSQL each file gets its own copy of the migrated database (test/pg-file-database.ts).
    setupFiles: ['./test/pg-file-database.ts', './test/file-scope.ts'],
    // A worker imports the server's modules once, not once per file (about 2 s of a file's time);
    // test/file-scope.ts gives each file a fresh database and environment all the same.
    isolate: false,
    // Vitest's default is one worker less than the cores: one worker on CI's 2 cores, while the
    // main process only collects results. Each file has its own database, so use every core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A timeout is for a test that hangs, never what decides a slow machine's run: a busy machine
    // (test/busy/run-busy.mjs keeps every core busy) runs a test several times slower than an idle
    // one, so these are minutes, far above any test's time; a wait inside a test ends the moment
    // what it waits for happens (test/helpers.ts WAIT_MS).
    sequence: { sequencer: LongestFirst },
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
