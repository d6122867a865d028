import pg from 'pg';
import { TEST_DATABASE_SETTINGS } from './pg-settings';

/**
 * CI's PostgreSQL pass (TEST_DATABASE_URL): the global setup migrates that database once; each
 * test file then runs on its own copy of it (CREATE DATABASE … TEMPLATE … STRATEGY FILE_COPY), so files
 * run in parallel as they do on PGlite and none pays for the migrations again. Tests that make
 * databases of their own (cluster, drain) name them after this one, so they never collide either.
 *
 * Each file's copy has a name no other file ever had (the worker and the file's number in it) and
 * is dropped once its tests are done (test/file-scope.ts): a server process a file started and
 * that outlived it (or its connections, reconnecting) finds its database gone, never the next
 * file's data under the same name.
 */
if (process.env.TEST_DATABASE_URL) {
  process.env.TEST_DATABASE_TEMPLATE_URL ??= process.env.TEST_DATABASE_URL;
  const template = new URL(process.env.TEST_DATABASE_TEMPLATE_URL);
  const templateName = decodeURIComponent(template.pathname.slice(1));
  const files = globalThis as { frontageFileDatabases?: number };
  files.frontageFileDatabases = (files.frontageFileDatabases ?? 0) + 1;
  const name = `${templateName}_w${process.env.VITEST_POOL_ID ?? '0'}_${files.frontageFileDatabases}`;
  const at = (db: string) => Object.assign(new URL(template.href), { pathname: `/${db}` }).href;
  const admin = new pg.Client({ connectionString: at('postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    // FILE_COPY: the template's files copied as they are (69 ms for the 11 MB migrated template on
    // CI's cluster without fsync), not every block written to the WAL, PostgreSQL 15's default
    // (151 ms); 108 files, each a copy. Before 15 a file copy was the only way (no STRATEGY).
    const { rows } = await admin.query<{ v: number }>(
      `select current_setting('server_version_num')::int as v`,
    );
    const strategy = rows[0]!.v >= 150000 ? ' strategy file_copy' : '';
    await admin.query(`create database "${name}" template "${templateName}"${strategy}`);
    // A copy does not inherit its template's settings (they belong to the database's own row).
    for (const setting of TEST_DATABASE_SETTINGS)
      await admin.query(`alter database "${name}" set ${setting}`);
  } finally {
    await admin.end();
  }
  process.env.TEST_DATABASE_URL = at(name);
  process.env.TEST_FILE_DATABASE = name;
}
