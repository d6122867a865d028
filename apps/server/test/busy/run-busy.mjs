#!/usr/bin/env node
/**
 * The server suite on a busy machine: keeps every core busy with CPU burners (worker threads in a
 * busy loop, BUSY_THREADS of them, default one per core) while `vitest run` runs the server suite,
 * then stops them and exits with vitest's code. A test that passes only on an idle machine (a
 * timeout a slower machine trips, an asynchronous delivery read too early) fails here.
 *
 *   node apps/server/test/busy/run-busy.mjs [vitest arguments, e.g. test/seed.test.ts]
 *
 * Arguments go to `vitest run`, which runs in apps/server (TEST_DATABASE_URL and the rest of the
 * environment pass through).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const threads = Number(process.env.BUSY_THREADS ?? os.availableParallelism());

// Each burner spins until told to stop; Atomics.load keeps the loop from being optimised away.
const stop = new Int32Array(new SharedArrayBuffer(4));
const burners = Array.from(
  { length: threads },
  () =>
    new Worker(
      `const { workerData } = require('node:worker_threads');
       let x = 0;
       while (Atomics.load(workerData, 0) === 0) for (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0;`,
      { eval: true, workerData: stop },
    ),
);
const stopBurners = () => {
  Atomics.store(stop, 0, 1);
  return Promise.all(burners.map((w) => w.terminate()));
};

const load = () => os.loadavg()[0].toFixed(1);
process.stdout.write(`run-busy: ${threads} CPU burner threads on ${os.availableParallelism()} cores\n`);

const started = Date.now();
const vitest = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  cwd: serverDir,
  stdio: 'inherit',
  env: process.env,
});
// Load averages, so the run's report shows the machine was busy.
const sampler = setInterval(() => process.stdout.write(`\nrun-busy: load ${load()}\n`), 60_000);

const forward = (signal) => vitest.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);

vitest.on('exit', async (code, signal) => {
  clearInterval(sampler);
  await stopBurners();
  process.stdout.write(
    `run-busy: vitest ended (${signal ?? `code ${code}`}) after ${((Date.now() - started) / 1000).toFixed(0)} s, load ${load()}\n`,
  );
  process.exit(code ?? 1);
});
