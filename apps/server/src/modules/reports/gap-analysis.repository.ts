import { GAP_UNITS_PER_PLACE, type GapLevel, type GapSort, type GapUnit } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { idArray } from '../../db/id-array';
import { preparedRows } from '../../db/prepared';

/**
 * Gap Analysis (ADR 0058, ADR 0101). A retailer's peers are the other companies in its
 * categories (or in one chosen category); a place (a town — match_units.town, lower(city) — or a
 * scheme) is a gap when at least `minPeers` distinct peers are tenants there and the retailer is
 * not. The page is ONE statement over match_units and place_summary:
 * - each peer's distinct places come from an index-only scan of match_units_tenant_place_idx
 *   (migration 0019), in a lateral kept apart by `offset 0` — joined freely, the planner hashes the
 *   whole table instead (600 ms on 10^6 units against ~40 ms);
 * - the retailer's own places are a hashed `not in` (an anti-join sorted the pairs by town under
 *   the locale's collation, the slowest step);
 * - the places are counted and ranked, and only the page's places are described: their size,
 *   centroid and name from their one place_summary row (kept by triggers, ADR 0101), their vacant
 *   and let-but-available units as counts over one index each (they depend on today and the
 *   window), their first available units through lateral index ranges;
 *   sorting by size reads every candidate's summary row; by availability, it first counts every
 *   candidate's vacant and let-but-available units.
 * The bench's raw-SQL row runs exactly this text (bench-twins.ts).
 */
/** The question, its defaults resolved by the service. */
export interface GapFilter {
  retailerId: number;
  /** Peers come from these categories (the retailer's own, or the one chosen). */
  categoryIds: number[];
  level: GapLevel;
  sort: GapSort;
  months: number;
  minPeers: number;
  /** Today (yyyy-mm-dd): the availability window is today … today + `months`. */
  today: string;
}

/** The retailer, its store count, and its categories. */
export interface RetailerRow {
  id: number;
  name: string;
  stores: number;
  categories: Array<{ id: number; name: string }>;
}

export const retailerSql = (id: number): SQL =>
  sql`select c.id, c.name,
             (select count(*)::int from match_units u where u.tenant_id = c.id) as stores,
             coalesce((select json_agg(json_build_object('id', k.id, 'name', k.name) order by k.name, k.id)
                         from company_category cc join company_categories k on k.id = cc.category_id
                        where cc.company_id = c.id), '[]'::json) as categories
        from companies c
       where c.id = ${id}`;

export const retailer = async (db: Db, id: number): Promise<RetailerRow | undefined> =>
  (await preparedRows<RetailerRow>(db, retailerSql(id)))[0];

