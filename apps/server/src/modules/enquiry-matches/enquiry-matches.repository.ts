import type { MatchMeasure, MatchScope } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';

/**
 * Matching (ADR 0053). Units are read from match_units, the trigger-kept copy of each property's
 * availability, town, scheme, position, measures (sq ft) and rent (migration 0015); enquiries from
 * enquiries with their place. The statements are built here and exported through bench-twins.ts,
 * so the bench's raw-SQL rows run exactly what the endpoint sends.
 */

/** The match_units column holding each measure, in sq ft. */
const MEASURE_COLUMN: Readonly<Record<MatchMeasure, SQL>> = {
  nia_sqrt: sql.raw('u.nia_sqft'),
  itza_area: sql.raw('u.itza_sqft'),
  ground_floor_area: sql.raw('u.ground_sqft'),
};
const EARTH_MILES = 3958.8;
const MILES_PER_DEGREE_LAT = 69.05;

/** Where an enquiry is: its property's (else its scheme's) town, scheme and map position. */
export interface EnquiryPlace {
  id: number;
  property_id: number | null;
  scheme_id: number | null;
  /** lower(city) of the property's address, else the scheme's. */
  town: string | null;
  lat: number | null;
  lng: number | null;
  size_from: number | null;
  size_to: number | null;
  rent_from: string | null;
  rent_to: string | null;
}

/** The enquiry's place: one statement (the bench's twin sends it too). */
export const enquiryPlaceSql = (id: number): SQL =>
  sql`select e.id, e.property_id, coalesce(e.scheme_id, p.scheme_id) as scheme_id,
             lower(coalesce(pa.city, sa.city)) as town,
             case when p.id is not null then pa.lat else sa.lat end as lat,
             case when p.id is not null then pa.lng else sa.lng end as lng,
             e.size_from::float8 as size_from, e.size_to::float8 as size_to,
             e.rent_from::text as rent_from, e.rent_to::text as rent_to
        from enquiries e
        left join properties p on p.id = e.property_id
        left join addresses pa on pa.id = p.address_id
        left join schemes s on s.id = e.scheme_id
        left join addresses sa on sa.id = s.address_id
       where e.id = ${id}`;

export const enquiryPlace = async (db: Db, id: number): Promise<EnquiryPlace | undefined> =>
  (await preparedRows<EnquiryPlace>(db, enquiryPlaceSql(id)))[0];

/** The resolved question of GET /api/enquiries/{id}/matches. */
export interface UnitMatchFilter {
  scope: MatchScope;
  schemeId: number | null;
  town: string | null;
  lat: number | null;
  lng: number | null;
  radiusMiles: number;
  measure: MatchMeasure;
  sizeFrom: number | null;
  sizeTo: number | null;
  rentFrom: string | null;
  rentTo: string | null;
  /** The enquiry's own property, never a match. */
  excludeId: number | null;
  /** Today (yyyy-mm-dd): the availability window is today … today + 12 months. */
  today: string;
}

const distanceSql = (f: UnitMatchFilter): SQL =>
  sql`(${EARTH_MILES}::float8 * 2 * asin(sqrt(power(sin(radians(u.lat - ${f.lat}::float8) / 2), 2)
        + cos(radians(${f.lat}::float8)) * cos(radians(u.lat)) * power(sin(radians(u.lng - ${f.lng}::float8) / 2), 2))))`;

/** The scope's condition on `match_units u`: one index range (scheme, town) or a box (radius). */
const scopeSql = (f: UnitMatchFilter): SQL => {
  if (f.scope === 'scheme') return sql`u.scheme_id = ${f.schemeId}`;
  if (f.scope === 'town') return sql`u.town = ${f.town}`;
  const dLat = f.radiusMiles / MILES_PER_DEGREE_LAT;
  const dLng = f.radiusMiles / (MILES_PER_DEGREE_LAT * Math.max(Math.cos((f.lat! * Math.PI) / 180), 0.01));
  return sql`point(u.lng, u.lat) <@ box(point(${f.lng! - dLng}::float8, ${f.lat! - dLat}::float8), point(${f.lng! + dLng}::float8, ${f.lat! + dLat}::float8))
             and ${distanceSql(f)} <= ${f.radiusMiles}::float8`;
};

