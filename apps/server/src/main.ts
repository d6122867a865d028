/** Process entry: config → db → migrate → seed (when empty) → buildApp → listen; graceful shutdown. */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { runMigrations } from './db/migrate';
import { DEMO_ADMIN, DEMO_AGENT } from './db/seed/data';
import { seedDemo, usersTableIsEmpty } from './db/seed/seed';
import { shutdown } from './lifecycle';
import { createLogger } from './logger';

const start = async () => {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const handle = await createDb({ databaseUrl: config.databaseUrl, pgliteDir, poolMax: config.dbPoolMax });
  logger.info({ driver: handle.driver, ...(handle.driver === 'pglite' ? { dir: pgliteDir } : {}) }, 'database opened');
  await runMigrations(handle);
  logger.info('migrations applied');

  let seeded = false;
  if (config.seedDemo && (await usersTableIsEmpty(handle.db))) {
    const t0 = Date.now();
    const result = await seedDemo(handle.db, { scryptCost: config.scryptCost });
    seeded = true;
    logger.info({ ...result, ms: Date.now() - t0 }, 'demo data seeded');
  }

  const app = await buildApp({ config, db: handle, logger });

  closeWithGrace({ delay: config.shutdownTimeoutMs, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'fatal error, shutting down');
    else logger.info({ signal }, 'shutting down');
    await shutdown(app, handle.close);
  });

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Frontage is running at http://${shownHost}:${config.port}`,
    `  API documentation:     http://${shownHost}:${config.port}/api/docs`,
    `  Database:              ${handle.driver === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${pgliteDir}`}`,
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

start().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
