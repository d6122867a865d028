/**
 * GET /api/deals and its CSV export (ADR 0046): the filters, the sorts and their
 * indexes (migration 0012), a page's ids, its rows and the export's keyset batches. The SQL
 * builders are exported for the bench's twins (bench-twins.ts).
 */
import type { DealSort, DealType } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lookupJoin, orderedIdsSql, sortedIds, walkIds, type IndexWalk } from '../../db/keyset';
import { fixedStatement, preparedRows } from '../../db/prepared';
import { isoUtcSql } from '../../db/iso-sql';
import { COMPANY_WORDS, CONTACT_WORDS, PROPERTY_WORDS } from '../search/word-tables';
import { docPattern } from '../search/words';

export interface DealFilters {
  type?: DealType[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  town?: string | undefined;
  scheme_id?: number | undefined;
  property_id?: number | undefined;
  tenant_id?: number | undefined;
  landlord_id?: number | undefined;
  created_by?: number | undefined;
  /** The words of `q` (searchWords; none: `q` was only punctuation): see dealWordsSql. */
  words?: string[] | undefined;
}

/** The deal_parties roles a tenant or a landlord filter matches. */
const TENANT_ROLES = sql`('tenant', 'legal_tenant', 'prev_tenant', 'prev_legal_tenant')`;
const LANDLORD_ROLES = sql`('landlord', 'prev_landlord')`;

/**
 * `text` as the word tables hold a document (' word word … '): lower-case runs of letters and
 * digits, so a docPattern matches the start of one of its words (a number: the whole word).
 */
const docOf = (text: SQL): SQL =>
  sql`(' ' || array_to_string(regexp_split_to_array(lower(${text}), '[^[:alnum:]]+'), ' ') || ' ')`;

/**
 * The deals `q`'s words find (ADR 0085): every word starts a word of the deal's property (its unit
 * and address, property_words), of the scheme a scheme sale sold (its name and address), of one of
 * its parties' companies (company_words) or of one of its contacts (contact_words). One id set
 * through the word tables' and deal_parties' indexes; the scheme sales are few.
 */
export const dealWordsSql = (words: string[]): SQL => {
  const schemeMatches = sql.join(
    words.map((w) => sql`${docOf(sql`s.name || ' ' || coalesce(a.full_address, '')`)} like ${docPattern(w)}`),
    sql` and `,
  );
  return sql`d.id in (
      select x.id from deals x where x.property_id in (${PROPERTY_WORDS.matchingIdsSql(words)})
      union
      select x.id from deals x join schemes s on s.id = x.scheme_id left join addresses a on a.id = s.address_id
       where ${schemeMatches}
      union
      select dp.deal_id from deal_parties dp where dp.company_id in (${COMPANY_WORDS.matchingIdsSql(words)})
      union
      select dp.deal_id from deal_parties dp where dp.user_id in (${CONTACT_WORDS.matchingIdsSql(words)}))`;
};

/**
 * The filters as conditions on `d` (deals). The town is a column kept by triggers (its index
 * deals_town_date_idx also orders by date); the scheme and party filters are id sets found
 * through their own indexes (the scheme's deals and its properties' deals; a company's
 * deal_parties rows), so the planner joins a small set instead of testing every deal.
 */
export const dealFilterSql = (f: DealFilters): SQL | undefined => {
  const conds: SQL[] = [];
  if (f.type?.length) {
    conds.push(
      f.type.length === 1
        ? sql`d.deal_type = ${f.type[0]}`
        : sql`d.deal_type in (${sql.join(
            f.type.map((t) => sql`${t}`),
            sql`, `,
          )})`,
    );
  }
  if (f.from) conds.push(sql`d.effective_date >= ${f.from}::date`);
  if (f.to) conds.push(sql`d.effective_date <= ${f.to}::date`);
  if (f.property_id) conds.push(sql`d.property_id = ${f.property_id}`);
  if (f.created_by) conds.push(sql`d.created_by = ${f.created_by}`);
  // deals.town_key: lower(city) of the deal's place, kept by the triggers of migration 0012.
  if (f.town) conds.push(sql`d.town_key = ${f.town.toLowerCase()}`);
  if (f.scheme_id) {
    conds.push(sql`d.id in (
      select x.id from deals x where x.scheme_id = ${f.scheme_id}
      union all
      select x.id from properties p join deals x on x.property_id = p.id where p.scheme_id = ${f.scheme_id})`);
  }
  if (f.tenant_id)
    conds.push(
      sql`d.id in (select dp.deal_id from deal_parties dp where dp.company_id = ${f.tenant_id} and dp.role in ${TENANT_ROLES})`,
    );
  if (f.landlord_id)
    conds.push(
      sql`d.id in (select dp.deal_id from deal_parties dp where dp.company_id = ${f.landlord_id} and dp.role in ${LANDLORD_ROLES})`,
    );
  // A `q` with no word in it (only punctuation) finds nothing.
  if (f.words) conds.push(f.words.length ? dealWordsSql(f.words) : sql`false`);
  return conds.length ? sql.join(conds, sql` and `) : undefined;
};

/**
 * The effective date as two not-null keys (migration 0012's indexes): an undated deal below every
 * date for newest first, above every date for oldest first — nulls last either way, and a row
 * comparison can enter the index anywhere (the order marks).
 */
export const DATE_LOW = sql`coalesce(d.effective_date, '-infinity'::date)`;
const DATE_HIGH = sql`coalesce(d.effective_date, 'infinity'::date)`;

const SORT_COLUMNS = {
  created_at: { expr: sql`d.created_at`, cast: sql`timestamptz` },
  rent_pa: { expr: sql`d.rent_pa`, cast: sql`numeric` },
  rent_sqft: { expr: sql`d.rent_sqft`, cast: sql`numeric` },
  sale_price: { expr: sql`d.sale_price`, cast: sql`numeric` },
} as const;
type SortKey = keyof typeof SORT_COLUMNS | 'effective_date';

const keyOf = (sort: DealSort): SortKey => sort.replace(/^-/, '') as SortKey;

/**
 * The sort's order, spelled exactly as its index (migration 0012) reads — or, `reversed`, as that
 * index read the other way: a deep page is read from the far end. Ascending indexes read
 * backwards give `desc nulls first` (the date keys and created_at are never null, so the spelling
 * changes nothing but the plan); the money indexes exist in both directions, nulls last.
 */
export const dealOrderSql = (sort: DealSort, reversed: boolean): SQL => {
  const key = keyOf(sort);
  const descending = sort.startsWith('-') !== reversed;
  const dir = (nullsLast: boolean) =>
    sql.raw(`${descending ? 'desc' : 'asc'} nulls ${nullsLast ? 'last' : 'first'}`);
  if (key === 'effective_date') {
    const o = dir(!descending);
    return sql`${sort.startsWith('-') ? DATE_LOW : DATE_HIGH} ${o}, d.id ${o}`;
  }
  if (key === 'created_at') {
    const o = dir(descending);
    return sql`d.created_at ${o}, d.id ${o}`;
  }
  const o = dir(!reversed);
  return sql`${SORT_COLUMNS[key].expr} ${o}, d.id ${o}`;
};

/**
 * A page of the unfiltered list newest first and the list's total, in one statement (ADR 0046,
 * as pageByUpdateSql does for properties, ADR 0031): the total from row_counts; the page's
 * ascending position from the far end is found through deal_order_marks — the marks before it
 * summed, the date index entered at the nearest mark by a row comparison, at most one bucket
 * skipped. Answers the page's ids ascending, or one row with a null id past the end.
 */
export const pageByDateSql = (offset: number, limit: number): SQL =>
  sql`with t as (
      select coalesce((select n from row_counts_now where table_name = 'deals'), 0)::bigint as total
    ), q as (
      select t.total, greatest(least(${limit}::bigint, t.total - ${offset}::bigint), 0) as take,
             greatest(t.total - ${offset}::bigint - least(${limit}::bigint, t.total - ${offset}::bigint), 0) as pos
        from t
    ), s as (
      select b.key_date, b.id, b.before
        from (select m.key_date, m.id, sum(m.n) over (order by m.key_date, m.id) - m.n as before
                from deal_order_marks_now m) b, q
       where b.before <= q.pos
       order by b.key_date desc, b.id desc limit 1
    )
    select q.total, p.id from q left join lateral (
      select p.id from s cross join lateral (
        select d.id from deals d
         where (${DATE_LOW}, d.id) >= (s.key_date, s.id)
         order by ${DATE_LOW} asc nulls last, d.id asc nulls last
        offset (q.pos - s.before) limit q.take
      ) p
    ) p on true`;

const pageByDateStatement = fixedStatement(pageByDateSql);

/** One page of deal ids matching `where`, in the order given. */
export const dealPageSql = (where: SQL | undefined, order: SQL, limit: number, offset: number): SQL =>
  sql`select d.id from deals d ${where ? sql`where ${where}` : sql``} order by ${order} limit ${limit} offset ${offset}`;

/** How many deals match `where`. */
export const dealCountSql = (where: SQL): SQL =>
  sql`select count(*)::bigint as n from deals d where ${where}`;

/** The number of deals, kept by triggers (migrations 0003, 0012): the unfiltered list's total. */
const countAllStatement = fixedStatement(() => sql`select n from row_counts_now where table_name = 'deals'`);

export const countDeals = async (db: Db, f: DealFilters): Promise<number> => {
  const where = dealFilterSql(f);
  const rows = where
    ? await preparedRows<{ n: string | number }>(db, dealCountSql(where))
    : await countAllStatement<{ n: string | number }>(db);
  return Number(rows[0]?.n ?? 0);
};

/**
 * One page of deal ids in the sort's order and the total (ADR 0046). The unfiltered list newest
 * first (the default) goes through the order marks (pageByDateSql). Otherwise, as ADR 0024 does
 * for properties: the total from row_counts when unfiltered, else counted; a page in the first half
 * is read forwards, a page past the middle backwards from the far end (offset `total − offset −
 * limit`) and reversed, so no page skips more than half of the matching index entries.
 */
export const listDealIds = async (
  db: Db,
  f: DealFilters,
  sort: DealSort,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> => {
  const where = dealFilterSql(f);
  if (!where && sort === '-effective_date') {
    const rows = await pageByDateStatement<{ total: string | number; id: number | null }>(db, offset, limit);
    const found = rows.flatMap((r) => (r.id === null ? [] : [r.id]));
    return { ids: found.reverse(), total: Number(rows[0]?.total ?? 0) };
  }
  const total = await countDeals(db, f);
  if (offset >= total) return { ids: [], total };
  const ids = async (reversed: boolean, lim: number, off: number) =>
    (await preparedRows<{ id: number }>(db, dealPageSql(where, dealOrderSql(sort, reversed), lim, off))).map(
      (r) => r.id,
    );
  if (offset + limit / 2 <= total / 2) return { ids: await ids(false, limit, offset), total };
  const take = Math.min(limit, total - offset);
  return { ids: (await ids(true, take, total - offset - take)).reverse(), total };
};

/** A list row's columns (money and dates as text: the same on both drivers). */
const rowColumns = sql`d.id, d.deal_type, to_char(d.effective_date, 'YYYY-MM-DD') as effective_date,
  d.property_id, p.building_num, pa.full_address, coalesce(pa.city, sa.city) as town,
  coalesce(s.id, ps.id) as scheme_id, coalesce(s.name, ps.name) as scheme_name,
  d.sale_type, d.sale_price::text as sale_price, d.rent_pa::text as rent_pa, d.rent_sqft::text as rent_sqft,
  d.currency, d.created_by, u.name as creator_name, d.created_at`;
const rowJoins = sql`left join properties p on p.id = d.property_id
  left join addresses pa on pa.id = p.address_id
  left join schemes ps on ps.id = p.scheme_id
  left join schemes s on s.id = d.scheme_id
  left join addresses sa on sa.id = s.address_id
  left join users u on u.id = d.created_by`;

export interface DealListRow {
  id: number;
  deal_type: string;
  effective_date: string | null;
  property_id: number | null;
  building_num: string | null;
  full_address: string | null;
  town: string | null;
  scheme_id: number | null;
  scheme_name: string | null;
  sale_type: string | null;
  sale_price: string | null;
  rent_pa: string | null;
  rent_sqft: string | null;
  currency: string | null;
  created_by: number | null;
  creator_name: string | null;
  created_at: string | Date;
}

/**
 * A page's rows with their place, scheme and author, and their tenant and previous tenant, in one
 * statement (the ids as one array parameter): no query per row.
 */
/** A tenant as the list shows it: its name and what its verification indicator needs. */
const tenantJson = sql`json_build_object('id', c.id, 'name', c.name, 'is_verified', c.is_verified, 'verified_at', ${isoUtcSql('c.verified_at')})`;

export const dealRowsSql = (ids: string): SQL =>
  sql`select ${rowColumns},
      (select ${tenantJson} from deal_parties dp join companies c on c.id = dp.company_id
        where dp.deal_id = d.id and dp.role = 'tenant' order by dp.position, dp.id limit 1) as tenant,
      (select ${tenantJson} from deal_parties dp join companies c on c.id = dp.company_id
        where dp.deal_id = d.id and dp.role = 'prev_tenant' order by dp.position, dp.id limit 1) as prev_tenant
    from deals d ${rowJoins}
   where d.id = any(${ids}::int[])`;

type TenantRef = { id: number; name: string; is_verified: boolean; verified_at: string | null } | null;
export type DealListRowWithTenants = DealListRow & {
  tenant: TenantRef | string;
  prev_tenant: TenantRef | string;
};

const dealRowsStatement = fixedStatement(dealRowsSql);

export const dealRows = async (db: Db, ids: number[]): Promise<DealListRowWithTenants[]> =>
  ids.length ? dealRowsStatement<DealListRowWithTenants>(db, `{${ids.join(',')}}`) : [];

/* ───────────────────────────── export ───────────────────────────── */

export interface DealExportRow extends DealListRow {
  tenant_name: string | null;
  prev_tenant_name: string | null;
}

/** The not-null date keys' walks spell the index read backwards or forwards (see dealOrderSql). */
const walkOf = (sort: DealSort): IndexWalk => {
  const key = keyOf(sort);
  const descending = sort.startsWith('-');
  const from = sql`from deals d`;
  if (key === 'effective_date')
    return descending
      ? { from, id: sql`d.id`, key: DATE_LOW, cast: sql`date`, descending, nulls: 'first' }
      : { from, id: sql`d.id`, key: DATE_HIGH, cast: sql`date`, descending, nulls: 'last' };
  if (key === 'created_at')
    return {
      from,
      id: sql`d.id`,
      key: sql`d.created_at`,
      cast: sql`timestamptz`,
      descending,
      nulls: descending ? 'last' : 'first',
    };
  const k = SORT_COLUMNS[key];
  return { from, id: sql`d.id`, key: k.expr, cast: k.cast, descending, nulls: 'last', nullable: true };
};

/**
 * The export's deal ids in the list's order, `size` at a time (ADR 0069): the unfiltered list
 * walks its sort's index (migration 0012) one short range per batch; a filtered one sorts its
 * matches once, as one page of the list does.
 */
export const exportDealIds = (
  db: Db,
  f: DealFilters,
  sort: DealSort,
  size: number,
): AsyncGenerator<number[]> => {
  const where = dealFilterSql(f);
  if (!where) return walkIds(db, walkOf(sort), size);
  return sortedIds(db, orderedIdsSql(sql`d.id`, sql`from deals d`, where, [dealOrderSql(sort, false)]), size);
};

/** The export's columns of these deals (any order), each related row one index lookup. */
export const exportDealRowsSql = (ids: string): SQL => {
  const party = (role: string) =>
    sql`(select c.name from deal_parties dp join companies c on c.id = dp.company_id
          where dp.deal_id = d.id and dp.role = ${role} order by dp.position, dp.id limit 1)`;
  return sql`select ${rowColumns}, ${party('tenant')} as tenant_name, ${party('prev_tenant')} as prev_tenant_name
    from deals d
    ${lookupJoin('p', sql`properties`, 'x.building_num, x.address_id, x.scheme_id', sql`d.property_id`)}
    ${lookupJoin('pa', sql`addresses`, 'x.full_address, x.city', sql`p.address_id`)}
    ${lookupJoin('ps', sql`schemes`, 'x.id, x.name', sql`p.scheme_id`)}
    ${lookupJoin('s', sql`schemes`, 'x.id, x.name, x.address_id', sql`d.scheme_id`)}
    ${lookupJoin('sa', sql`addresses`, 'x.city', sql`s.address_id`)}
    ${lookupJoin('u', sql`users`, 'x.name', sql`d.created_by`)}
   where d.id = any(${ids}::int[])`;
};

export const exportDealRows = (db: Db, ids: number[]): Promise<DealExportRow[]> =>
  ids.length ? preparedRows<DealExportRow>(db, exportDealRowsSql(`{${ids.join(',')}}`)) : Promise.resolve([]);