/** Every condition a unit meets to fit (ADR 0053). */
export const unitMatchWhereSql = (f: UnitMatchFilter): SQL => {
  const area = MEASURE_COLUMN[f.measure];
  const until = sql`(${f.today}::date + interval '12 months')::date`;
  const parts: SQL[] = [
    scopeSql(f),
    sql`(u.vacant or u.lease_end_date between ${f.today}::date and ${until}
              or u.break_date between ${f.today}::date and ${until})`,
  ];
  if (f.excludeId !== null) parts.push(sql`u.property_id <> ${f.excludeId}`);
  if (f.sizeFrom !== null) parts.push(sql`${area} >= ${f.sizeFrom}`);
  if (f.sizeTo !== null) parts.push(sql`${area} <= ${f.sizeTo}`);
  // A rent is compared when both are known: the unit's (in GBP, as the enquiry's range is) and the bound.
  if (f.rentFrom !== null)
    parts.push(sql`(u.rent_pa is null or u.currency <> 'GBP' or u.rent_pa >= ${f.rentFrom})`);
  if (f.rentTo !== null)
    parts.push(sql`(u.rent_pa is null or u.currency <> 'GBP' or u.rent_pa <= ${f.rentTo})`);
  return sql.join(parts, sql` and `);
};

/**
 * One page of the units that fit, ranked: vacant first, then by how soon the unit frees (the
 * earlier of a lease end and a break inside the window), then by how close its area is to the
 * middle of the size range, then by id; each with its place, tenant and the total (a window count).
 */
export const unitMatchPageSql = (f: UnitMatchFilter, limit: number, offset: number): SQL => {
  const area = MEASURE_COLUMN[f.measure];
  const until = sql`(${f.today}::date + interval '12 months')::date`;
  const mid =
    f.sizeFrom !== null && f.sizeTo !== null ? (f.sizeFrom + f.sizeTo) / 2 : (f.sizeFrom ?? f.sizeTo ?? null);
  const closeness = mid === null ? sql`0` : sql`abs(${area} - ${mid})`;
  return sql`
    with m as (
      select u.property_id, u.vacant, ${area}::float8 as area,
             ${f.scope === 'radius' ? distanceSql(f) : sql`null::float8`} as distance_miles,
             case when u.vacant then null
                  else least(case when u.lease_end_date between ${f.today}::date and ${until} then u.lease_end_date end,
                             case when u.break_date between ${f.today}::date and ${until} then u.break_date end)
             end as frees_on,
             ${closeness} as closeness
        from match_units u
       where ${unitMatchWhereSql(f)}
    ), page as (
      select m.*, count(*) over () as total
        from m
       order by m.vacant desc, m.frees_on nulls first, m.closeness nulls last, m.property_id
       limit ${limit} offset ${offset}
    )
    select page.property_id as id, page.vacant, page.area, page.distance_miles, page.total::int as total,
           p.building_num, a.full_address, a.city as town, s.id as scheme_id, s.name as scheme_name,
           p.rent_pa::text as rent_pa, p.currency, c.id as tenant_id, c.name as tenant_name,
           c.is_verified as tenant_is_verified, c.verified_at as tenant_verified_at,
           p.lease_end_date::text as lease_end_date, p.break_date::text as break_date
      from page
      join properties p on p.id = page.property_id
      join addresses a on a.id = p.address_id
      left join schemes s on s.id = p.scheme_id
      left join companies c on c.id = p.tenant_id
     order by page.vacant desc, page.frees_on nulls first, page.closeness nulls last, page.property_id`;
};

export const unitMatchCountSql = (f: UnitMatchFilter): SQL =>
  sql`select count(*)::int as n from match_units u where ${unitMatchWhereSql(f)}`;

export interface UnitMatchRow {
  id: number;
  vacant: boolean;
  area: number | null;
  distance_miles: number | null;
  total: number;
  building_num: string | null;
  full_address: string | null;
  town: string | null;
  scheme_id: number | null;
  scheme_name: string | null;
  rent_pa: string | null;
  currency: string;
  tenant_id: number | null;
  tenant_name: string | null;
  tenant_is_verified: boolean | null;
  tenant_verified_at: Date | string | null;
  lease_end_date: string | null;
  break_date: string | null;
}

export const unitMatchPage = async (
  db: Db,
  f: UnitMatchFilter,
  limit: number,
  offset: number,
): Promise<{ rows: UnitMatchRow[]; total: number }> => {
  // Prepared per statement shape (ADR 0032): planning the ranked page costs ~2 ms.
  const rows = await preparedRows<UnitMatchRow>(db, unitMatchPageSql(f, limit, offset));
  if (rows.length) return { rows, total: rows[0]!.total };
  // Past the last page (or nothing at all): the window count had no row to ride on.
  const total = offset ? ((await queryRows<{ n: number }>(db, unitMatchCountSql(f)))[0]?.n ?? 0) : 0;
  return { rows, total };
};

/* ─────────────────────── a property's matching enquiries ─────────────────────── */

