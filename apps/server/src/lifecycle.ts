import type { FastifyInstance } from 'fastify';

/**
 * Graceful stop: new requests get 503 from now on, the listener closes, in-flight requests
 * finish, then the database closes.
 */
export const shutdown = async (app: FastifyInstance, closeDb: () => Promise<void>): Promise<void> => {
  app.beginShutdown();
  try {
    await app.close();
  } finally {
    await closeDb();
  }
};
