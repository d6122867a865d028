import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  DRIVER_COUNT_CAP,
  PROPERTY_WORDS,
  chooseDriver,
  loadedSql,
  oneWithIncludesSql,
  pageByUpdateSql,
  searchWords,
  simpleSearchSql,
} from '../../apps/server/src/bench-twins';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * Property typeahead terms as agents type them: streets, towns, both, unit numbers, partial words;
 * common ("high", "london road") and rare ("harrogate", "deansgate", which the bench data lacks).
 */
export const PROPERTY_TERMS = [
  'high',
  'leeds',
  'high st leeds',
  'market st',
  'church road',
  'manch',
  'york',
  'st albans',
  'london road',
  'bath',
  'glasg',
  'oxford',
  'unit 5',
  'stoke',
  'queen street',
  'bristol',
  'mill lane',
  'cardiff',
  'norw',
  'brighton',
  'deansgate',
  'kingsway',
  'harrogate',
  'sheff',
  '12 high street',
  'riverside way',
  'victoria',
  'edinb',
];
const PER_PAGE = 50;
/** A deep page of the list: the middle of 1,000,000 properties at 50 a page, and others around it. */
const DEEP_PAGES = [2_000, 7_500, 10_000, 12_500, 18_000];
const LIST_PER_PAGE = 50;

const dialect = new PgDialect();

/**
 * The typeahead's SQL exactly as the repository builds it (rendered by drizzle's dialect), with
 * the driving-word count first for multi-word terms — the endpoint's two round trips.
 */
const simpleSql = async (databaseUrl: string): Promise<Partial<SqlTarget>> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const variants: NonNullable<SqlTarget['variants']> = [];
    for (const term of PROPERTY_TERMS) {
      const words = searchWords(term);
      const counting = PROPERTY_WORDS.driverCountSql(words);
      let driver = 0;
      const steps: Array<{ sql: string; params?: unknown[] }> = [];
      if (counting) {
        const q = dialect.sqlToQuery(counting);
        const n = (await client.query<{ n: number[] }>(q.sql, q.params)).rows[0]!.n.map(Number);
        driver = chooseDriver(words, n, DRIVER_COUNT_CAP);
        steps.push({ sql: q.sql, params: q.params });
      }
      const page = dialect.sqlToQuery(simpleSearchSql(words, driver, 'all', PER_PAGE, 0));
      steps.push({ sql: page.sql, params: page.params });
      variants.push({ ...steps[0]!, then: steps.slice(1) });
    }
    return { variants, prepared: true };
  } finally {
    await client.end();
  }
};

/**
 * A list page's own work, as the repository does it (ADR 0024, 0031): the total and the page's
 * ids by last update in one statement (through the order marks), then the page's rows.
 */
const listSql = (): SqlTarget => ({
  sql: '',
  prepared: true,
  resolve: async (databaseUrl) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const variants: NonNullable<SqlTarget['variants']> = [];
    for (const page of DEEP_PAGES) {
      const ids = dialect.sqlToQuery(pageByUpdateSql((page - 1) * LIST_PER_PAGE, LIST_PER_PAGE, true));
      // The rows query gets the page's real ids, as the server's does.
      const pageIds = (await client.query<{ id: number }>(ids.sql, ids.params)).rows.map((r) => r.id);
      const rows = dialect.sqlToQuery(loadedSql(`{${pageIds.join(',')}}`));
      variants.push({ sql: ids.sql, params: ids.params, then: [{ sql: rows.sql, params: rows.params }] });
    }
    await client.end();
    return { variants };
  },
});

/**
 * The endpoint's one statement (properties.repository oneWithIncludesSql), as the server prepares
 * it, with each sample id.
 */
const oneSql = (ids: number[]): SqlTarget => ({
  sql: dialect.sqlToQuery(oneWithIncludesSql(ids[0]!)).sql,
  params: ids.map((id) => [id]),
  prepared: true,
});

/** Properties spread over the generated range (ids are dense after the demo's). */
const SAMPLE_IDS = Array.from({ length: 40 }, (_, i) => 6_000 + i * 24_917);

/** The property typeahead, a deep page of the list and one property with every include. */
export const propertiesScenarios: Scenario[] = [
  {
    name: 'GET /api/properties/simple?q= (typeahead)',
    http: (ctx: BenchContext) => ({
      url: `${ctx.apiBase}/api/properties/simple?q=high`,
      headers: api(ctx, { cookie: ctx.cookie }),
      paths: PROPERTY_TERMS.map(
        (t) =>
          `/api/properties/simple?q=${encodeURIComponent(t)}&per_page=${PER_PAGE}&include=address,tenant,scheme`,
      ),
    }),
    sql: () => ({ sql: '', resolve: simpleSql }),
  },
  {
    name: 'GET /api/properties?sort=-updated_at (deep page)',
    http: (ctx: BenchContext) => ({
      url: `${ctx.apiBase}/api/properties`,
      headers: api(ctx, { cookie: ctx.cookie }),
      paths: DEEP_PAGES.map(
        (page) => `/api/properties?sort=-updated_at&page=${page}&per_page=${LIST_PER_PAGE}`,
      ),
    }),
    sql: listSql,
  },
  {
    name: 'GET /api/properties/{id} (every include)',
    http: (ctx: BenchContext) => ({
      url: `${ctx.apiBase}/api/properties/${SAMPLE_IDS[0]}`,
      headers: api(ctx, { cookie: ctx.cookie }),
      paths: SAMPLE_IDS.map(
        (id) =>
          `/api/properties/${id}?include=tenant,legal_tenant,address,files,scheme,landlords,landlord_contacts,landlord_agents,landlord_agent_contacts,tenant_agents,tenant_agent_contacts,tenant_contacts,unverified_history_count,unverified_history_columns`,
      ),
    }),
    sql: () => oneSql(SAMPLE_IDS),
  },
];
