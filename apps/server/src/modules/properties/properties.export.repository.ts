/**
 * The properties CSV export's reads (ADR 0069): the ids in the list's order, batch by batch — along
 * the last-update index for the unfiltered list (its default view), else sorted once by one
 * statement filtered exactly as the list is — and each batch's rows by id.
 */
import type { PropertySort } from '@frontage/shared';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idArrayText } from '../../db/id-array';
import { lookupJoin, orderedIdsSql, sortedIds, walkIds } from '../../db/keyset';
import { preparedRows } from '../../db/prepared';
import { isoUtcSql } from '../../db/iso-sql';
import { addresses, companies, properties, propertyParties, schemes } from '../../db/schema';
import { countAll, filterWhere, isUnfiltered, tenant, type PropertyFilters } from './properties.repository';

/** The export's order key per sort: the list's order (nulls last, id breaking ties). */
const EXPORT_KEYS: Record<string, SQL> = {
  updated_at: sql`${properties.updated_at}`,
  created_at: sql`${properties.created_at}`,
  lease_end_date: sql`${properties.lease_end_date}`,
  rent_pa: sql`${properties.rent_pa}`,
  town: sql`lower(${addresses.city})`,
  street: sql`lower(${addresses.street})`,
  tenant: sql`lower(${tenant.name})`,
  scheme: sql`lower(${schemes.name})`,
};

export interface ExportPropertyRow {
  id: number;
  building_num: string | null;
  full_address: string | null;
  town: string | null;
  post_code: string | null;
  scheme: string | null;
  tenant: string | null;
  legal_tenant: string | null;
  landlords: string | null;
  currency: string;
  rent_pa: string | null;
  rent_sqft: string | null;
  rateable_value: string | null;
  service_charge: string | null;
  lease_start_date: string | null;
  lease_end_date: string | null;
  next_review_date: string | null;
  break_date: string | null;
  area_size_type: string;
  nia_sqrt: string | null;
  itza_area: string | null;
  /** ISO instant. */
  updated_at: string;
  security_of_tenure: string | null;
  break_party: string | null;
  break_kind: string | null;
  break_notice_months: number | null;
  review_interval_years: number | null;
  review_basis: string | null;
  lease_notes: string | null;
}

/**
 * The ids of the export in the list's order, `size` at a time. The unfiltered list by last update
 * walks the (updated_at desc nulls last, id desc nulls last) index, forwards or backwards, one
 * short range per batch; any other export sorts its matches once (only the columns the filters
 * and the order need), as one page of the same list would.
 */
export const exportIds = (
  db: Db,
  f: PropertyFilters,
  sort: PropertySort,
  size: number,
): AsyncGenerator<number[]> => {
  const where = filterWhere(f);
  const d = sort.startsWith('-');
  const key = sort.replace(/^-/, '');
  if (isUnfiltered(f) && key === 'updated_at') {
    return walkIds(
      db,
      {
        from: sql`from ${properties}`,
        // Archived properties are not in the list (ADR 0078): few, skipped along the walk.
        where: sql`${properties.archived_at} is null`,
        id: sql`${properties.id}`,
        key: sql`${properties.updated_at}`,
        cast: sql`timestamptz`,
        descending: d,
        nulls: d ? 'last' : 'first',
      },
      size,
    );
  }
  const k = EXPORT_KEYS[key] ?? EXPORT_KEYS.updated_at!;
  const dir = sql.raw(d ? 'desc' : 'asc');
  const from = sql`from ${properties} join ${addresses} on ${addresses.id} = ${properties.address_id}
    ${key === 'scheme' ? sql`left join ${schemes} on ${schemes.id} = ${properties.scheme_id}` : sql``}
    ${key === 'tenant' ? sql`left join ${companies} ${sql.identifier('tenant')} on ${tenant.id} = ${properties.tenant_id}` : sql``}`;
  return sortedIds(
    db,
    orderedIdsSql(sql`${properties.id}`, from, where, [
      sql`${k} ${dir} nulls last`,
      sql`${properties.id} ${dir}`,
    ]),
    size,
  );
};

/**
 * The CSV's columns of these properties (any order: lib/csv puts them in the ids' order), each
 * related row one index lookup (lookupJoin).
 */
export const exportRowsSql = (ids: string): SQL =>
  sql`select p.id, p.building_num, a.full_address, a.city as town, a.post_code, s.name as scheme,
      t.name as tenant, lt.name as legal_tenant,
      (select string_agg(c.name, '; ' order by pp.position, pp.id)
         from ${propertyParties} pp join ${companies} c on c.id = pp.company_id
        where pp.property_id = p.id and pp.role = 'landlord') as landlords,
      p.currency::text as currency, p.rent_pa::text as rent_pa, p.rent_sqft::text as rent_sqft,
      p.rateable_value::text as rateable_value, p.service_charge::text as service_charge,
      p.lease_start_date::text as lease_start_date, p.lease_end_date::text as lease_end_date,
      p.next_review_date::text as next_review_date, p.break_date::text as break_date,
      p.area_size_type, p.nia_sqrt::text as nia_sqrt, p.itza_area::text as itza_area,
      ${isoUtcSql('p.updated_at')} as updated_at,
      p.security_of_tenure, p.break_party, p.break_kind, p.break_notice_months,
      p.review_interval_years, p.review_basis, p.lease_notes
    from ${properties} p
    ${lookupJoin('a', sql`${addresses}`, 'x.full_address, x.city, x.post_code', sql`p.address_id`)}
    ${lookupJoin('s', sql`${schemes}`, 'x.name', sql`p.scheme_id`)}
    ${lookupJoin('t', sql`${companies}`, 'x.name', sql`p.tenant_id`)}
    ${lookupJoin('lt', sql`${companies}`, 'x.name', sql`p.legal_tenant_id`)}
   where p.id = any(${ids}::int[])`;

export const exportRows = (db: Db, ids: number[]): Promise<ExportPropertyRow[]> =>
  ids.length ? preparedRows<ExportPropertyRow>(db, exportRowsSql(idArrayText(ids))) : Promise.resolve([]);

/** How many properties match the filters (the export's X-Total-Count; row_counts when unfiltered). */
export const countProperties = async (db: Db, f: PropertyFilters): Promise<number> => {
  if (isUnfiltered(f)) return countAll(db);
  const where = filterWhere(f);
  const rows = await db
    .select({ n: count() })
    .from(properties)
    .innerJoin(addresses, eq(addresses.id, properties.address_id))
    .where(where);
  return Number(rows[0]?.n ?? 0);
};
