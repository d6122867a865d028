import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  CHANGES_PER_GROUP,
  queueChangeIdsSql,
  queueCountSql,
  queueGroupsSql,
} from '../../apps/server/src/bench-twins';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * The verification queue's first page (records with waiting changes, the longest
 * waiting first) as the admin, beside its raw SQL: the page of records, their count and the ids
 * of their first changes — the statements the repository sends (the rows by id, the labels and
 * the display names follow in the API only).
 */
const PER_PAGE = 25;
const dialect = new PgDialect();
const q = (s: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(s);

const firstPageSql = (): SqlTarget => ({
  sql: '',
  resolve: async (databaseUrl) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const groups = q(queueGroupsSql({}, PER_PAGE, 0));
      const found = (
        await client.query<{ entity_type: 'property' | 'scheme' | 'address'; entity_id: number }>(
          groups.sql,
          groups.params,
        )
      ).rows;
      const count = q(queueCountSql({}));
      const then = [{ sql: count.sql, params: count.params }];
      if (found.length) {
        const ids = q(queueChangeIdsSql({}, found, CHANGES_PER_GROUP));
        then.push({ sql: ids.sql, params: ids.params });
      }
      return { variants: [{ sql: groups.sql, params: groups.params, then }] };
    } finally {
      await client.end();
    }
  },
});

export const verificationQueueScenarios: Scenario[] = [
  {
    name: 'verification queue first page: GET /api/core/verification-queue (admin)',
    http: (ctx: BenchContext) => ({
      url: `${ctx.apiBase}/api/core/verification-queue?page=1&per_page=${PER_PAGE}`,
      headers: api(ctx, { cookie: ctx.cookie }),
    }),
    sql: firstPageSql,
  },
];
