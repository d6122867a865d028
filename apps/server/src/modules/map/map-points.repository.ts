import type { MapPointSort } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { exportKeyset, type ExportKeyset } from '../../db/keyset';
import { preparedRows } from '../../db/prepared';
import { hasUnitFilter, type MapArea, type MapFilter } from './map-filter';
import { areaSql, schemeWhereSql, unitWhereSql } from './map.repository';

/**
 * The points of an area as a list (GET /api/map/points) and a CSV (…/export), ADR 0054: units and
 * (while no unit filter is on) schemes, in the sort's order with the signed id (+property_id,
 * −scheme_id) breaking ties; one statement per page (the rows, their details and a window count),
 * a second only to count past the last page.
 */

type SortKey = 'address' | 'rent_sqft' | 'lease_end_date' | 'area';

/** Each sort key of a unit and of a scheme (which has no rent, lease or area). */
const SORT_KEYS: Record<SortKey, { unit: SQL; scheme: SQL; cast: SQL; sentinel: SQL }> = {
  address: { unit: sql`a.full_address`, scheme: sql`a.full_address`, cast: sql`text`, sentinel: sql`''` },
  rent_sqft: { unit: sql`u.rent_sqft`, scheme: sql`null::numeric`, cast: sql`numeric`, sentinel: sql`0` },
  lease_end_date: {
    unit: sql`u.lease_end_date`,
    scheme: sql`null::date`,
    cast: sql`date`,
    sentinel: sql`'0001-01-01'`,
  },
  area: { unit: sql`u.nia_sqft`, scheme: sql`null::numeric`, cast: sql`numeric`, sentinel: sql`0` },
};

const keyOf = (sort: MapPointSort) => SORT_KEYS[sort.replace(/^-/, '') as SortKey];

const and = (parts: SQL[]): SQL => sql.join(parts, sql` and `);

/** The matching points with their sort key `k` and signed id `sid`. */
export const sortedPointsSql = (f: MapFilter, area: MapArea, sort: MapPointSort): SQL => {
  const k = keyOf(sort);
  const addressJoin =
    sort.replace(/^-/, '') === 'address'
      ? sql`join properties p on p.id = u.property_id join addresses a on a.id = p.address_id`
      : sql``;
  const units = sql`select u.property_id::bigint as sid, ${k.unit} as k
      from match_units u ${addressJoin}
     where ${and([areaSql(area, sql`u.lng`, sql`u.lat`), ...unitWhereSql(f)])}`;
  if (hasUnitFilter(f)) return units;
  return sql`${units}
    union all
    select -s.id::bigint, ${k.scheme}
      from schemes s join addresses a on a.id = s.address_id
     where ${and([areaSql(area, sql`a.lng`, sql`a.lat`), ...schemeWhereSql(f)])}`;
};

const keysetOf = (sort: MapPointSort): ExportKeyset => {
  const k = keyOf(sort);
  return exportKeyset(sql`pts.k`, k.cast, k.sentinel, sql`pts.sid`, sort.startsWith('-'));
};

/** What a list row and a CSV line show of a point. */
export interface PointRow {
  sid: number;
  grp: number;
  name: string | null;
  full_address: string | null;
  town: string | null;
  scheme_id: number | null;
  scheme_name: string | null;
  tenant_id: number | null;
  tenant_name: string | null;
  tenant_verified: boolean | null;
  vacant: boolean;
  rent_pa: string | null;
  currency: string | null;
  rent_sqft: string | null;
  area: number | null;
  lease_end_date: string | null;
  break_date: string | null;
  lat: number;
  lng: number;
}

/** The details of the points in `page` (sid, rn), in rn order. */
const detailsSql = (extra: SQL) => sql`
  select page.sid::float8 as sid, ${extra}
         case when page.sid > 0 then u.grp else map_group_of(s.type) end as grp,
         case when page.sid > 0 then p.building_num else s.name end as name,
         a.full_address, a.city as town,
         case when page.sid > 0 then s.id end as scheme_id, case when page.sid > 0 then s.name end as scheme_name,
         c.id as tenant_id, c.name as tenant_name, c.is_verified as tenant_verified,
         coalesce(u.vacant, false) as vacant, p.rent_pa::text as rent_pa, p.currency::text as currency,
         u.rent_sqft::text as rent_sqft, u.nia_sqft::float8 as area,
         p.lease_end_date::text as lease_end_date, p.break_date::text as break_date, a.lat, a.lng
    from page
    left join properties p on page.sid > 0 and p.id = page.sid::int
    left join match_units u on u.property_id = p.id
    left join schemes s on s.id = case when page.sid < 0 then (-page.sid)::int else p.scheme_id end
    left join addresses a on a.id = case when page.sid < 0 then s.address_id else p.address_id end
    left join companies c on c.id = p.tenant_id
   order by page.rn`;

/** One page: the rows in order, each with the total (a window count) and its details. */
export const pointPageSql = (
  f: MapFilter,
  area: MapArea,
  sort: MapPointSort,
  limit: number,
  offset: number,
): SQL => {
  const ks = keysetOf(sort);
  const order = sql.join(ks.orderBy, sql`, `);
  return sql`
    with pts as (${sortedPointsSql(f, area, sort)}),
    page as (
      select pts.sid, row_number() over (order by ${order}) as rn, count(*) over () as total
        from pts order by ${order} limit ${limit} offset ${offset}
    )
    ${detailsSql(sql`page.total::int as total,`)}`;
};

export const pointCountSql = (f: MapFilter, area: MapArea): SQL =>
  sql`select count(*)::int as n from (${sortedPointsSql(f, area, 'rent_sqft')}) pts`;

export const pointPage = async (
  db: Db,
  f: MapFilter,
  area: MapArea,
  sort: MapPointSort,
  limit: number,
  offset: number,
): Promise<{ rows: PointRow[]; total: number }> => {
  const rows = await preparedRows<PointRow & { total: number }>(
    db,
    pointPageSql(f, area, sort, limit, offset),
  );
  if (rows.length) return { rows, total: rows[0]!.total };
  // Past the last page (or nothing at all): the window count had no row to ride on.
  const total = offset ? ((await queryRows<{ n: number }>(db, pointCountSql(f, area)))[0]?.n ?? 0) : 0;
  return { rows, total };
};

export const countPoints = async (db: Db, f: MapFilter, area: MapArea): Promise<number> =>
  (await queryRows<{ n: number }>(db, pointCountSql(f, area)))[0]?.n ?? 0;

/** One batch of the export after the previous batch's last cursor (keyset over the list's order). */
export const exportPointBatch = async (
  db: Db,
  f: MapFilter,
  area: MapArea,
  sort: MapPointSort,
  after: string[] | null,
  limit: number,
): Promise<Array<PointRow & { cursor: string[] }>> => {
  const ks = keysetOf(sort);
  const order = sql.join(ks.orderBy, sql`, `);
  return preparedRows(
    db,
    sql`
      with pts as (${sortedPointsSql(f, area, sort)}),
      page as (
        select pts.sid, ${ks.cursor} as cursor, row_number() over (order by ${order}) as rn
          from pts ${after ? sql`where ${ks.after(after)}` : sql``}
         order by ${order} limit ${limit}
      )
      ${detailsSql(sql`page.cursor,`)}`,
  );
};
