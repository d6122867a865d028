/** The properties CSV export's reads: keyset batches filtered exactly as the list is. */
import type { PropertySort } from '@frontage/shared';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportKeyset } from '../../db/keyset';
import { addresses, companies, properties, propertyParties, schemes } from '../../db/schema';
import { countAll, filterWhere, legalTenant, tenant, type PropertyFilters } from './properties.repository';

/** The export's order key per sort: the same order as the list's (nulls last, id breaks ties). */
const EXPORT_KEYS: Record<string, { expr: SQL; cast: SQL; sentinel: SQL }> = {
  updated_at: { expr: sql`${properties.updated_at}`, cast: sql`timestamptz`, sentinel: sql`'epoch'` },
  created_at: { expr: sql`${properties.created_at}`, cast: sql`timestamptz`, sentinel: sql`'epoch'` },
  lease_end_date: { expr: sql`${properties.lease_end_date}`, cast: sql`date`, sentinel: sql`'epoch'` },
  rent_pa: { expr: sql`${properties.rent_pa}`, cast: sql`numeric`, sentinel: sql`'0'` },
  town: { expr: sql`lower(${addresses.city})`, cast: sql`text`, sentinel: sql`''` },
  street: { expr: sql`lower(${addresses.street})`, cast: sql`text`, sentinel: sql`''` },
  tenant: { expr: sql`lower(${tenant.name})`, cast: sql`text`, sentinel: sql`''` },
  scheme: { expr: sql`lower(${schemes.name})`, cast: sql`text`, sentinel: sql`''` },
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
  updated_at: Date;
  cursor: string[];
}

/**
 * One batch of the CSV export after the previous batch's last cursor (keyset, so the 1,000th
 * batch costs what the first does), filtered exactly as the list is.
 */
export const exportBatch = async (
  db: Db,
  f: PropertyFilters,
  sort: PropertySort,
  after: string[] | null,
  limit: number,
): Promise<ExportPropertyRow[]> => {
  const d = sort.startsWith('-');
  const k = EXPORT_KEYS[sort.replace(/^-/, '')] ?? EXPORT_KEYS.updated_at!;
  const ks = exportKeyset(k.expr, k.cast, k.sentinel, sql`${properties.id}`, d);
  const conds = [filterWhere(f)];
  if (after) conds.push(ks.after(after));
  const rows = await db
    .select({
      id: properties.id,
      building_num: properties.building_num,
      full_address: addresses.full_address,
      town: addresses.city,
      post_code: addresses.post_code,
      scheme: schemes.name,
      tenant: tenant.name,
      legal_tenant: legalTenant.name,
      landlords: sql<string | null>`(select string_agg(c.name, '; ' order by pp.position, pp.id)
        from ${propertyParties} pp join ${companies} c on c.id = pp.company_id
        where pp.property_id = ${properties.id} and pp.role = 'landlord')`,
      currency: properties.currency,
      rent_pa: properties.rent_pa,
      rent_sqft: properties.rent_sqft,
      rateable_value: properties.rateable_value,
      service_charge: properties.service_charge,
      lease_start_date: properties.lease_start_date,
      lease_end_date: properties.lease_end_date,
      next_review_date: properties.next_review_date,
      break_date: properties.break_date,
      area_size_type: properties.area_size_type,
      nia_sqrt: properties.nia_sqrt,
      itza_area: properties.itza_area,
      updated_at: properties.updated_at,
      cursor: sql<string[]>`${ks.cursor}`,
    })
    .from(properties)
    .innerJoin(addresses, eq(addresses.id, properties.address_id))
    .leftJoin(schemes, eq(schemes.id, properties.scheme_id))
    .leftJoin(tenant, eq(tenant.id, properties.tenant_id))
    .leftJoin(legalTenant, eq(legalTenant.id, properties.legal_tenant_id))
    .where(and(...conds))
    .orderBy(...ks.orderBy)
    .limit(limit);
  return rows.map((r) => ({ ...r, updated_at: new Date(r.updated_at) }));
};

/** How many properties match the filters (the export's X-Total-Count). */
export const countProperties = async (db: Db, f: PropertyFilters): Promise<number> => {
  const where = filterWhere(f);
  if (!where) return countAll(db);
  const rows = await db
    .select({ n: count() })
    .from(properties)
    .innerJoin(addresses, eq(addresses.id, properties.address_id))
    .where(where);
  return Number(rows[0]?.n ?? 0);
};
