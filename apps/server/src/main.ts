/**
 * Process entry: config → db → migrate → seed (when empty) → buildApp → listen; graceful shutdown.
 *
 * On PostgreSQL the server can run several processes (WEB_CONCURRENCY, ADR 0031): a Node process
 * is one thread, so where the database has cores of its own a process per core serves more. On
 * a small machine that also runs PostgreSQL, one process (the default) keeps the tail latency
 * lower: the processes and the database would compete for the same cores.
 * The primary migrates and seeds once, then forks the workers, each with its own pool; it owns
 * the listening socket and hands each connection to the next worker over IPC (round-robin, as
 * the cluster module would — owning the socket lets a stop signal close it first, ADR 0034).
 * What they share lives in
 * the database (sessions, throttles, notifications over LISTEN/NOTIFY, lib/pubsub.ts); the
 * general rate limit is counted per process. PGlite is embedded in one process, so it runs one.
 */
import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import os from 'node:os';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig, type Config, type JobKind } from './config';
import type { DbHandle } from './db/client';
import { openConfiguredDb, openServerDb, pgliteDirOf, serverDbAfterStartup } from './db/open';
import { writeLeaseEventSettings } from './db/lease-event-settings';
import { runMigrations } from './db/migrate';
import { DEMO_ADMIN, DEMO_AGENT } from './db/seed/data';
import { seedDemo, usersTableIsEmpty } from './db/seed/seed';
import { startJobLayer } from './jobs';
import { isDatabaseUnavailable } from './lib/db-errors';
import { declareImportJobs, workImportJobs } from './modules/imports/imports.jobs';
import { declareReminderJobs, workReminderJobs } from './modules/reminders/reminders.jobs';
import { declareWebhookJobs, workWebhookJobs } from './modules/webhooks/webhooks.jobs';
import { trackConnections } from './lib/drain';
import { shutdown } from './lifecycle';
import { createLogger } from './logger';

type Logger = ReturnType<typeof createLogger>;

/**
 * Opens the database, applies migrations and seeds the demo when the users table is empty. The
 * handle has no statement timeout (these jobs may run long); the server's comes after (ADR 0071).
 */
const prepareDatabase = async (
  config: Config,
  logger: Logger,
): Promise<{ handle: DbHandle; seeded: boolean }> => {
  const handle = await openConfiguredDb(config, 2);
  logger.info(
    { driver: handle.driver, ...(handle.driver === 'pglite' ? { dir: pgliteDirOf(config) } : {}) },
    'database opened',
  );
  await runMigrations(handle);
  logger.info('migrations applied');
  await writeLeaseEventSettings(handle.db, config.regearPromptMonths);
  let seeded = false;
  if (config.seedDemo && (await usersTableIsEmpty(handle.db))) {
    const t0 = Date.now();
    const result = await seedDemo(handle.db, { scryptCost: config.scryptCost });
    seeded = true;
    logger.info({ ...result, ms: Date.now() - t0 }, 'demo data seeded');
  }
  return { handle, seeded };
};

/**
 * Builds the app over the database and listens; on a signal drains the connections within the
 * grace period (ADR 0034), then closes the app and the database.
 */
const serve = async (config: Config, logger: Logger, handle: DbHandle): Promise<void> => {
  // The job layer (ADR 0089) runs in every server process: pg-boss shares the work between them.
  const jobs = await startJobLayer(handle.db, {
    maintenanceIntervalSeconds: config.jobs.maintenanceSeconds,
    onError: (err) => logger.warn({ err }, 'job layer'),
  });
  await declareReminderJobs(jobs, config.jobs.reminderExpireSeconds);
  await declareImportJobs(jobs, config.imports.jobExpireSeconds);
  await declareWebhookJobs(jobs, { timeoutMs: config.webhooks.timeoutMs });
  const app = await buildApp({ config, db: handle, logger, jobs });
  // An import's apply stops between two batches at shutdown and resumes on a process that runs.
  let stoppingImports = false;
  const works = (kind: JobKind) => config.jobs.worker && config.jobs.kinds.includes(kind);
  if (works('reminders')) await workReminderJobs(jobs, app.services);
  if (works('imports')) await workImportJobs(jobs, app.services, { stopping: () => stoppingImports });
  const webhooks = works('webhooks')
    ? await workWebhookJobs(jobs, app.services, { onError: (err) => logger.warn({ err }, 'webhook relay') })
    : undefined;
  // From the first connection on, so the drain knows every one of them.
  const connections = trackConnections(app.server);
  let closing = false;
  // A worker is told to stop by its primary over IPC; when the signal reached it directly too
  // (a terminal's Ctrl-C goes to the whole process group), the second notice is ignored rather
  // than taken as close-with-grace's "second signal: exit now".
  process.on('message', (m) => {
    if (m === 'shutdown' && !closing) process.kill(process.pid, 'SIGTERM');
  });
  const closeAll = async () => {
    // Jobs in progress finish (or are retried by another process once they expire), then the database closes.
    stoppingImports = true;
    await webhooks?.stop();
    await jobs.stop({ timeoutMs: Math.max(1000, config.shutdownTimeoutMs / 2) }).catch(() => undefined);
    await handle.close();
  };
  const stop = () => shutdown(app, closeAll, { connections, graceMs: config.shutdownTimeoutMs });
  const graceful = closeWithGrace(
    { delay: config.shutdownTimeoutMs, logger, skip: ['uncaughtException', 'unhandledRejection'] },
    async ({ signal }) => {
      closing = true;
      logger.info({ signal }, 'shutting down');
      await stop();
    },
  );
  // An error nothing caught (ADR 0071). A database connection lost outside any request is not the
  // server's end: the pool has dropped that client and opens another when asked. Anything else
  // stops the server as close-with-grace would, exiting with 1.
  const onFatal = (err: unknown) => {
    if (isDatabaseUnavailable(err)) return logger.warn({ err }, 'database connection lost outside a request');
    if (closing) {
      logger.error({ err }, 'second error, exiting');
      process.exit(1);
    }
    closing = true;
    graceful.uninstall();
    logger.error({ err }, 'fatal error, shutting down');
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs);
    stop()
      .catch((e: unknown) => logger.error({ err: e }, 'shutdown failed'))
      .finally(() => process.exit(1));
  };
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);
  if (!cluster.isWorker) {
    await app.listen({ port: config.port, host: config.host });
    return;
  }
  // A worker does not listen: the primary sends it connections (runWorkers).
  process.on('message', (m: unknown, socket: unknown) => {
    if (m === 'connection' && socket instanceof net.Socket) app.server.emit('connection', socket);
  });
  await app.ready();
  // What listening would start besides the socket: the server's header-timeout checks.
  app.server.emit('listening');
  process.send?.('ready');
};

