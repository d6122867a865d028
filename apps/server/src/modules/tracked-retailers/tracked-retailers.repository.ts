import { RETAILER_ACTIVITY_MONTHS, type TrackedRetailerSort } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { likeEscape } from '../../db/like';
import { idArrayText } from '../../db/id-array';
import { orderedIdsSql, sortedIds } from '../../db/keyset';
import { filterWhere, type CompanyFilters } from '../companies/companies.repository';

/** A tracked retailer as read (timestamps as Date or text, by driver; counts as numbers). */
export interface RetailerRow {
  id: number;
  name: string;
  core_id: string;
  categories: Array<{ id: number; name: string }>;
  is_verified: boolean;
  verified_at: Date | string | null;
  store_count: number;
  store_changed_at: Date | string | null;
  openings: number;
  closures: number;
  domain: string | null;
  phone: string | null;
  logo_etag: string | null;
}

const CATEGORIES = sql`(select coalesce(json_agg(json_build_object('id', cat.id, 'name', cat.name) order by cat.name), '[]'::json)
  from company_category cc join company_categories cat on cat.id = cc.category_id where cc.company_id = companies.id)`;

const SINCE = sql.raw(`current_date - interval '${RETAILER_ACTIVITY_MONTHS} months'`);

/** Openings and closures per company over the activity window, for the companies `ids` selects. */
const activity = (ids: SQL) => sql`select company_id,
    count(*) filter (where kind = 'opening')::int as openings,
    count(*) filter (where kind = 'closure')::int as closures
  from store_events where on_date > ${SINCE} and company_id in (${ids}) group by company_id`;

const LAPSED = sql`(not companies.is_verified and companies.verified_at is not null)`;
const ORDER: Record<TrackedRetailerSort, SQL> = {
  // Changed after verification (latest change first), then never verified, then verified (oldest first).
  queue: sql`case when ${LAPSED} then 0 when companies.verified_at is null then 1 else 2 end,
    case when ${LAPSED} then companies.store_changed_at end desc nulls last,
    case when companies.is_verified then companies.verified_at end asc, companies.name, companies.id`,
  name: sql`companies.name, companies.id`,
  '-name': sql`companies.name desc, companies.id desc`,
  stores: sql`companies.store_count, companies.name, companies.id`,
  '-stores': sql`companies.store_count desc, companies.name, companies.id`,
  openings: sql`coalesce(ev.openings, 0), companies.name, companies.id`,
  '-openings': sql`coalesce(ev.openings, 0) desc, companies.name, companies.id`,
  closures: sql`coalesce(ev.closures, 0), companies.name, companies.id`,
  '-closures': sql`coalesce(ev.closures, 0) desc, companies.name, companies.id`,
  verified_at: sql`companies.verified_at asc nulls last, companies.name, companies.id`,
  '-verified_at': sql`companies.verified_at desc nulls last, companies.name, companies.id`,
};

const whereOf = (f: CompanyFilters, id?: number): SQL => {
  const filters = filterWhere(f);
  return sql`companies.core_id is not null${filters ? sql` and ${filters}` : sql``}${
    id !== undefined ? sql` and companies.id = ${id}` : sql``
  }`;
};

const ROW = sql`companies.id, companies.name, companies.core_id, ${CATEGORIES} as categories,
  companies.is_verified, companies.verified_at, companies.store_count, companies.store_changed_at,
  coalesce(ev.openings, 0)::int as openings, coalesce(ev.closures, 0)::int as closures,
  companies.domain, companies.phone, companies.logo_etag`;

/**
 * One page of tracked retailers and the total. Sorting by openings or closures groups the window's
 * events of every matching retailer once; any other order takes the page first and groups only its
 * events. Either way one statement, no query per row.
 */
export const listRetailers = async (
  db: Db,
  f: CompanyFilters,
  sort: TrackedRetailerSort,
  limit: number,
  offset: number,
): Promise<{ rows: RetailerRow[]; total: number }> => {
  const where = whereOf(f);
  const byActivity = /openings|closures/.test(sort);
  const query = byActivity
    ? sql`with ev as (${activity(sql`select companies.id from companies where ${where}`)})
        select ${ROW} from companies left join ev on ev.company_id = companies.id
        where ${where} order by ${ORDER[sort]} limit ${limit} offset ${offset}`
    : sql`with pg as (select companies.id from companies where ${where} order by ${ORDER[sort]} limit ${limit} offset ${offset}),
        ev as (${activity(sql`select id from pg`)})
        select ${ROW} from companies join pg on pg.id = companies.id left join ev on ev.company_id = companies.id
        order by ${ORDER[sort]}`;
  const [rows, totals] = await Promise.all([
    queryRows<RetailerRow>(db, query),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from companies where ${where}`),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
};

export const findRetailer = async (db: Db, id: number): Promise<RetailerRow | undefined> =>
  (
    await queryRows<RetailerRow>(
      db,
      sql`with ev as (${activity(sql`${id}`)})
        select ${ROW} from companies left join ev on ev.company_id = companies.id where ${whereOf({}, id)}`,
    )
  )[0];

/**
 * The export's retailer ids by name, `size` at a time (ADR 0069): sorted once — what one page of
 * the list costs — instead of once per batch.
 */
export const exportIds = (db: Db, f: CompanyFilters, size: number): AsyncGenerator<number[]> =>
  sortedIds(db, orderedIdsSql(sql`companies.id`, sql`from companies`, whereOf(f), [ORDER.name]), size);

/** The export's rows of these retailers (any order), their window's openings and closures grouped once. */
export const exportRows = (db: Db, ids: number[]): Promise<RetailerRow[]> =>
  ids.length
    ? queryRows<RetailerRow>(
        db,
        sql`with pg as (select unnest(${idArrayText(ids)}::int[]) as id), ev as (${activity(sql`select id from pg`)})
          select ${ROW} from companies left join ev on ev.company_id = companies.id
           where companies.id = any(${idArrayText(ids)}::int[])`,
      )
    : Promise.resolve([]);

export const countRetailers = async (db: Db, f: CompanyFilters): Promise<number> =>
  Number(
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from companies where ${whereOf(f)}`))[0]
      ?.n ?? 0,
  );

