import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { lookupJoin, walkIds } from '../../db/keyset';

/**
 * Comparable evidence (ADR 0047) reads deal_comparables, the trigger-kept copy of each dated deal
 * with a rent and its property's place and size (migration 0013): a town or a post-code district
 * is one range of a covering index, ordered by (effective_date, deal_id).
 */

/** The filters as the service resolved them (defaults filled in). */
export interface ComparableFilter {
  town: string | null;
  district: string | null;
  scheme_type: string | null;
  size_min: number | null;
  size_max: number | null;
  from: string | null;
  to: string | null;
  types: readonly string[];
  currency: string;
  seriesMax: number;
}

/** The SQL conditions on `deal_comparables c`. */
export const comparableWhere = (f: ComparableFilter): SQL => {
  const parts: SQL[] = [];
  if (f.district !== null) parts.push(sql`c.district = ${f.district}`);
  if (f.town !== null) parts.push(sql`c.town = lower(btrim(${f.town}))`);
  parts.push(sql`c.currency = ${f.currency}`);
  parts.push(
    sql`c.deal_type in (${sql.join(
      f.types.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  );
  if (f.from !== null) parts.push(sql`c.effective_date >= ${f.from}::date`);
  if (f.to !== null) parts.push(sql`c.effective_date <= ${f.to}::date`);
  if (f.size_min !== null) parts.push(sql`c.nia_sqft >= ${f.size_min}`);
  if (f.size_max !== null) parts.push(sql`c.nia_sqft <= ${f.size_max}`);
  if (f.scheme_type !== null) parts.push(sql`c.scheme_type = ${f.scheme_type}`);
  return sql.join(parts, sql` and `);
};

/**
 * Stats and chart in one statement over every matching deal: count, min, quartiles
 * (percentile_cont: linear interpolation) and max of rent per sq ft and of Zone A, and the chart
 * points — every k-th deal in (effective_date, deal_id) order, k = ⌈count ÷ seriesMax⌉. Two reads
 * of the same index range (each an index-only scan; the second already in the window's order)
 * cost less than materialising the matches once and sorting them again.
 */
export const summarySql = (f: ComparableFilter): SQL => sql`
  with s as (
    select count(*)::int as n,
           count(c.rent_sqft)::int as r_n, min(c.rent_sqft) as r_min, max(c.rent_sqft) as r_max,
           percentile_cont(array[0.25, 0.5, 0.75]) within group (order by c.rent_sqft::float8) as r_q,
           count(c.zone_a)::int as z_n, min(c.zone_a) as z_min, max(c.zone_a) as z_max,
           percentile_cont(array[0.25, 0.5, 0.75]) within group (order by c.zone_a::float8) as z_q
      from deal_comparables c
     where ${comparableWhere(f)}
  )
  select s.n, s.r_n, s.z_n,
         s.r_min::text as r_min, round(s.r_q[1]::numeric, 2)::text as r_q1,
         round(s.r_q[2]::numeric, 2)::text as r_median, round(s.r_q[3]::numeric, 2)::text as r_q3,
         s.r_max::text as r_max,
         s.z_min::text as z_min, round(s.z_q[1]::numeric, 2)::text as z_q1,
         round(s.z_q[2]::numeric, 2)::text as z_median, round(s.z_q[3]::numeric, 2)::text as z_q3,
         s.z_max::text as z_max,
         (select coalesce(json_agg(json_build_array(x.deal_id, to_char(x.effective_date, 'YYYY-MM-DD'),
                                                    x.rent_sqft::text) order by x.rn), '[]'::json)
            from (select c.deal_id, c.effective_date, c.rent_sqft,
                         row_number() over (order by c.effective_date, c.deal_id) - 1 as rn
                    from deal_comparables c
                   where ${comparableWhere(f)}) x
           where x.rent_sqft is not null and x.rn % greatest(1, ceil(s.n / ${f.seriesMax}::numeric)::int) = 0)
           as series
    from s`;

export interface SummaryRow {
  n: number;
  r_n: number;
  z_n: number;
  r_min: string | null;
  r_q1: string | null;
  r_median: string | null;
  r_q3: string | null;
  r_max: string | null;
  z_min: string | null;
  z_q1: string | null;
  z_median: string | null;
  z_q3: string | null;
  z_max: string | null;
  series: Array<[number, string, string]> | string;
}

export const summary = async (db: Db, f: ComparableFilter): Promise<SummaryRow> =>
  (await queryRows<SummaryRow>(db, summarySql(f)))[0]!;

/** A comparable's columns, over `c` (deal_comparables) and the joins of rowsSql / exportRowsSql. */
const ROW_COLUMNS = sql`c.deal_id, d.deal_type, to_char(c.effective_date, 'YYYY-MM-DD') as effective_date,
         p.id as property_id, p.building_num, a.full_address, a.city as town, c.district,
         s.id as scheme_id, s.name as scheme_name, t.id as tenant_id, t.name as tenant_name,
         c.currency::text as currency, d.rent_pa::text as rent_pa, c.rent_sqft::text as rent_sqft,
         (d.rent_sqft is not null and d.rent_sqft = c.rent_sqft) as rent_sqft_from_deal, c.zone_a::text as zone_a,
         c.nia_sqft::float8 as nia_sqft,
         (case when p.area_size_type = 'sqm' then round(p.itza_area * 10.7639104, 2) else p.itza_area end)::float8
           as itza_sqft`;

/** The deal's first tenant (`t`). */
const TENANT_JOIN = sql`left join lateral (
      select co.id, co.name from deal_parties dp join companies co on co.id = dp.company_id
       where dp.deal_id = c.deal_id and dp.role = 'tenant' order by dp.position limit 1
    ) t on true`;

/** The page of matching deals, newest first, with their details. */
export const rowsSql = (f: ComparableFilter, o: { limit: number; offset?: number }): SQL => sql`
  select ${ROW_COLUMNS}
    from (select c.* from deal_comparables c
           where ${comparableWhere(f)}
           order by c.effective_date desc, c.deal_id desc
           limit ${o.limit} offset ${o.offset ?? 0}) c
    join deals d on d.id = c.deal_id
    join properties p on p.id = c.property_id
    join addresses a on a.id = p.address_id
    left join schemes s on s.id = p.scheme_id
    ${TENANT_JOIN}
   order by c.effective_date desc, c.deal_id desc`;

/**
 * The export's deal ids, newest first, `size` at a time (ADR 0069): a place (town or district, which
 * the service requires) is one range of its covering index, walked one short stretch per batch.
 */
export const exportIds = (db: Db, f: ComparableFilter, size: number): AsyncGenerator<number[]> =>
  walkIds(
    db,
    {
      from: sql`from deal_comparables c`,
      where: comparableWhere(f),
      id: sql`c.deal_id`,
      key: sql`c.effective_date`,
      cast: sql`date`,
      descending: true,
      nulls: 'first',
    },
    size,
  );

/** The export's rows of these deals (any order), each related row one index lookup. */
export const exportRowsSql = (ids: string): SQL => sql`
  select ${ROW_COLUMNS}
    from deal_comparables c
    ${lookupJoin('d', sql`deals`, 'x.deal_type, x.rent_pa, x.rent_sqft', sql`c.deal_id`)}
    ${lookupJoin('p', sql`properties`, 'x.id, x.building_num, x.address_id, x.scheme_id, x.area_size_type, x.itza_area', sql`c.property_id`)}
    ${lookupJoin('a', sql`addresses`, 'x.full_address, x.city', sql`p.address_id`)}
    ${lookupJoin('s', sql`schemes`, 'x.id, x.name', sql`p.scheme_id`)}
    ${TENANT_JOIN}
   where c.deal_id = any(${ids}::int[])`;

export const exportRows = (db: Db, ids: number[]): Promise<ComparableRow[]> =>
  ids.length ? queryRows<ComparableRow>(db, exportRowsSql(`{${ids.join(',')}}`)) : Promise.resolve([]);

/** How many deals match (the export's X-Total-Count): one count over the place's index range. */
export const countRows = async (db: Db, f: ComparableFilter): Promise<number> =>
  Number(
    (
      await queryRows<{ n: number | string }>(
        db,
        sql`select count(*)::int as n from deal_comparables c where ${comparableWhere(f)}`,
      )
    )[0]?.n ?? 0,
  );

export interface ComparableRow {
  deal_id: number;
  deal_type: string;
  effective_date: string;
  property_id: number;
  building_num: string | null;
  full_address: string | null;
  town: string | null;
  district: string | null;
  scheme_id: number | null;
  scheme_name: string | null;
  tenant_id: number | null;
  tenant_name: string | null;
  currency: string;
  rent_pa: string | null;
  rent_sqft: string | null;
  rent_sqft_from_deal: boolean;
  zone_a: string | null;
  nia_sqft: number | null;
  itza_sqft: number | null;
}

export const rows = (
  db: Db,
  f: ComparableFilter,
  o: { limit: number; offset?: number },
): Promise<ComparableRow[]> => queryRows<ComparableRow>(db, rowsSql(f, o));

/** The place and size a property's comparables default to. */
export const propertyBasis = async (db: Db, id: number) =>
  (
    await queryRows<{
      id: number;
      label: string;
      town: string | null;
      district: string | null;
      nia_sqft: number | null;
    }>(
      db,
      sql`select p.id, concat_ws(' ', nullif(btrim(p.building_num), ''), a.full_address) as label,
                 nullif(btrim(a.city), '') as town, postcode_district(a.post_code) as district,
                 (case when p.area_size_type = 'sqm' then round(p.nia_sqrt * 10.7639104, 2) else p.nia_sqrt end)::float8
                   as nia_sqft
            from properties p join addresses a on a.id = p.address_id
           where p.id = ${id}`,
    )
  )[0];

/** The place and type a scheme's comparables default to. */
export const schemeBasis = async (db: Db, id: number) =>
  (
    await queryRows<{
      id: number;
      label: string;
      town: string | null;
      district: string | null;
      type: string;
    }>(
      db,
      sql`select s.id, s.name as label, nullif(btrim(a.city), '') as town,
                 postcode_district(a.post_code) as district, s.type
            from schemes s join addresses a on a.id = s.address_id
           where s.id = ${id}`,
    )
  )[0];
