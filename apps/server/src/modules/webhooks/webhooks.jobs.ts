/**
 * Webhooks' background work on the job layer (ADR 0089, ADR 0098). The outbox relay runs in every
 * worker process: a pass (one transaction) fans new changes out to their endpoints and gives each
 * waiting delivery its job; each job makes one attempt and, when it fails, enqueues the next at the
 * schedule's time (the relay enqueues it when due). A job whose process died expires and runs again (the same `webhook-id`: at
 * least once). A daily job prunes attempts older than 30 days.
 */
import { WEBHOOK_LOG_DAYS } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import type { JobLayer } from '../../jobs';
import { runDelivery, WEBHOOK_DELIVER_QUEUE, type DeliverJob } from './webhooks.delivery';
import * as repo from './webhooks.repository';

export const WEBHOOK_PRUNE_QUEUE = 'webhooks-prune';
export const PRUNE_CRON = '30 3 * * *';
/** Changes and deliveries one relay pass takes. */
const RELAY_BATCH = 200;
/** Deliveries one worker attempts at once. */
const DELIVER_BATCH = 20;

export const declareWebhookJobs = async (jobs: JobLayer, opts: { timeoutMs: number }): Promise<void> => {
  // Expiry well past the attempt's timeout: only a job whose process died expires.
  await jobs.queue(WEBHOOK_DELIVER_QUEUE, {
    expireInSeconds: Math.ceil(opts.timeoutMs / 1000) * 4,
    retryLimit: 50,
    retryDelaySeconds: 1,
  });
  await jobs.queue(WEBHOOK_PRUNE_QUEUE, { policy: 'singleton', expireInSeconds: 600, retryLimit: 3 });
  await jobs.schedule(WEBHOOK_PRUNE_QUEUE, PRUNE_CRON);
};

/**
 * One relay pass; answers whether it found work (then another pass follows at once). Jobs it
 * enqueued wake this process's delivery workers once committed, so an attempt starts without
 * waiting for their next poll (commit → first attempt is bounded by the relay's interval).
 */
export const relayOnce = async (deps: ServiceDeps, jobs: JobLayer): Promise<boolean> => {
  const { events, queued } = await deps.db.transaction(async (tx) => {
    const events = await repo.dispatchEvents(tx, RELAY_BATCH, deps.now());
    const queued = await repo.takeQueued(tx, RELAY_BATCH, deps.now());
    await jobs.enqueueMany<DeliverJob>(WEBHOOK_DELIVER_QUEUE, queued, { tx });
    return { events, queued: queued.length };
  });
  if (queued) jobs.wake(WEBHOOK_DELIVER_QUEUE);
  return events > 0 || queued > 0;
};

export const pruneWebhookLog = (deps: ServiceDeps): Promise<number> =>
  repo.prune(deps.db, new Date(deps.now().getTime() - WEBHOOK_LOG_DAYS * 86_400_000));

/**
 * This process works the webhook queues and runs the relay until `stop()`. A failed pass (the
 * database away) is tried again at the next tick.
 */
export const workWebhookJobs = async (
  jobs: JobLayer,
  deps: ServiceDeps,
  opts: { pollingIntervalSeconds?: number; onError?: (err: unknown) => void } = {},
): Promise<{ stop: () => Promise<void> }> => {
  const polling = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 0.5, batchSize: DELIVER_BATCH };
  // A batch's attempts run side by side. Should one throw (the database away), the batch is
  // retried: an attempt already settled finds itself done (or stale) and is skipped.
  await jobs.work<DeliverJob>(
    WEBHOOK_DELIVER_QUEUE,
    async (batch) => {
      const results = await Promise.allSettled(batch.map((job) => runDelivery(deps, job.data)));
      // A full batch says more are waiting: fetch again at once rather than after the poll.
      if (batch.length >= DELIVER_BATCH) jobs.wake(WEBHOOK_DELIVER_QUEUE);
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    polling,
  );
  await jobs.work(WEBHOOK_PRUNE_QUEUE, async () => void (await pruneWebhookLog(deps)));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      try {
        while (!stopped && (await relayOnce(deps, jobs)));
      } catch (err) {
        opts.onError?.(err);
      }
      if (!stopped) timer = setTimeout(tick, deps.config.webhooks.relayMs);
    })();
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
