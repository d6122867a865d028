import pg from 'pg';
import { TEST_DATABASE_SETTINGS } from './pg-settings';

/**
 * CI's PostgreSQL pass (TEST_DATABASE_URL): the global setup migrates that database once; each
 * test file then runs on its own copy of it (CREATE DATABASE … TEMPLATE, a file copy), so files
 * run in parallel as they do on PGlite and none pays for the migrations again. Tests that make
 * databases of their own (cluster, drain) name them after this one, so they never collide either.
 */
if (process.env.TEST_DATABASE_URL) {
  process.env.TEST_DATABASE_TEMPLATE_URL ??= process.env.TEST_DATABASE_URL;
  const template = new URL(process.env.TEST_DATABASE_TEMPLATE_URL);
  const templateName = decodeURIComponent(template.pathname.slice(1));
  const name = `${templateName}_w${process.env.VITEST_POOL_ID ?? '0'}`;
  const at = (db: string) => Object.assign(new URL(template.href), { pathname: `/${db}` }).href;
  const admin = new pg.Client({ connectionString: at('postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}" template "${templateName}"`);
    // A copy does not inherit its template's settings (they belong to the database's own row).
    for (const setting of TEST_DATABASE_SETTINGS)
      await admin.query(`alter database "${name}" set ${setting}`);
  } finally {
    await admin.end();
  }
  process.env.TEST_DATABASE_URL = at(name);
}
