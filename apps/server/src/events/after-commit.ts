/**
 * Events raised once a change has committed (ADR 0053): their handlers run in a transaction of
 * their own after the change's answer is on its way, so a failing handler neither fails nor slows
 * the change; failures are only logged. `settleAfterCommit()` waits for the pending ones (tests,
 * and the graceful drain can use it).
 */
import type { Db } from '../db/client';
import { domainEvents, newEventContext, publishNotificationChanges } from './index';
import type { DomainEvents } from './bus';

const pending = new Set<Promise<void>>();

export const emitAfterCommit = <K extends keyof DomainEvents>(
  db: Db,
  name: K,
  payloads: ReadonlyArray<DomainEvents[K]>,
  opts: { now: Date; onError?: (err: unknown) => void },
): void => {
  if (!payloads.length) return;
  const run = (async () => {
    const ctx = newEventContext(db, opts.now);
    await db.transaction(async (tx) => {
      for (const payload of payloads) await domainEvents.emit(name, payload, { ...ctx, db: tx });
    });
    await publishNotificationChanges(db, ctx.notifiedUserIds);
  })()
    .catch((err: unknown) => opts.onError?.(err))
    .finally(() => pending.delete(run));
  pending.add(run);
};

/** Resolves when every event raised so far has been handled. */
export const settleAfterCommit = async (): Promise<void> => {
  while (pending.size) await Promise.all([...pending]);
};