/** What a property offers an enquiry: its town, scheme, measure (sq ft) and rent (GBP only). */
export interface UnitFacts {
  property_id: number;
  town: string | null;
  scheme_id: number | null;
  area: number | null;
  rent_pa: string | null;
}

export const unitFacts = async (
  db: Db,
  propertyId: number,
  measure: MatchMeasure,
): Promise<UnitFacts | undefined> =>
  (
    await queryRows<UnitFacts>(
      db,
      sql`select u.property_id, u.town, u.scheme_id, ${MEASURE_COLUMN[measure]}::float8 as area,
                 case when u.currency = 'GBP' then u.rent_pa::text end as rent_pa
            from match_units u where u.property_id = ${propertyId}`,
    )
  )[0];

/**
 * The live enquiries (interest, under offer) the unit would satisfy: on its scheme (a scheme
 * enquiry, or one on a unit of it — those carry the scheme too), or on another property in its
 * town; whose size range holds its area and whose rent range holds its rent when known.
 */
export const enquiryMatchWhereSql = (u: UnitFacts): SQL => {
  const place: SQL[] = [];
  if (u.scheme_id !== null) place.push(sql`e.scheme_id = ${u.scheme_id}`);
  if (u.town !== null)
    place.push(
      sql`(e.property_id is not null and exists (select 1 from match_units eu where eu.property_id = e.property_id and eu.town = ${u.town}))`,
    );
  const parts: SQL[] = [
    sql`e.stage in ('interest', 'under_offer')`,
    sql`(e.property_id is null or e.property_id <> ${u.property_id})`,
    place.length ? sql`(${sql.join(place, sql` or `)})` : sql`false`,
    u.area === null
      ? sql`e.size_from is null and e.size_to is null`
      : sql`(e.size_from is null or e.size_from <= ${u.area}) and (e.size_to is null or e.size_to >= ${u.area})`,
  ];
  if (u.rent_pa !== null)
    parts.push(
      sql`(e.rent_from is null or e.rent_from <= ${u.rent_pa}) and (e.rent_to is null or e.rent_to >= ${u.rent_pa})`,
    );
  return sql.join(parts, sql` and `);
};

export interface EnquiryMatchRow {
  id: number;
  stage: string;
  size_from: number | null;
  size_to: number | null;
  rent_from: string | null;
  rent_to: string | null;
  received_at: string;
  created_by: number | null;
  company_id: number | null;
  company_name: string | null;
  contact_id: number | null;
  contact_name: string | null;
  building_num: string | null;
  full_address: string | null;
  scheme_name: string | null;
  total: number;
}

/** A page of them, newest received first, with their company, contact and subject. */
export const enquiryMatchPageSql = (u: UnitFacts, limit: number | null, offset: number): SQL => sql`
  with page as (
    select e.*, count(*) over () as total
      from enquiries e
     where ${enquiryMatchWhereSql(u)}
     order by e.received_at desc, e.id desc
     ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}
  )
  select page.id, page.stage, page.size_from::float8 as size_from, page.size_to::float8 as size_to,
         page.rent_from::text as rent_from, page.rent_to::text as rent_to, page.received_at::text as received_at,
         page.created_by, page.total::int as total,
         co.id as company_id, co.name as company_name, ct.id as contact_id, ct.name as contact_name,
         p.building_num, a.full_address, s.name as scheme_name
    from page
    left join companies co on co.id = page.company_id
    left join users ct on ct.id = page.user_id
    left join properties p on p.id = page.property_id
    left join addresses a on a.id = p.address_id
    left join schemes s on s.id = page.scheme_id
   order by page.received_at desc, page.id desc`;

export const enquiryMatchPage = async (
  db: Db,
  u: UnitFacts,
  limit: number | null,
  offset = 0,
): Promise<{ rows: EnquiryMatchRow[]; total: number }> => {
  const rows = await queryRows<EnquiryMatchRow>(db, enquiryMatchPageSql(u, limit, offset));
  if (rows.length || !offset) return { rows, total: rows[0]?.total ?? 0 };
  const n = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from enquiries e where ${enquiryMatchWhereSql(u)}`,
  );
  return { rows, total: n[0]?.n ?? 0 };
};

export const enquiryExists = async (db: Db, id: number): Promise<boolean> =>
  (await queryRows(db, sql`select 1 from enquiries where id = ${id}`)).length > 0;

/** A property's label for messages: "Unit 4, 12 High Street, Leeds". */
export const propertyLabel = async (db: Db, id: number): Promise<string | undefined> =>
  (
    await queryRows<{ label: string }>(
      db,
      sql`select concat_ws(', ', nullif(btrim(p.building_num), ''), a.full_address) as label
            from properties p join addresses a on a.id = p.address_id where p.id = ${id}`,
    )
  )[0]?.label;
