import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDb, type Db, type DbHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import type { JobLayer } from '../src/jobs';
import { companies, notifications, userSettings, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { openSession } from '../src/modules/auth/auth.service';
import { SESSION_COOKIE } from '../src/plugins/session';
import { checkResponsesAgainstSchemas } from './response-schemas';

export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;
/**
 * How long a test waits for something that will happen — an event on a stream, a process to
 * start or stop, a queue to fill: far longer than it takes on a busy machine, because a wait ends
 * the moment what it waits for happens and only a test that is already failing waits it out.
 */
export const WAIT_MS = 120_000;
/** Low scrypt cost for speed; production keeps N=16384 (SCRYPT_COST). */
export const TEST_SCRYPT_COST = 1024;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  handle: DbHandle;
  config: Config;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  logger?: Logger;
  now?: () => Date;
  /** Register extra routes before the app is ready (e.g. a route that throws). */
  extend?: (app: FastifyInstance) => void;
  /** The job layer the app enqueues on (none by default, as in the suite's server). */
  jobs?: JobLayer;
}

let sharedHandle: Promise<DbHandle> | undefined;

/**
 * One database per test file: a fresh in-memory PGlite, or — when TEST_DATABASE_URL is set —
 * the file's own copy of that migrated PostgreSQL database.
 */
const getDb = (): Promise<DbHandle> => {
  sharedHandle ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const snapshot = url ? undefined : inject('pgliteSnapshot');
    const handle = await createDb({
      databaseUrl: url,
      poolMax: 5,
      pgliteLoadDataDir: snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined,
    });
    // PostgreSQL: the file's own copy of the migrated template (pg-file-database.ts); PGlite: the
    // migrated snapshot. Either way the migrations are in; this only checks the journal.
    await runMigrations(handle);
    return handle;
  })();
  return sharedHandle;
};

/**
 * Closes the file's database once its tests are done (test/file-scope.ts). Files share a worker's
 * modules (isolate: false), so without this the next file would find this one's data.
 */
export const closeFileDatabase = async (): Promise<void> => {
  const open = sharedHandle;
  sharedHandle = undefined;
  if (open) await (await open).close();
};

/**
 * A minimal built web app, so every test runs with the static plugin registered as in production.
 * (A fixed directory in the OS temp directory.)
 */
const testDistDir = (): string => {
  // One fixed directory shared by all test files (written idempotently, nothing to clean up).
  const dir = path.join(os.tmpdir(), 'frontage-test-dist');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Frontage</title><div id="root"></div>',
  );
  return dir;
};

export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '0',
    SCRYPT_COST: String(TEST_SCRYPT_COST),
    WEB_DIST_DIR: testDistDir(),
    ...env,
  });

/** Builds the app over the file's database. Each call gives a new app; the database is shared. */
export const buildTestApp = async (opts: TestAppOptions = {}): Promise<TestApp> => {
  const handle = await getDb();
  const config = testConfig(opts.env);
  const app = await buildApp({ config, db: handle, logger: opts.logger, now: opts.now, jobs: opts.jobs });
  opts.extend?.(app);
  // Every answer with a documented schema is checked against it (the server no longer parses them).
  checkResponsesAgainstSchemas(app);
  // Every JSON answer in every test is checked: no password, password_hash or token key, anywhere.
  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof payload === 'string' && type.includes('json') && !req.url.startsWith('/api/docs')) {
      // The one answer that carries a secret by design: a new API token, shown once (ADR 0097).
      const shownOnce =
        req.method === 'POST' && req.routeOptions.url === '/api/tokens' ? ['$.data.token'] : [];
      const leaks = forbiddenKeys(JSON.parse(payload)).filter((k) => !shownOnce.includes(k));
      if (leaks.length) {
        throw new Error(`secret-looking keys in ${req.method} ${req.url}: ${leaks.join(', ')}`);
      }
    }
    return payload;
  });
  await app.ready();
  return { app, db: handle.db, handle, config, close: () => app.close() };
};

/** Every table of the application's schema (not drizzle's migration journal). */
const appTables = async (db: Db): Promise<string[]> => {
  const res = (await db.execute(
    sql.raw(`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  )) as unknown as { rows: Array<{ tablename: string }> };
  return res.rows.map((r) => r.tablename);
};

/**
 * Empties every table between tests (the schema stays, ids restart at 1): deletes from the tables
 * that have rows and restarts the sequences that have been used, in one statement.
 */
export const resetData = async (): Promise<void> => {
  const db = await testDb();
  // DELETE, not TRUNCATE: a TRUNCATE of every table makes each table a new file (about 1.3 s on
  // PostgreSQL, 0.15 s on PGlite, before every test); DELETE of a test's few rows is WAL only, and
  // an empty table or an unused sequence is left alone (about half the time of touching them all).
  // Triggers (foreign keys included) are off for this transaction, so the order does not matter.
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local session_replication_role = replica`));
    await tx.execute(
      sql.raw(`do $$ declare r record; has_rows boolean; begin
        for r in select tablename from pg_tables where schemaname = 'public' loop
          execute format('select exists (select from %I)', r.tablename) into has_rows;
          if has_rows then execute format('delete from %I', r.tablename); end if;
        end loop;
        for r in select sequencename from pg_sequences where schemaname = 'public' and last_value is not null loop
          execute format('alter sequence %I restart', r.sequencename);
        end loop;
      end $$`),
    );
  });
};

/** Tables a refused call may legitimately touch: signing in and session bookkeeping. */
const VOLATILE_TABLES = new Set(['sessions', 'login_throttle']);

const fingerprintStatements = new WeakMap<Db, Promise<string>>();

