import type { MapPointSort } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportKeyset, lookupJoin, orderedIdsSql, sortedIds } from '../../db/keyset';
import { preparedRows } from '../../db/prepared';
import type { CellRange } from './map-cells';
import { hasUnitFilter, type MapArea, type MapFilter } from './map-filter';
import { areaSql, schemeWhereSql, unitWhereSql } from './map.repository';

/**
 * The points of an area as a list (GET /api/map/points) and a CSV (…/export), ADR 0054: units and
 * (while no unit filter is on) schemes, in the sort's order with the signed id (+property_id,
 * −scheme_id) breaking ties. A page is three statements: how many points the grid holds around the
 * area (which plan), the exact count, the page with its details.
 *
 * Plans: `index` reads the area through the point index and sorts what it finds (few points);
 * `scan` writes the area as plain ranges, so a large area is read sequentially (cheaper than ~all
 * of the point index) or, sorted by address (the list's default), in the order of
 * (full_address, property_id), keeping the units in the area until the page is full.
 */
export type PointPlan = 'index' | 'scan';

type SortKey = 'address' | 'rent_sqft' | 'lease_end_date' | 'area';

/** Each sort key of a unit and of a scheme (which has no rent, lease or area). */
const SORT_KEYS: Record<SortKey, { unit: SQL; scheme: SQL; cast: SQL; sentinel: SQL }> = {
  address: { unit: sql`u.full_address`, scheme: sql`a.full_address`, cast: sql`text`, sentinel: sql`''` },
  rent_sqft: { unit: sql`u.rent_sqft`, scheme: sql`null::numeric`, cast: sql`numeric`, sentinel: sql`0` },
  lease_end_date: {
    unit: sql`u.lease_end_date`,
    scheme: sql`null::date`,
    cast: sql`date`,
    sentinel: sql`'0001-01-01'`,
  },
  area: { unit: sql`u.nia_sqft`, scheme: sql`null::numeric`, cast: sql`numeric`, sentinel: sql`0` },
};

const keyName = (sort: MapPointSort) => sort.replace(/^-/, '') as SortKey;
const and = (parts: SQL[]): SQL => sql.join(parts, sql` and `);

/** The order, its cursor and "after a cursor", over `pts.k` and `pts.sid`. */
interface Keyset {
  orderBy: SQL;
  cursor: SQL;
  after: (cursor: string[]) => SQL;
}

const keysetOf = (sort: MapPointSort): Keyset => {
  const descending = sort.startsWith('-');
  if (keyName(sort) === 'address') {
    // Never null (full_address is '' at worst): plain (k, sid), the order of the address index.
    const dir = sql.raw(descending ? 'desc' : 'asc');
    return {
      orderBy: sql`pts.k ${dir}, pts.sid ${dir}`,
      cursor: sql`array[pts.k, pts.sid::text]`,
      after: (c) =>
        sql`(pts.k, pts.sid) ${sql.raw(descending ? '<' : '>')} (${c[0]}::text, ${c[1]}::integer)`,
    };
  }
  const k = SORT_KEYS[keyName(sort)];
  const ks = exportKeyset(sql`pts.k`, k.cast, k.sentinel, sql`pts.sid`, descending);
  return { orderBy: sql.join(ks.orderBy, sql`, `), cursor: ks.cursor, after: ks.after };
};

/** The matching points with their sort key `k` and signed id `sid`. */
export const sortedPointsSql = (f: MapFilter, area: MapArea, sort: MapPointSort, plan: PointPlan): SQL => {
  const k = SORT_KEYS[keyName(sort)];
  const indexed = plan === 'index';
  const units = sql`select u.property_id as sid, ${k.unit} as k
      from match_units u
     where ${and([areaSql(area, sql`u.lng`, sql`u.lat`, indexed), ...unitWhereSql(f)])}`;
  if (hasUnitFilter(f)) return units;
  return sql`${units}
    union all
    select -s.id, ${k.scheme}
      from schemes s join addresses a on a.id = s.address_id
     where ${and([areaSql(area, sql`a.lng`, sql`a.lat`, indexed), ...schemeWhereSql(f)])}`;
};

/** Points of every group in the cells around an area (an upper bound of its count: chooses the plan). */
export const gridCountSql = (r: CellRange): SQL =>
  sql`select coalesce(sum(n), 0)::int as n from map_grid
       where level = ${r.level} and cx between ${r.x0} and ${r.x1} and cy between ${r.y0} and ${r.y1}`;

export const gridCount = async (db: Db, r: CellRange): Promise<number> =>
  (await preparedRows<{ n: number }>(db, gridCountSql(r)))[0]?.n ?? 0;

