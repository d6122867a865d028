/**
 * `npm run bench:durability`: the cost of durable commits on the embedded database (ADR 0033).
 *
 * Opens two file-backed PGlite databases side by side — one as PGlite opens a directory by default
 * (fsync off: a commit is only in the OS page cache; the behaviour before ADR 0033), one as the
 * server opens it (createDb: fsync on, each commit's WAL fdatasync'ed before the answer) — and
 * runs the same sequential writes on both, in alternating blocks of BENCH_BLOCK writes so that
 * whatever else the machine does falls on both sides alike:
 * - drizzle: N single-row INSERTs (companies), each its own transaction;
 * - HTTP: N `POST /api/users`, then N `PUT /api/users/:id`, through the real app over a socket.
 * Prints writes per second, the time each write took, and the host fsync/fdatasync calls per write.
 *
 * Environment: BENCH_N (500 writes per row), BENCH_BLOCK (25), BENCH_DIR (the OS temporary
 * directory; its disk is the one measured).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, type Db, type DbHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import * as schema from '../apps/server/src/db/schema';
import { createAccount } from '../apps/server/src/modules/auth/account.service';

const N = Number(process.env.BENCH_N ?? 500);
const BLOCK = Number(process.env.BENCH_BLOCK ?? 25);
const root = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'frontage-durability-'));
const PASSWORD = 'bench-password-1';

/** PGlite as it opens a directory by default (`-F`: fsync off) — the behaviour before ADR 0033. */
const openDefault = async (dir: string): Promise<DbHandle> => {
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  return { db: drizzle(client, { schema }) as unknown as Db, driver: 'pglite', close: () => client.close() };
};
const openDurable = (dir: string): Promise<DbHandle> => createDb({ pgliteDir: dir });

/** Host fsync/fdatasync calls, counted (the durable filesystem calls them through the fs module). */
let syncs = 0;
const countSyncs = <F extends (fd: number) => void>(f: F) =>
  ((fd: number) => {
    syncs++;
    f(fd);
  }) as F;
fs.fsyncSync = countSyncs(fs.fsyncSync);
fs.fdatasyncSync = countSyncs(fs.fdatasyncSync);

interface Side {
  label: string;
  handle: DbHandle;
  app: FastifyInstance;
  base: string;
  headers: Record<string, string>;
  companyId: number | null;
  ids: number[];
  /** Per operation: milliseconds spent and host syncs made. */
  spent: Record<string, { ms: number; syncs: number }>;
}

const XHR = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

const openSide = async (
  label: string,
  open: (dir: string) => Promise<DbHandle>,
  dir: string,
): Promise<Side> => {
  const handle = await open(dir);
  await runMigrations(handle);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '0',
    SCRYPT_COST: '1024',
    DATA_DIR: root,
  });
  const admin = await createAccount(
    { db: handle.db, config, now: () => new Date() },
    {
      email: 'bench@example.com',
      name: 'Bench Admin',
      password: PASSWORD,
      admin: true,
      temp: false,
      company: 'Bench Ltd',
    },
  );
  const app = await buildApp({ config, db: handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: XHR,
    body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const session = login.headers.getSetCookie().find((c) => c.startsWith('frontage_session='));
  const headers = { ...XHR, cookie: session?.split(';')[0] ?? '' };
  return { label, handle, app, base, headers, companyId: admin.company?.id ?? null, ids: [], spent: {} };
};

const contact = (side: Side, i: number, suffix = '') =>
  JSON.stringify({
    company_id: side.companyId,
    name: `Bench contact ${i}${suffix}`,
    email: `contact${i}@bench.example`,
  });

const operations: Array<{ name: string; write: (side: Side, i: number) => Promise<void> }> = [
  {
    name: 'drizzle INSERT',
    write: async (side, i) => {
      await side.handle.db.insert(schema.companies).values({ name: `Bench company ${i}` });
    },
  },
  {
    name: 'HTTP POST /api/users',
    write: async (side, i) => {
      const res = await fetch(`${side.base}/api/users`, {
        method: 'POST',
        headers: side.headers,
        body: contact(side, i),
      });
      if (res.status !== 201) throw new Error(`POST /api/users answered ${res.status}: ${await res.text()}`);
      side.ids.push(((await res.json()) as { data: { id: number } }).data.id);
    },
  },
  {
    name: 'HTTP PUT /api/users/:id',
    write: async (side, i) => {
      const res = await fetch(`${side.base}/api/users/${side.ids[i]}`, {
        method: 'PUT',
        headers: side.headers,
        body: contact(side, i, ' renamed'),
      });
      if (res.status !== 200)
        throw new Error(`PUT /api/users/${side.ids[i]} answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    },
  },
];

const sides: Side[] = [];
try {
  console.log(`${N} sequential writes per row, alternating blocks of ${BLOCK}, data under ${root}`);
  sides.push(await openSide('before: PGlite default (fsync off)', openDefault, path.join(root, 'default')));
  sides.push(await openSide('after:  createDb (fsync on)', openDurable, path.join(root, 'durable')));
  for (const op of operations) {
    for (let from = 0, block = 0; from < N; from += BLOCK, block++) {
      for (const side of block % 2 ? [...sides].reverse() : sides) {
        const s0 = syncs;
        const t0 = performance.now();
        for (let i = from; i < Math.min(N, from + BLOCK); i++) await op.write(side, i);
        const spent = (side.spent[op.name] ??= { ms: 0, syncs: 0 });
        spent.ms += performance.now() - t0;
        spent.syncs += syncs - s0;
      }
    }
  }
  for (const side of sides) {
    console.log(side.label);
    for (const op of operations) {
      const { ms, syncs: n } = side.spent[op.name]!;
      console.log(
        `  ${op.name.padEnd(24)} ${((N / ms) * 1000).toFixed(0).padStart(5)} writes/s  ${(ms / N).toFixed(2).padStart(6)} ms each  ${(n / N).toFixed(2)} syncs/write`,
      );
    }
  }
  const [before, after] = sides as [Side, Side];
  console.log('cost of durability');
  for (const op of operations) {
    const b = before.spent[op.name]!.ms / N;
    const a = after.spent[op.name]!.ms / N;
    console.log(
      `  ${op.name.padEnd(24)} +${(a - b).toFixed(2)} ms per write (${((a / b - 1) * 100).toFixed(0)}% slower)`,
    );
  }
} finally {
  for (const side of sides) {
    await side.app.close();
    await side.handle.close();
  }
  fs.rmSync(root, { recursive: true, force: true });
}
