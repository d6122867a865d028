import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { startJobLayer } from '../src/jobs';
import { declareImportJobs, workImportJobs } from '../src/modules/imports/imports.jobs';
import { WAIT_MS, buildTestApp, testDb, type TestApp } from './helpers';
import { getImport, importWorld, post, preview, waitForStatus } from './imports.fixtures';

/**
 * The job layer stopped in the middle of an apply (as a shutdown or a restart does) and started
 * again: the import resumes after its last committed batch and ends as an uninterrupted run does,
 * with no record written twice.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { IMPORT_BATCH_ROWS: '2' } });
});
afterAll(() => t.close());

const ROWS = 30;
/** 30 companies, two of them duplicates of earlier rows and one an error. */
const csv = [
  'Name,Domain',
  ...Array.from({ length: ROWS }, (_, i) =>
    i === 10
      ? 'Company 3 Limited,'
      : i === 20
        ? ',not a domain'
        : i === 25
          ? 'COMPANY 5 LTD,'
          : `Company ${i} Ltd,`,
  ),
].join('\n');

const companies = async () =>
  (await queryRows<{ name: string }>(await testDb(), sql`select name from companies order by name`)).map(
    (r) => r.name,
  );

/** Runs the import on an app whose job layer is stopped after `stopAfter` batches (if given), then started anew. */
const runImport = async (stopAfter: number | null, sliceSeconds?: number) => {
  const w = await importWorld(t);
  const db = await testDb();
  const first = await startJobLayer(db, { maintenanceIntervalSeconds: 1, schedule: false });
  await declareImportJobs(first, 60);
  const app = await buildTestApp({ env: { IMPORT_BATCH_ROWS: '2' }, jobs: first });
  let batches = 0;
  let stopped!: () => void;
  const stoppedOnce = new Promise<void>((r) => (stopped = r));
  await workImportJobs(first, app.app.services, {
    pollingIntervalSeconds: 0.5,
    ...(sliceSeconds !== undefined ? { sliceSeconds } : {}),
    stopping: () => {
      if (stopAfter === null || ++batches <= stopAfter) return false;
      stopped();
      return true;
    },
  });
  const imp = await preview(app, w.admin, 'companies', csv);
  expect((await post(app, w.admin, `/api/imports/${imp.id}/apply`)).statusCode).toBe(202);
  let midway = null;
  if (stopAfter !== null) {
    await Promise.race([
      stoppedOnce,
      new Promise((_, no) => setTimeout(() => no(new Error('never stopped')), WAIT_MS)),
    ]);
    await first.stop({ graceful: true, timeoutMs: WAIT_MS });
    midway = await getImport(app, w.admin, imp.id);
    const second = await startJobLayer(db, { maintenanceIntervalSeconds: 1, schedule: false });
    await declareImportJobs(second, 60);
    await workImportJobs(second, app.app.services, { pollingIntervalSeconds: 0.5 });
    try {
      const done = await waitForStatus(app, w.admin, imp.id, 'applied');
      return { midway, done, names: await companies() };
    } finally {
      await second.stop({ graceful: false });
      await app.close();
    }
  }
  try {
    const done = await waitForStatus(app, w.admin, imp.id, 'applied');
    return { midway, done, names: await companies() };
  } finally {
    await first.stop({ graceful: false });
    await app.close();
  }
};

describe('import apply across a restart', () => {
  it('resumes after the last committed batch: the same final counts and records as an uninterrupted run, no duplicates', async () => {
    const whole = await runImport(null);
    const resumed = await runImport(3);
    expect(resumed.midway!.status).toBe('applying');
    expect(resumed.midway!.progress).toBe(6);
    expect(resumed.done.counts).toEqual(whole.done.counts);
    expect(resumed.done.counts).toEqual({ create: 27, update: 0, skip: 2, error: 1 });
    expect(resumed.done.progress).toBe(ROWS);
    expect(resumed.names).toEqual(whole.names);
    expect(new Set(resumed.names).size).toBe(resumed.names.length);
  });

  it('works a long apply as a chain of short jobs (each queues the next slice) with the same result', async () => {
    const jobCount = async () =>
      (
        await queryRows<{ n: number }>(
          await testDb(),
          // The apply's jobs: the upload's validation is a job of the same queue (ADR 0103).
          sql`select count(*)::int as n from pgboss.job where name = 'imports' and data->>'action' = 'apply'`,
        )
      )[0]!.n;
    const whole = await runImport(null);
    const before = await jobCount();
    // A slice this short ends after one batch: 15 jobs, one after another, and the one that
    // finds every row done.
    const sliced = await runImport(null, 0.001);
    expect(sliced.done.counts).toEqual(whole.done.counts);
    expect(sliced.done.progress).toBe(ROWS);
    expect(sliced.names).toEqual(whole.names);
    expect((await jobCount()) - before).toBe(ROWS / 2 + 1);
  });
});
