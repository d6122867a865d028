import type { VerificationState } from '@frontage/shared';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { idArray, idArrayText } from '../../db/id-array';
import { orderedIdsSql, sortedIds } from '../../db/keyset';
import { preparedRows } from '../../db/prepared';
import { isoUtcSql } from '../../db/iso-sql';
import { companies, companyCategories, companyCategory, domainKey, users } from '../../db/schema';
import { sqlStateOf } from '../../lib/db-errors';
import { mapColumns, selectColumns, staticSql, type ValueOf } from '../../db/prepared';
import { COMPANY_WORDS, matchingIdsSql, relevanceSearch, relevancePages } from '../search/word-tables';
import { searchWords } from '../search/words';
import { parseSort } from './search';

/** Every column but the logo's bytes (lists and records never carry them). */
const columns = {
  id: companies.id,
  name: companies.name,
  domain: companies.domain,
  phone: companies.phone,
  core_id: companies.core_id,
  logo_mime: companies.logo_mime,
  logo_etag: companies.logo_etag,
  is_verified: companies.is_verified,
  verified_at: companies.verified_at,
  created_at: companies.created_at,
  updated_at: companies.updated_at,
};
export type CompanyRow = Omit<typeof companies.$inferSelect, 'logo' | 'store_count' | 'store_changed_at'>;
/** A list row: the company and its category ids (ascending), read in the same statement. */
export type CompanyListRow = CompanyRow & { categories: number[] };

// Names the outer table literally: drizzle renders a one-table query's columns unqualified.
// ARRAY(subquery) rather than array_agg(… order by …): no aggregate per row ('{}' when none).
const categoriesCol = staticSql(sql<
  number[]
>`array(select ${companyCategory.category_id} from ${companyCategory}
  where ${companyCategory.company_id} = companies.id order by ${companyCategory.category_id})`);
/** The int[] arrives parsed from both drivers. */
const asIds = (v: unknown): number[] => (v as number[]).map(Number);
export type NewCompany = typeof companies.$inferInsert;

export interface CompanyFilters {
  q?: string | undefined;
  category_id?: number | undefined;
  verification?: VerificationState | undefined;
}

const SORT_COLUMNS = {
  name: companies.name,
  updated_at: companies.updated_at,
  created_at: companies.created_at,
  verified_at: companies.verified_at,
} as const;
export type CompanySortKey = keyof typeof SORT_COLUMNS;

const verificationCond = (v: VerificationState): SQL =>
  v === 'verified'
    ? sql`${companies.is_verified}`
    : v === 'lapsed'
      ? sql`not ${companies.is_verified} and ${companies.verified_at} is not null`
      : sql`not ${companies.is_verified} and ${companies.verified_at} is null`;

/**
 * The WHERE of the sorted list and the export. `q`: every word must start a word of the name or
 * the domain (a number: be one) — the typeahead's rule (ADR 0030), read from company_words.
 */
// Correlated subqueries name the outer table literally: drizzle renders a column of a one-table
// query unqualified, and an unqualified "id" would bind to the subquery's own table.
export const filterWhere = (f: CompanyFilters): SQL | undefined => {
  const conds: SQL[] = [];
  if (f.q) conds.push(sql`companies.id in (${matchingIdsSql(COMPANY_WORDS, searchWords(f.q))})`);
  if (f.category_id) {
    conds.push(
      sql`exists (select 1 from ${companyCategory} cc where cc.company_id = companies.id and cc.category_id = ${f.category_id})`,
    );
  }
  if (f.verification) conds.push(verificationCond(f.verification));
  return conds.length ? and(...conds) : undefined;
};

/**
 * One page in the caller's sort with its exact total; or, searching without an explicit sort
 * (the pickers), in relevance order without a count (searchByRelevance).
 */
export const list = async (
  db: Db,
  f: CompanyFilters,
  sort: `${'' | '-'}${CompanySortKey}`,
  byRelevance: boolean,
  limit: number,
  offset: number,
): Promise<{ rows: CompanyListRow[]; total: number }> => {
  if (byRelevance && f.q) return searchByRelevance(db, f, limit, offset);
  const where = filterWhere(f);
  const { key, desc: down } = parseSort<CompanySortKey>(sort);
  const col = SORT_COLUMNS[key];
  const order: SQL[] = [
    // Never-verified companies sort last either way.
    key === 'verified_at'
      ? sql`${col} ${down ? sql`desc` : sql`asc`} nulls last`
      : down
        ? desc(col)
        : asc(col),
    down ? desc(companies.id) : asc(companies.id),
  ];
  const [rows, totals] = await Promise.all([
    db
      .select({ ...columns, categories: categoriesCol })
      .from(companies)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, categories: asIds(r.categories) })),
    total: Number(totals[0]?.n ?? 0),
  };
};

