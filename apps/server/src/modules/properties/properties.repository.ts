import type { ArchivedFilter, PropertySort } from '@frontage/shared';
import { and, asc, count, desc, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { idArrayText } from '../../db/id-array';
import { addresses, companies, properties, propertyParties, schemeParties, schemes } from '../../db/schema';
import { addPartyRow, type PartyLists, type PartyRow } from './parties.repository';
import { columnMapper, fixedStatement, preparedRows, selectColumns, staticSql } from '../../db/prepared';
import { docPattern, searchTerms, searchWords, wordRange } from '../search/words';
import { termMatch } from './property-terms.repository';
import { PROPERTY_WORDS } from '../search/word-tables';
import { isoUtcSql } from '../../db/iso-sql';

export type PropertyRow = typeof properties.$inferSelect;
export type NewProperty = typeof properties.$inferInsert;

export const tenant = alias(companies, 'tenant');
export const legalTenant = alias(companies, 'legal_tenant');

const companyCols = (c: typeof tenant | typeof legalTenant) => ({
  id: c.id,
  name: c.name,
  core_id: c.core_id,
  is_verified: c.is_verified,
  verified_at: c.verified_at,
});

const propertyColumns = getTableColumns(properties);
const addressColumns = getTableColumns(addresses);
const schemeColumns = { id: schemes.id, name: schemes.name, type: schemes.type };
const tenantColumns = companyCols(tenant);
const legalTenantColumns = companyCols(legalTenant);
type JoinedCompany = {
  id: number;
  name: string;
  core_id: string | null;
  is_verified: boolean;
  verified_at: Date | null;
};

/** A property with its address, and its scheme and tenants when it has them. */
export interface LoadedProperty {
  p: PropertyRow;
  a: typeof addresses.$inferSelect;
  s: { id: number; name: string; type: (typeof schemes.$inferSelect)['type'] } | null;
  t: JoinedCompany | null;
  lt: JoinedCompany | null;
}

/** The columns and joins every read of a property starts from (its address, scheme, tenants). */
const loadedColumns =
  staticSql(sql`${selectColumns(propertyColumns, 'p_')}, ${selectColumns(addressColumns, 'a_')},
  ${selectColumns(schemeColumns, 's_')}, ${selectColumns(tenantColumns, 't_')}, ${selectColumns(legalTenantColumns, 'lt_')}`);
const loadedFrom = staticSql(sql`from ${properties}
  join ${addresses} on ${addresses.id} = ${properties.address_id}
  left join ${schemes} on ${schemes.id} = ${properties.scheme_id}
  left join ${companies} ${sql.identifier('tenant')} on ${tenant.id} = ${properties.tenant_id}
  left join ${companies} ${sql.identifier('legal_tenant')} on ${legalTenant.id} = ${properties.legal_tenant_id}`);

/**
 * The rows of these properties (any order) with their address, scheme and tenants: one statement;
 * `ids` is an int[] literal (idArrayText), one parameter whatever the page's size.
 */
export const loadedSql = (ids: string): SQL =>
  sql`select ${loadedColumns} ${loadedFrom} where ${properties.id} = any(${ids}::int[])`;
const loadedStatement = fixedStatement(loadedSql);

const mapProperty = columnMapper<PropertyRow>(propertyColumns, 'p_');
const mapAddress = columnMapper<LoadedProperty['a']>(addressColumns, 'a_');
const mapScheme = columnMapper<NonNullable<LoadedProperty['s']>>(schemeColumns, 's_');
const mapTenant = columnMapper<JoinedCompany>(tenantColumns, 't_');
const mapLegalTenant = columnMapper<JoinedCompany>(legalTenantColumns, 'lt_');

const toLoaded = (r: Record<string, unknown>): LoadedProperty => ({
  p: mapProperty(r),
  a: mapAddress(r),
  s: r.s_id === null ? null : mapScheme(r),
  t: r.t_id === null ? null : mapTenant(r),
  lt: r.lt_id === null ? null : mapLegalTenant(r),
});

/**
 * Properties with their address, scheme and tenants: what every read shape starts from. A
 * prepared statement (the ids are one array parameter) whose rows are mapped by precompiled
 * column mappers: a list page neither builds, plans nor maps this five-table join generically.
 */
export const loadByIds = async (db: Db, ids: number[]): Promise<LoadedProperty[]> => {
  if (!ids.length) return [];
  return (await loadedStatement<Record<string, unknown>>(db, idArrayText(ids))).map(toLoaded);
};

/** JSON of one party row: timestamps arrive as text. */
type PartyJson = Omit<PartyRow, 'c_verified_at'> & { c_verified_at: string | null };

/**
 * GET /api/properties/{id} in one round trip (ADR 0031): loadedSql's row with its party lists in
 * saved order and its unverified-history summary as JSON columns — one prepared statement instead
 * of three queries.
 */
export const oneWithIncludesSql = (id: number): SQL =>
  sql`select ${loadedColumns},
      (select coalesce(json_agg(json_build_object(
                'role', pp.role, 'company_id', pp.company_id, 'user_id', pp.user_id,
                'c_name', c.name, 'c_core_id', c.core_id, 'c_is_verified', c.is_verified, 'c_verified_at', c.verified_at,
                'u_name', u.name, 'u_email', u.email, 'u_company_id', u.company_id, 'u_company_name', uc.name)
              order by pp.role, pp.position, pp.id), '[]'::json)
         from ${propertyParties} pp
         left join ${companies} c on c.id = pp.company_id
         left join users u on u.id = pp.user_id
         left join ${companies} uc on uc.id = u.company_id
        where pp.property_id = ${properties.id}) as parties,
      (select u.name from users u where u.id = ${properties.archived_by}) as archived_by_name,
      (select u.company_id from users u where u.id = ${properties.created_by}) as owner_company_id,
      (select coalesce(json_agg(json_build_object('field', h.field, 'n', h.n) order by h.field), '[]'::json)
         from (select field, count(*)::int as n from field_history
                where verified = false
                  and ((entity_type = 'property' and entity_id = ${properties.id})
                    or (entity_type = 'address' and entity_id = ${properties.address_id}))
                group by field) h) as history
    ${loadedFrom} where ${properties.id} = ${id}::int`;
const oneWithIncludes = fixedStatement(oneWithIncludesSql);

export const loadOneWithIncludes = async (
  db: Db,
  id: number,
): Promise<
  | {
      loaded: LoadedProperty;
      parties: PartyLists | undefined;
      history: { count: number; columns: string[] };
      /** Who archived it (by name) and its owner company (its creator's, ADR 0078). */
      archive: { archived_by_name: string | null; owner_company_id: number | null };
    }
  | undefined
> => {
  const row = (await oneWithIncludes<Record<string, unknown>>(db, id))[0];
  if (!row) return undefined;
  const lists = new Map<number, PartyLists>();
  for (const r of row.parties as PartyJson[]) {
    addPartyRow(lists, id, {
      ...r,
      c_verified_at: r.c_verified_at === null ? null : new Date(r.c_verified_at),
    });
  }
  const history = row.history as Array<{ field: string; n: number }>;
  return {
    loaded: toLoaded(row),
    parties: lists.get(id),
    history: { count: history.reduce((n, h) => n + h.n, 0), columns: history.map((h) => h.field) },
    archive: {
      archived_by_name: row.archived_by_name as string | null,
      owner_company_id: row.owner_company_id as number | null,
    },
  };
};

export const findRow = async (db: Db, id: number): Promise<PropertyRow | undefined> =>
  (await db.select().from(properties).where(eq(properties.id, id)).limit(1))[0];

export const insertProperty = async (db: Db, values: NewProperty): Promise<PropertyRow> =>
  (await db.insert(properties).values(values).returning())[0]!;

/** Many properties in one statement, returned in the order given (a bulk import). */
export const insertProperties = async (db: Db, values: NewProperty[]): Promise<PropertyRow[]> =>
  values.length ? db.insert(properties).values(values).returning() : [];

export const updateProperty = async (
  db: Db,
  id: number,
  values: Partial<NewProperty>,
): Promise<PropertyRow> =>
  (await db.update(properties).set(values).where(eq(properties.id, id)).returning())[0]!;

export interface PropertyFilters {
  q?: string | undefined;
  town?: string | undefined;
  scheme_id?: number | undefined;
  tenant_id?: number | undefined;
  landlord_id?: number | undefined;
  vacant?: boolean | undefined;
  lease_end_from?: string | undefined;
  lease_end_to?: string | undefined;
  /** My Properties: this user and their company. */
  mine?: { userId: number; companyId: number | null } | undefined;
  type?: 'standalone' | 'scheme' | 'all' | undefined;
  /** Absent: live properties only; the admins' filter shows archived ones only or both (ADR 0078). */
  archived?: ArchivedFilter | undefined;
}

const mineCond = (m: { userId: number; companyId: number | null }): SQL => {
  const party = (t: typeof propertyParties | typeof schemeParties) =>
    m.companyId === null
      ? sql`${t.user_id} = ${m.userId}`
      : sql`(${t.user_id} = ${m.userId} or ${t.company_id} = ${m.companyId})`;
  const tenantCond =
    m.companyId === null
      ? sql`false`
      : sql`(${properties.tenant_id} = ${m.companyId} or ${properties.legal_tenant_id} = ${m.companyId})`;
  return sql`(${tenantCond}
    or exists (select 1 from ${propertyParties} where ${propertyParties.property_id} = ${properties.id} and ${party(propertyParties)})
    or exists (select 1 from ${schemeParties} where ${schemeParties.scheme_id} = ${properties.scheme_id} and ${party(schemeParties)}))`;
};

/** Which properties a list holds by archive state (ADR 0078); undefined for both. */
export const archivedCond = (archived: ArchivedFilter | undefined): SQL | undefined =>
  archived === 'only'
    ? isNotNull(properties.archived_at)
    : archived === 'include'
      ? undefined
      : isNull(properties.archived_at);

/** The filters' conditions beyond the archive state (their absence is the list row_counts counts). */
const narrowing = (f: PropertyFilters): SQL[] => {
  const conds: SQL[] = [];
  for (const w of searchTerms(f.q)) conds.push(termMatch(w));
  if (f.town) conds.push(sql`lower(${addresses.city}) = ${f.town.toLowerCase()}`);
  if (f.scheme_id) conds.push(eq(properties.scheme_id, f.scheme_id));
  if (f.tenant_id) conds.push(eq(properties.tenant_id, f.tenant_id));
  if (f.landlord_id) {
    conds.push(
      sql`exists (select 1 from ${propertyParties} where ${propertyParties.property_id} = ${properties.id} and ${propertyParties.role} = 'landlord' and ${propertyParties.company_id} = ${f.landlord_id})`,
    );
  }
  if (f.vacant === true) conds.push(isNull(properties.tenant_id));
  if (f.vacant === false) conds.push(isNotNull(properties.tenant_id));
  if (f.lease_end_from) conds.push(sql`${properties.lease_end_date} >= ${f.lease_end_from}`);
  if (f.lease_end_to) conds.push(sql`${properties.lease_end_date} <= ${f.lease_end_to}`);
  if (f.mine) conds.push(mineCond(f.mine));
  if (f.type === 'standalone') conds.push(isNull(properties.scheme_id));
  if (f.type === 'scheme') conds.push(isNotNull(properties.scheme_id));
  return conds;
};

/** The live list unfiltered: what row_counts and the order marks count (ADR 0024, 0031, 0078). */
export const isUnfiltered = (f: PropertyFilters): boolean => !f.archived && !narrowing(f).length;

export const filterWhere = (f: PropertyFilters): SQL | undefined => {
  const conds = narrowing(f);
  const archived = archivedCond(f.archived);
  if (archived) conds.push(archived);
  return conds.length ? and(...conds) : undefined;
};

const nullsLast = (col: SQL, descending: boolean): SQL =>
  descending ? sql`${col} desc nulls last` : sql`${col} asc nulls last`;

const sortOrder = (sort: PropertySort): SQL[] => {
  const d = sort.startsWith('-');
  const key = d ? sort.slice(1) : sort;
  const tie = d ? desc(properties.id) : asc(properties.id);
  switch (key) {
    // Spelled as the (updated_at desc nulls last, id desc nulls last) index is, forwards or
    // backwards, so the planner walks it instead of sorting a million rows (both are not null).
    case 'updated_at':
      return d
        ? [sql`${properties.updated_at} desc nulls last`, sql`${properties.id} desc nulls last`]
        : [sql`${properties.updated_at} asc nulls first`, sql`${properties.id} asc nulls first`];
    case 'created_at':
      return [d ? desc(properties.created_at) : asc(properties.created_at), tie];
    case 'lease_end_date':
      return [nullsLast(sql`${properties.lease_end_date}`, d), tie];
    case 'rent_pa':
      return [nullsLast(sql`${properties.rent_pa}`, d), tie];
    case 'town':
      return [nullsLast(sql`lower(${addresses.city})`, d), tie];
    case 'street':
      return [nullsLast(sql`lower(${addresses.street})`, d), tie];
    case 'tenant':
      return [nullsLast(sql`lower(${tenant.name})`, d), tie];
    case 'scheme':
      return [nullsLast(sql`lower(${schemes.name})`, d), tie];
    default:
      return [sql`${properties.updated_at} desc nulls last`, sql`${properties.id} desc nulls last`];
  }
};

/** Sorts on a not-null column, whose reverse order is the exact mirror (deep pages read from the far end). */
const MIRRORED: Partial<Record<PropertySort, PropertySort>> = {
  '-updated_at': 'updated_at',
  updated_at: '-updated_at',
  '-created_at': 'created_at',
  created_at: '-created_at',
};

/** The number of properties, kept by triggers (migration 0003): the unfiltered list's total. */
const countStatement = fixedStatement(
  () => sql`select n from row_counts_now where table_name = 'properties'`,
);
export const countAll = async (db: Db): Promise<number> =>
  Number((await countStatement<{ n: string | number }>(db))[0]?.n ?? 0);

/**
 * One page of the unfiltered list by last update and the list's total, in one statement
 * (ADR 0031). The total comes from row_counts; the page's ascending position (from the far end for
 * newest first) is found through property_order_marks_now (the marks with their pending changes, ADR 0105): the marks before it are
 * summed (about a thousand rows for a million properties) and the index is entered at the nearest
 * mark, so no page skips more than a bucket (at most 2,000 entries). Answers the page's ids in
 * ascending order — or one row with a null id when the page is past the end.
 */
export const pageByUpdateSql = (offset: number, limit: number, newestFirst: boolean): SQL =>
  sql`with t as (
      select coalesce((select n from row_counts_now where table_name = 'properties'), 0)::bigint as total
    ), q as (
      select t.total, greatest(least(${limit}::bigint, t.total - ${offset}::bigint), 0) as take,
             case when ${newestFirst}::boolean
                  then greatest(t.total - ${offset}::bigint - least(${limit}::bigint, t.total - ${offset}::bigint), 0)
                  else ${offset}::bigint end as pos
        from t
    ), s as (
      select b.updated_at, b.id, b.before
        from (select m.updated_at, m.id, sum(m.n) over (order by m.updated_at, m.id) - m.n as before
                from property_order_marks_now m) b, q
       where b.before <= q.pos
       order by b.updated_at desc, b.id desc limit 1
    )
    select q.total, p.id from q left join lateral (
      select p.id from s cross join lateral (
        select p.id from ${properties} p
         where (p.updated_at, p.id) >= (s.updated_at, s.id) and p.archived_at is null
         order by p.updated_at asc nulls first, p.id asc nulls first
        offset (q.pos - s.before) limit q.take
      ) p
    ) p on true`;

const pageByUpdateStatement = fixedStatement(pageByUpdateSql);

const pageByUpdate = async (db: Db, offset: number, limit: number, newestFirst: boolean) => {
  const rows = await pageByUpdateStatement<{ total: string | number; id: number | null }>(
    db,
    offset,
    limit,
    newestFirst,
  );
  const ids = rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  return { ids: newestFirst ? ids.reverse() : ids, total: Number(rows[0]?.total ?? 0) };
};

/**
 * One page of property ids matching the filters, in the sort's order, and the total. Only the
 * joins the filters and the sort need are made. The total of the unfiltered list comes from
 * row_counts instead of counting a million rows. Any page of the unfiltered list by last update
 * is found through the order marks (pageByUpdate, ADR 0031); for the other mirrored sort
 * (created_at) a page past the middle is read from the far end (offset `total - offset - limit`
 * in the reverse order), so no page skips more than half the index (ADR 0024).
 */
export const listIds = async (
  db: Db,
  f: PropertyFilters,
  sort: PropertySort,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> => {
  const where = filterWhere(f);
  const key = sort.replace(/^-/, '');
  const needsAddress = searchTerms(f.q).length > 0 || !!f.town || key === 'town' || key === 'street';
  const page = (order: PropertySort, lim: number, off: number) => {
    let q = db.select({ id: properties.id }).from(properties).$dynamic();
    if (needsAddress) q = q.innerJoin(addresses, eq(addresses.id, properties.address_id));
    if (key === 'scheme') q = q.leftJoin(schemes, eq(schemes.id, properties.scheme_id));
    if (key === 'tenant') q = q.leftJoin(tenant, eq(tenant.id, properties.tenant_id));
    return q
      .where(where)
      .orderBy(...sortOrder(order))
      .limit(lim)
      .offset(off);
  };
  const unfiltered = isUnfiltered(f);
  const counted = async () => {
    if (unfiltered) return countAll(db);
    let q = db.select({ n: count() }).from(properties).$dynamic();
    if (needsAddress) q = q.innerJoin(addresses, eq(addresses.id, properties.address_id));
    return Number((await q.where(where))[0]?.n ?? 0);
  };
  if (unfiltered && (sort === 'updated_at' || sort === '-updated_at'))
    return pageByUpdate(db, offset, limit, sort === '-updated_at');
  const mirror = MIRRORED[sort];
  if (!mirror) {
    const [rows, total] = await Promise.all([page(sort, limit, offset), counted()]);
    return { ids: rows.map((r) => r.id), total };
  }
  const total = await counted();
  if (offset >= total) return { ids: [], total };
  if (offset + limit / 2 <= total / 2)
    return { ids: (await page(sort, limit, offset)).map((r) => r.id), total };
  const take = Math.min(limit, total - offset);
  const rows = await page(mirror, take, total - offset - take);
  return { ids: rows.map((r) => r.id).reverse(), total };
};

export interface SimpleRow {
  id: number;
  building_num: string | null;
  scheme_id: number | null;
  scheme_name: string | null;
  tenant_id: number | null;
  tenant_name: string | null;
  tenant_is_verified: boolean | null;
  tenant_verified_at: string | null;
  full_address: string | null;
}

const simpleColumns = sql`p.id, p.building_num, p.scheme_id, s.name as scheme_name, p.tenant_id, t.name as tenant_name,
  t.is_verified as tenant_is_verified, ${isoUtcSql('t.verified_at')} as tenant_verified_at, a.full_address`;
const simpleJoins = sql`join ${addresses} a on a.id = p.address_id
  left join ${schemes} s on s.id = p.scheme_id
  left join ${companies} t on t.id = p.tenant_id`;

const typeCond = (type: PropertyFilters['type'], standalone: SQL): SQL =>
  type === 'standalone' ? sql` and ${standalone}` : type === 'scheme' ? sql` and not ${standalone}` : sql``;

/** The typeahead's page (one row more than `limit` when another page exists); see simpleSearch. */
export const simpleSearchSql = (
  words: string[],
  driverIndex: number,
  type: PropertyFilters['type'],
  limit: number,
  offset: number,
  schemeId?: number,
): SQL => {
  if (schemeId) {
    // One scheme's units (a wizard opened on a scheme): few rows, found by properties_scheme_id_idx;
    // each word must start a word of the unit (property_words_property_idx), unit numbers in order.
    const matches = words.map((w) => {
      const r = wordRange(w);
      return sql` and exists (select 1 from property_words w where w.property_id = p.id and w.word >= ${r.from} and w.word < ${r.to})`;
    });
    return sql`select ${simpleColumns} from ${properties} p ${simpleJoins}
                where p.scheme_id = ${schemeId} and p.archived_at is null${typeCond(type, sql`p.scheme_id is null`)}${sql.join(matches, sql``)}
                order by p.building_num nulls last, p.id limit ${limit + 1} offset ${offset}`;
  }
  if (!words.length) {
    return sql`select ${simpleColumns} from ${properties} p ${simpleJoins}
                where p.archived_at is null${typeCond(type, sql`p.scheme_id is null`)}
                order by p.updated_at desc, p.id desc limit ${limit + 1} offset ${offset}`;
  }
  const driver = wordRange(words[driverIndex]!);
  const others = words.filter((_, i) => i !== driverIndex).map((w) => sql` and w.doc like ${docPattern(w)}`);
  return sql`with recursive v(word) as (
      select (select word from property_words where word >= ${driver.from} and word < ${driver.to} order by word limit 1)
      union all
      select (select x.word from property_words x where x.word > v.word and x.word < ${driver.to} order by x.word limit 1)
        from v where v.word is not null
    ), hits as (
      select distinct m.rank, m.property_id
        from v cross join lateral (
          select w.rank, w.property_id from property_words w
           where w.word = v.word${typeCond(type, sql`w.standalone`)}${sql.join(others, sql``)}
           order by w.rank, w.property_id limit ${offset + limit + 1}
        ) m
       where v.word is not null
       order by m.rank, m.property_id limit ${limit + 1} offset ${offset}
    )
    select ${simpleColumns} from hits h join ${properties} p on p.id = h.property_id ${simpleJoins}
     order by h.rank, h.property_id`;
};

/**
 * The typeahead (ADR 0023): every word of the query must start a word of the unit number or the
 * full address (a number: be that word). Best first: the unit number itself, then addresses
 * starting with the word, then the shortest (most specific) address. Served from property_words
 * as a top-k: the driving word's distinct completions are walked in the index (a skip scan), each
 * gives its first `offset + limit + 1` entries in rank order, and the merge of those is the page —
 * nothing is sorted beyond that. The other words are checked against the entry's `doc` (all the
 * property's words) inside the index, and the driving word is the one with the fewest entries.
 * Instead of counting every match, one row more than the page says whether another page exists.
 */
export const simpleSearch = async (
  db: Db,
  f: Pick<PropertyFilters, 'q' | 'type' | 'scheme_id'>,
  limit: number,
  offset: number,
): Promise<{ rows: SimpleRow[]; more: boolean }> => {
  const words = searchWords(f.q);
  const driver = f.scheme_id ? 0 : await PROPERTY_WORDS.pickDriver(db, words);
  const rows = await preparedRows<SimpleRow>(
    db,
    simpleSearchSql(words, driver, f.type, limit, offset, f.scheme_id),
  );
  const more = rows.length > limit;
  return { rows: more ? rows.slice(0, limit) : rows, more };
};

/** Does this scheme / company / user exist? (payload ids are checked before anything is written) */
export const schemeExists = async (db: Db, id: number): Promise<boolean> =>
  (await db.select({ id: schemes.id }).from(schemes).where(eq(schemes.id, id)).limit(1)).length > 0;

export const findScheme = async (db: Db, id: number) =>
  (await db.select().from(schemes).where(eq(schemes.id, id)).limit(1))[0];
