import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { companies, userSettings, users } from '../../db/schema';
import { parseSort, trigramMatch, trigramRank, withIndexFriendlyPlanner } from '../companies/search';
import { boundedTotal, cKey, fuzzyMatch, readTiers, startsWith, substringMatch, type Tier } from '../search/tiers';

export type UserRow = typeof users.$inferSelect;
export type UserSettingsRow = typeof userSettings.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
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

export const filterWhere = (f: ContactFilters): SQL | undefined => {
  const conds: SQL[] = [];
  if (f.q) conds.push(sql`(${trigramMatch(users.name, f.q)} or ${trigramMatch(users.email, f.q)})`);
  if (f.company_id) conds.push(eq(users.company_id, f.company_id));
  return conds.length ? and(...conds) : undefined;
};

export const list = async (
  db: Db,
  f: ContactFilters,
  sort: `${'' | '-'}${ContactSortKey}`,
  byRelevance: boolean,
  limit: number,
  offset: number,
): Promise<{ rows: Array<{ user: UserRow; settings: UserSettingsRow | null }>; total: number }> => {
  const where = filterWhere(f);
  const { key, desc: down } = parseSort<ContactSortKey>(sort);
  const col = SORT_COLUMNS[key];
  if (byRelevance && f.q) return searchByRelevance(db, f, f.q, limit, offset);
  const run = async (q: Db) => {
    const rows = await q
      .select({ user: users, settings: userSettings })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.user_id, users.id))
      .where(where)
      .orderBy(
        ...(byRelevance && f.q ? trigramRank([users.name, users.email], f.q) : []),
        down ? sql`${col} desc nulls last` : sql`${col} asc nulls last`,
        down ? desc(users.id) : asc(users.id),
      )
      .limit(limit)
      .offset(offset);
    const totals = await q.select({ n: count() }).from(users).where(where);
    return { rows, total: Number(totals[0]?.n ?? 0) };
  };
  // A search runs its two queries in one short transaction with index-friendly planning.
  return f.q ? withIndexFriendlyPlanner(db, run) : run(db);
};

/** The last word of the name (usually the surname): the key of users_last_name_prefix_idx. */
const lastNameKey = sql`lower(regexp_replace(${users.name}, '^.*[[:space:]]', '')) collate "C"`;

/**
 * The typeahead order as tiers (ADR 0025), each but the last read in order from a prefix index:
 * names starting with the term (the exact name first), then surnames, then e-mails starting with
 * it, then other word starts / substrings by name, then (from 5 letters) similar spellings
 * by similarity. The total is exact when every match was read, else bounded (boundedTotal).
 */
const searchByRelevance = (db: Db, f: ContactFilters, q: string, limit: number, offset: number) => {
  const term = q.toLowerCase();
  const bySimilarity = [
    sql`greatest(similarity(${users.name}, ${term}), similarity(${users.email}, ${term})) desc`,
    sql`${users.name} asc nulls last`,
    asc(users.id),
  ];
  const [fuzzyName, fuzzyEmail] = [fuzzyMatch(users.name, q), fuzzyMatch(users.email, q)];
  const tiers: Tier[] = [
    { match: startsWith(cKey(users.name), term), order: [cKey(users.name), asc(users.id)], bounded: true },
    { match: startsWith(lastNameKey, term), order: [lastNameKey, asc(users.id)], bounded: true },
    { match: startsWith(cKey(users.email), term), order: [cKey(users.email), asc(users.id)], bounded: true },
    // By name, not similarity: a term inside e-mails (their company's domain) matches thousands,
    // and scoring both columns of each cost more than the whole rest of the search.
    { match: sql`(${substringMatch(users.name, q)} or ${substringMatch(users.email, q)})`, order: [sql`${users.name} asc nulls last`, asc(users.id)] },
    ...(fuzzyName && fuzzyEmail ? [{ match: sql`(${fuzzyName} or ${fuzzyEmail})`, order: bySimilarity, uncounted: true }] : []),
  ];
  const others = filterWhere({ ...f, q: undefined });
  return withIndexFriendlyPlanner(db, async (tx) => {
    const read = await readTiers(tiers, others, offset, limit, (where, order, n) =>
      tx
        .select({ user: users, settings: userSettings })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.user_id, users.id))
        .where(where)
        .orderBy(...order)
        .limit(n),
    );
    const total = await boundedTotal(read, tiers, others, offset, async (where, cap) => {
      const rows = await queryRows<{ n: number | string }>(
        tx,
        cap === null
          ? sql`select count(*) as n from ${users} where ${where}`
          : sql`select count(*) as n from (select 1 from ${users} where ${where} limit ${cap}) x`,
      );
      return Number(rows[0]?.n ?? 0);
    });
    return { rows: read.rows, total };
  });
};

export const findById = async (
  db: Db,
  id: number,
): Promise<{ user: UserRow; settings: UserSettingsRow | null } | undefined> => {
  const rows = await db
    .select({ user: users, settings: userSettings })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.user_id, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
};

export const companiesByIds = async (db: Db, ids: number[]): Promise<Map<number, CompanyRow>> => {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select().from(companies).where(inArray(companies.id, unique));
  return new Map(rows.map((c) => [c.id, c]));
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

/** The export's order key per sort (nulls folded in so keyset comparisons stay total). */
const EXPORT_KEYS: Record<ContactSortKey, { expr: SQL; cast: SQL }> = {
  name: { expr: sql`${users.name}`, cast: sql`text` },
  email: { expr: sql`coalesce(${users.email}, '')`, cast: sql`text` },
  updated_at: { expr: sql`${users.updated_at}`, cast: sql`timestamptz` },
  created_at: { expr: sql`${users.created_at}`, cast: sql`timestamptz` },
};

export interface ExportContactRow {
  id: number;
  name: string;
  email: string | null;
  company: string | null;
  direct_dial: string | null;
  mobile: string | null;
  sort_key: string;
}

export const exportBatch = async (
  db: Db,
  f: ContactFilters,
  sort: `${'' | '-'}${ContactSortKey}`,
  after: { key: string; id: number } | null,
  limit: number,
): Promise<ExportContactRow[]> => {
  const { key, desc: down } = parseSort<ContactSortKey>(sort);
  const k = EXPORT_KEYS[key];
  const dir = down ? sql`desc` : sql`asc`;
  const conds = [filterWhere(f)];
  if (after)
    conds.push(
      sql`(${k.expr}, ${users.id}) ${down ? sql`<` : sql`>`} (${after.key}::${k.cast}, ${after.id})`,
    );
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      company: companies.name,
      direct_dial: users.direct_dial,
      mobile: users.mobile,
      sort_key: sql<string>`(${k.expr})::text`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(and(...conds))
    .orderBy(sql`${k.expr} ${dir}`, sql`${users.id} ${dir}`)
    .limit(limit);
};

export const countContacts = async (db: Db, f: ContactFilters): Promise<number> =>
  Number((await db.select({ n: count() }).from(users).where(filterWhere(f)))[0]?.n ?? 0);
