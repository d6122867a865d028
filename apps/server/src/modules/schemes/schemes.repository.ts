import type { ArchivedFilter, SchemeType } from '@frontage/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { addresses, companies, properties, schemeParties, schemes } from '../../db/schema';
import { likeEscape } from '../../db/like';
import { lookupJoin, orderedIdsSql, sortedIds, walkIds } from '../../db/keyset';
import { idArrayText } from '../../db/id-array';
import { preparedRows } from '../../db/prepared';
import { searchTerms } from '../search/words';

export type SchemeRow = typeof schemes.$inferSelect;
export type NewScheme = typeof schemes.$inferInsert;

export const loadByIds = async (db: Db, ids: number[]) =>
  ids.length
    ? db
        .select({ s: schemes, a: addresses })
        .from(schemes)
        .innerJoin(addresses, eq(addresses.id, schemes.address_id))
        .where(inArray(schemes.id, ids))
    : [];
export type LoadedScheme = Awaited<ReturnType<typeof loadByIds>>[number];

export const findRow = async (db: Db, id: number): Promise<SchemeRow | undefined> =>
  (await db.select().from(schemes).where(eq(schemes.id, id)).limit(1))[0];

export const insertScheme = async (db: Db, values: NewScheme): Promise<SchemeRow> =>
  (await db.insert(schemes).values(values).returning())[0]!;

export const updateScheme = async (db: Db, id: number, values: Partial<NewScheme>): Promise<SchemeRow> =>
  (await db.update(schemes).set(values).where(eq(schemes.id, id)).returning())[0]!;

export interface SchemeFilters {
  q?: string | undefined;
  type?: 'all' | SchemeType | undefined;
  town?: string | undefined;
  landlord_id?: number | undefined;
  /** Absent: live schemes only; the admins' filter shows archived ones only or both (ADR 0078). */
  archived?: ArchivedFilter | undefined;
}

/** Who archived the scheme (by name) and its owner company (its creator's, ADR 0078). */
export const archiveInfo = async (
  db: Db,
  id: number,
): Promise<{ archived_by_name: string | null; owner_company_id: number | null }> =>
  (
    await preparedRows<{ archived_by_name: string | null; owner_company_id: number | null }>(
      db,
      sql`select (select u.name from users u where u.id = s.archived_by) as archived_by_name,
          (select u.company_id from users u where u.id = s.created_by) as owner_company_id
        from ${schemes} s where s.id = ${id}`,
    )
  )[0] ?? { archived_by_name: null, owner_company_id: null };

/** Every word must appear in the scheme's name or its address. */
const filterWhere = (f: SchemeFilters): SQL | undefined => {
  const conds: SQL[] = [];
  for (const w of searchTerms(f.q)) {
    const pattern = [...w].length < 3 ? null : `%${likeEscape(w)}%`;
    conds.push(
      pattern
        ? sql`(${schemes.name} ilike ${pattern} or ${addresses.full_address} ilike ${pattern})`
        : sql`(${schemes.name} ilike ${`${likeEscape(w)}%`} or ${schemes.name} ilike ${`% ${likeEscape(w)}%`} or ${addresses.full_address} ilike ${`% ${likeEscape(w)}%`})`,
    );
  }
  if (f.type && f.type !== 'all') conds.push(eq(schemes.type, f.type));
  if (f.town) conds.push(sql`lower(${addresses.city}) = ${f.town.toLowerCase()}`);
  if (f.landlord_id) {
    conds.push(
      sql`exists (select 1 from ${schemeParties} where ${schemeParties.scheme_id} = ${schemes.id} and ${schemeParties.role} = 'landlord' and ${schemeParties.company_id} = ${f.landlord_id})`,
    );
  }
  if (f.archived === 'only') conds.push(isNotNull(schemes.archived_at));
  else if (f.archived !== 'include') conds.push(isNull(schemes.archived_at));
  return conds.length ? and(...conds) : undefined;
};

const sortOrder = (sort: string, q: string | undefined): SQL[] => {
  const d = sort.startsWith('-');
  const key = d ? sort.slice(1) : sort;
  const tie = d ? desc(schemes.id) : asc(schemes.id);
  const first = searchTerms(q)[0];
  // With a search, names starting with the first word come first (the typeahead's best match).
  const rank = first ? [sql`(${schemes.name} ilike ${`${likeEscape(first)}%`}) desc`] : [];
  const dir = (col: SQL) => (d ? sql`${col} desc nulls last` : sql`${col} asc nulls last`);
  switch (key) {
    case 'updated_at':
      return [d ? desc(schemes.updated_at) : asc(schemes.updated_at), tie];
    case 'created_at':
      return [d ? desc(schemes.created_at) : asc(schemes.created_at), tie];
    case 'opened_at':
      return [dir(sql`${schemes.opened_at}`), tie];
    case 'town':
      return [dir(sql`lower(${addresses.city})`), tie];
    default:
      return [...rank, dir(sql`lower(${schemes.name})`), tie];
  }
};

