import type { FastifyInstance } from 'fastify';
import type { ConnectionDrain } from './lib/drain';

/** How long a keep-alive connection with nothing in progress is kept for one more request. */
export const IDLE_DRAIN_MS = 1000;
/** Part of the grace period kept for closing the app and the database once the connections are gone. */
export const CLOSE_RESERVE_MS = 1000;

export interface ShutdownOptions {
  /** The server's connections, tracked since before it listened (main.ts); without them Fastify's close alone. */
  connections?: ConnectionDrain;
  /** The grace period (SHUTDOWN_TIMEOUT_MS): close-with-grace exits with 1 when it runs out. */
  graceMs?: number;
}

/**
 * Graceful stop (ADR 0034): the listener closes (new connections are refused); requests already
 * received and those still arriving on open connections are answered, each with
 * `Connection: close`; notification streams end with a final `shutdown` event; connections with
 * nothing in progress are ended after a short idle window; whatever remains when the grace
 * period (less a reserve) runs out is destroyed; then the app's close hooks run and the database
 * closes.
 */
export const shutdown = async (
  app: FastifyInstance,
  closeDb: () => Promise<void>,
  { connections, graceMs = 10_000 }: ShutdownOptions = {},
): Promise<void> => {
  app.beginShutdown();
  try {
    if (connections) {
      const drainMs = Math.max(0, graceMs - Math.min(CLOSE_RESERVE_MS, graceMs / 5));
      const result = await connections.drain({
        idleMs: Math.min(IDLE_DRAIN_MS, drainMs / 4),
        timeoutMs: drainMs,
      });
      app.log[result.destroyed ? 'warn' : 'info'](result, 'connections drained');
    }
    await app.close();
  } finally {
    await closeDb();
  }
};