export const category = async (db: Db, id: number): Promise<{ id: number; name: string } | undefined> =>
  (
    await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from company_categories where id = ${id}`,
    )
  )[0];

/** The unit's availability on `match_units u` (0 months: vacant only). */
const availableSql = (f: GapFilter, u: string): SQL => {
  const t = sql.raw(u);
  if (f.months === 0) return sql`${t}.vacant`;
  const until = sql`(${f.today}::date + make_interval(months => ${f.months}::int))::date`;
  return sql`(${t}.vacant or ${t}.lease_end_date between ${f.today}::date and ${until}
              or ${t}.break_date between ${f.today}::date and ${until})`;
};

/** When an available let unit frees: the earlier of its lease end and break inside the window. */
const freesOnSql = (f: GapFilter): SQL => {
  if (f.months === 0) return sql`null::date`;
  const until = sql`(${f.today}::date + make_interval(months => ${f.months}::int))::date`;
  return sql`case when u.vacant then null
                  else least(case when u.lease_end_date between ${f.today}::date and ${until} then u.lease_end_date end,
                             case when u.break_date between ${f.today}::date and ${until} then u.break_date end) end`;
};

/** The place's units on `match_units u`. */
const inPlaceSql = (level: GapLevel, key: string): SQL =>
  level === 'town' ? sql`u.town = ${sql.raw(key)}.town` : sql`u.scheme_id = ${sql.raw(key)}.scheme_id`;

const ORDER: Readonly<Record<GapSort, string>> = {
  peers: 'peers desc',
  size: 'units desc, peers desc',
  available: 'available desc, peers desc',
};

/**
 * One statement, one row: `total` (places ranked), `peer_count` (peers trading anywhere) and
 * `data`, the page's places as JSON (`withUnits`: each with its first available units; the export
 * leaves them out).
 */
export const gapPageSql = (f: GapFilter, limit: number, offset: number, withUnits = true): SQL => {
  const town = f.level === 'town';
  const col = sql.raw(town ? 'town' : 'scheme_id');
  // The place's one summary row (ADR 0101), as one row even if it had none: its size, the mean
  // of its units' positions and its lowest unit (whose address's city names it).
  const summary = (alias: string) => sql`
    select coalesce(max(sm.units), 0)::int as units,
           max(sm.sum_lat_e6::float8 / nullif(sm.n_lat, 0) / 1e6) as lat,
           max(sm.sum_lng_e6::float8 / nullif(sm.n_lng, 0) / 1e6) as lng,
           max(sm.first_id) as first_id
      from place_summary sm where sm.${col} = ${sql.raw(alias)}.${col}`;
  // Today's vacant and let-but-available units (in the window), each a count over one index,
  // counted once (`offset 0`: pulled up, the vacant count would be planned twice).
  const availability = (alias: string) => {
    const inPlace = inPlaceSql(f.level, alias);
    const letAvailable =
      f.months === 0
        ? sql`0`
        : sql`(select count(*) from match_units u where ${inPlace} and not u.vacant and ${availableSql(f, 'u')})`;
    return sql`
    select c.vacant::int as vacant, (c.vacant + c.let_available)::int as available
      from (select (select count(*) from match_units u where ${inPlace} and u.vacant) as vacant,
                   ${letAvailable} as let_available offset 0) c`;
  };
  // Sorting by size needs every candidate's summary row before the cut, by availability its
  // counts; by peers neither. The rest is read for the page's places only.
  const first = f.sort === 'size' ? 'sm' : f.sort === 'available' ? 'av' : null;
  const lateral = (which: 'sm' | 'av', alias: string) =>
    sql`cross join lateral (${which === 'sm' ? summary(alias) : availability(alias)}) ${sql.raw(which)}`;
  const after = (['sm', 'av'] as const).filter((x) => x !== first);
  return sql`
    with peers as materialized (
      select distinct cc.company_id
        from company_category cc
       where cc.category_id = any(${idArray(f.categoryIds)})
         and cc.company_id <> ${f.retailerId}
    ), pairs as materialized (
      select pe.company_id as tenant_id, x.place
        from peers pe
       cross join lateral (
         select distinct u.${col} as place from match_units u
          where u.tenant_id = pe.company_id and u.${col} is not null offset 0
       ) x
    ), places as materialized (
      select pr.place, count(*)::int as peers, array_agg(pr.tenant_id) as peer_ids
        from pairs pr
       where pr.place not in (select m.${col} from match_units m where m.tenant_id = ${f.retailerId} and m.${col} is not null)
       group by pr.place
      having count(*) >= ${f.minPeers}
    ), named as (
      select ${town ? sql`pl.place as town, null::int as scheme_id` : sql`null::text as town, pl.place as scheme_id`},
             pl.peers, pl.peer_ids, ${town ? sql`pl.place` : sql`s.name`} as sort_name
        from places pl ${town ? sql`` : sql`join schemes s on s.id = pl.place`}
    ), page as (
      select n.*${first ? sql`, ${sql.raw(first)}.*` : sql``}
        from named n ${first ? lateral(first, 'n') : sql``}
       order by ${sql.raw(ORDER[f.sort])}, n.sort_name, ${town ? sql`n.town` : sql`n.scheme_id`}
       limit ${limit} offset ${offset}
    ), full_page as (
      select p.*, ${sql.join(
        after.map((x) => sql`${sql.raw(x)}.*`),
        sql`, `,
      )}
        from page p ${sql.join(
          after.map((x) => lateral(x, 'p')),
          sql` `,
        )}
    )
    select (select count(*)::int from places) as total,
           (select count(*)::int from peers pe
             where exists (select 1 from match_units u where u.tenant_id = pe.company_id)) as peer_count,
           coalesce((
             select json_agg(json_build_object(
                      'key', ${town ? sql`'town:' || p.town` : sql`'scheme:' || p.scheme_id`},
                      'level', ${f.level}::text,
                      'name', ${town ? sql`coalesce(dn.city, p.town)` : sql`p.sort_name`},
                      'town', ${town ? sql`coalesce(dn.city, p.town)` : sql`dn.city`},
                      'scheme_id', p.scheme_id,
                      'peers', p.peers,
                      'peer_names', pn.names,
                      'units', p.units, 'vacant', p.vacant, 'available', p.available,
                      'lat', p.lat, 'lng', p.lng,
                      'available_units', ${withUnits ? sql`au.units` : sql`'[]'::json`})
                    order by ${sql.raw(ORDER[f.sort].replace(/(\w+) desc/g, 'p.$1 desc'))}, p.sort_name, ${town ? sql`p.town` : sql`p.scheme_id`})
               from full_page p
               left join lateral (
                 select a.city from properties pp join addresses a on a.id = pp.address_id where pp.id = p.first_id
               ) dn on true
               cross join lateral (
                 select coalesce(array_agg(x.name order by x.name, x.id), '{}') as names
                   from (select c.id, c.name from companies c where c.id = any(p.peer_ids) order by c.name, c.id limit 5) x
               ) pn
               ${
                 withUnits
                   ? sql`cross join lateral (
                 select coalesce(json_agg(json_build_object(
                          'property_id', v.property_id, 'full_address', nullif(v.full_address, ''), 'vacant', v.vacant,
                          'lease_end_date', v.lease_end_date::text, 'break_date', v.break_date::text,
                          'size_sqft', v.nia_sqft::text, 'rent_pa', v.rent_pa::text, 'currency', v.currency,
                          'lat', v.lat, 'lng', v.lng) order by v.vacant desc, v.frees_on nulls first, v.property_id), '[]'::json) as units
                   from (select u.*, ${freesOnSql(f)} as frees_on
                           from match_units u
                          where ${inPlaceSql(f.level, 'p')} and ${availableSql(f, 'u')}
                          order by u.vacant desc, frees_on nulls first, u.property_id
                          limit ${GAP_UNITS_PER_PLACE}) v
               ) au`
                   : sql``
               }
           ), '[]'::json) as data`;
};

export interface GapPlaceRow {
  key: string;
  level: GapLevel;
  name: string;
  town: string | null;
  scheme_id: number | null;
  peers: number;
  peer_names: string[];
  units: number;
  vacant: number;
  available: number;
  lat: number | null;
  lng: number | null;
  available_units: GapUnit[];
}

export interface GapPageRow {
  total: number;
  peer_count: number;
  data: GapPlaceRow[];
}

export const gapPage = async (
  db: Db,
  f: GapFilter,
  limit: number,
  offset: number,
  withUnits = true,
): Promise<GapPageRow> => {
  const [row] = await preparedRows<GapPageRow>(db, gapPageSql(f, limit, offset, withUnits));
  return row ?? { total: 0, peer_count: 0, data: [] };
};