const printBanner = (config: Config, driver: DbHandle['driver'], seeded: boolean, processes: number) => {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Frontage is running at http://${shownHost}:${config.port}`,
    `  API documentation:     http://${shownHost}:${config.port}/api/docs`,
    `  Database:              ${driver === 'pg' ? `PostgreSQL (DATABASE_URL), ${processes} server process${processes === 1 ? '' : 'es'}` : `PGlite in ${pgliteDirOf(config)}`}`,
    ...(config.seedDemo
      ? [
          `  Demo accounts${seeded ? ' (just seeded)' : ''}:`,
          `    admin  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
          `    agent  ${DEMO_AGENT.email} / ${DEMO_AGENT.password}`,
        ]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
};

/**
 * Forks the workers and, once every one is ready, listens: each connection goes to the next
 * ready worker over IPC. A worker that dies is replaced. On a stop signal the listening socket
 * closes first (new connections are refused), then every worker drains its connections (ADR
 * 0034). With the cluster module's shared port the primary kept accepting until the last worker
 * had closed, and then dropped the connections it held: clients saw resets.
 */
const runWorkers = async (count: number, config: Config, logger: Logger): Promise<void> => {
  const ready: Worker[] = [];
  let turn = 0;
  let stopping = false;
  let failed = false;
  const listener = net.createServer({ pauseOnConnect: true }, (socket) => {
    const worker = ready.length ? ready[turn++ % ready.length] : undefined;
    if (!worker) return void socket.destroy();
    worker.send('connection', socket, (err) => {
      if (err) socket.destroy();
    });
  });
  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down workers');
    listener.close();
    for (const w of Object.values(cluster.workers ?? {})) w?.send('shutdown');
  };
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));
  cluster.on('exit', (worker, code, signal) => {
    if (ready.includes(worker)) ready.splice(ready.indexOf(worker), 1);
    if (stopping) {
      // A worker that ran out of grace (close-with-grace exits with 1) fails the whole stop.
      if (code !== 0) failed = true;
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(failed ? 1 : 0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'server process exited; starting another');
    setTimeout(() => cluster.fork(), 1000);
  });
  await new Promise<void>((resolve) => {
    cluster.on('message', (worker, message) => {
      if (message !== 'ready') return;
      ready.push(worker);
      if (ready.length === count) resolve();
    });
    for (let i = 0; i < count; i++) cluster.fork();
    logger.debug({ workers: count, port: config.port }, 'server processes started');
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(config.port, config.host, () => {
      listener.off('error', reject);
      listener.on('error', (err) => logger.error({ err }, 'accepting a connection failed'));
      resolve();
    });
  });
};

const start = async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (cluster.isWorker) {
    await serve(config, logger, await openServerDb(config));
    return;
  }
  const processes = config.databaseUrl ? config.webConcurrency || os.availableParallelism() : 1;
  const { handle, seeded } = await prepareDatabase(config, logger);
  if (processes === 1) {
    await serve(config, logger, await serverDbAfterStartup(handle, config));
  } else {
    await handle.close();
    await runWorkers(processes, config, logger);
  }
  printBanner(config, handle.driver, seeded, processes);
};

start().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
