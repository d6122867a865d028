/**
 * Imports at scale (the budget: a 1,000,000-row properties CSV, upload to whole-file
 * preview ≤ 2 minutes, server RSS growth ≤ 256 MB, apply ≥ 5,000 rows/s with derived tables;
 * ADR 0103). A fresh PostgreSQL database (`IMPORT_BENCH_DATABASE_URL`, default
 * postgres://postgres@127.0.0.1:5432/frontage_import_scale; dropped and created again) gets an
 * admin and 200 companies; a properties CSV of `IMPORT_ROWS` rows (default 1,000,000) is written
 * to a temporary file — every row a new unit (unit, street, town, post code, tenant and landlord
 * by company name, rent, NIA, lease expiry), one in a hundred a second spelling of the row before
 * (a duplicate within the file, skipped) and one in a thousand naming an unknown tenant (an error).
 * The real server (its bundle, as `npm start` runs it: one process, working the imports queue) is
 * started on it; the file
 * is uploaded through POST /api/imports, the import polled until `preview`, applied, and polled
 * until `applied`. Prints: upload → preview seconds, the server's RSS growth (its peak during
 * upload, validation and apply over its RSS before the upload, read from /proc), apply rows/s.
 * `IMPORT_FORMAT=xlsx` writes the same rows as an XLSX (numbers as numbers, the expiry as a date
 * cell, text as shared strings). `IMPORT_REVERT=1` also reverts it and prints the revert's rows/s; `IMPORT_APPLY=0` stops at the
 * preview; `IMPORT_BENCH_PROFILE=<dir>` has the server write a CPU profile there.
 * Run: `npm run bench:import-scale` (IMPORT_ROWS=100000 for a shorter run).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import type { Import } from '@frontage/shared';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { createAccount } from '../apps/server/src/modules/auth/account.service';
import { bundleServer } from '../apps/server/scripts/bundle.mjs';
import { repoRoot, waitForHealth } from './lib/processes';
import { writeXlsx, type XlsxCell } from './lib/xlsx-writer';

const ROWS = Number(process.env.IMPORT_ROWS ?? 1_000_000);
const FORMAT = process.env.IMPORT_FORMAT === 'xlsx' ? 'xlsx' : 'csv';
const DATABASE_URL =
  process.env.IMPORT_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/frontage_import_scale';
const PORT = Number(process.env.IMPORT_BENCH_PORT ?? 3491);
const BATCH = process.env.IMPORT_BATCH_ROWS ?? '1000';
const PASSWORD = 'bench-password-31';
const COMPANIES = 200;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const freshDatabase = async () => {
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Refusing an unusual database name: ${name}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const handle = await createDb({ databaseUrl: DATABASE_URL });
  try {
    await runMigrations(handle);
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', SCRYPT_COST: '1024' });
    await createAccount(
      { db: handle.db, config, now: () => new Date() },
      { email: 'bench@example.com', name: 'Bench Admin', password: PASSWORD, admin: true, temp: false },
    );
    const names = Array.from({ length: COMPANIES }, (_, i) => `'Bench Retailer ${i} Ltd'`);
    await (handle.db as unknown as { execute: (q: string) => Promise<unknown> }).execute(
      `insert into companies (name) values (${names.join('), (')})`,
    );
  } finally {
    await handle.close();
  }
};

const TOWNS = ['Leeds', 'York', 'Bristol', 'Norwich', 'Exeter', 'Chester', 'Bath', 'Derby'];

const HEADER = ['Unit', 'Street', 'Town', 'Postcode', 'Tenant', 'Landlord', 'Rent PA', 'NIA', 'Lease expiry'];

/** Row i of the file: its cells as an XLSX holds them (numbers, dates) — the CSV writes them as text. */
const rowOf = (i: number): XlsxCell[] => {
  const n = i % 100 === 99 ? i - 1 : i;
  const tenant = i % 1000 === 500 ? 'Nobody Trading' : `Bench Retailer ${n % COMPANIES} Ltd`;
  const landlord = `Bench Retailer ${(n * 7) % COMPANIES} Limited`;
  const area = `${String.fromCharCode(65 + (n % 26))}${(n >> 4) % 99} ${n % 9}${String.fromCharCode(65 + (n % 23))}${String.fromCharCode(65 + ((n >> 3) % 23))}`;
  return [
    i % 100 === 99 ? `Unit ${n}` : n,
    `${n} High Street`,
    TOWNS[n % TOWNS.length]!,
    area,
    tenant,
    landlord,
    12000 + (n % 90000),
    500 + (n % 4000),
    new Date(Date.UTC(2031, 5, (n % 28) + 1)),
  ];
};

const csvCell = (cell: XlsxCell, column: number): string => {
  if (cell instanceof Date)
    return `${String(cell.getUTCDate()).padStart(2, '0')}/${String(cell.getUTCMonth() + 1).padStart(2, '0')}/${cell.getUTCFullYear()}`;
  if (column === 6) return `"£${cell}"`;
  if (column === 7) return `${cell} sq ft`;
  return String(cell);
};

