import { UPLOAD_MESSAGES, uploadMemoryLimitMessage, uploadTimeLimitMessage } from '@frontage/shared';
import { Piscina } from 'piscina';
import type { UploadWorkerConfig } from '../../config';
import { ServiceUnavailableError, ValidationError } from '../errors';
import type { Outcome, TaskName, Tasks } from './tasks';

/**
 * The worker threads that read uploaded files (ADR 0070): a store list's XLSX or CSV, a logo's
 * pixels. Decoding and parsing run there, never on the event loop, each task with a time limit
 * (the worker is stopped when it passes) and a JavaScript heap limit (the worker dies alone when
 * it runs out); either refuses the file with a 422 naming the limit, and the next task gets a new
 * worker. At most `threads` files are read at once and `queue` more wait their turn; beyond, 503
 * with Retry-After: the time limit.
 *
 * One pool per process (per thread count and memory limit), created on first use; every app holds
 * it while open and the last to close ends its threads. Idle threads are unreferenced and leave
 * after a while, so a pool never keeps the process alive.
 */

interface Slots {
  pool: Piscina | null;
  /** Apps holding the pool open. */
  holders: number;
  /** Tasks on a thread (at most `threads`). */
  running: number;
  /** Tasks waiting for a thread, first come first served. */
  waiting: Array<() => void>;
}

const pools = new Map<string, Slots>();
const keyOf = (c: UploadWorkerConfig) => `${c.pool ?? 'uploads'}/${c.threads}/${c.memoryLimitMb}`;

/**
 * Worker threads load TypeScript through tsx's require hook (worker.cjs): on Node 20 a worker
 * cannot use the ESM loader hooks that `node --import tsx` installs in the main thread.
 */
const WORKER = new URL('./worker.cjs', import.meta.url).href;
const IDLE_MS = 60_000;

const slotsOf = (c: UploadWorkerConfig): Slots => {
  let s = pools.get(keyOf(c));
  if (!s) pools.set(keyOf(c), (s = { pool: null, holders: 0, running: 0, waiting: [] }));
  return s;
};

const poolOf = (s: Slots, c: UploadWorkerConfig): Piscina =>
  (s.pool ??= new Piscina({
    filename: WORKER,
    minThreads: 0,
    maxThreads: c.threads,
    concurrentTasksPerWorker: 1,
    idleTimeout: IDLE_MS,
    // Not the main thread's flags (--import tsx, --watch, an inspector port).
    execArgv: [],
    resourceLimits: {
      maxOldGenerationSizeMb: c.memoryLimitMb,
      ...(c.youngGenerationMb !== undefined && { maxYoungGenerationSizeMb: c.youngGenerationMb }),
    },
  }));

/**
 * Holds the pool open for an app; the returned function lets go (the last one ends the threads).
 * A task still on a thread (an import's batch whose job stops between batches) ends first: a
 * thread ended under it would answer a pool that no longer knows the task (piscina's "Unexpected
 * message from Worker", an uncaught error). Each task has its time limit, so this ends.
 */
export const holdUploadWorkers = (c: UploadWorkerConfig): (() => Promise<void>) => {
  const s = slotsOf(c);
  s.holders++;
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    s.holders--;
    if (s.holders > 0) return;
    pools.delete(keyOf(c));
    const pool = s.pool;
    s.pool = null;
    await pool?.close({ force: true });
  };
};

/** A thread's turn: now if one is free, else in the queue; refused when the queue is full. */
const acquire = (s: Slots, c: UploadWorkerConfig): Promise<void> => {
  if (s.running < c.threads) {
    s.running++;
    return Promise.resolve();
  }
  // By then the file on each thread has been read or stopped at the time limit.
  if (s.waiting.length >= c.queue)
    throw new ServiceUnavailableError(UPLOAD_MESSAGES.busy, c.timeLimitSeconds);
  return new Promise((resolve) => s.waiting.push(resolve));
};

/** The turn passes straight to the next in line, so nobody can slip in between. */
const release = (s: Slots) => {
  const next = s.waiting.shift();
  if (next) next();
  else s.running--;
};

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

type ValueOf<N extends TaskName> = Awaited<ReturnType<Tasks[N]>> extends Outcome<infer T> ? T : never;

/**
 * Runs one task on an upload worker: its value, or its refusal thrown again here. The time limit
 * counts from when the task gets its thread, not from when it joined the queue. A task that
 * passes a limit is a 422 on `field`.
 */
export const runUploadTask = async <N extends TaskName>(
  c: UploadWorkerConfig,
  field: string,
  name: N,
  input: Parameters<Tasks[N]>[0],
): Promise<ValueOf<N>> => {
  const s = slotsOf(c);
  await acquire(s, c);
  const signal = AbortSignal.timeout(c.timeLimitSeconds * 1000);
  let outcome: Outcome<ValueOf<N>>;
  try {
    outcome = (await poolOf(s, c).run(input, { name, signal })) as Outcome<ValueOf<N>>;
  } catch (err) {
    if (signal.aborted) throw ValidationError.field(field, uploadTimeLimitMessage(c.timeLimitSeconds));
    if (codeOf(err) === 'ERR_WORKER_OUT_OF_MEMORY')
      throw ValidationError.field(field, uploadMemoryLimitMessage(c.memoryLimitMb));
    throw err;
  } finally {
    release(s);
  }
  if ('refused' in outcome) throw new ValidationError(outcome.refused);
  return outcome.value;
};

/** Tasks holding an upload thread now, across pools (what a test waits for, what a log may say). */
export const uploadTasksRunning = (): number => [...pools.values()].reduce((n, s) => n + s.running, 0);

/** Upload threads alive now, across pools (closing the last app brings it to 0). */
export const uploadWorkerThreads = (): number =>
  [...pools.values()].reduce((n, s) => n + (s.pool?.threads.length ?? 0), 0);
