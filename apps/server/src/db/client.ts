import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DURABLE_START_PARAMS, DurableNodeFS, syncTree } from './pglite-durable-fs';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle interface both drivers share; repositories only see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'pg';
  close: () => Promise<void>;
  /** PGlite only: the data directory as a tarball (tests snapshot a migrated database). */
  dumpDataDir?: () => Promise<Blob | File>;
}

export interface DbOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; `undefined` (or 'memory://') keeps the database in memory. */
  pgliteDir?: string | undefined;
  poolMax?: number;
  /** A PGlite data directory dump to start from (tests use a migrated snapshot: much faster than initdb). */
  pgliteLoadDataDir?: Blob | File;
  /**
   * PostgreSQL: every statement of every pooled session is cancelled after this long (57014,
   * answered 503). Only the server sets it (STATEMENT_TIMEOUT_MS); tools (migrations, seed,
   * backup, restore) leave it unset. 0 or unset: no limit. PGlite ignores it: PGlite 0.5 accepts
   * the setting but never enforces it (a statement runs synchronously in this thread, with no timer
   * signal to cancel it; test/db-errors.test.ts pins that), so there short statements are the
   * protection (ADR 0071).
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: the longest wait for a connection (new, or free in the pool); default 3 s. */
  connectTimeoutMs?: number;
}

/**
 * Every pooled session plans for this workload (ADR 0031): index pages cost what they cost when
 * cached (1.1, the usual SSD setting; 4 makes the planner prefer sequential scans of whole tables
 * to the search indexes), and no JIT compilation — it costs milliseconds per statement and only
 * pays off for long analytical queries.
 */
export const PG_SESSION_OPTIONS = '-c random_page_cost=1.1 -c jit=off';

const DEFAULT_CONNECT_TIMEOUT_MS = 3000;

/** The session options of a pool: the planner's settings, and the statement timeout if any. */
const sessionOptionsOf = (statementTimeoutMs = 0): string =>
  statementTimeoutMs > 0
    ? `${PG_SESSION_OPTIONS} -c statement_timeout=${Math.floor(statementTimeoutMs)}`
    : PG_SESSION_OPTIONS;

type Release = (err?: Error | boolean) => void;

/**
 * A pool whose clients may lose their connection at any moment (ADR 0071): the database
 * restarting, an administrator or a failover ending the sessions. node-postgres leaves two holes:
 * - a client checked out of the pool (a drizzle transaction holds one between its statements) has
 *   no 'error' listener, so a connection ended while it waits emits an unhandled 'error' and the
 *   process exits;
 * - drizzle's `transaction()` sends BEGIN before its try/finally: when BEGIN fails on a dead
 *   connection the client is never released, and after DB_POOL_MAX such losses every request
 *   waits for a connection that never comes.
 * So every client listens for 'error' for its whole life, and a checked-out client whose
 * connection fails is released at once (the pool then drops it and opens another); the holder's
 * own release later does nothing.
 */
const guardPoolClients = (pool: pg.Pool): void => {
  // An idle client losing its connection: the pool has already dropped it.
  pool.on('error', () => undefined);
  pool.on('connect', (client: pg.PoolClient) => {
    let release: Release | undefined;
    // The pool sets `release` on every checkout; the holder gets a release that acts once.
    Object.defineProperty(client, 'release', {
      configurable: true,
      set: (fn: Release) => {
        release = fn;
      },
      get: () => (err?: Error | boolean) => {
        const fn = release;
        release = undefined;
        fn?.(err);
      },
    });
    const lost = (err?: Error) => {
      if (release) client.release(err ?? new Error('Connection terminated'));
    };
    client.on('error', lost);
    client.on('end', () => lost());
  });
};

export const createDb = async (opts: DbOptions): Promise<DbHandle> => {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      options: sessionOptionsOf(opts.statementTimeoutMs),
    });
    guardPoolClients(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, driver: 'pg', close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (opts.pgliteDir && opts.pgliteDir !== 'memory://') {
    fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    dataDir = opts.pgliteDir;
  }
  // On disk (ADR 0033): one process per directory, and an acknowledged commit is on disk —
  // PostgreSQL runs with fsync on and its fsyncs reach the host files. In memory there is nothing
  // to lock or sync: PGlite's defaults stay.
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let client: PGlite;
  try {
    const fresh = dataDir !== undefined && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    client = await PGlite.create({
      dataDir,
      extensions: { pg_trgm },
      ...(dataDir ? { fs: new DurableNodeFS(dataDir), startParams: [...DURABLE_START_PARAMS] } : {}),
      ...(opts.pgliteLoadDataDir ? { loadDataDir: opts.pgliteLoadDataDir } : {}),
    });
    // PGlite copies a new cluster (initdb's, or loadDataDir's) in without a sync: sync it once.
    if (dataDir && fresh) syncTree(dataDir);
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const close = async () => {
    try {
      await client.close();
    } finally {
      unlock();
    }
  };
  return { db, driver: 'pglite', close, dumpDataDir: () => client.dumpDataDir('none') };
};

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export const queryRows = async <T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
