import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { todayIso } from '@frontage/shared';
import { gapFilterOf, gapPageSql, retailerSql, type RetailerRow } from '../../apps/server/src/bench-twins';
import type { FlowTarget } from '../lib/flow-load';
import { summarise } from '../lib/stats';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * Gap Analysis (GET /api/reports/gap-analysis, ADR 0058) for the dataset's
 * 2,000-store tracked retailer ('Bench Gap Retailer', made by the companies' dataset step) on the
 * 10^6 units — its categories' peers, the towns where they trade and it does not, the first page
 * (25 towns, each with its first available units) — beside the two statements the endpoint sends
 * (the retailer with its categories, then the ranked page). Budgets: ≥ 50 % of the raw SQL's
 * throughput at 16 connections, and a single user's p95 ≤ 200 ms (measured and printed before the
 * raw-SQL run).
 */
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/frontage_bench';
export const GAP_RETAILER = 'Bench Gap Retailer';
const PER_PAGE = 25;
const SINGLE_USER_RUNS = 40;
const P95_BUDGET_MS = 200;

let found: Promise<number> | undefined;
/** The retailer's id, looked up by name once per run. */
const retailerId = (): Promise<number> =>
  (found ??= (async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      const row = (
        await client.query<{ id: number }>('select id from companies where name = $1 order by id limit 1', [
          GAP_RETAILER,
        ])
      ).rows[0];
      if (!row)
        throw new Error(`No company named '${GAP_RETAILER}': regenerate the dataset (BENCH_REGENERATE=1)`);
      return row.id;
    } finally {
      await client.end();
    }
  })());

const pathOf = (id: number) => `/api/reports/gap-analysis?company_id=${id}&per_page=${PER_PAGE}`;

const flow = (ctx: BenchContext): FlowTarget => ({
  base: ctx.apiBase,
  headers: api(ctx, { cookie: ctx.cookie }),
  run: async (_n, send) => {
    await send('GET', pathOf(await retailerId()));
  },
});

/** One user asking again and again (sequentially): the p95 the budget is about. */
const singleUser = async (ctx: BenchContext, id: number) => {
  const headers = api(ctx, { cookie: ctx.cookie });
  const times: number[] = [];
  let errors = 0;
  let places = 0;
  for (let i = 0; i < SINGLE_USER_RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${ctx.apiBase}${pathOf(id)}`, { headers });
    const body = (await res.json()) as { meta?: { pagination?: { total: number } } };
    times.push(performance.now() - t0);
    if (!res.ok) errors += 1;
    places = body.meta?.pagination?.total ?? 0;
  }
  const s = summarise(times, errors, times.reduce((a, b) => a + b, 0) / 1000);
  const verdict = s.p95 <= P95_BUDGET_MS ? 'within' : 'OVER';
  process.stdout.write(
    `  ${places.toLocaleString('en-GB')} gap towns; single user: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms ` +
      `(${verdict} the ${P95_BUDGET_MS} ms budget); budget at 16 connections: HTTP/SQL ≥ 50 %\n`,
  );
};

const dialect = new PgDialect();

/**
 * The same single user's two statements straight against PostgreSQL (prepared, one connection):
 * what the machine allows the endpoint at best, printed beside its p95.
 */
const singleUserSql = async (
  client: pg.Client,
  head: { sql: string; params: unknown[] },
  page: { sql: string; params: unknown[] },
) => {
  const times: number[] = [];
  for (let i = 0; i < SINGLE_USER_RUNS; i++) {
    const t0 = performance.now();
    await client.query({ name: 'gap-head', text: head.sql, values: head.params });
    await client.query({ name: 'gap-page', text: page.sql, values: page.params });
    times.push(performance.now() - t0);
  }
  const s = summarise(times, 0, times.reduce((a, b) => a + b, 0) / 1000);
  process.stdout.write(
    `  raw SQL, single user (the same two statements, one connection): p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms\n`,
  );
};

/** The endpoint's two statements, prepared as the server's are (db/prepared.ts). */
const twinSql = (ctx: BenchContext): SqlTarget => ({
  sql: '',
  prepared: true,
  resolve: async (databaseUrl) => {
    const id = await retailerId();
    await singleUser(ctx, id);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const head = dialect.sqlToQuery(retailerSql(id));
      const retailer = (await client.query<RetailerRow>(head.sql, head.params)).rows[0]!;
      const filter = gapFilterOf(
        id,
        retailer.categories.map((c) => c.id),
        { level: 'town', sort: 'peers', months: 12, min_peers: 1 },
        todayIso(),
      );
      const page = dialect.sqlToQuery(gapPageSql(filter, PER_PAGE, 0));
      await singleUserSql(client, head, page);
      return {
        variants: [{ sql: head.sql, params: head.params, then: [{ sql: page.sql, params: page.params }] }],
      };
    } finally {
      await client.end();
    }
  },
});

export const gapAnalysisScenarios: Scenario[] = [
  {
    name: `gap analysis: GET /api/reports/gap-analysis ('${GAP_RETAILER}', 2,000 stores; towns, page 1 of 25)`,
    flow,
    sql: twinSql,
  },
];
