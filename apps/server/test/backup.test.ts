/**
 * Backup and restore (ADR 0033): a demo database in a PGlite data directory, backed up and
 * restored into a fresh one, is the same database — every row of every table (derived tables
 * included), the sequences and the migration journal — and the app serves it. With
 * TEST_DATABASE_URL (CI's PostgreSQL pass) the same backup also restores into a throwaway
 * PostgreSQL database. The npm scripts are run once as a user would: backup, restore into a new
 * data directory, start the server on it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { backupDatabase, backupToFile } from '../src/db/backup';
import { type BackupSummary, rowsAsTextQuery, rowsInserter } from '../src/db/backup-format';
import { RestoreRefusedError, readBackupFile, restoreDatabase } from '../src/db/restore';
import { createDb, queryRows, type Db, type DbHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { companies, fieldHistory, notifications, properties, users } from '../src/db/schema';
import { recordDeal } from '../src/modules/deals/deals.service';
import { DEMO_ADMIN } from '../src/db/seed/data';
import { SEED_DEAL_COUNT } from '../src/db/seed/deals';
import { seedDemo } from '../src/db/seed/seed';
import { TEST_SCRYPT_COST, WAIT_MS, XHR, testConfig } from './helpers';
import { freePort } from './ports';
import { serverArgs } from './fixtures/server-process';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

let root: string;
let source: DbHandle;
let backupFile: string;
let summary: BackupSummary;
/** The snapshot of a migrated PGlite (the PGlite pass), else a new PGlite runs initdb. */
const snapshot = () => {
  const file = inject('pgliteSnapshot');
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
};
const openPglite = async (dir: string) => {
  const handle = await createDb({ pgliteDir: dir, pgliteLoadDataDir: snapshot() });
  await runMigrations(handle);
  return handle;
};

/** Every byte value, so no byte can be mangled unnoticed. */
const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const AWKWARD_TEXT = `O'Brien "quoted" back\\slash\nnew line\ttab ☃ 😀 {braces},commas NULL \\x00`;

beforeAll(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-backup-')));
  backupFile = path.join(root, 'backup.ndjson.gz');
  source = await openPglite(path.join(root, 'source', 'pglite'));
  await seedDemo(source.db, { scryptCost: TEST_SCRYPT_COST });
  // Values the demo does not have: a logo with every byte, awkward text, JSON of every shape,
  // money, timestamps with microseconds.
  const [company] = await source.db
    .insert(companies)
    .values({ name: AWKWARD_TEXT, domain: 'awkward.example', logo: ALL_BYTES, logo_mime: 'image/png' })
    .returning();
  await source.db.execute(
    sql`update companies set verified_at = '2026-03-29 01:30:00.123456+01' where id = ${company!.id}`,
  );
  await source.db.insert(notifications).values({
    user_id: 1,
    type: 'system',
    message: AWKWARD_TEXT,
    data: { nested: [1, 2.5, { deep: null }], text: AWKWARD_TEXT, big: 1.5e300, small: 5e-324, emoji: '😀' },
  });
  await source.db.insert(fieldHistory).values([
    {
      entity_type: 'property',
      entity_id: 1,
      field: 'rent_pa',
      old_value: '1234567.89',
      new_value: null,
      source: 'update',
    },
    {
      entity_type: 'property',
      entity_id: 1,
      field: 'parties',
      old_value: [1, 2, 3],
      new_value: 'null',
      source: 'update',
    },
  ]);
  // A deal (ADR 0043): its row, parties and links, and the history rows that point at it.
  const [admin] = await source.db.select().from(users).where(eq(users.type, 'admin')).limit(1);
  const [unit] = await source.db.select({ id: properties.id }).from(properties).limit(1);
  await recordDeal(source.db, admin!, {
    deal_type: 'sale',
    property_id: unit!.id,
    sale_type: 'investment',
    sale_price: '1234567.89',
    effective_date: '2026-03-29',
    landlords: [company!.id],
    links: ['https://www.example.com/sale'],
  });
  summary = await backupToFile(source, backupFile);
});