/* ───────────────────────────── stores ───────────────────────────── */

export interface StoreRow {
  property_id: number;
  full_address: string | null;
  town: string | null;
  post_code: string | null;
  scheme_id: number | null;
  scheme_name: string | null;
  lat: number | string | null;
  lng: number | string | null;
  since: string | Date | null;
  lease_end_date: string | Date | null;
  break_date: string | Date | null;
}

const STORE_SINCE = sql`coalesce((select max(e.on_date) from store_events e
  where e.property_id = p.id and e.company_id = p.tenant_id and e.kind = 'opening'), p.lease_start_date)`;
const STORE_ORDER = {
  town: sql`lower(a.city) asc nulls last, a.full_address, p.id`,
  '-town': sql`lower(a.city) desc nulls last, a.full_address desc, p.id desc`,
  address: sql`a.full_address asc nulls last, p.id`,
  '-address': sql`a.full_address desc nulls last, p.id desc`,
  since: sql`since asc nulls last, p.id`,
  '-since': sql`since desc nulls last, p.id desc`,
} as const;

export const listStores = async (
  db: Db,
  companyId: number,
  q: string | undefined,
  sort: keyof typeof STORE_ORDER,
  limit: number,
  offset: number,
): Promise<{ rows: StoreRow[]; total: number }> => {
  const where = q
    ? sql`(a.full_address ilike ${`%${likeEscape(q)}%`} or a.post_code ilike ${`%${likeEscape(q)}%`})`
    : sql`true`;
  // Its units first (materialized): the planner must not walk an address index in sort order
  // hoping to meet the retailer's stores early (a LIMIT trap on 10^6 addresses).
  const mine = sql`with p as materialized (select * from properties where tenant_id = ${companyId})`;
  const [rows, totals] = await Promise.all([
    queryRows<StoreRow>(
      db,
      sql`${mine} select p.id as property_id, a.full_address, a.city as town, a.post_code, s.id as scheme_id, s.name as scheme_name,
          a.lat, a.lng, ${STORE_SINCE} as since, p.lease_end_date, p.break_date
        from p join addresses a on a.id = p.address_id left join schemes s on s.id = p.scheme_id
        where ${where} order by ${STORE_ORDER[sort]} limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`${mine} select count(*)::int as n from p join addresses a on a.id = p.address_id where ${where}`,
    ),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
};

export const storePoints = async (
  db: Db,
  companyId: number,
  limit: number,
): Promise<Array<{ id: number; lng: number | string; lat: number | string }>> =>
  queryRows(
    db,
    sql`select p.id, a.lng, a.lat from properties p join addresses a on a.id = p.address_id
      where p.tenant_id = ${companyId} and a.lat is not null and a.lng is not null order by p.id limit ${limit}`,
  );

/* ───────────────────────────── tracking ───────────────────────────── */

export const companyCoreId = async (
  db: Db,
  id: number,
): Promise<{ id: number; core_id: string | null } | undefined> =>
  (
    await queryRows<{ id: number; core_id: string | null }>(
      db,
      sql`select id, core_id from companies where id = ${id} for update`,
    )
  )[0];

/**
 * Assigns 'TR' + the zero-padded id — or, when another company already holds that (an imported
 * core id), the first free 'TR…-n' — or clears the core id.
 */
export const setCoreId = async (db: Db, id: number, tracked: boolean): Promise<void> => {
  const base = sql`'TR' || lpad(${id}::text, 7, '0')`;
  await db.execute(
    tracked
      ? sql`update companies set updated_at = now(), core_id = (
          select x.cand from (select ${base} as cand, 0 as k
                              union all select ${base} || '-' || g, g from generate_series(1, 1000) g) x
          where not exists (select 1 from companies o where o.core_id = x.cand) order by x.k limit 1)
        where id = ${id} and core_id is null`
      : sql`update companies set core_id = null, updated_at = now() where id = ${id}`,
  );
};
