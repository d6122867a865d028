import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  dealCountSql,
  dealFilterSql,
  dealOrderSql,
  dealPageSql,
  dealRowsSql,
  pageByDateSql,
} from '../../apps/server/src/bench-twins';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * Deep pages of GET /api/deals (ADR 0046) on the 10^6 dataset's ~1.3 M deals,
 * newest first (the default sort) and filtered by a busy town, each beside its raw SQL — the
 * statements the repository sends, with the page's real ids for the rows statement.
 */
const PER_PAGE = 50;
/** Pages across the unfiltered list: near the start, the middle (~13,450 of ~26,900) and the end. */
const DEEP_PAGES = [2_000, 7_500, 13_450, 20_000, 26_000];
/** Pages of busy towns' deals (London ~50,000, Manchester and Birmingham ~25,000 on the dataset). */
const TOWN_PAGES: Array<[string, number]> = [
  ['london', 100],
  ['london', 500],
  ['london', 900],
  ['manchester', 250],
  ['birmingham', 400],
];

const dialect = new PgDialect();
const q = (s: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(s);

/** The default sort's one statement (total and ids, through the order marks), then the rows. */
const deepSql = (): SqlTarget => ({
  sql: '',
  prepared: true,
  resolve: async (databaseUrl) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const variants: NonNullable<SqlTarget['variants']> = [];
      for (const page of DEEP_PAGES) {
        const ids = q(pageByDateSql((page - 1) * PER_PAGE, PER_PAGE));
        const found = (await client.query<{ id: number | null }>(ids.sql, ids.params)).rows
          .flatMap((r) => (r.id === null ? [] : [r.id]))
          .reverse();
        const rows = q(dealRowsSql(`{${found.join(',')}}`));
        variants.push({ sql: ids.sql, params: ids.params, then: [{ sql: rows.sql, params: rows.params }] });
      }
      return { variants };
    } finally {
      await client.end();
    }
  },
});

/**
 * A town's page: the count, the ids (read from the far end past the middle, as the repository
 * does) and the rows — three statements, as the endpoint sends them.
 */
const townSql = (): SqlTarget => ({
  sql: '',
  prepared: true,
  resolve: async (databaseUrl) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const variants: NonNullable<SqlTarget['variants']> = [];
      for (const [town, page] of TOWN_PAGES) {
        const where = dealFilterSql({ town })!;
        const counted = q(dealCountSql(where));
        const total = Number((await client.query<{ n: string }>(counted.sql, counted.params)).rows[0]!.n);
        const offset = (page - 1) * PER_PAGE;
        const reversed = offset + PER_PAGE / 2 > total / 2;
        const take = reversed ? Math.min(PER_PAGE, total - offset) : PER_PAGE;
        const ids = q(
          dealPageSql(
            where,
            dealOrderSql('-effective_date', reversed),
            take,
            reversed ? total - offset - take : offset,
          ),
        );
        const found = (await client.query<{ id: number }>(ids.sql, ids.params)).rows.map((r) => r.id);
        const rows = q(dealRowsSql(`{${found.join(',')}}`));
        variants.push({
          sql: counted.sql,
          params: counted.params,
          then: [
            { sql: ids.sql, params: ids.params },
            { sql: rows.sql, params: rows.params },
          ],
        });
      }
      return { variants };
    } finally {
      await client.end();
    }
  },
});

export const dealListScenarios: Scenario[] = [
  {
    name: 'deals list deep page: GET /api/deals (newest first)',
    http: (ctx: BenchContext) => ({
      url: `${ctx.apiBase}/api/deals`,
      headers: api(ctx, { cookie: ctx.cookie }),
      paths: DEEP_PAGES.map((page) => `/api/deals?page=${page}&per_page=${PER_PAGE}`),
    }),
    sql: deepSql,
  },
  {
    name: 'deals list deep page: GET /api/deals?town= (busy towns)',
    http: (ctx: BenchContext) => ({
      url: `${ctx.apiBase}/api/deals`,
      headers: api(ctx, { cookie: ctx.cookie }),
      paths: TOWN_PAGES.map(([town, page]) => `/api/deals?town=${town}&page=${page}&per_page=${PER_PAGE}`),
    }),
    sql: townSql,
  },
];
