import { afterAll } from 'vitest';
import { closeFileDatabase } from './helpers';
import { dropFileDatabase } from './pg-file-drop';

/*
 * What each test file gets as if it ran in a process of its own. The files of a worker share its
 * modules (vitest.config.ts, isolate: false: the server's module graph is imported once per worker
 * instead of once per file), so what one file leaves behind is put back here, after its tests: its
 * database is closed and, on PostgreSQL, dropped (the next file opens a fresh one) and the environment it changed (a time
 * zone, a setting) is restored.
 */
const env = { ...process.env };

afterAll(async () => {
  await closeFileDatabase();
  await dropFileDatabase();
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
});
