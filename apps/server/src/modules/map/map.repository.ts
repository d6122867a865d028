import type { Bbox } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import type { CellRange } from './map-cells';
import { areaBounds, hasUnitFilter, type MapArea, type MapFilter } from './map-filter';

/**
 * The map's SQL (ADR 0054). Points are units (match_units, kept by triggers; the signed id is
 * +property_id) and schemes (at their address; −scheme_id). Clusters come from map_grid when only
 * the groups are asked for and the level is one it keeps, else they are aggregated from the points
 * in the view with the same cell numbers. The statements are exported through bench-twins.ts, so the
 * bench's raw-SQL rows run exactly what the endpoint sends.
 */

const EARTH_METRES = 6371008.8;

/** A Postgres array literal of small integers (one parameter: a stable statement shape). */
const intArray = (values: readonly number[]): string => `{${values.join(',')}}`;

const boxSql = (point: SQL, [w, s, e, n]: Bbox): SQL =>
  sql`${point} <@ box(point(${w}::float8, ${s}::float8), point(${e}::float8, ${n}::float8))`;

/**
 * A point (lng, lat columns) inside an area: its box, then the exact shape. `indexed` writes the
 * box for the point index (an area with few points); otherwise as plain ranges no index answers,
 * so a large area is read by a sequential scan or in the order of a sort index instead of ~all of
 * the point index (the planner takes any `<@` for a small fraction of the table).
 */
export const areaSql = (area: MapArea, lng: SQL, lat: SQL, indexed = true): SQL => {
  const bounds = areaBounds(area);
  const [w, s, e, n] = bounds;
  const box = indexed
    ? boxSql(sql`point(${lng}, ${lat})`, bounds)
    : sql`${lng} between ${w}::float8 and ${e}::float8 and ${lat} between ${s}::float8 and ${n}::float8`;
  if (area.kind === 'bbox') return box;
  if (area.kind === 'polygon') {
    const text = `(${area.points.map(([x, y]) => `(${x},${y})`).join(',')})`;
    // `+ 0` keeps the point index out of it when not indexed.
    return sql`${box} and point(${lng}, ${indexed ? lat : sql`${lat} + 0`}) <@ ${text}::polygon`;
  }
  const [clng, clat] = area.center;
  // Haversine (PGlite has no earthdistance).
  return sql`${box}
    and ${EARTH_METRES}::float8 * 2 * asin(sqrt(power(sin(radians(${lat} - ${clat}::float8) / 2), 2)
        + cos(radians(${clat}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${clng}::float8) / 2), 2)))
        <= ${area.radiusM}::float8`;
};

/** The property_parties roles of a portfolio (the others are columns of properties). */
const PARTY_ROLES = new Set(['landlord', 'landlord_agent', 'tenant_agent']);

/**
 * The ids of a company's units in any of the roles (the portfolio of ADR 0091: tenant and legal
 * tenant on properties, the party roles on property_parties), each through its own index.
 * Archived units need no condition: match_units holds live units only.
 */
const portfolioIdsSql = (companyId: number, roles: readonly string[]): SQL => {
  const parts: SQL[] = [];
  if (roles.includes('tenant'))
    parts.push(sql`select p.id from properties p where p.tenant_id = ${companyId}`);
  if (roles.includes('legal_tenant'))
    parts.push(sql`select p.id from properties p where p.legal_tenant_id = ${companyId}`);
  const party = roles.filter((r) => PARTY_ROLES.has(r));
  if (party.length)
    parts.push(
      sql`select pp.property_id from property_parties pp where pp.company_id = ${companyId} and pp.role = any(${`{${party.join(',')}}`}::text[])`,
    );
  return sql.join(parts, sql` union all `);
};

/** The filters' conditions on `match_units u` (the groups, the scheme and every unit filter). */
export const unitWhereSql = (f: MapFilter): SQL[] => {
  const parts: SQL[] = [];
  if (f.groups) parts.push(sql`u.grp = any(${intArray(f.groups)}::smallint[])`);
  if (f.schemeId !== null) parts.push(sql`u.scheme_id = ${f.schemeId}`);
  if (f.tenantId !== null) parts.push(sql`u.tenant_id = ${f.tenantId}`);
  if (f.landlordId !== null)
    parts.push(
      sql`exists (select 1 from property_parties pp where pp.property_id = u.property_id and pp.role = 'landlord' and pp.company_id = ${f.landlordId})`,
    );
  // The portfolio's ids first (an array, one init plan): the units are then read by their key, so
  // a company's whole portfolio costs its own size, never a scan of the view.
  if (f.companyId !== null)
    parts.push(sql`u.property_id = any(array(${portfolioIdsSql(f.companyId, f.companyRoles)}))`);
  if (f.vacant) parts.push(sql`u.vacant`);
  if (f.leaseEvent) {
    const until = sql`(${f.today}::date + interval '12 months')::date`;
    parts.push(
      sql`(u.lease_end_date between ${f.today}::date and ${until} or u.break_date between ${f.today}::date and ${until})`,
    );
  }
  if (f.leaseEndFrom !== null) parts.push(sql`u.lease_end_date >= ${f.leaseEndFrom}::date`);
  if (f.leaseEndTo !== null) parts.push(sql`u.lease_end_date <= ${f.leaseEndTo}::date`);
  if (f.rentSqftMin !== null) parts.push(sql`u.rent_sqft >= ${f.rentSqftMin}::numeric`);
  if (f.rentSqftMax !== null) parts.push(sql`u.rent_sqft <= ${f.rentSqftMax}::numeric`);
  if (f.areaMin !== null) parts.push(sql`u.nia_sqft >= ${f.areaMin}::numeric`);
  if (f.areaMax !== null) parts.push(sql`u.nia_sqft <= ${f.areaMax}::numeric`);
  return parts;
};

