/**
 * The upload workers' entry (ADR 0070): loads the tasks' TypeScript through tsx's require hook.
 * On Node 20 a worker thread cannot use the ESM loader hooks `node --import tsx` installs in the
 * main thread, and Vitest runs the server without them; the CommonJS hook works in both.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose (above) */
require('tsx/cjs/api').register();
module.exports = require('./tasks.ts').tasks;
