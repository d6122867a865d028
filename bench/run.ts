/**
 * `npm run bench`: starts the server on PostgreSQL (DATABASE_URL), loads each hot path with
 * autocannon and prints req/s and p50/p95/p99 beside a bare Fastify route (the HTTP floor) and,
 * where a scenario has one, the same SQL run straight against PostgreSQL.
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/frontage_bench, created when
 * missing), BENCH_CONNECTIONS (16), BENCH_SECONDS (10 per row), BENCH_WARMUP (3 s of load before
 * each row is measured: the rows before it leave other pages in the caches), BENCH_ONLY (substring
 * filter on names; several separated by '|'), BENCH_SINGLE_SECONDS (3: each row, HTTP and raw SQL, is
 * also run by one connection alone, and its single-user p50/p95 printed beside the raw SQL's, so
 * both budgets — throughput at 16 connections and one user's latency — are read from one run).
 * The first table is `npm run bench:bundle`'s: the gzipped bytes /login and / need.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleRows, printBundleRows } from './lib/bundle';
import { ensureDatabase } from './lib/database';
import { flowLoad } from './lib/flow-load';
import { httpLoad } from './lib/http-load';
import { repoRoot, startNode, stop, waitForHealth } from './lib/processes';
import { printSearchQuality } from './lib/search-quality';
import { sqlLoad } from './lib/sql-load';
import type { LoadResult } from './lib/stats';
import { ensureDataset } from './dataset/index';
import { scenarios, type BenchContext } from './scenarios/index';

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/frontage_bench';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const singleSeconds = Number(process.env.BENCH_SINGLE_SECONDS ?? 3);
// BENCH_ONLY: one substring of the rows' names, or several separated by '|'.
const only = process.env.BENCH_ONLY?.split('|').filter(Boolean);
const apiPort = Number(process.env.BENCH_PORT ?? 3300);
const floorPort = apiPort + 1;

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

async function signIn(apiBase: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${apiBase}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin-2026' }),
  });
  if (!res.ok) throw new Error(`Demo admin login failed with ${res.status}`);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const pair = setCookie.split(';')[0] ?? '';
  return { cookie: pair, token: decodeURIComponent(pair.split('=')[1] ?? '') };
}

async function main() {
  console.log(
    `Frontage bench — ${connections} connections, ${seconds}s per row, database ${new URL(databaseUrl).pathname.slice(1)}`,
  );
  // What a cold browser downloads before /login and / can show (the web build's manifest).
  try {
    printBundleRows(bundleRows());
  } catch (err) {
    console.log(`bundle rows skipped: ${(err as Error).message}`);
  }
  await ensureDatabase(databaseUrl);
  const server = startNode(
    'apps/server/src/main.ts',
    {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      CALENDAR_FEED_RATE_LIMIT: '0',
    },
    'server',
  );
  const floor = startNode('bench/floor-server.ts', { PORT: String(floorPort) }, 'floor');
  const rows: Array<{
    name: string;
    http: LoadResult;
    sql?: LoadResult;
    /** One connection alone: one user's latency, HTTP and raw SQL. */
    single: { http: LoadResult; sql?: LoadResult };
  }> = [];
  try {
    const apiBase = `http://127.0.0.1:${apiPort}`;
    const floorBase = `http://127.0.0.1:${floorPort}`;
    await Promise.all([waitForHealth(`${apiBase}/api/health`), waitForHealth(`${floorBase}/`)]);
    // The server has migrated and seeded the demo by now; the large dataset goes on top of it.
    await ensureDataset(databaseUrl);
    const { cookie, token } = await signIn(apiBase);
    const ctx: BenchContext = { apiBase, floorBase, cookie, sessionToken: token };

    for (const scenario of scenarios.filter((s) => !only?.length || only.some((o) => s.name.includes(o)))) {
      process.stdout.write(`… ${scenario.name}\n`);
      if (!scenario.flow && !scenario.http) throw new Error(`${scenario.name} has neither http nor flow`);
      const load1 = async (n: number, secs: number) => {
        if (scenario.flow) return flowLoad(scenario.flow(ctx), n, secs);
        return httpLoad(scenario.http!(ctx), n, secs);
      };
      const load = (secs: number) => load1(connections, secs);
      await load(warmup);
      const http = await load(seconds);
      const sql = scenario.sql
        ? await sqlLoad(databaseUrl, scenario.sql(ctx), connections, seconds)
        : undefined;
      const single = {
        http: await load1(1, singleSeconds),
        sql: scenario.sql ? await sqlLoad(databaseUrl, scenario.sql(ctx), 1, singleSeconds) : undefined,
      };
      rows.push({ name: scenario.name, http, sql, single });
    }
    if (!only?.length || only.some((o) => 'search'.includes(o) || o.includes('search')))
      await printSearchQuality(databaseUrl, apiBase, cookie);
  } finally {
    await Promise.all([stop(server), stop(floor)]);
  }

  const floorRps = rows.find((r) => r.name.includes('floor'))?.http.rps;
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'non-2xx',
    'of floor',
    'raw SQL req/s',
    'raw p95 ms',
    'HTTP/SQL',
    '1-user p50/p95 ms',
    'raw 1-user p50/p95 ms',
  ];
  const table = rows.map((r) => [
    r.name,
    fmt(r.http.rps, 0),
    fmt(r.http.p50),
    fmt(r.http.p95),
    fmt(r.http.p99),
    String(r.http.errors),
    floorRps ? `${fmt((100 * r.http.rps) / floorRps, 0)}%` : '–',
    r.sql ? fmt(r.sql.rps, 0) : '–',
    r.sql ? fmt(r.sql.p95) : '–',
    r.sql ? `${fmt((100 * r.http.rps) / r.sql.rps, 0)}%` : '–',
    `${fmt(r.single.http.p50)} / ${fmt(r.single.http.p95)}`,
    r.single.sql ? `${fmt(r.single.sql.p50)} / ${fmt(r.single.sql.p95)}` : '–',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
  console.log('');
  console.log(line(header));
  console.log(
    '|' +
      widths.map((w, i) => (i === 0 ? ':' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|') +
      '|',
  );
  for (const row of table) console.log(line(row));

  const outDir = join(repoRoot, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, 'latest.json'),
    JSON.stringify({ at: new Date().toISOString(), connections, seconds, rows }, null, 2),
  );
  if (rows.some((r) => r.http.errors > 0 || r.single.http.errors > 0)) {
    console.error('Some requests failed (non-2xx); the figures above are not trustworthy.');
    process.exitCode = 1;
  }
}

await main();
