import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../scripts/bundle.mjs';
import { createDb } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { countsLine, noCounts, type RouteSuiteCounts } from './attack/counts';
import { TEST_DATABASE_SETTINGS } from './pg-settings';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite data-dir dump; each test file starts its own PGlite from it. */
    pgliteSnapshot: string;
    /** Where each route suite part writes its counts; the teardown prints their sum. */
    routeSuiteCountsDir: string;
    /** The server bundled from src/ for this run (scripts/bundle.mjs): what child-process tests start. */
    serverMain: string;
  }
}

/**
 * PostgreSQL: wipes and migrates the given database once; every test file copies it (see
 * pg-file-database.ts). Teardown drops the copies.
 */
const migrateTemplate = async (url: string) => {
  const template = new URL(url);
  const name = decodeURIComponent(template.pathname.slice(1));
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(template.href), { pathname: '/postgres' }).href,
  });
  await admin.connect();
  try {
    for (const setting of TEST_DATABASE_SETTINGS)
      await admin.query(`alter database "${name}" set ${setting}`);
  } finally {
    await admin.end();
  }
  const handle = await createDb({ databaseUrl: url, poolMax: 1 });
  await handle.db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await handle.db.execute(sql.raw('drop schema if exists public cascade'));
  await handle.db.execute(sql.raw('create schema public'));
  await runMigrations(handle);
  await handle.close();
  return async () => {
    const admin = new pg.Client({
      connectionString: Object.assign(new URL(template.href), { pathname: '/postgres' }).href,
    });
    await admin.connect();
    const copies = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${name.replace(/[\\%_]/g, '\\$&')}\\_%`],
    );
    for (const { datname } of copies.rows)
      await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
};

/** The sum of the route suite parts' counts (attack/route-suite.ts), when any part ran. */
const printRouteSuiteCounts = (dir: string) => {
  const parts = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  if (!parts.length) return;
  const sum = noCounts();
  for (const f of parts) {
    const c = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as RouteSuiteCounts;
    for (const k of Object.keys(sum) as Array<keyof RouteSuiteCounts>) sum[k] += c[k];
  }
  process.stdout.write(`\n${countsLine(`route suite (${parts.length} parts)`, sum)}\n`);
};

/** Migrates one PGlite once and dumps it, so test files skip PGlite's slow initdb. */
export default async function setup(project: TestProject) {
  const countsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-route-suite-'));
  project.provide('routeSuiteCountsDir', countsDir);
  // The server as `npm run build` bundles it, from the source as it is now, in a folder of this
  // run's own beside src/ (two runs at once each have theirs).
  const bundleDir = path.join(import.meta.dirname, '..', `.dist-test-${process.pid}`);
  project.provide('serverMain', await bundleServer(bundleDir));
  const done = () => {
    printRouteSuiteCounts(countsDir);
    fs.rmSync(countsDir, { recursive: true, force: true });
    fs.rmSync(bundleDir, { recursive: true, force: true });
  };
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgliteSnapshot', '');
    const dropCopies = await migrateTemplate(url);
    return async () => {
      done();
      await dropCopies();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const handle = await createDb({});
  await runMigrations(handle);
  if (!handle.dumpDataDir) throw new Error('expected a PGlite handle');
  fs.writeFileSync(file, Buffer.from(await (await handle.dumpDataDir()).arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
  return () => {
    done();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
