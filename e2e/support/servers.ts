/**
 * Where each worker's server listens: `E2E_PORT` (3210 by default) for worker slot 0, the next
 * port for slot 1, and so on; `E2E_BASE_URL` instead points every worker at one server already
 * running (then run with `E2E_WORKERS=1`, as the specs share its demo users).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? (process.env.E2E_BASE_URL ? 1 : 2));
export const serverURL = (slot: number): string =>
  process.env.E2E_BASE_URL ?? `http://127.0.0.1:${E2E_PORT + slot}`;