/** The filters other than `q` (category, verification), or undefined. */
const otherFilters = (f: CompanyFilters): SQL | undefined => filterWhere({ ...f, q: undefined });

/** The page read from `hits` (the CTEs before it): `limit` and `offset` by name. */
const pageOfHits = (ctes: SQL, value: ValueOf): SQL => sql`with recursive ${ctes}
    select ${selectColumns(columns)}, ${categoriesCol} as categories
      from (select * from hits order by tier, sort_key, id limit ${value('limit')} offset ${value('offset')}) h
      join ${companies} on ${companies.id} = h.id
     order by h.tier, h.sort_key, h.id`;

/**
 * The relevance page (ADR 0030): `limit + 1` companies from `offset`, best first — the tier of the
 * best matching word (first word of the name, other name word, domain word), then the name, then
 * id — with the page's columns, in one statement. `words[driver]` drives (pickDriver).
 */
const pages = relevancePages(
  COMPANY_WORDS,
  pageOfHits,
  sql`join ${companies} on ${companies.id} = w.company_id`,
);

export const relevanceSql = (
  f: CompanyFilters,
  words: string[],
  driver: number,
  limit: number,
  offset: number,
): SQL => pages.sql(otherFilters(f), words, driver, limit, offset);

/** Similar spellings of the name (pg_trgm `%`), best first: the fallback when nothing matched literally. */
export const fuzzySql = (f: CompanyFilters, term: string, limit: number): SQL => {
  const filters = otherFilters(f);
  return sql`select ${selectColumns(columns)}, ${categoriesCol} as categories from ${companies}
    where ${companies.name} % ${term}${filters ? sql` and ${filters}` : sql``}
    order by similarity(${companies.name}, ${term}) desc, ${companies.name}, ${companies.id} limit ${limit + 1}`;
};

const searchByRelevance = async (db: Db, f: CompanyFilters, limit: number, offset: number) => {
  const found = await relevanceSearch<Record<string, unknown>>(
    db,
    COMPANY_WORDS,
    f.q,
    limit,
    offset,
    (words, driver) => pages.run(db, otherFilters(f), words, driver, limit, offset),
    (term) => fuzzySql(f, term, limit),
  );
  return {
    rows: found.rows.map((r): CompanyListRow => ({
      ...mapColumns<CompanyRow>(r, columns),
      categories: asIds(r.categories),
    })),
    total: found.total,
  };
};

export const findById = async (db: Db, id: number, lock = false): Promise<CompanyRow | undefined> => {
  const q = db.select(columns).from(companies).where(eq(companies.id, id)).limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0];
};

/**
 * The one company holding this normalised domain, if any (ADR 0072): the unique index on the
 * normalised domain makes it exact, read through that index.
 */
export const findByDomain = async (db: Db, domain: string): Promise<CompanyRow | undefined> => {
  const rows = await db
    .select(columns)
    .from(companies)
    .where(sql`${domainKey(companies.domain)} = ${domain}`);
  return rows[0];
};

/** The unique index on the normalised domain refused a write: two requests raced for one domain. */
export const isDomainConflict = (err: unknown): boolean => {
  for (
    let e = err as { constraint?: string; message?: string; cause?: unknown } | undefined, d = 0;
    e && d < 5;
    d++
  ) {
    if (e.constraint === 'companies_domain_key' || /companies_domain_key/.test(e.message ?? '')) {
      return sqlStateOf(err) === '23505';
    }
    e = e.cause as typeof e;
  }
  return false;
};

/** Category ids per company, ascending. */
export const categoriesOf = async (db: Db, ids: number[]): Promise<Map<number, number[]>> => {
  const out = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select({ company_id: companyCategory.company_id, category_id: companyCategory.category_id })
    .from(companyCategory)
    .where(sql`${companyCategory.company_id} = any(${idArray(ids)})`)
    .orderBy(asc(companyCategory.company_id), asc(companyCategory.category_id));
  for (const r of rows) out.get(r.company_id)?.push(r.category_id);
  return out;
};

export const contactsCountOf = async (db: Db, ids: number[]): Promise<Map<number, number>> => {
  const out = new Map<number, number>(ids.map((id) => [id, 0]));
  if (!ids.length) return out;
  const rows = await db
    .select({ company_id: users.company_id, n: count() })
    .from(users)
    .where(sql`${users.company_id} = any(${idArray(ids)})`)
    .groupBy(users.company_id);
  for (const r of rows) if (r.company_id !== null) out.set(r.company_id, Number(r.n));
  return out;
};

