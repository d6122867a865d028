import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PG_SESSION_OPTIONS } from '../../apps/server/src/db/client';
import {
  COMPANY_WORDS,
  CONTACT_WORDS,
  DRIVER_COUNT_CAP,
  chooseDriver,
  companyFuzzySql,
  companyRelevanceSql,
  contactFuzzySql,
  contactRelevanceSql,
  fuzzyTerm,
  searchWords,
  type WordSearch,
} from '../../apps/server/src/bench-twins';
import type { SqlTarget } from '../lib/sql-load';
import { api, type Scenario } from './foundation';

/**
 * Typeahead terms as people type them: 2 to 6 letters, some very common in the generated names
 * ("sm", "bak"), some rare ("winte"), some matching nothing at all ("qzx").
 */
export const TYPEAHEAD_TERMS = [
  'bo',
  'sm',
  'ba',
  'ox',
  'ja',
  'pa',
  'le',
  'wi',
  'bak',
  'tay',
  'sho',
  'gre',
  'pha',
  'cof',
  'har',
  'roy',
  'qzx',
  'mor',
  'jone',
  'fash',
  'wood',
  'kitc',
  'ches',
  'wine',
  'oakl',
  'khan',
  'baker',
  'thame',
  'winte',
  'sport',
  'pizza',
  'patel',
  'oxford',
  'wright',
  'record',
  'salon',
];
/** The pickers ask for 100 (PAGE_SIZE_PICKER). */
const PER_PAGE = 100;

const dialect = new PgDialect();

/**
 * The raw-SQL twin (ADR 0030): per term, the repository's own statements rendered by drizzle's
 * dialect, as the endpoint sends them — the driving-word count (2+ words), the relevance page, and
 * the similar-spelling fallback when the page came back empty (run once here to know) — as named
 * prepared statements, like db/prepared.ts.
 */
const twin =
  (t: WordSearch, page: (words: string[], driver: number) => SQL, fuzzy: (term: string) => SQL) =>
  async (databaseUrl: string): Promise<Partial<SqlTarget>> => {
    const client = new pg.Client({ connectionString: databaseUrl, options: PG_SESSION_OPTIONS });
    await client.connect();
    try {
      const variants: NonNullable<SqlTarget['variants']> = [];
      for (const term of TYPEAHEAD_TERMS) {
        const words = searchWords(term);
        const steps: Array<{ sql: string; params: unknown[] }> = [];
        const counting = t.driverCountSql(words);
        let driver = 0;
        if (counting) {
          const q = dialect.sqlToQuery(counting);
          driver = chooseDriver(
            words,
            (await client.query<{ n: number[] }>(q.sql, q.params)).rows[0]!.n.map(Number),
            DRIVER_COUNT_CAP,
          );
          steps.push(q);
        }
        const q = dialect.sqlToQuery(page(words, driver));
        steps.push(q);
        const term5 = fuzzyTerm(term);
        if (term5 && !(await client.query(q.sql, q.params)).rowCount)
          steps.push(dialect.sqlToQuery(fuzzy(term5)));
        variants.push({ ...steps[0]!, then: steps.slice(1) });
      }
      return { variants, prepared: true };
    } finally {
      await client.end();
    }
  };

/** The company and contact pickers' typeahead on 100,000 companies and 300,000 contacts. */
export const companiesScenarios: Scenario[] = [
  {
    name: 'GET /api/companies?q= (typeahead)',
    http: (ctx) => ({
      url: `${ctx.apiBase}/api/companies?q=bo`,
      headers: api(ctx, { cookie: ctx.cookie }),
      paths: TYPEAHEAD_TERMS.map(
        (t) => `/api/companies?q=${encodeURIComponent(t)}&per_page=${PER_PAGE}&include=scraper`,
      ),
    }),
    sql: () => ({
      sql: '',
      resolve: twin(
        COMPANY_WORDS,
        (words, driver) => companyRelevanceSql({}, words, driver, PER_PAGE, 0),
        (term) => companyFuzzySql({}, term, PER_PAGE),
      ),
    }),
  },
  {
    name: 'GET /api/users/?q= (typeahead)',
    http: (ctx) => ({
      url: `${ctx.apiBase}/api/users/?q=bo`,
      headers: api(ctx, { cookie: ctx.cookie }),
      paths: TYPEAHEAD_TERMS.map(
        (t) => `/api/users/?q=${encodeURIComponent(t)}&per_page=${PER_PAGE}&include=company`,
      ),
    }),
    sql: () => ({
      sql: '',
      resolve: twin(
        CONTACT_WORDS,
        (words, driver) => contactRelevanceSql({}, words, driver, PER_PAGE, 0),
        (term) => contactFuzzySql({}, term, PER_PAGE),
      ),
    }),
  },
];
