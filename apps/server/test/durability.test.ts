/**
 * Durable writes on the embedded database (ADR 0033). A PGlite data directory is PGlite's own
 * business, so these run on the PGlite pass only (CI's PostgreSQL pass skips them).
 *
 * - In process: PostgreSQL runs with fsync on, and a commit's WAL reaches fdatasync on the host
 *   file before the statement answers (the only part a kill -9 cannot show: a killed process
 *   leaves its writes in the OS page cache; a power cut does not).
 * - A real server process, killed with SIGKILL in the middle of a burst of writes, five times:
 *   every write it acknowledged is there when it starts again on the same data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createDb, queryRows } from '../src/db/client';
import { DataDirInUseError } from '../src/db/pglite-lock';
import { companies } from '../src/db/schema';
import { createAccount } from '../src/modules/auth/account.service';
import { TEST_SCRYPT_COST, WAIT_MS, testConfig } from './helpers';
import { freePort } from './ports';
import { serverArgs } from './fixtures/server-process';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'durability-password-1';
const XHR = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

let root: string;
beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-durability-')));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The migrated database every test file starts from, as a data directory tarball. */
const snapshot = () => new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);

const settingsOf = async (db: Parameters<typeof queryRows>[0]) =>
  Object.fromEntries(
    (
      await queryRows<{ name: string; setting: string }>(
        db,
        sql`select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes')`,
      )
    ).map((r) => [r.name, r.setting]),
  );