export const pointCountSql = (f: MapFilter, area: MapArea, plan: PointPlan): SQL =>
  sql`select count(*)::int as n from (${sortedPointsSql(f, area, 'rent_sqft', plan)}) pts`;

export const countPoints = async (db: Db, f: MapFilter, area: MapArea, plan: PointPlan): Promise<number> =>
  (await preparedRows<{ n: number }>(db, pointCountSql(f, area, plan)))[0]?.n ?? 0;

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

/** What a list row and a CSV line show of a point `pts.sid`, over the joins below. */
const DETAIL_COLUMNS = sql`case when pts.sid > 0 then u.grp else map_group_of(s.type) end as grp,
         case when pts.sid > 0 then p.building_num else s.name end as name,
         a.full_address, a.city as town,
         case when pts.sid > 0 then s.id end as scheme_id, case when pts.sid > 0 then s.name end as scheme_name,
         c.id as tenant_id, c.name as tenant_name, c.is_verified as tenant_verified,
         coalesce(u.vacant, false) as vacant, p.rent_pa::text as rent_pa, p.currency::text as currency,
         u.rent_sqft::text as rent_sqft, u.nia_sqft::float8 as area,
         p.lease_end_date::text as lease_end_date, p.break_date::text as break_date, a.lat, a.lng`;

/** The details of the points in `page` (sid, k, and any `extra` columns), in the page's order. */
const detailsSql = (ks: Keyset, extra: SQL) => sql`
  select pts.sid, ${extra} ${DETAIL_COLUMNS}
    from page pts
    left join properties p on pts.sid > 0 and p.id = pts.sid
    left join match_units u on u.property_id = p.id
    left join schemes s on s.id = case when pts.sid < 0 then -pts.sid else p.scheme_id end
    left join addresses a on a.id = case when pts.sid < 0 then s.address_id else p.address_id end
    left join companies c on c.id = p.tenant_id
   order by ${ks.orderBy}`;

/** One page of points in the sort's order, with their details. */
export const pointPageSql = (
  f: MapFilter,
  area: MapArea,
  sort: MapPointSort,
  plan: PointPlan,
  limit: number,
  offset: number,
): SQL => {
  const ks = keysetOf(sort);
  return sql`
    with pts as (${sortedPointsSql(f, area, sort, plan)}),
    page as (select pts.sid, pts.k from pts order by ${ks.orderBy} limit ${limit} offset ${offset})
    ${detailsSql(ks, sql``)}`;
};

export const pointPage = (
  db: Db,
  f: MapFilter,
  area: MapArea,
  sort: MapPointSort,
  plan: PointPlan,
  limit: number,
  offset: number,
): Promise<PointRow[]> => preparedRows<PointRow>(db, pointPageSql(f, area, sort, plan, limit, offset));

/**
 * The export's signed ids in the list's order, `size` at a time (ADR 0069): the area's points are
 * sorted once — what one page of the list costs — instead of once per batch.
 */
export const exportPointIds = (
  db: Db,
  f: MapFilter,
  area: MapArea,
  sort: MapPointSort,
  plan: PointPlan,
  size: number,
): AsyncGenerator<number[]> =>
  sortedIds(
    db,
    orderedIdsSql(sql`pts.sid`, sql`from (${sortedPointsSql(f, area, sort, plan)}) pts`, undefined, [
      keysetOf(sort).orderBy,
    ]),
    size,
  );

/** The details of these points (any order), each related row one index lookup. */
export const exportPointRowsSql = (sids: string): SQL => sql`
  select pts.sid, ${DETAIL_COLUMNS}
    from unnest(${sids}::int[]) as pts(sid)
    left join lateral (select x.id, x.building_num, x.address_id, x.scheme_id, x.tenant_id, x.rent_pa,
                              x.currency, x.lease_end_date, x.break_date
                         from properties x where pts.sid > 0 and x.id = pts.sid offset 0) p on true
    left join lateral (select x.grp, x.vacant, x.rent_sqft, x.nia_sqft from match_units x
                        where x.property_id = p.id offset 0) u on true
    ${lookupJoin('s', sql`schemes`, 'x.id, x.name, x.type, x.address_id', sql`case when pts.sid < 0 then -pts.sid else p.scheme_id end`)}
    ${lookupJoin('a', sql`addresses`, 'x.full_address, x.city, x.lat, x.lng', sql`case when pts.sid < 0 then s.address_id else p.address_id end`)}
    ${lookupJoin('c', sql`companies`, 'x.id, x.name, x.is_verified', sql`p.tenant_id`)}`;

export const exportPointRows = (db: Db, sids: number[]): Promise<PointRow[]> =>
  sids.length ? preparedRows<PointRow>(db, exportPointRowsSql(`{${sids.join(',')}}`)) : Promise.resolve([]);
