import { PgDialect } from 'drizzle-orm/pg-core';
import { LEASE_EVENTS_DEFAULT_DAYS, todayIso } from '@frontage/shared';
import {
  leaseEventCountSql,
  leaseEventPageSql,
  type LeaseEventFilters,
} from '../../apps/server/src/bench-twins';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * The lease events work list (GET /api/lease-events, ADR 0087) on the 10^6 units' events: the
 * next 90 days in the busiest town (London) and the UK-wide first page, each beside the two
 * statements the endpoint sends (the page, then the total). Budgets: ≥ 60 % of the raw
 * SQL's throughput at 16 connections; a single user's p95 ≤ 50 ms.
 */
const PER_PAGE = 25;
const TOWN = 'London';
const dialect = new PgDialect();

const range = () => {
  const from = todayIso();
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const to = new Date(Date.UTC(y, m - 1, d + LEASE_EVENTS_DEFAULT_DAYS)).toISOString().slice(0, 10);
  return { from, to };
};

const filtersOf = (town?: string): LeaseEventFilters => ({
  ...range(),
  town: town?.toLowerCase(),
  status: 'open',
});

const twin = (town?: string): SqlTarget => {
  const page = dialect.sqlToQuery(leaseEventPageSql(filtersOf(town), PER_PAGE, 0));
  const count = dialect.sqlToQuery(leaseEventCountSql(filtersOf(town)));
  return {
    sql: '',
    prepared: true,
    variants: [{ sql: page.sql, params: page.params, then: [{ sql: count.sql, params: count.params }] }],
  };
};

const url = (ctx: BenchContext, town?: string) =>
  `${ctx.apiBase}/api/lease-events?per_page=${PER_PAGE}${town ? `&town=${encodeURIComponent(town)}` : ''}`;

export const leaseEventsScenarios: Scenario[] = [
  {
    name: 'lease events: next 90 days, busy town',
    http: (ctx) => ({ url: url(ctx, TOWN), headers: api(ctx, { cookie: ctx.cookie }) }),
    sql: () => twin(TOWN),
  },
  {
    name: 'lease events: next 90 days, UK-wide first page',
    http: (ctx) => ({ url: url(ctx), headers: api(ctx, { cookie: ctx.cookie }) }),
    sql: () => twin(),
  },
];
