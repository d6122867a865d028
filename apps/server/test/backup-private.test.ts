/**
 * A backup is private and holds no sessions; a restore signs everybody out (
 * ADR 0074). The source is the test file's database (PGlite, or PostgreSQL on CI's second pass);
 * backups restore into a fresh PGlite data directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { BACKUP_FILE_MODE, backupToFile } from '../src/db/backup';
import { rowsAsTextQuery } from '../src/db/backup-format';
import { createDb, queryRows, type DbHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { readBackupFile, restoreDatabase } from '../src/db/restore';
import { XHR, buildTestApp, buildUser, login, resetData, testConfig, type TestApp } from './helpers';

const PASSWORD = 'backup-password-1';
let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await buildTestApp();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-backup-private-')));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});
beforeEach(() => resetData());

/** A fresh, migrated PGlite in its own directory. */
const freshPglite = async (name: string): Promise<DbHandle> => {
  const snapshot = inject('pgliteSnapshot');
  const handle = await createDb({
    pgliteDir: path.join(root, name, 'pglite'),
    pgliteLoadDataDir: snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined,
  });
  await runMigrations(handle);
  return handle;
};

const lines = async (file: string): Promise<string[]> => {
  const out: string[] = [];
  for await (const l of readBackupFile(file)) out.push(l);
  return out;
};

const sessionCount = async (handle: DbHandle) =>
  (await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from sessions`))[0]!.n;

/** What the app over `handle` answers to a signed-in request with `cookie`. */
const meWith = async (handle: DbHandle, cookie: string) => {
  const app = await buildApp({ config: testConfig(), db: handle });
  try {
    return (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...XHR, cookie } })).statusCode;
  } finally {
    await app.close();
  }
};

describe('a backup file', () => {
  it('is created readable by its owner only (0600), even over a stale partial file', async () => {
    const file = path.join(root, 'mode.ndjson.gz');
    // A partial file a killed backup left behind, readable by everyone: it is not reused as is.
    fs.writeFileSync(`${file}.partial`, 'stale', { mode: 0o644 });
    fs.chmodSync(`${file}.partial`, 0o644);
    await backupToFile(t.handle, file);
    expect(fs.statSync(file).mode & 0o777).toBe(BACKUP_FILE_MODE);
    expect(BACKUP_FILE_MODE).toBe(0o600);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
  });

  it('holds the sessions table without its rows', async () => {
    const user = await buildUser({ email: 'kept@example.com', password: PASSWORD });
    await login(t.app, user.email!, PASSWORD);
    expect(await sessionCount(t.handle)).toBe(1);
    const file = path.join(root, 'no-sessions.ndjson.gz');
    const summary = await backupToFile(t.handle, file);
    expect(summary.tables.sessions).toBe(0);
    expect(summary.tables.users).toBe(1);
    const all = await lines(file);
    const start = all.findIndex((l) => l.startsWith('{"table":"sessions"'));
    expect(start).toBeGreaterThan(0);
    expect(JSON.parse(all[start + 1]!)).toEqual({ table_end: 'sessions', rows: 0 });
  });
});

describe('a restore', () => {
  let restored: DbHandle;
  beforeAll(async () => {
    restored = await freshPglite('restored');
  });
  afterAll(async () => {
    await restored?.close();
  });

  it('brings back no session, not even one ended after the backup; signing in again works', async () => {
    const user = await buildUser({ email: 'revoked@example.com', password: PASSWORD });
    const cookie = await login(t.app, user.email!, PASSWORD);
    const file = path.join(root, 'revoked.ndjson.gz');
    await backupToFile(t.handle, file);
    // Signed out (or signed out everywhere by an admin) after the backup.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...XHR, cookie } });

    await restoreDatabase(restored, readBackupFile(file), { force: true });
    expect(await sessionCount(restored)).toBe(0);
    expect(await meWith(restored, cookie)).toBe(401);
    const app = await buildApp({ config: testConfig(), db: restored });
    try {
      const again = await login(app, user.email!, PASSWORD);
      expect(await meWith(restored, again)).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('ends the sessions an older backup holds: its rows are checked but not loaded', async () => {
    const user = await buildUser({ email: 'older@example.com', password: PASSWORD });
    const cookie = await login(t.app, user.email!, PASSWORD);
    const file = path.join(root, 'older.ndjson.gz');
    await backupToFile(t.handle, file);
    // What a backup made before this change held: the session's row in the sessions table.
    const columns = await queryRows<{ name: string }>(
      t.db,
      sql`select attname as name from pg_attribute where attrelid = 'sessions'::regclass
           and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    );
    const [row] = await t.db.transaction(async (tx) => {
      for (const s of [`set local timezone = 'UTC'`, `set local datestyle = 'ISO, YMD'`])
        await tx.execute(sql.raw(s));
      return queryRows<{ r: string }>(
        tx as unknown as typeof t.db,
        sql.raw(
          rowsAsTextQuery(
            'sessions',
            columns.map((c) => c.name),
            ['id'],
          ),
        ),
      );
    });
    const all = await lines(file);
    const start = all.findIndex((l) => l.startsWith('{"table":"sessions"'));
    const older = [
      ...all.slice(0, start + 1),
      row!.r,
      JSON.stringify({ table_end: 'sessions', rows: 1 }),
      ...all.slice(start + 2, -1),
    ];
    const end = JSON.parse(all.at(-1)!) as { end: true; tables: number; rows: number };
    older.push(JSON.stringify({ ...end, rows: end.rows + 1 }));
    const olderFile = path.join(root, 'older.ndjson');
    fs.writeFileSync(olderFile, `${older.join('\n')}\n`);

    const summary = await restoreDatabase(restored, readBackupFile(olderFile), { force: true });
    expect(summary.tables.sessions).toBe(0);
    expect(summary.tables.users).toBe(1);
    expect(await sessionCount(restored)).toBe(0);
    expect(await meWith(restored, cookie)).toBe(401);
  });
});
