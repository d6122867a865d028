/**
 * The reminders' background work on the job layer (ADR 0089): a daily sweep at 06:00 UK time, a
 * check every minute for units whose events changed, the deliveries they queue, and the e-mails.
 */
import type { ServiceDeps } from '../../deps';
import type { JobLayer } from '../../jobs';
import { mailerOf } from './reminders.mail';
import { deliverChanged, deliverUnits, REMINDER_QUEUES, sendEmail, sweep } from './reminders.service';

export const SWEEP_CRON = '0 6 * * *';
export const CHANGES_CRON = '* * * * *';

/** Declares the queues and schedules (any process may; they are kept once in the database). */
export const declareReminderJobs = async (jobs: JobLayer, expireInSeconds: number): Promise<void> => {
  await jobs.queue(REMINDER_QUEUES.sweep, { policy: 'singleton', expireInSeconds, retryLimit: 5 });
  await jobs.queue(REMINDER_QUEUES.changes, { policy: 'singleton', expireInSeconds, retryLimit: 1 });
  // A delivery is idempotent: retried (after its process died, it expires) as often as needed.
  await jobs.queue(REMINDER_QUEUES.deliver, { expireInSeconds, retryLimit: 20, retryDelaySeconds: 1 });
  await jobs.queue(REMINDER_QUEUES.email, { expireInSeconds, retryLimit: 8, retryDelaySeconds: 30 });
  await jobs.schedule(REMINDER_QUEUES.sweep, SWEEP_CRON);
  await jobs.schedule(REMINDER_QUEUES.changes, CHANGES_CRON);
};

/** This process works the reminder queues. */
export const workReminderJobs = async (
  jobs: JobLayer,
  deps: ServiceDeps,
  opts: { pollingIntervalSeconds?: number } = {},
): Promise<void> => {
  const polling =
    opts.pollingIntervalSeconds !== undefined ? { pollingIntervalSeconds: opts.pollingIntervalSeconds } : {};
  await jobs.work(REMINDER_QUEUES.sweep, async () => void (await sweep(deps)), polling);
  await jobs.work(REMINDER_QUEUES.changes, async () => void (await deliverChanged(deps)), polling);
  await jobs.work<{ property_ids: number[] }>(
    REMINDER_QUEUES.deliver,
    async ([job]) => void (await deliverUnits(deps, job!.data.property_ids)),
    polling,
  );
  await jobs.work<{ id: number }>(
    REMINDER_QUEUES.email,
    async ([job]) => {
      if (!deps.config.mail) return;
      await sendEmail(deps, job!.data.id, mailerOf(deps.config.mail));
    },
    polling,
  );
};
