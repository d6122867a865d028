import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { ServiceUnavailableError } from '../../lib/errors';
import { ping } from './health.repository';

const TIMEOUT_MS = 3000;

/** The ping in flight per database, shared by every health check that arrives while it runs. */
const inFlight = new WeakMap<Db, Promise<void>>();

const pingWithin = (db: Db): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    ping(db),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
};

/**
 * Probes poll this, and under load many checks arrive together: each joins the ping already in
 * flight (started at most one round trip before it) instead of sending its own, so the checks
 * cost the database one query per round trip, not one each. A failure answers every joined check.
 */
export const check = async (deps: ServiceDeps): Promise<{ status: 'ok'; database: 'ok' }> => {
  let running = inFlight.get(deps.db);
  if (!running) {
    running = pingWithin(deps.db).finally(() => inFlight.delete(deps.db));
    inFlight.set(deps.db, running);
  }
  try {
    await running;
  } catch {
    throw new ServiceUnavailableError();
  }
  return { status: 'ok', database: 'ok' };
};