/** The CSV, written as a stream (a million rows are ~100 MB). */
const writeCsv = async (file: string) => {
  const out = fs.createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await write(`${HEADER.join(',')}\n`);
  for (let i = 0; i < ROWS; i++) await write(`${rowOf(i).map(csvCell).join(',')}\n`);
  out.end();
  await once(out, 'finish');
};

/** IMPORT_FORMAT=xlsx: the same rows as an XLSX (1,048,576 rows is Excel's whole sheet). */
const writeXlsxFile = (file: string) =>
  writeXlsx(
    file,
    (function* () {
      yield HEADER;
      for (let i = 0; i < ROWS; i++) yield rowOf(i);
    })(),
  );

/** The process's resident set in MB (0 once it has exited). */
const rssMb = (pid: number): number => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) / 1024;
  } catch {
    return 0;
  }
};

const main = async () => {
  console.log(
    `import-scale: ${ROWS.toLocaleString('en-GB')} rows as ${FORMAT}, batch ${BATCH}, ${DATABASE_URL}`,
  );
  await freshDatabase();
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'frontage-import-scale-'));
  const file = path.join(dir, `properties.${FORMAT}`);
  let t = Date.now();
  await (FORMAT === 'xlsx' ? writeXlsxFile(file) : writeCsv(file));
  const bytes = (await fs.promises.stat(file)).size;
  console.log(`file: ${(bytes / 1e6).toFixed(0)} MB written in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  // IMPORT_BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.IMPORT_BENCH_PROFILE;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  // The server as `npm start` runs it (ADR 0113): the bundle, its upload and import-check threads
  // loading dist/worker.cjs (no TypeScript compiled at run time).
  const main = await bundleServer(path.join(repoRoot, 'apps/server/dist'));
  const child = spawn(process.execPath, [...flags, '--enable-source-maps', main], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      DATABASE_URL,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      JOBS_QUEUES: 'imports',
      IMPORT_BATCH_ROWS: BATCH,
      RATE_LIMIT_MAX: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => console.log(`server exited: ${code ?? signal}`));
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitForHealth(`${base}/api/health`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('frontage_session='))!
      .split(';')[0]!;
    const headers = { ...XHR, cookie };
    const get = async (id: number): Promise<Import> => {
      const res = await fetch(`${base}/api/imports/${id}`, { headers });
      if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: Import }).data;
    };
    const until = async (id: number, status: string): Promise<Import> => {
      for (;;) {
        const imp = await get(id);
        if (imp.status === status) return imp;
        if (imp.status === 'failed') throw new Error(`import failed: ${JSON.stringify(imp)}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    };

    const baseRss = rssMb(child.pid!);
    let peak = baseRss;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 250);

    t = Date.now();
    const form = new FormData();
    form.append('entity', 'properties');
    form.append('file', await fs.openAsBlob(file), path.basename(file));
    const res = await fetch(`${base}/api/imports`, { method: 'POST', headers, body: form });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    const id = ((await res.json()) as { data: Import }).data.id;
    const answered = (Date.now() - t) / 1000;
    const previewed = await until(id, 'preview');
    const toPreview = (Date.now() - t) / 1000;
    console.log(
      `upload answered in ${answered.toFixed(1)} s; preview ready ${toPreview.toFixed(1)} s after the upload began: ${JSON.stringify(previewed.counts)}`,
    );

    // IMPORT_APPLY=0: upload and preview only (the validation's speed, measured alone).
    if (process.env.IMPORT_APPLY === '0') {
      clearInterval(sampler);
      console.log(`server RSS: ${baseRss.toFixed(0)} MB before the upload, peak ${peak.toFixed(0)} MB`);
      return;
    }
    t = Date.now();
    const applyRes = await fetch(`${base}/api/imports/${id}/apply`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    if (applyRes.status !== 202)
      throw new Error(`apply answered ${applyRes.status}: ${await applyRes.text()}`);
    const applied = await until(id, 'applied');
    const applySeconds = (Date.now() - t) / 1000;
    clearInterval(sampler);
    const written = applied.counts.create + applied.counts.update;
    console.log(
      `apply: ${written.toLocaleString('en-GB')} records in ${applySeconds.toFixed(1)} s = ${Math.round(written / applySeconds).toLocaleString('en-GB')} rows/s (${Math.round(ROWS / applySeconds).toLocaleString('en-GB')} file rows/s)`,
    );
    console.log(
      `server RSS: ${baseRss.toFixed(0)} MB before the upload, peak ${peak.toFixed(0)} MB: growth ${(peak - baseRss).toFixed(0)} MB`,
    );

    if (process.env.IMPORT_REVERT === '1') {
      t = Date.now();
      const r = await fetch(`${base}/api/imports/${id}/revert`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      });
      if (r.status !== 202) throw new Error(`revert answered ${r.status}: ${await r.text()}`);
      await until(id, 'reverted');
      const s = (Date.now() - t) / 1000;
      console.log(`revert: ${s.toFixed(1)} s = ${Math.round(written / s).toLocaleString('en-GB')} rows/s`);
    }
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
};

await main();
