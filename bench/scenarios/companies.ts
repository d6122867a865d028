import * as companiesRepo from '../../apps/server/src/modules/companies/companies.repository';
import * as contactsRepo from '../../apps/server/src/modules/contacts/contacts.repository';
import { captureQueries } from '../lib/capture';
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

/** The server plans its searches with this (search.ts, withIndexFriendlyPlanner). */
const PLANNER = ['set random_page_cost = 1.1'];

const esc = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/**
 * The server's trigram match (apps/server/src/modules/companies/search.ts) written out by hand:
 * start of text or word under 3 letters, any substring from 3, also a similar spelling from 5.
 * $1 = term, $2 = prefix pattern, $3 = word-prefix or substring pattern.
 */
const match = (col: string, term: string) =>
  term.length < 3
    ? `(${col} ilike $2 or ${col} ilike $3)`
    : term.length < 5
      ? `(${col} ilike $3)`
      : `(${col} ilike $3 or ${col} % $1)`;
const params = (term: string) => [
  term,
  `${esc(term)}%`,
  term.length < 3 ? `% ${esc(term)}%` : `%${esc(term)}%`,
];

/** The same SQL the list endpoints run: the page in relevance order and the total. */
export const companySql = (): SqlTarget => ({
  sql: '',
  session: PLANNER,
  variants: TYPEAHEAD_TERMS.map((term) => {
    const where = (a: string) => `(${match(`${a}.name`, term)} or lower(${a}.domain) = $1)`;
    return {
      sql: `select c.id, c.name, c.domain, c.phone, c.core_id, c.logo_mime, c.logo_etag, c.is_verified, c.verified_at,
                   c.created_at, c.updated_at, (select count(*) from companies x where ${where('x')}) as total
              from companies c
             where ${where('c')}
             order by (lower(c.name) = $1) desc, (c.name ilike $2) desc, similarity(c.name, $1) desc, c.name asc, c.id asc
             limit ${PER_PAGE}`,
      params: params(term),
    };
  }),
});

export const contactSql = (): SqlTarget => ({
  sql: '',
  session: PLANNER,
  variants: TYPEAHEAD_TERMS.map((term) => {
    const where = (a: string) => `(${match(`${a}.name`, term)} or ${match(`${a}.email`, term)})`;
    return {
      sql: `select u.id, u.name, u.email, u.company_id, u.direct_dial, u.mobile, u.type, u.is_temp, u.currency,
                   u.last_activity, u.created_at, u.updated_at, s.theme, s.hidden_videos,
                   co.name as company_name, co.domain as company_domain, co.is_verified as company_verified,
                   (select count(*) from users x where ${where('x')}) as total
              from users u
              left join user_settings s on s.user_id = u.id
              left join companies co on co.id = u.company_id
             where ${where('u')}
             order by (lower(u.name) = $1 or lower(u.email) = $1) desc, (u.name ilike $2 or u.email ilike $2) desc,
                      greatest(similarity(u.name, $1), similarity(u.email, $1)) desc, u.name asc nulls last, u.id asc
             limit ${PER_PAGE}`,
      params: params(term),
    };
  }),
});

/**
 * The raw-SQL twin (ADR 0025): per term, the statements the repository itself sends — the relevance
 * tiers it reads and the counts it makes — captured once, then replayed straight on PostgreSQL.
 * (companySql / contactSql above are ADR 0009's single-statement search, kept for comparison.)
 */
const twin =
  (list: (db: Parameters<Parameters<typeof captureQueries>[1]>[0], q: string) => Promise<unknown>) =>
  async (databaseUrl: string): Promise<Partial<SqlTarget>> => {
    const variants: NonNullable<SqlTarget['variants']> = [];
    for (const term of TYPEAHEAD_TERMS) {
      const [first, ...rest] = await captureQueries(databaseUrl, (db) => list(db, term));
      variants.push({ ...first!, then: rest });
    }
    return { variants };
  };

/** Issue 3: the company and contact pickers' typeahead on 100,000 companies and 300,000 contacts. */
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
    sql: () => ({ sql: '', session: PLANNER, resolve: twin((db, q) => companiesRepo.list(db, { q }, 'name', true, PER_PAGE, 0)) }),
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
    sql: () => ({ sql: '', session: PLANNER, resolve: twin((db, q) => contactsRepo.list(db, { q }, 'name', true, PER_PAGE, 0)) }),
  },
];