export const listIds = async (db: Db, f: SchemeFilters, sort: string, limit: number, offset: number) => {
  const where = filterWhere(f);
  const [rows, totals] = await Promise.all([
    db
      .select({ id: schemes.id })
      .from(schemes)
      .innerJoin(addresses, eq(addresses.id, schemes.address_id))
      .where(where)
      .orderBy(...sortOrder(sort, f.q))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(schemes)
      .innerJoin(addresses, eq(addresses.id, schemes.address_id))
      .where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(totals[0]?.n ?? 0) };
};

const unitTenant = alias(companies, 'unit_tenant');

/**
 * A scheme's units as it lists them: its live units; an archived scheme's, the units archived
 * with it (or before it) too, so its view still shows what it held (ADR 0078).
 */
const listedUnit = or(isNull(properties.archived_at), isNotNull(schemes.archived_at));

/** The units of these schemes, by unit number. */
export const unitsOf = async (db: Db, schemeIds: number[]) =>
  schemeIds.length
    ? db
        .select({
          scheme_id: properties.scheme_id,
          id: properties.id,
          building_num: properties.building_num,
          tenant_id: properties.tenant_id,
          tenant_name: unitTenant.name,
          tenant_is_verified: unitTenant.is_verified,
          tenant_verified_at: unitTenant.verified_at,
          full_address: addresses.full_address,
          lease_end_date: properties.lease_end_date,
          rent_pa: properties.rent_pa,
          currency: properties.currency,
        })
        .from(properties)
        .innerJoin(addresses, eq(addresses.id, properties.address_id))
        .leftJoin(unitTenant, eq(unitTenant.id, properties.tenant_id))
        .innerJoin(schemes, eq(schemes.id, properties.scheme_id))
        .where(and(inArray(properties.scheme_id, schemeIds), listedUnit))
        .orderBy(
          sql`length(${properties.building_num}) nulls last`,
          asc(properties.building_num),
          asc(properties.id),
        )
    : [];
export type UnitRow = Awaited<ReturnType<typeof unitsOf>>[number];

export const unitCounts = async (db: Db, schemeIds: number[]): Promise<Map<number, number>> => {
  if (!schemeIds.length) return new Map();
  const rows = await db
    .select({ id: properties.scheme_id, n: count() })
    .from(properties)
    .innerJoin(schemes, eq(schemes.id, properties.scheme_id))
    .where(and(inArray(properties.scheme_id, schemeIds), listedUnit))
    .groupBy(properties.scheme_id);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
};

/** The export's order key per sort: the same order as the list's (nulls last, id breaks ties). */
const EXPORT_KEYS: Record<string, SQL> = {
  name: sql`lower(${schemes.name})`,
  updated_at: sql`${schemes.updated_at}`,
  created_at: sql`${schemes.created_at}`,
  opened_at: sql`${schemes.opened_at}`,
  town: sql`lower(${addresses.city})`,
};

export interface ExportSchemeRow {
  id: number;
  name: string;
  type: string;
  town: string | null;
  post_code: string | null;
  opened_at: number | null;
  car_spaces: number | null;
  is_under_construction: boolean;
  landlords: string | null;
  units: number;
}

/**
 * The export's scheme ids in the list's order, `size` at a time (ADR 0069): the unfiltered list by
 * last update walks its index one short range per batch; anything else sorts its matches once
 * (with a search, names starting with the first word first, as the list does).
 */
export const exportIds = (db: Db, f: SchemeFilters, sort: string, size: number): AsyncGenerator<number[]> => {
  const d = sort.startsWith('-');
  const key = sort.replace(/^-/, '');
  const where = filterWhere(f);
  if (
    !f.q &&
    !f.town &&
    !f.landlord_id &&
    (!f.type || f.type === 'all') &&
    !f.archived &&
    key === 'updated_at'
  ) {
    return walkIds(
      db,
      {
        from: sql`from ${schemes}`,
        where: sql`${schemes.archived_at} is null`,
        id: sql`${schemes.id}`,
        key: sql`${schemes.updated_at}`,
        cast: sql`timestamptz`,
        descending: d,
        nulls: d ? 'last' : 'first',
      },
      size,
    );
  }
  const k = EXPORT_KEYS[key] ?? EXPORT_KEYS.name!;
  const first = searchTerms(f.q)[0];
  const lead =
    first && k === EXPORT_KEYS.name ? [sql`(${schemes.name} ilike ${`${likeEscape(first)}%`}) desc`] : [];
  const dir = sql.raw(d ? 'desc' : 'asc');
  return sortedIds(
    db,
    orderedIdsSql(
      sql`${schemes.id}`,
      sql`from ${schemes} join ${addresses} on ${addresses.id} = ${schemes.address_id}`,
      where,
      [...lead, sql`${k} ${dir} nulls last`, sql`${schemes.id} ${dir}`],
    ),
    size,
  );
};

/** The export's columns of these schemes (any order), each related row one index lookup. */
export const exportRowsSql = (ids: string): SQL =>
  sql`select s.id, s.name, s.type, a.city as town, a.post_code, s.opened_at, s.car_spaces, s.is_under_construction,
      (select string_agg(c.name, '; ' order by sp.position, sp.id)
         from ${schemeParties} sp join ${companies} c on c.id = sp.company_id
        where sp.scheme_id = s.id and sp.role = 'landlord') as landlords,
      (select count(*) from ${properties} u where u.scheme_id = s.id and (u.archived_at is null or s.archived_at is not null))::int as units
    from ${schemes} s
    ${lookupJoin('a', sql`${addresses}`, 'x.city, x.post_code', sql`s.address_id`)}
   where s.id = any(${ids}::int[])`;

export const exportRows = async (db: Db, ids: number[]): Promise<ExportSchemeRow[]> =>
  ids.length
    ? (await preparedRows<ExportSchemeRow>(db, exportRowsSql(idArrayText(ids)))).map((r) => ({
        ...r,
        units: Number(r.units),
      }))
    : [];

/** How many schemes match the filters (the export's X-Total-Count). */
export const countSchemes = async (db: Db, f: SchemeFilters): Promise<number> => {
  const rows = await db
    .select({ n: count() })
    .from(schemes)
    .innerJoin(addresses, eq(addresses.id, schemes.address_id))
    .where(filterWhere(f));
  return Number(rows[0]?.n ?? 0);
};