describe.skipIf(onPostgres)('durable commits on the embedded database', () => {
  it('syncs a commit’s WAL to disk before the statement answers; one process per data directory', async () => {
    const dir = path.join(root, 'in-process');
    const handle = await createDb({ pgliteDir: dir, pgliteLoadDataDir: snapshot() });
    const fdatasync = vi.spyOn(fs, 'fdatasyncSync');
    try {
      expect(await settingsOf(handle.db)).toEqual({
        fsync: 'on',
        synchronous_commit: 'on',
        wal_sync_method: 'fsync',
        full_page_writes: 'on',
      });
      fdatasync.mockClear();
      await handle.db.insert(companies).values({ name: 'Durable Ltd' });
      // Called synchronously inside the statement: it happened before the insert answered.
      expect(fdatasync).toHaveBeenCalled();
      if (process.platform === 'linux') {
        const files = fdatasync.mock.calls.map(([fd]) => fs.readlinkSync(`/proc/self/fd/${fd}`));
        for (const f of files) expect(f.startsWith(path.join(dir, 'pg_wal') + path.sep), f).toBe(true);
      }
      fdatasync.mockClear();
      await queryRows(handle.db, sql`select count(*) from companies`);
      expect(fdatasync).not.toHaveBeenCalled();
      // One process per data directory: a second one is refused (a stale lock is taken over:
      // every restart after a kill -9 below does that).
      await expect(createDb({ pgliteDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      fdatasync.mockRestore();
      await handle.close();
    }
  });

  it('leaves an in-memory database as PGlite starts it (nothing to sync)', async () => {
    const handle = await createDb({ pgliteLoadDataDir: snapshot() });
    try {
      expect((await settingsOf(handle.db)).fsync).toBe('off');
    } finally {
      await handle.close();
    }
  });

  it(
    'loses no acknowledged write when the server is killed with SIGKILL mid-burst, 5 rounds',
    // Five server processes started and killed: minutes on a busy machine.
    { timeout: 900_000 },
    async () => {
      const dataDir = path.join(root, 'server');
      const distDir = path.join(root, 'dist');
      fs.mkdirSync(distDir, { recursive: true });
      fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Frontage</title>');
      const prepared = await createDb({
        pgliteDir: path.join(dataDir, 'pglite'),
        pgliteLoadDataDir: snapshot(),
      });
      const config = testConfig();
      const admin = await createAccount(
        { db: prepared.db, config, now: () => new Date() },
        {
          email: 'burst@example.com',
          name: 'Burst Admin',
          password: PASSWORD,
          admin: true,
          temp: false,
          company: 'Burst Ltd',
        },
      );
      await prepared.close();

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '0',
        SCRYPT_COST: String(TEST_SCRYPT_COST),
        WEB_DIST_DIR: distDir,
      };
      delete env.DATABASE_URL;

      const acknowledged: Array<{ id: number; email: string }> = [];
      const killAfter = [5, 17, 29, 11, 23];
      for (let round = 0; round <= killAfter.length; round++) {
        const server = startServer(env);
        try {
          await waitHealthy(base, server);
          const cookie = await login(base);
          // Every write acknowledged before a kill is there after the restart.
          const missing = (
            await mapLimited(acknowledged, 8, async (w) => {
              const res = await fetch(`${base}/api/users/${w.id}`, { headers: { ...XHR, cookie } });
              const body = res.status === 200 ? ((await res.json()) as { data: { email: string } }) : null;
              return body?.data.email === w.email ? null : `${w.email} (#${w.id}: ${res.status})`;
            })
          ).filter((m) => m !== null);
          expect(missing, `round ${round}: acknowledged writes lost`).toEqual([]);
          if (round === killAfter.length) break;
          await burst(base, cookie, server, round, killAfter[round]!, admin.company!.id, acknowledged);
          expect(server.process.signalCode).toBe('SIGKILL');
        } finally {
          await stopServer(server);
        }
      }
      expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter.reduce((a, b) => a + b, 0));
    },
  );
});

interface Server {
  process: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

const startServer = (env: NodeJS.ProcessEnv): Server => {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { process: child, exited, output: () => output };
};

const stopServer = async (server: Server): Promise<void> => {
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
  await server.exited;
};

/** Polls /api/health until the server answers (no fixed sleep); fails at once if it exits. */
const waitHealthy = async (base: string, server: Server, timeoutMs = WAIT_MS): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.process.exitCode !== null)
      throw new Error(`server exited (${server.process.exitCode}):\n${server.output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, 50))]);
  }
  throw new Error(`server not healthy within ${timeoutMs} ms:\n${server.output()}`);
};

const login = async (base: string): Promise<string> => {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: XHR,
    body: JSON.stringify({ email: 'burst@example.com', password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('frontage_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
};

/**
 * Four writers create contacts back to back; once `killAfter` of this round are acknowledged
 * (a 201 and its whole body received), the server gets SIGKILL while the others are in flight.
 * Writes cut off by the kill are not acknowledged, so they may or may not be there.
 */
const burst = async (
  base: string,
  cookie: string,
  server: Server,
  round: number,
  killAfter: number,
  companyId: number,
  acknowledged: Array<{ id: number; email: string }>,
): Promise<void> => {
  let next = 0;
  let acked = 0;
  let killed = false;
  const writer = async () => {
    while (!killed) {
      const email = `round${round}-${next++}@burst.example`;
      try {
        const res = await fetch(`${base}/api/users`, {
          method: 'POST',
          headers: { ...XHR, cookie },
          body: JSON.stringify({ company_id: companyId, name: `Burst contact ${email}`, email }),
        });
        const text = await res.text();
        if (res.status !== 201) throw new Error(`POST /api/users answered ${res.status}: ${text}`);
        acknowledged.push({ id: (JSON.parse(text) as { data: { id: number } }).data.id, email });
        if (++acked >= killAfter && !killed) {
          killed = true;
          server.process.kill('SIGKILL');
        }
      } catch (err) {
        if (!killed) throw err;
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  await server.exited;
};

const mapLimited = async <T, R>(
  items: readonly T[],
  limit: number,
  f: (item: T) => Promise<R>,
): Promise<R[]> => {
  const out: R[] = new Array<R>(items.length);
  let i = 0;
  const worker = async () => {
    while (i < items.length) {
      const k = i++;
      out[k] = await f(items[k]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
};
