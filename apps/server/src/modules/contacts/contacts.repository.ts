import { and, asc, count, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, userSettings, users } from '../../db/schema';
import type { CompanySummaryRow } from '../auth/auth.presenter';
import { companySummaryColumns } from '../auth/auth.repository';
import { parseSort } from '../companies/search';
import { mapColumns, preparedRows, selectColumns, staticSql, type ValueOf } from '../../db/prepared';
import { idArrayText } from '../../db/id-array';
import { lookupJoin, orderedIdsSql, sortedIds } from '../../db/keyset';
import { CONTACT_WORDS, matchingIdsSql, relevanceSearch, relevancePages } from '../search/word-tables';
import { searchWords } from '../search/words';

export type UserRow = typeof users.$inferSelect;
export type UserSettingsRow = typeof userSettings.$inferSelect;
/** What a contact's company summary shows (one column set with the session's user). */
const summaryColumns = companySummaryColumns;

export type NewUser = typeof users.$inferInsert;

export interface ContactFilters {
  q?: string | undefined;
  company_id?: number | undefined;
}

const SORT_COLUMNS = {
  name: users.name,
  email: users.email,
  updated_at: users.updated_at,
  created_at: users.created_at,
} as const;
export type ContactSortKey = keyof typeof SORT_COLUMNS;

/**
 * The WHERE of the sorted list and the export. `q`: every word must start a word of the name or
 * the e-mail address (a number: be one) — the typeahead's rule (ADR 0030), read from contact_words.
 */
export const filterWhere = (f: ContactFilters): SQL | undefined => {
  const conds: SQL[] = [];
  if (f.q) conds.push(sql`${users.id} in (${matchingIdsSql(CONTACT_WORDS, searchWords(f.q))})`);
  if (f.company_id) conds.push(eq(users.company_id, f.company_id));
  return conds.length ? and(...conds) : undefined;
};

/** A contact with its settings and its company's summary (left joined: null when none). */
export type ContactListRow = {
  user: UserRow;
  settings: UserSettingsRow | null;
  company: CompanySummaryRow | null;
};

/**
 * One page in the caller's sort with its exact total; or, searching without an explicit sort
 * (the pickers), in relevance order without a count (searchByRelevance).
 */
export const list = async (
  db: Db,
  f: ContactFilters,
  sort: `${'' | '-'}${ContactSortKey}`,
  byRelevance: boolean,
  limit: number,
  offset: number,
): Promise<{ rows: ContactListRow[]; total: number }> => {
  if (byRelevance && f.q) return searchByRelevance(db, f, limit, offset);
  const where = filterWhere(f);
  const { key, desc: down } = parseSort<ContactSortKey>(sort);
  const col = SORT_COLUMNS[key];
  const [rows, totals] = await Promise.all([
    db
      .select({ user: users, settings: userSettings, company: summaryColumns })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.user_id, users.id))
      .leftJoin(companies, eq(companies.id, users.company_id))
      .where(where)
      .orderBy(
        down ? sql`${col} desc nulls last` : sql`${col} asc nulls last`,
        down ? desc(users.id) : asc(users.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
};

const userColumns = getTableColumns(users);
const settingsColumns = getTableColumns(userSettings);
/**
 * A contact with its settings and its company's summary (both left joined), as the list returns
 * them: the pickers always ask for the company, and one statement answers the whole page.
 */
const pageColumns = staticSql(
  sql`${selectColumns(userColumns, 'u_')}, ${selectColumns(settingsColumns, 's_')}, ${selectColumns(summaryColumns, 'c_')}`,
);
const pageJoins = staticSql(sql`left join ${userSettings} on ${userSettings.user_id} = ${users.id}
      left join ${companies} on ${companies.id} = ${users.company_id}`);
const fromRow = (r: Record<string, unknown>): ContactListRow => ({
  user: mapColumns<UserRow>(r, userColumns, 'u_'),
  settings: r.s_user_id === null ? null : mapColumns<UserSettingsRow>(r, settingsColumns, 's_'),
  company: r.c_id === null ? null : mapColumns<CompanySummaryRow>(r, summaryColumns, 'c_'),
});

const otherFilters = (f: ContactFilters): SQL | undefined => filterWhere({ ...f, q: undefined });

/** The page read from `hits` (the CTEs before it): `limit` and `offset` by name. */
const pageOfHits = (ctes: SQL, value: ValueOf): SQL => sql`with recursive ${ctes}
    select ${pageColumns}
      from (select * from hits order by tier, sort_key, id limit ${value('limit')} offset ${value('offset')}) h
      join ${users} on ${users.id} = h.id
      ${pageJoins}
     order by h.tier, h.sort_key, h.id`;

/**
 * The relevance page (ADR 0030): `limit + 1` contacts from `offset`, best first — the tier of the
 * best matching word (first name, surname, other name word, e-mail word), then the name, then id —
 * with their settings, in one statement. `words[driver]` drives (pickDriver).
 */
const pages = relevancePages(CONTACT_WORDS, pageOfHits, sql`join ${users} on ${users.id} = w.user_id`);

export const relevanceSql = (
  f: ContactFilters,
  words: string[],
  driver: number,
  limit: number,
  offset: number,
): SQL => pages.sql(otherFilters(f), words, driver, limit, offset);

/**
 * Similar spellings of the name (pg_trgm `%`), best first: the fallback when nothing matched
 * literally. Names only: scoring e-mails as well matched thousands of company domains and cost
 * several times more (ADR 0030).
 */
export const fuzzySql = (f: ContactFilters, term: string, limit: number): SQL => {
  const filters = otherFilters(f);
  return sql`select ${pageColumns} from ${users}
      ${pageJoins}
    where ${users.name} % ${term}${filters ? sql` and ${filters}` : sql``}
    order by similarity(${users.name}, ${term}) desc, ${users.name}, ${users.id} limit ${limit + 1}`;
};

const searchByRelevance = async (db: Db, f: ContactFilters, limit: number, offset: number) => {
  const found = await relevanceSearch<Record<string, unknown>>(
    db,
    CONTACT_WORDS,
    f.q,
    limit,
    offset,
    (words, driver) => pages.run(db, otherFilters(f), words, driver, limit, offset),
    (term) => fuzzySql(f, term, limit),
  );
  return { rows: found.rows.map(fromRow), total: found.total };
};

export const findById = async (db: Db, id: number): Promise<ContactListRow | undefined> => {
  const rows = await db
    .select({ user: users, settings: userSettings, company: summaryColumns })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.user_id, users.id))
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
};