/**
 * A digest of every row of every application table (except session bookkeeping): equal digests
 * before and after a call mean the call changed nothing. One statement for all tables (the table
 * list is read once per database: tests do not create tables).
 */
export const tableFingerprint = async (): Promise<Record<string, string>> => {
  const db = await testDb();
  let statement = fingerprintStatements.get(db);
  if (!statement) {
    statement = appTables(db).then((tables) =>
      tables
        .filter((table) => !VOLATILE_TABLES.has(table))
        .map(
          (table) =>
            `select '${table}' as t, count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${table}" x`,
        )
        .join('\nunion all\n'),
    );
    fingerprintStatements.set(db, statement);
  }
  const res = (await db.execute(sql.raw(await statement))) as unknown as {
    rows: Array<{ t: string; n: number; h: string }>;
  };
  const out: Record<string, string> = {};
  for (const r of res.rows.sort((a, b) => a.t.localeCompare(b.t))) out[r.t] = `${r.n}:${r.h}`;
  return out;
};

let seq = 0;
const next = () => ++seq;

const hashes = new Map<string, Promise<string>>();
/**
 * A password's scrypt hash at the test cost, computed once per test file: a test user's password
 * is checked against a real hash, but hashing the same password for every fixture is only cost.
 */
export const testPasswordHash = (password: string, cost = TEST_SCRYPT_COST): Promise<string> => {
  const key = `${cost}:${password}`;
  let hash = hashes.get(key);
  if (!hash) {
    hash = hashPassword(password, cost);
    hashes.set(key, hash);
  }
  return hash;
};

/** The test file's database (the same one every buildTestApp() of the file uses). */
export const testDb = async (): Promise<Db> => (await getDb()).db;

type NewCompany = Partial<typeof companies.$inferInsert>;
type NewUser = Partial<typeof users.$inferInsert> & { password?: string | null };

/** Companies in one statement, in the order given (ids in that order too). */
export const buildCompanies = async (list: NewCompany[]) => {
  const db = await testDb();
  const values = list.map((values) => {
    const n = next();
    return { name: `Company ${n}`, domain: `company${n}.example`, ...values };
  });
  const rows = await db.insert(companies).values(values).returning();
  return rows.sort((a, b) => a.id - b.id);
};

export const buildCompany = async (values: NewCompany = {}) => (await buildCompanies([values]))[0]!;

/** Users and their settings rows in two statements, in the order given (ids in that order too). */
export const buildUsers = async (list: NewUser[]) => {
  const db = await testDb();
  const values = await Promise.all(
    list.map(async ({ password, ...rest }) => {
      const n = next();
      const password_hash = password ? await testPasswordHash(password) : null;
      return { name: `User ${n}`, email: `user${n}@example.com`, password_hash, ...rest };
    }),
  );
  const rows = (await db.insert(users).values(values).returning()).sort((a, b) => a.id - b.id);
  await db
    .insert(userSettings)
    .values(rows.map((u) => ({ user_id: u.id })))
    .onConflictDoNothing();
  return rows;
};

export const buildUser = async (values: NewUser = {}) => (await buildUsers([values]))[0]!;

export const buildNotification = async (
  values: Partial<typeof notifications.$inferInsert> & { user_id: number },
) => {
  const db = await testDb();
  const rows = await db
    .insert(notifications)
    .values({ type: 'system', message: `Notification ${next()}`, ...values })
    .returning();
  return rows[0]!;
};

/** Logs in and returns the `cookie` header value for later requests. */
export const login = async (app: FastifyInstance, email: string, password: string): Promise<string> => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: XHR,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookieOf(res);
};

/**
 * Opens a session for a user the way signing in does (the server's own openSession: the session
 * row, the user's last activity) and returns the `cookie` header value, without the sign-in's
 * password check and throttle. For tests that are not about signing in; those use `login`. The
 * user by id, or by e-mail address (any case).
 */
export const sessionCookie = async (app: FastifyInstance, user: { id: number } | string): Promise<string> => {
  // The user as it is now (as signing in reads it): its last activity becomes the session's.
  const [row] = await app.services.db
    .select()
    .from(users)
    .where(
      typeof user === 'string' ? sql`lower(${users.email}) = ${user.toLowerCase()}` : eq(users.id, user.id),
    );
  if (!row) throw new Error(`no user ${typeof user === 'string' ? user : user.id}`);
  const { token } = await openSession(app.services, row, { ip: '127.0.0.1', userAgent: 'lightMyRequest' });
  return `${SESSION_COOKIE}=${token}`;
};

export const cookieOf = (res: LightMyRequestResponse): string => {
  const c = res.cookies.find((x) => x.name === 'frontage_session');
  if (!c) throw new Error('no session cookie');
  return `frontage_session=${c.value}`;
};

/** Asserts no key named password, password_hash or token anywhere in a JSON value. */
export const forbiddenKeys = (value: unknown, path = '$'): string[] => {
  const found: string[] = [];
  if (Array.isArray(value)) value.forEach((v, i) => found.push(...forbiddenKeys(v, `${path}[${i}]`)));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // A 422's `errors` map is keyed by request field names (`password` is a legitimate key there).
      if (path === '$' && k === 'errors') continue;
      if (['password', 'password_hash', 'token', 'token_hash'].includes(k)) found.push(`${path}.${k}`);
      found.push(...forbiddenKeys(v, `${path}.${k}`));
    }
  }
  return found;
};

/** A writable that collects pino's JSON lines. */
export const captureStream = () => {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      chunks.push(String(chunk));
      cb();
    },
  });
  return { stream, text: () => chunks.join('') };
};
