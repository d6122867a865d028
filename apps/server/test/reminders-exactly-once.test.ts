/**
 * Exactly once under failure (ADR 0089): reminder deliveries worked by separate server processes
 * (child processes running the job worker) that are killed (SIGKILL) while a delivery is in
 * flight, and started again — at the end every due reminder was delivered, and none twice.
 * PostgreSQL: two processes, 10,000 reminders, 10 kills. PGlite: one process at a time (it is
 * embedded), stopped mid-run and started again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, queryRows, type Db } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { startJobLayer } from '../src/jobs';
import { declareReminderJobs } from '../src/modules/reminders/reminders.jobs';
import { REMINDER_QUEUES } from '../src/modules/reminders/reminders.service';
import { WAIT_MS, buildTestApp, resetData } from './helpers';
import { addDays, companyWithUsers, letUnits, putEvents, sentCount } from './reminders.fixtures';

const WORKER = path.join(import.meta.dirname, 'fixtures/reminder-worker.ts');
// The real clock, as the database's current date works the lease events out against it.
const NOW = new Date().toISOString();
const EXPIRE_SECONDS = 2;
const onPostgres = !!process.env.TEST_DATABASE_URL;

interface Worker {
  child: ChildProcess;
  /** Resolves at the next line equal to `line` (or starting with it). */
  next: (line: string) => Promise<void>;
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

const startWorker = (env: Record<string, string>): Worker => {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...process.env, NOW, EXPIRE_SECONDS: String(EXPIRE_SECONDS), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const waiters: Array<{ line: string; resolve: () => void }> = [];
  readline.createInterface({ input: child.stdout! }).on('line', (l) => {
    for (const w of [...waiters]) {
      if (l.startsWith(w.line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    exited,
    next: (line) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ line, resolve });
        void exited.then(() => reject(new Error(`worker exited before "${line}"`)));
      }),
  };
};

const bounded = <T>(p: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`hung: ${what}`)), WAIT_MS).unref()),
  ]);

const kill = async (w: Worker) => {
  w.child.kill('SIGKILL');
  await w.exited;
};

/** `units` let units with one hard event 20 days ahead, each reminded to the tenant's `users`. */
const dueWorld = async (db: Db, units: number, users: number) => {
  const tenant = await companyWithUsers(db, 'Boots', users);
  const ids = await letUnits(db, units, tenant.companyId);
  return {
    ids,
    /** Makes these units' events due (a new event each round, so each round's work is fresh). */
    due: (some: number[]) => putEvents(db, some, 'lease_expiry', addDays(NOW.slice(0, 10), 20)),
  };
};

const chunks = (ids: number[], size: number) =>
  Array.from({ length: Math.ceil(ids.length / size) }, (_, i) => ({
    property_ids: ids.slice(i * size, (i + 1) * size),
  }));

describe.runIf(onPostgres)('two server processes on PostgreSQL', () => {
  it('deliver 10,000 reminders with 0 missed and 0 duplicates while killed mid-batch 10 times', async () => {
    const t = await buildTestApp();
    await resetData();
    const world = await dueWorld(t.db, 1000, 10);
    const jobs = await startJobLayer(t.db, { maintenanceIntervalSeconds: 1, schedule: false });
    await declareReminderJobs(jobs, EXPIRE_SECONDS);
    const env = { DATABASE_URL: process.env.TEST_DATABASE_URL! };
    const workers = [startWorker(env), startWorker(env)];
    await bounded(Promise.all(workers.map((w) => w.next('ready'))), 'workers ready');
    try {
      for (let round = 0; round < 10; round++) {
        const some = world.ids.slice(round * 100, (round + 1) * 100);
        await world.due(some);
        const taken = workers.map((w, i) => w.next('batch').then(() => i));
        await jobs.enqueueMany(REMINDER_QUEUES.deliver, chunks(some, 10));
        const victim = await bounded(Promise.race(taken), `a batch in round ${round}`);
        await kill(workers[victim]!);
        workers[victim] = startWorker(env);
        await bounded(workers[victim]!.next('ready'), 'restarted worker ready');
      }
      const deadline = Date.now() + WAIT_MS;
      let counts = await sentCount(t.db);
      while (
        (counts.sent < 10_000 || (await jobs.pending(REMINDER_QUEUES.deliver)) > 0) &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, 200));
        counts = await sentCount(t.db);
      }
      expect(counts).toEqual({ sent: 10_000, notes: 10_000, dupes: 0 });
      // The kills did land on deliveries in flight: their jobs were taken up again after expiring.
      const [retried] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from pgboss.job where name = ${REMINDER_QUEUES.deliver} and retry_count > 0`,
      );
      expect(retried!.n).toBeGreaterThan(0);
    } finally {
      await Promise.all(workers.map(kill));
      await jobs.stop({ graceful: false });
      await t.close();
    }
  });
});

describe.runIf(!onPostgres)('a server process on PGlite', () => {
  it('stopped mid-run and started again delivers the rest, none twice', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-reminders-'));
    const pgliteDir = path.join(dir, 'pglite');
    try {
      // The migrated snapshot every test file starts from, copied into a directory of its own.
      const handle = await createDb({
        pgliteDir,
        pgliteLoadDataDir: new Blob([fs.readFileSync(inject('pgliteSnapshot'))]),
      });
      await runMigrations(handle);
      const world = await dueWorld(handle.db, 200, 5);
      await world.due(world.ids);
      const jobs = await startJobLayer(handle.db, { schedule: false });
      await declareReminderJobs(jobs, EXPIRE_SECONDS);
      await jobs.enqueueMany(REMINDER_QUEUES.deliver, chunks(world.ids, 10));
      await jobs.stop({ graceful: false });
      await handle.close();

      const first = startWorker({ PGLITE_DIR: pgliteDir });
      await bounded(first.next('delivered'), 'a first delivery');
      await bounded(first.next('batch'), 'a delivery in flight');
      await kill(first);
      const second = startWorker({ PGLITE_DIR: pgliteDir, EXIT_WHEN_IDLE: '1' });
      expect(await bounded(second.exited, 'the second process to finish')).toBe(0);

      const after = await createDb({ pgliteDir });
      try {
        expect(await sentCount(after.db)).toEqual({ sent: 1000, notes: 1000, dupes: 0 });
      } finally {
        await after.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
