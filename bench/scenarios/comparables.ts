import { PgDialect } from 'drizzle-orm/pg-core';
import {
  COMPARABLE_DEFAULT_TYPES,
  COMPARABLE_DEFAULT_YEARS,
  COMPARABLE_SERIES_MAX,
  todayIso,
} from '@frontage/shared';
import {
  comparableRowsSql,
  comparableSummarySql,
  type ComparableFilter,
} from '../../apps/server/src/bench-twins';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * Comparable evidence for the busiest town of the generated data (London, about
 * 38,000 properties and 21,000 matching deals over five years), as the page first asks for it: the
 * default types and currency, the last five years, the first page of 25 (ADR 0047). Beside it the
 * endpoint's two statements sent raw: the stats and chart over every match, then the page's rows.
 */
const TOWN = 'London';
const PER_PAGE = 25;
const today = todayIso();
const from = `${Number(today.slice(0, 4)) - COMPARABLE_DEFAULT_YEARS}${today.slice(4)}`;

const filter: ComparableFilter = {
  town: TOWN,
  district: null,
  scheme_type: null,
  size_min: null,
  size_max: null,
  from,
  to: null,
  types: COMPARABLE_DEFAULT_TYPES,
  currency: 'GBP',
  seriesMax: COMPARABLE_SERIES_MAX,
};

const dialect = new PgDialect();

const twinSql = (): SqlTarget => {
  const summary = dialect.sqlToQuery(comparableSummarySql(filter));
  const rows = dialect.sqlToQuery(comparableRowsSql(filter, { limit: PER_PAGE, offset: 0 }));
  return {
    sql: '',
    variants: [{ sql: summary.sql, params: summary.params, then: [{ sql: rows.sql, params: rows.params }] }],
  };
};

export const comparablesScenarios: Scenario[] = [
  {
    name: 'deal comparables (busy town)',
    http: (ctx: BenchContext) => ({
      url: `${ctx.apiBase}/api/deals/comparables?town=${TOWN}&from=${from}&per_page=${PER_PAGE}`,
      headers: api(ctx, { cookie: ctx.cookie }),
    }),
    sql: twinSql,
  },
];
