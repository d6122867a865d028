import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ENQUIRY_STAGES } from '@frontage/shared';
import {
  enquiryCountSql,
  enquiryFilterSql,
  enquiryPageSql,
  enquiryRowsSql,
  enquiryStageCountSql,
} from '../../apps/server/src/bench-twins';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * The /pipelines board's first page per column — GET /api/enquiries?stage=<s>
 * &sort=-updated_at&per_page=25 for each of the four stages, and the same within a busy town —
 * on the 10^5 generated enquiries, each beside its raw SQL: the total (a stage's from the stage
 * counts, a town's counted), the page's ids and its rows with every relation (the statements the
 * repository sends, ADR 0050).
 */
const PER_PAGE = 25;
const TOWN = 'london';

const dialect = new PgDialect();
const q = (s: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(s);

const boardSql = (town?: string): SqlTarget => ({
  sql: '',
  prepared: true,
  resolve: async (databaseUrl) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const variants: NonNullable<SqlTarget['variants']> = [];
      for (const stage of ENQUIRY_STAGES) {
        const where = enquiryFilterSql({ stage: [stage], town });
        // The repository reads a stage's total from the stage counts; within a town it counts.
        const counted = q(town ? enquiryCountSql(where) : enquiryStageCountSql([stage]));
        const ids = q(enquiryPageSql(where, '-updated_at', PER_PAGE, 0));
        const found = (await client.query<{ id: number }>(ids.sql, ids.params)).rows.map((r) => r.id);
        const rows = q(enquiryRowsSql(`{${found.join(',')}}`));
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

const boardPaths = (town?: string) =>
  ENQUIRY_STAGES.map(
    (s) => `/api/enquiries?stage=${s}&sort=-updated_at&per_page=${PER_PAGE}${town ? `&town=${town}` : ''}`,
  );

export const enquiriesBoardScenarios: Scenario[] = [
  {
    name: 'enquiries board: GET /api/enquiries?stage= (first page per column)',
    http: (ctx: BenchContext) => ({
      url: `${ctx.apiBase}/api/enquiries`,
      headers: api(ctx, { cookie: ctx.cookie }),
      paths: boardPaths(),
    }),
    sql: () => boardSql(),
  },
  {
    name: 'enquiries board: GET /api/enquiries?stage=&town= (busy town)',
    http: (ctx: BenchContext) => ({
      url: `${ctx.apiBase}/api/enquiries`,
      headers: api(ctx, { cookie: ctx.cookie }),
      paths: boardPaths(TOWN),
    }),
    sql: () => boardSql(TOWN),
  },
];