afterAll(async () => {
  await source?.close().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every row of every table (as md5 of the rows' text), the sequences and the migration journal. */
const fingerprint = async (db: Db): Promise<Record<string, string>> => {
  const out: Record<string, string> = {};
  const tables = await queryRows<{ t: string }>(
    db,
    sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`,
  );
  for (const { t } of tables) {
    const [r] = await queryRows<{ n: number; h: string }>(
      db,
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from public."${t}" x`,
      ),
    );
    out[t] = `${r!.n}:${r!.h}`;
  }
  const sequences = await queryRows<{ name: string; v: string }>(
    db,
    sql`select sequencename as name, coalesce(last_value::text, '-') as v from pg_sequences where schemaname = 'public' order by 1`,
  );
  out['(sequences)'] = sequences.map((s) => `${s.name}=${s.v}`).join(' ');
  const journal = await queryRows<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  out['(migrations)'] = journal.map((m) => `${m.created_at}:${m.hash}`).join(' ');
  return out;
};

describe('backup and restore', () => {
  it('copies values of every kind exactly (bytea, jsonb, numeric, timestamps, arrays, text)', async () => {
    const db = source.db;
    await db.execute(
      sql.raw(`create table codec_src (
        id integer generated always as identity primary key, b bytea, j jsonb, js json, n numeric, m numeric(14,2),
        ts timestamptz, tl timestamp, d date, iv interval, f8 double precision, f4 real, t text, ta text[], ia integer[],
        ja jsonb[], bo boolean, u uuid, big bigint, ch char(3), g text generated always as (upper(t)) stored)`),
    );
    try {
      await db.execute(sql.raw(`create table codec_dst (like codec_src including all)`));
      await db.execute(sql`
        insert into codec_src (b, j, js, n, m, ts, tl, d, iv, f8, f4, t, ta, ia, ja, bo, u, big, ch) values
        (${ALL_BYTES}, ${JSON.stringify({ a: [1, 2.5, { b: null }], é: AWKWARD_TEXT })}::jsonb, '{"a":1,  "a":2}',
         '123456789012345678901234567890.123456789012345678901234567890', '1234.50',
         '2026-03-29 01:30:00.123456+01', '1999-12-31 23:59:59.999999', '0044-03-15 BC', '1 year 2 mons 3 days 04:05:06.789',
         0.1, 3.4028235e38, ${AWKWARD_TEXT}, array['a,b', '"q"', null, '', 'NULL', '\\', '{x}'], '{{1,2},{3,4}}',
         array['{"x":1}'::jsonb, 'null'::jsonb], true, '0f8fad5b-d9cb-469f-a165-70867728950e', -9223372036854775808, 'ab'),
        (null, 'null', null, 'NaN', null, 'infinity', '-infinity', 'infinity', '-0.000001 seconds',
         'NaN', '-0', '', '{}', null, null, false, null, 9223372036854775807, null),
        (null, null, null, null, null, null, null, null, null, 'Infinity', '1e-45', null, null, null, null, null, null, null, null)`);
      const columns = await queryRows<{ name: string; type: string }>(
        db,
        sql`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
            where attrelid = 'codec_dst'::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      );
      const names = columns.map((c) => c.name);
      const rows = await db.transaction(async (tx) => {
        await tx.execute(sql`set local timezone = 'Pacific/Chatham'`); // any zone: the text carries the offset
        await tx.execute(sql`set local extra_float_digits = 3`);
        return queryRows<{ r: string }>(
          tx as unknown as Db,
          sql.raw(rowsAsTextQuery('codec_src', names, ['id'])),
        );
      });
      await rowsInserter(
        db,
        'codec_dst',
        names,
        columns.map((c) => c.type),
      )(`[${rows.map((r) => r.r).join(',')}]`);
      const compare = await queryRows<{ same: boolean }>(
        db,
        sql`select s.id, (row(s.*)::text = row(d.*)::text and s.b is not distinct from d.b and s.f8::text is not distinct from d.f8::text
                          and s.js::text is not distinct from d.js::text) as same
            from codec_src s full join codec_dst d on d.id = s.id order by 1`,
      );
      expect(compare).toEqual([1, 2, 3].map((id) => ({ id, same: true })));
    } finally {
      await db.execute(sql.raw('drop table if exists codec_src, codec_dst'));
    }
  });

  let restored: DbHandle;

  // The PGlite-only cases run on the PGlite pass; CI's PostgreSQL pass adds the PostgreSQL one.
  it.skipIf(testDatabaseUrl)(
    'restores a PGlite backup into a fresh PGlite: the same database, and the app serves it',
    async () => {
      expect(summary.rows).toBeGreaterThan(10_000);
      // The demo's seeded deals and the sale above (the only one with a link).
      expect(summary.tables).toMatchObject({
        deals: SEED_DEAL_COUNT + 1,
        deal_parties: expect.any(Number),
        deal_links: 1,
      });
      expect(fs.existsSync(`${backupFile}.partial`)).toBe(false);
      const expected = await fingerprint(source.db);

      restored = await openPglite(path.join(root, 'restored', 'pglite'));
      const loaded = await restoreDatabase(restored, readBackupFile(backupFile));
      expect(loaded).toEqual(summary);
      expect(await fingerprint(restored.db)).toEqual(expected);
      const [logo] = await restored.db
        .select({ logo: companies.logo })
        .from(companies)
        .where(eq(companies.domain, 'awkward.example'));
      expect(Buffer.compare(Buffer.from(logo!.logo!), ALL_BYTES)).toBe(0);

      const app = await buildApp({ config: testConfig(), db: restored });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: XHR,
          payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
        });
        expect(login.statusCode, login.body).toBe(200);
        const cookie = `frontage_session=${login.cookies.find((c) => c.name === 'frontage_session')!.value}`;
        const list = await app.inject({
          method: 'GET',
          url: '/api/companies?q=awkward',
          headers: { ...XHR, cookie },
        });
        expect(list.statusCode, list.body).toBe(200);
        // The sequences went along: a new row takes the next id, not one in use.
        const [{ max } = { max: 0 }] = await queryRows<{ max: number }>(
          restored.db,
          sql`select max(id)::int as max from users`,
        );
        const created = await app.inject({
          method: 'POST',
          url: '/api/users',
          headers: { ...XHR, cookie },
          payload: { name: 'After Restore', email: 'after.restore@example.com' },
        });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().data.id).toBe(max + 1);
      } finally {
        await app.close();
      }
    },
  );

  it.skipIf(testDatabaseUrl)(
    'refuses a database with data unless forced; a backup cut short changes nothing',
    async () => {
      await expect(restoreDatabase(restored, readBackupFile(backupFile))).rejects.toThrow(/not empty/);
      const before = await fingerprint(restored.db);
      const lines: string[] = [];
      for await (const line of readBackupFile(backupFile)) lines.push(line);
      const cut = path.join(root, 'cut.ndjson');
      fs.writeFileSync(cut, `${lines.slice(0, -2).join('\n')}\n`);
      await expect(restoreDatabase(restored, readBackupFile(cut), { force: true })).rejects.toBeInstanceOf(
        RestoreRefusedError,
      );
      expect(await fingerprint(restored.db)).toEqual(before);
      // Forced, the backup replaces what is there.
      await restoreDatabase(restored, readBackupFile(backupFile), { force: true });
      expect(await fingerprint(restored.db)).toEqual(await fingerprint(source.db));
      await restored.close();
    },
  );

  it.skipIf(!testDatabaseUrl)(
    'restores the PGlite backup into PostgreSQL; a backup of that is the same backup',
    async () => {
      const url = new URL(testDatabaseUrl!);
      const name = `${url.pathname.slice(1)}_backup`;
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      try {
        await admin.query(`drop database if exists "${name}"`);
        await admin.query(`create database "${name}"`);
        url.pathname = `/${name}`;
        const server = await createDb({ databaseUrl: url.toString(), poolMax: 2 });
        try {
          expect(await restoreDatabase(server, readBackupFile(backupFile))).toEqual(summary);
          const expected = await fingerprint(source.db);
          expect(await fingerprint(server.db)).toEqual(expected);
          // A backup of the server is the same backup.
          const lines: string[] = [];
          await backupDatabase(server, (l) => void lines.push(l));
          const fromPglite: string[] = [];
          for await (const l of readBackupFile(backupFile)) fromPglite.push(l);
          expect(lines.slice(1)).toEqual(fromPglite.slice(1));
        } finally {
          await server.close();
        }
      } finally {
        await admin.query(`drop database if exists "${name}"`).catch(() => undefined);
        await admin.end();
      }
    },
  );

  it.skipIf(testDatabaseUrl)(
    'npm run backup, npm run restore into a new data directory, and the server starts on it',
    async () => {
      const sourceCounts = await rowCounts(source.db);
      await source.close();
      const file = path.join(root, 'cli.ndjson.gz');
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        SCRYPT_COST: String(TEST_SCRYPT_COST),
        LOG_LEVEL: 'warn',
      };
      delete env.DATABASE_URL;
      await run('npm', ['run', 'backup', '--', '--out', file], {
        ...env,
        DATA_DIR: path.join(root, 'source'),
      });
      const fresh = path.join(root, 'fresh');
      await run('npm', ['run', 'restore', '--', '--in', file], { ...env, DATA_DIR: fresh });

      const port = await freePort();
      const distDir = path.join(root, 'dist');
      fs.mkdirSync(distDir, { recursive: true });
      fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Frontage</title>');
      const server = spawn(process.execPath, serverArgs(), {
        cwd: REPO_ROOT,
        env: {
          ...env,
          DATA_DIR: fresh,
          PORT: String(port),
          SEED_DEMO: 'false',
          RATE_LIMIT_MAX: '0',
          WEB_DIST_DIR: distDir,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      server.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      try {
        const base = `http://127.0.0.1:${port}`;
        for (const until = Date.now() + WAIT_MS; ;) {
          if (server.exitCode !== null) throw new Error(`server exited: ${stderr}`);
          const ok = await fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) break;
          if (Date.now() > until) throw new Error(`server not healthy: ${stderr}`);
          await Promise.race([exited, new Promise((r) => setTimeout(r, 50))]);
        }
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { ...XHR, 'content-type': 'application/json' },
          body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
        });
        expect(login.status).toBe(200);
        const cookie = login.headers
          .getSetCookie()
          .find((c) => c.startsWith('frontage_session='))!
          .split(';')[0]!;
        const users = await fetch(`${base}/api/users?per_page=1`, { headers: { ...XHR, cookie } });
        expect(users.status).toBe(200);
      } finally {
        server.kill('SIGTERM');
        await exited;
      }
      const check = await createDb({ pgliteDir: path.join(fresh, 'pglite') });
      try {
        const counts = await rowCounts(check.db);
        // The server's login added its bookkeeping (a session, a throttle row); the rest is as backed up.
        const signInBookkeeping = { sessions: 0, login_throttle: 0 };
        expect({ ...counts, ...signInBookkeeping }).toEqual({ ...sourceCounts, ...signInBookkeeping });
      } finally {
        await check.close();
      }
    },
  );
});

const rowCounts = async (db: Db): Promise<Record<string, number>> => {
  const out: Record<string, number> = {};
  for (const { t } of await queryRows<{ t: string }>(
    db,
    sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`,
  )) {
    const [r] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from public."${t}"`));
    out[t] = r!.n;
  }
  return out;
};

/** Runs a command from the repository root; rejects with its output when it fails. */
const run = (command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
