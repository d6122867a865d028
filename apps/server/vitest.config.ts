import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run for half a minute or more while being short files, longest first as timed on a
 * clean clone's CI (PGlite and PostgreSQL passes; ADR 0108): tests that start servers, kill them
 * and load them (backup and restore, imports and webhooks across kills, database outages,
 * durability, export load, reminders killed mid-run, drain, cluster), the demo seed, and the route
 * suite's parts (a few lines each, walking every route). The PostgreSQL-only ones are skipped at
 * once on PGlite; on PostgreSQL they wait on processes more than they compute, so they had best
 * start first, beside the files that compute.
 */
const HEAVY_FILES = [
  'backup',
  'imports-kill',
  'webhooks-chaos',
  'db-outage',
  'export-load',
  'seed',
  'durability',
  'route-suite.places',
  'reminders-exactly-once',
  'regear-setting',
  'route-suite.workflows',
  'route-suite.accounts',
  'drain',
  'picker-ranking',
  'imports-restart',
  'cluster',
  'store-list-limits',
  'backup-private',
  'account-privacy',
  'places-export',
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
    // The two passes keep their own timings (Vitest's results cache is per project): on the
    // PostgreSQL pass a file the PGlite pass skipped at once (imports-kill, ~60 s there) would
    // otherwise count as instant and start last, leaving one core idle at the end.
    name: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // On PostgreSQL each file gets its own copy of the migrated database (test/pg-file-database.ts).
    setupFiles: ['./test/pg-file-database.ts', './test/file-scope.ts'],
    // A worker imports the server's modules once, not once per file (about 2 s of a file's time);
    // test/file-scope.ts gives each file a fresh database and environment all the same.
    isolate: false,
    // On PostgreSQL one worker more (3 on CI's 2 cores): its files that start, kill and restart servers
    // wait on them more than they compute, and a third worker computes meanwhile (ADR 0109,
    // addendum). The PGlite pass computes more than it waits: a third worker gained nothing there.
    maxWorkers: Math.max(2, availableParallelism() - 1) + (process.env.TEST_DATABASE_URL ? 1 : 0),
    // A timeout is for a test that hangs, never what decides a slow machine's run: a busy machine
    // (test/busy/run-busy.mjs keeps every core busy) runs a test several times slower than an idle
    // one, so these are minutes, far above any test's time; a wait inside a test ends the moment
    // what it waits for happens (test/helpers.ts WAIT_MS).
    sequence: { sequencer: LongestFirst },
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
