import { SEARCH_ENTITY_TYPES, SEARCH_LIMIT_DEFAULT } from '@frontage/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PG_SESSION_OPTIONS } from '../../apps/server/src/db/client';
import { fuzzyTerm, globalFuzzySql, globalSearchSql, searchWords } from '../../apps/server/src/bench-twins';
import type { SqlTarget } from '../lib/sql-load';
import { api, type Scenario } from './foundation';

/**
 * What agents type into the one box: retailer and landlord names, streets, towns, post
 * codes with and without the space, people, and one-typo names that only the similar-spelling
 * fallback finds.
 */
export const GLOBAL_SEARCH_TERMS = [
  'greggs',
  'boots',
  'superdrug',
  'costa coffee',
  'next',
  'landsec',
  'hammerson',
  'high street',
  'market place',
  'bull street',
  'commercial street nottingham',
  'leeds',
  'birmingham',
  'manchester',
  'B2 4NE',
  'b24ne',
  'NG1 1GL',
  'ng11gl',
  'ls1',
  'priya',
  'james smith',
  'patel',
  'trinity',
  'arndale',
  'superdrag',
  'waterstons',
  'hollywod bowl',
];

const dialect = new PgDialect();
const ALL = new Set(SEARCH_ENTITY_TYPES);

/**
 * The raw-SQL twin: per term, the statement GET /api/search sends (search.repository.ts, rendered
 * by drizzle's dialect), and the similar-spelling statement after it when the first finds nothing
 * (run once here to know), as the endpoint does.
 */
const twin = async (databaseUrl: string): Promise<Partial<SqlTarget>> => {
  const client = new pg.Client({ connectionString: databaseUrl, options: PG_SESSION_OPTIONS });
  await client.connect();
  try {
    const variants: NonNullable<SqlTarget['variants']> = [];
    for (const term of GLOBAL_SEARCH_TERMS) {
      const words = searchWords(term);
      const q = dialect.sqlToQuery(
        globalSearchSql(words, term.trim().toLowerCase(), ALL, SEARCH_LIMIT_DEFAULT),
      );
      const steps = [q];
      const typo = fuzzyTerm(term);
      const fuzzy = typo ? globalFuzzySql(typo, ALL, SEARCH_LIMIT_DEFAULT) : null;
      if (fuzzy && !(await client.query(q.sql, q.params)).rowCount) steps.push(dialect.sqlToQuery(fuzzy));
      variants.push({ ...steps[0]!, then: steps.slice(1) });
    }
    return { variants, prepared: true };
  } finally {
    await client.end();
  }
};

/** The command palette's search over every kind of record (ADR 0083). */
export const searchScenarios: Scenario[] = [
  {
    name: 'GET /api/search (global search)',
    http: (ctx) => ({
      url: `${ctx.apiBase}/api/search?q=greggs`,
      headers: api(ctx, { cookie: ctx.cookie }),
      paths: GLOBAL_SEARCH_TERMS.map((t) => `/api/search?q=${encodeURIComponent(t)}`),
    }),
    sql: () => ({ sql: '', resolve: twin }),
  },
];