/** The filters' conditions on `schemes s` (the groups and the scheme); archived schemes are off the map (ADR 0078). */
export const schemeWhereSql = (f: MapFilter): SQL[] => {
  const parts: SQL[] = [sql`s.archived_at is null`];
  if (f.groups) parts.push(sql`map_group_of(s.type) = any(${intArray(f.groups)}::smallint[])`);
  if (f.schemeId !== null) parts.push(sql`s.id = ${f.schemeId}`);
  return parts;
};

const and = (parts: SQL[]): SQL => sql.join(parts, sql` and `);

/**
 * The points in an area that pass the filters: grp, lat, lng, mx, my, sid (+property_id,
 * −scheme_id). Schemes only while no unit filter is on.
 */
export const pointsSql = (f: MapFilter, area: MapArea): SQL => {
  // A company's portfolio is read by its units' keys (unitWhereSql), never through the point index.
  const units = sql`select u.grp, u.lat, u.lng, u.mx, u.my, u.property_id::bigint as sid
      from match_units u where ${and([areaSql(area, sql`u.lng`, sql`u.lat`, f.companyId === null), ...unitWhereSql(f)])}`;
  if (hasUnitFilter(f)) return units;
  return sql`${units}
    union all
    select map_group_of(s.type), a.lat, a.lng, map_mx(a.lng), map_my(a.lat), -s.id::bigint
      from schemes s join addresses a on a.id = s.address_id
     where ${and([areaSql(area, sql`a.lng`, sql`a.lat`), ...schemeWhereSql(f)])}`;
};

const groupCounts = (count: SQL): SQL =>
  sql.join(
    [0, 1, 2, 3].map(
      (g) =>
        sql`coalesce(${count} filter (where grp = ${sql.raw(String(g))}), 0)::int as ${sql.identifier(`g${g}`)}`,
    ),
    sql`, `,
  );

/** One marker as the statements return it: its cell (or place), count, mean position, signed ids. */
export interface ClusterRow {
  n: number;
  lat: number;
  lng: number;
  /** The sum of the signed ids: with n = 1, +property_id or −scheme_id. */
  sid: number;
  g0: number;
  g1: number;
  g2: number;
  g3: number;
}

/** Clusters from map_grid: one index range over (level, cx, cy), the cells' groups summed. */
export const gridClustersSql = (r: CellRange, groups: readonly number[] | null): SQL => sql`
  select cx, cy, sum(n)::int as n,
         (sum(sum_lat_e6) / sum(n))::float8 / 1e6 as lat, (sum(sum_lng_e6) / sum(n))::float8 / 1e6 as lng,
         sum(id_sum)::float8 as sid, ${groupCounts(sql`sum(n)`)}
    from map_grid
   where level = ${r.level} and cx between ${r.x0} and ${r.x1} and cy between ${r.y0} and ${r.y1}
         ${groups ? sql`and grp = any(${intArray(groups)}::smallint[])` : sql``}
   group by cx, cy
   order by cx, cy`;

/** Clusters aggregated from the filtered points of the range's cells (same cell numbers as the grid). */
export const liveClustersSql = (f: MapFilter, r: CellRange, box: Bbox): SQL => sql`
  with pts as (${pointsSql(f, { kind: 'bbox', bbox: box })}),
  c as (select map_cell(mx, ${r.level}::int) as cx, map_cell(my, ${r.level}::int) as cy, grp, lat, lng, sid from pts)
  select cx, cy, count(*)::int as n, avg(lat) as lat, avg(lng) as lng, sum(sid)::float8 as sid, ${groupCounts(sql`count(*)`)}
    from c
   where cx between ${r.x0} and ${r.x1} and cy between ${r.y0} and ${r.y1}
   group by cx, cy
   order by cx, cy`;

/** Unclustered (high zoom): only points at the very same place are merged. */
export const placeClustersSql = (f: MapFilter, bbox: Bbox): SQL => sql`
  with pts as (${pointsSql(f, { kind: 'bbox', bbox })})
  select count(*)::int as n, lat, lng, sum(sid)::float8 as sid, ${groupCounts(sql`count(*)`)}
    from pts
   group by lat, lng
   order by lat, lng`;

export const clusterRows = (db: Db, statement: SQL): Promise<ClusterRow[]> =>
  preparedRows<ClusterRow>(db, statement);

/** One cell of the heat layer. */
export interface HeatRow {
  lat: number;
  lng: number;
  rent_sqft: number;
  n: number;
}

/**
 * The mean rent per sq ft (GBP) of the units with one, per cell of the range, at the mean position
 * of those units.
 */
export const heatSql = (r: CellRange, box: Bbox, groups: readonly number[] | null): SQL => sql`
  with c as (
    select map_cell(u.mx, ${r.level}::int) as cx, map_cell(u.my, ${r.level}::int) as cy, u.lat, u.lng, u.rent_sqft
      from match_units u
     where ${boxSql(sql`point(u.lng, u.lat)`, box)} and u.rent_sqft is not null and u.currency = 'GBP'
           ${groups ? sql`and u.grp = any(${intArray(groups)}::smallint[])` : sql``}
  )
  select avg(lat) as lat, avg(lng) as lng, avg(rent_sqft)::float8 as rent_sqft, count(*)::int as n
    from c
   where cx between ${r.x0} and ${r.x1} and cy between ${r.y0} and ${r.y1}
   group by cx, cy
   order by cx, cy`;

export const heatRows = (db: Db, statement: SQL): Promise<HeatRow[]> => preparedRows<HeatRow>(db, statement);
