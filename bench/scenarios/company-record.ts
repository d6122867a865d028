import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { activitySql, companyExistsSql, portfolioPageSql } from '../../apps/server/src/bench-twins';
import type { FlowTarget } from '../lib/flow-load';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * The company page (ADR 0091) on the 10^6 dataset: the portfolio of the largest
 * landlord and of the largest retailer (first page of 25, address order, every role) and the
 * Activity timeline of the busiest company (the most deal parties; first page of 25), each beside
 * the two statements the endpoint sends (the company's existence, then the page). Budgets
 *: ≥ 60 % of the raw SQL's throughput at 16 connections; a single user's p95 ≤ 50 ms.
 */
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/frontage_bench';
const PER_PAGE = 25;
const dialect = new PgDialect();

/** Which company a row measures: found once per run by counting the dataset. */
const PICKS = {
  landlord: `select company_id as id from property_parties where role = 'landlord' and company_id is not null
              group by company_id order by count(*) desc, company_id limit 1`,
  retailer: `select tenant_id as id from properties where tenant_id is not null and archived_at is null
              group by tenant_id order by count(*) desc, tenant_id limit 1`,
  busiest: `select company_id as id from deal_parties where company_id is not null
             group by company_id order by count(*) desc, company_id limit 1`,
} as const;
type Pick = keyof typeof PICKS;

const found = new Map<Pick, Promise<number>>();
const companyId = (pick: Pick): Promise<number> => {
  let id = found.get(pick);
  if (!id) {
    id = (async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      try {
        const row = (await client.query<{ id: number }>(PICKS[pick])).rows[0];
        if (!row) throw new Error(`No ${pick} company in the dataset: regenerate it (BENCH_REGENERATE=1)`);
        return row.id;
      } finally {
        await client.end();
      }
    })();
    found.set(pick, id);
  }
  return id;
};

const flowOf =
  (pick: Pick, path: (id: number) => string) =>
  (ctx: BenchContext): FlowTarget => ({
    base: ctx.apiBase,
    headers: api(ctx, { cookie: ctx.cookie }),
    run: async (_n, send) => {
      await send('GET', path(await companyId(pick)));
    },
  });

/** The endpoint's two statements, prepared as the server's are (db/prepared.ts). */
const twinOf = (pick: Pick, page: (id: number) => ReturnType<typeof portfolioPageSql>) => (): SqlTarget => ({
  sql: '',
  prepared: true,
  resolve: async () => {
    const id = await companyId(pick);
    const head = dialect.sqlToQuery(companyExistsSql(id));
    const body = dialect.sqlToQuery(page(id));
    return {
      variants: [{ sql: head.sql, params: head.params, then: [{ sql: body.sql, params: body.params }] }],
    };
  },
});

const portfolioPath = (id: number) => `/api/companies/${id}/portfolio?per_page=${PER_PAGE}`;
const portfolioPage = (id: number) => portfolioPageSql(id, undefined, 'address', PER_PAGE, 0);
// The service asks one item more than the page, to know whether another follows.
const activityPath = (id: number) => `/api/companies/${id}/activity?per_page=${PER_PAGE}`;
const activityPage = (id: number) => activitySql({ type: 'company', id }, undefined, PER_PAGE + 1);

export const companyRecordScenarios: Scenario[] = [
  {
    name: 'company page: portfolio of the largest landlord (page 1 of 25)',
    flow: flowOf('landlord', portfolioPath),
    sql: twinOf('landlord', portfolioPage),
  },
  {
    name: 'company page: portfolio of the largest retailer (page 1 of 25)',
    flow: flowOf('retailer', portfolioPath),
    sql: twinOf('retailer', portfolioPage),
  },
  {
    name: 'company page: activity of the busiest company (page 1 of 25)',
    flow: flowOf('busiest', activityPath),
    sql: twinOf('busiest', activityPage),
  },
];
