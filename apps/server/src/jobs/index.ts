/**
 * The durable job layer (ADR 0089): background work kept in the database by pg-boss 10, over our
 * own database handle (jobs.repository.ts), so PostgreSQL and the embedded PGlite alike. A job
 * sent inside a transaction (`{ tx }`) exists only if that transaction commits; a job whose
 * process dies while working it is retried once it expires; schedules (cron) are kept once for
 * all processes. Imports and webhooks use the same three calls.
 *
 * The server starts it after the migrations (main.ts) and stops it on shutdown before the database
 * closes; the test app has none unless a test starts one.
 */
import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { executorOf, transactionExecutor } from './jobs.repository';

export interface QueueOptions {
  /** A job still active after this long is taken as lost (its process died) and retried. */
  expireInSeconds?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** pg-boss's queue policies: `singleton` = one job of the queue active at a time, etc. */
  policy?: PgBoss.QueuePolicy;
}

export interface EnqueueOptions {
  /** The transaction the job belongs to: it is created if and only if that commits. */
  tx?: Db;
  /** At most one queued job per key (a queue with the `stately` or `singleton` policy). */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface WorkOptions {
  /** Jobs fetched at once and handed to the handler together. */
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

export interface Job<T> {
  id: string;
  name: string;
  data: T;
}

export interface JobLayer {
  /** Declares a queue (idempotent); every queue is declared before it is used. */
  queue: (name: string, options?: QueueOptions) => Promise<void>;
  enqueue: <T extends object>(name: string, data: T, options?: EnqueueOptions) => Promise<string | null>;
  /** Many jobs of one queue in one statement (inside `tx` when given). */
  enqueueMany: <T extends object>(name: string, data: readonly T[], options?: { tx?: Db }) => Promise<void>;
  /** A cron schedule (Europe/London by default): one job per tick for all processes together. */
  schedule: (name: string, cron: string, data?: object, options?: { tz?: string }) => Promise<void>;
  /** Runs the handler for jobs of the queue in this process; a throw fails the jobs (retried). */
  work: <T>(name: string, handler: (jobs: Job<T>[]) => Promise<void>, options?: WorkOptions) => Promise<void>;
  /**
   * Makes this process's workers of the queue fetch now instead of at their next poll: after
   * enqueueing work they should start at once, or after a full batch (more is likely waiting).
   */
  wake: (name: string) => void;
  /** Jobs of a queue not yet completed (created, retry or active): tests and health. */
  pending: (name: string) => Promise<number>;
  stop: (options?: { graceful?: boolean; timeoutMs?: number }) => Promise<void>;
}

export interface JobLayerOptions {
  /** How often expired jobs are failed (and so retried) and old ones deleted. */
  maintenanceIntervalSeconds?: number;
  /** Whether this process keeps the cron schedules (every server process may; one tick is sent). */
  schedule?: boolean;
  onError?: (err: unknown) => void;
}

/** The schema pg-boss keeps its tables in; created and migrated by pg-boss itself on start. */
export const JOB_SCHEMA = 'pgboss';

export const startJobLayer = async (db: Db, options: JobLayerOptions = {}): Promise<JobLayer> => {
  const boss = new PgBoss({
    db: executorOf(db) as PgBoss.Db,
    schema: JOB_SCHEMA,
    schedule: options.schedule ?? true,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (err) => options.onError?.(err));
  await boss.start();
  const workers = new Map<string, string[]>();
  return {
    queue: async (name, q = {}) => {
      const opts: PgBoss.Queue = {
        name,
        policy: q.policy ?? 'standard',
        ...(q.expireInSeconds ? { expireInSeconds: q.expireInSeconds } : {}),
        ...(q.retryLimit !== undefined ? { retryLimit: q.retryLimit } : {}),
        ...(q.retryDelaySeconds !== undefined ? { retryDelay: q.retryDelaySeconds, retryBackoff: true } : {}),
      };
      if (!(await boss.getQueue(name))) {
        // Another process may create it at the same moment: theirs stands, ours updates it.
        await boss.createQueue(name, opts).catch(() => undefined);
      }
      await boss.updateQueue(name, opts);
    },
    enqueue: (name, data, o = {}) =>
      boss.send(name, data, {
        ...(o.tx ? { db: transactionExecutor(o.tx) as PgBoss.Db } : {}),
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
        ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
      }),
    enqueueMany: async (name, data, o = {}) => {
      if (!data.length) return;
      await boss.insert(
        data.map((d) => ({ name, data: d })),
        o.tx ? { db: transactionExecutor(o.tx) as PgBoss.Db } : {},
      );
    },
    schedule: (name, cron, data, o = {}) =>
      boss.schedule(name, cron, data ?? {}, { tz: o.tz ?? 'Europe/London' }),
    work: async (name, handler, o = {}) => {
      const id = await boss.work<object>(
        name,
        { batchSize: o.batchSize ?? 1, pollingIntervalSeconds: o.pollingIntervalSeconds ?? 2 },
        async (jobs) => handler(jobs as unknown as Job<never>[]),
      );
      workers.set(name, [...(workers.get(name) ?? []), id]);
    },
    wake: (name) => {
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    },
    pending: async (name) => {
      const n = await boss.getQueueSize(name, { before: 'completed' });
      return Number(n);
    },
    stop: async ({ graceful = true, timeoutMs = 10_000 } = {}) => {
      await boss.stop({ graceful, timeout: timeoutMs, close: false });
    },
  };
};