export const knownCategoryIds = async (db: Db, ids: number[]): Promise<Set<number>> => {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: companyCategories.id })
    .from(companyCategories)
    .where(inArray(companyCategories.id, ids));
  return new Set(rows.map((r) => r.id));
};

export const listCategories = (db: Db) =>
  db.select().from(companyCategories).orderBy(asc(companyCategories.name), asc(companyCategories.id));

export const insertCompany = async (db: Db, values: NewCompany): Promise<CompanyRow> => {
  const rows = await db.insert(companies).values(values).returning(columns);
  return rows[0]!;
};

export const updateCompany = async (
  db: Db,
  id: number,
  values: Partial<NewCompany>,
): Promise<CompanyRow | undefined> => {
  const rows = await db.update(companies).set(values).where(eq(companies.id, id)).returning(columns);
  return rows[0];
};

export const replaceCategories = async (db: Db, companyId: number, categoryIds: number[]): Promise<void> => {
  await db.delete(companyCategory).where(eq(companyCategory.company_id, companyId));
  if (categoryIds.length) {
    await db
      .insert(companyCategory)
      .values([...new Set(categoryIds)].map((category_id) => ({ company_id: companyId, category_id })));
  }
};

export const findLogo = async (db: Db, id: number) => {
  const rows = await db
    .select({ logo: companies.logo, logo_mime: companies.logo_mime, logo_etag: companies.logo_etag })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return rows[0];
};

export const deleteCompany = async (db: Db, id: number): Promise<boolean> => {
  const rows = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return rows.length > 0;
};

/** Does anyone of this company sign in? (a company without such members has no owner yet) */
export const hasSignInMembers = async (db: Db, companyId: number): Promise<boolean> => {
  const rows = await queryRows(
    db,
    sql`select 1 from ${users} where ${users.company_id} = ${companyId} and ${users.password_hash} is not null limit 1`,
  );
  return rows.length > 0;
};

/** The export's order key per sort (as it always was: never-verified companies first ascending). */
const EXPORT_KEYS: Record<CompanySortKey, SQL> = {
  name: sql`${companies.name}`,
  updated_at: sql`${companies.updated_at}`,
  created_at: sql`${companies.created_at}`,
  verified_at: sql`coalesce(${companies.verified_at}, '-infinity'::timestamptz)`,
};

export interface ExportCompanyRow {
  id: number;
  name: string;
  domain: string | null;
  phone: string | null;
  categories: string | null;
  is_verified: boolean;
  /** ISO instant. */
  verified_at: string | null;
}

/**
 * The export's company ids in order, `size` at a time (ADR 0069): no index serves these orders,
 * so the matches are sorted once — what one page of the list costs — instead of once per batch.
 */
export const exportIds = (
  db: Db,
  f: CompanyFilters,
  sort: `${'' | '-'}${CompanySortKey}`,
  size: number,
): AsyncGenerator<number[]> => {
  const { key, desc: down } = parseSort<CompanySortKey>(sort);
  const dir = down ? sql`desc` : sql`asc`;
  return sortedIds(
    db,
    orderedIdsSql(sql`companies.id`, sql`from ${companies}`, filterWhere(f), [
      sql`${EXPORT_KEYS[key]} ${dir}`,
      sql`companies.id ${dir}`,
    ]),
    size,
  );
};

/** The export's columns of these companies (any order). */
export const exportRowsSql = (ids: string): SQL =>
  sql`select companies.id, companies.name, companies.domain, companies.phone,
      (select string_agg(cat.name, '; ' order by cat.name)
         from ${companyCategory} cc join ${companyCategories} cat on cat.id = cc.category_id
        where cc.company_id = companies.id) as categories,
      companies.is_verified, ${isoUtcSql('companies.verified_at')} as verified_at
    from ${companies} where companies.id = any(${ids}::int[])`;

export const exportRows = (db: Db, ids: number[]): Promise<ExportCompanyRow[]> =>
  ids.length ? preparedRows<ExportCompanyRow>(db, exportRowsSql(idArrayText(ids))) : Promise.resolve([]);

export const countCompanies = async (db: Db, f: CompanyFilters): Promise<number> => {
  const rows = await db.select({ n: count() }).from(companies).where(filterWhere(f));
  return Number(rows[0]?.n ?? 0);
};