export const companyExists = async (db: Db, id: number): Promise<boolean> =>
  (await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1)).length > 0;

/** Is this e-mail (any case) used by someone other than `exceptId`? */
export const emailTaken = async (db: Db, email: string, exceptId?: number): Promise<boolean> => {
  const conds = [sql`lower(${users.email}) = ${email.toLowerCase()}`];
  if (exceptId !== undefined) conds.push(ne(users.id, exceptId));
  return (
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(...conds))
        .limit(1)
    ).length > 0
  );
};

export const insertContact = async (db: Db, values: NewUser): Promise<UserRow> => {
  const rows = await db.insert(users).values(values).returning();
  const user = rows[0]!;
  await db.insert(userSettings).values({ user_id: user.id }).onConflictDoNothing();
  return user;
};

export const updateContact = async (
  db: Db,
  id: number,
  values: Partial<NewUser>,
): Promise<UserRow | undefined> => {
  const rows = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return rows[0];
};

export const deleteContact = async (db: Db, id: number): Promise<boolean> =>
  (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length > 0;

/** The export's order key per sort (as it always was: no e-mail sorts as an empty one). */
const EXPORT_KEYS: Record<ContactSortKey, SQL> = {
  name: sql`${users.name}`,
  email: sql`coalesce(${users.email}, '')`,
  updated_at: sql`${users.updated_at}`,
  created_at: sql`${users.created_at}`,
};

export interface ExportContactRow {
  id: number;
  name: string;
  email: string | null;
  company: string | null;
  direct_dial: string | null;
  mobile: string | null;
}

/**
 * The export's contact ids in order, `size` at a time (ADR 0069): no index serves these orders,
 * so the matches are sorted once — what one page of the list costs — instead of once per batch.
 */
export const exportIds = (
  db: Db,
  f: ContactFilters,
  sort: `${'' | '-'}${ContactSortKey}`,
  size: number,
): AsyncGenerator<number[]> => {
  const { key, desc: down } = parseSort<ContactSortKey>(sort);
  const dir = down ? sql`desc` : sql`asc`;
  return sortedIds(
    db,
    orderedIdsSql(sql`${users.id}`, sql`from ${users}`, filterWhere(f), [
      sql`${EXPORT_KEYS[key]} ${dir}`,
      sql`${users.id} ${dir}`,
    ]),
    size,
  );
};

/** The export's columns of these contacts (any order), the company one index lookup each. */
export const exportRowsSql = (ids: string): SQL =>
  sql`select u.id, u.name, u.email, c.name as company, u.direct_dial, u.mobile
    from ${users} u
    ${lookupJoin('c', sql`${companies}`, 'x.name', sql`u.company_id`)}
   where u.id = any(${ids}::int[])`;

export const exportRows = (db: Db, ids: number[]): Promise<ExportContactRow[]> =>
  ids.length ? preparedRows<ExportContactRow>(db, exportRowsSql(idArrayText(ids))) : Promise.resolve([]);

export const countContacts = async (db: Db, f: ContactFilters): Promise<number> =>
  Number((await db.select({ n: count() }).from(users).where(filterWhere(f)))[0]?.n ?? 0);
