/**
 * A company's portfolio (GET /api/companies/{id}/portfolio and its export, ADR 0091): the live
 * units where it is tenant or legal tenant (properties.tenant_id / legal_tenant_id) or a
 * landlord, landlord agent or tenant agent (property_parties), one row per unit with every role.
 * The SQL builders are exported for the bench's twins.
 */
import type { PortfolioRole, PortfolioSort } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderedIdsSql, sortedIds } from '../../db/keyset';
import { preparedRows } from '../../db/prepared';

/** The roles in PORTFOLIO_ROLES' order: a unit lists its roles in it. */
const ROLE_ORDER = sql.raw(
  `array['tenant', 'legal_tenant', 'landlord', 'landlord_agent', 'tenant_agent']::text[]`,
);
/** The property_parties roles a company holds (the *_contact roles are contacts', never a company's). */
const PARTY_ROLES = sql.raw(`('landlord', 'landlord_agent', 'tenant_agent')`);

/**
 * The company's live units with their roles: each source through its own index
 * (properties_tenant_id_idx, properties_legal_tenant_id_idx, property_parties_company_idx).
 * Archived units are left out for everyone, as the properties list leaves them (ADR 0078).
 */
export const portfolioUnitsSql = (companyId: number): SQL => sql`select r.property_id,
      array_agg(r.role order by array_position(${ROLE_ORDER}, r.role)) as roles
    from (
      select p.id as property_id, 'tenant'::text as role from properties p
       where p.tenant_id = ${companyId} and p.archived_at is null
      union all
      select p.id, 'legal_tenant' from properties p
       where p.legal_tenant_id = ${companyId} and p.archived_at is null
      union all
      select pp.property_id, pp.role from property_parties pp join properties p on p.id = pp.property_id
       where pp.company_id = ${companyId} and pp.role in ${PARTY_ROLES} and p.archived_at is null
    ) r
   group by r.property_id`;

/** `roles && {…}`: a unit holding any of the asked roles (all of them: every unit). */
const roleFilter = (roles: PortfolioRole[] | undefined): SQL =>
  roles?.length ? sql`u.roles && ${`{${roles.join(',')}}`}::text[]` : sql`true`;

const SORT_KEYS: Record<string, SQL> = {
  address: sql`a.full_address`,
  town: sql`a.city`,
  rent_pa: sql`p.rent_pa`,
  lease_end_date: sql`p.lease_end_date`,
  updated_at: sql`p.updated_at`,
};

/** The sort's order; empty values last either way, the unit's id breaks ties in the same direction. */
export const portfolioOrderSql = (sort: PortfolioSort): SQL => {
  const dir = sql.raw(sort.startsWith('-') ? 'desc' : 'asc');
  const key = SORT_KEYS[sort.replace(/^-/, '')]!;
  const unit = sort.replace(/^-/, '') === 'address' ? sql`, p.building_num ${dir} nulls last` : sql``;
  return sql`${key} ${dir} nulls last${unit}, p.id ${dir}`;
};

const rowColumns = sql`p.id as property_id, p.building_num, a.full_address, a.city as town, a.post_code,
  s.id as scheme_id, s.name as scheme_name, tc.id as tenant_id, tc.name as tenant_name,
  p.rent_pa::text as rent_pa, p.currency, to_char(p.lease_end_date, 'YYYY-MM-DD') as lease_end_date,
  a.lat, a.lng`;
const rowJoins = sql`join properties p on p.id = u.property_id
  join addresses a on a.id = p.address_id
  left join schemes s on s.id = p.scheme_id
  left join companies tc on tc.id = p.tenant_id`;

export interface PortfolioRow {
  property_id: number;
  roles: string[] | string;
  building_num: string | null;
  full_address: string | null;
  town: string | null;
  post_code: string | null;
  scheme_id: number | null;
  scheme_name: string | null;
  tenant_id: number | null;
  tenant_name: string | null;
  rent_pa: string | null;
  currency: string | null;
  lease_end_date: string | null;
  lat: number | null;
  lng: number | null;
}

/**
 * One page, the exact total of the filter and the units per role (every role, for the filter's
 * chips), in one statement. Past the last page: one row with the totals and a null unit.
 */
export const portfolioPageSql = (
  companyId: number,
  roles: PortfolioRole[] | undefined,
  sort: PortfolioSort,
  limit: number,
  offset: number,
): SQL => sql`with u as (${portfolioUnitsSql(companyId)}),
    t as (
      select (select count(*) from u where ${roleFilter(roles)})::int as total,
             (select coalesce(json_object_agg(c.role, c.n), '{}'::json)
                from (select x.role, count(*)::int as n from u, unnest(u.roles) as x(role) group by x.role) c) as counts
    )
    select t.total, t.counts, pg.* from t left join lateral (
      select ${rowColumns}, u.roles, row_number() over (order by ${portfolioOrderSql(sort)}) as ord
        from u ${rowJoins}
       where ${roleFilter(roles)}
       order by ${portfolioOrderSql(sort)}
       limit ${limit} offset ${offset}
    ) pg on true
    order by pg.ord`;

/** A page's row: its unit's columns are null on the one row answered past the last page. */
export type PortfolioPageRow = { total: number; counts: Record<string, number> | string } & {
  [K in keyof PortfolioRow]: PortfolioRow[K] | null;
};

export const portfolioPage = (
  db: Db,
  companyId: number,
  roles: PortfolioRole[] | undefined,
  sort: PortfolioSort,
  limit: number,
  offset: number,
): Promise<PortfolioPageRow[]> =>
  preparedRows<PortfolioPageRow>(db, portfolioPageSql(companyId, roles, sort, limit, offset));

/** How many units the export will write. */
export const countPortfolio = async (
  db: Db,
  companyId: number,
  roles: PortfolioRole[] | undefined,
): Promise<number> => {
  const rows = await preparedRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (${portfolioUnitsSql(companyId)}) u where ${roleFilter(roles)}`,
  );
  return Number(rows[0]?.n ?? 0);
};

/** The export's unit ids in the sort's order, `size` at a time: the matches sorted once (ADR 0069). */
export const exportPortfolioIds = (
  db: Db,
  companyId: number,
  roles: PortfolioRole[] | undefined,
  sort: PortfolioSort,
  size: number,
): AsyncGenerator<number[]> =>
  sortedIds(
    db,
    orderedIdsSql(
      sql`p.id`,
      sql`from (${portfolioUnitsSql(companyId)}) u join properties p on p.id = u.property_id join addresses a on a.id = p.address_id`,
      roleFilter(roles),
      [portfolioOrderSql(sort)],
    ),
    size,
  );

/**
 * The export's rows of these units (any order), the company's roles on each read by index
 * lookups per unit rather than by gathering the whole portfolio again for every batch.
 */
export const exportPortfolioRowsSql = (companyId: number, ids: string): SQL => {
  const party = (role: string) =>
    sql`case when exists (select 1 from property_parties pp where pp.property_id = p.id
          and pp.company_id = ${companyId} and pp.role = ${role}) then ${role} end`;
  return sql`select ${rowColumns},
      array_remove(array[
        case when p.tenant_id = ${companyId} then 'tenant' end,
        case when p.legal_tenant_id = ${companyId} then 'legal_tenant' end,
        ${party('landlord')}, ${party('landlord_agent')}, ${party('tenant_agent')}
      ]::text[], null) as roles
    from (select unnest(${ids}::int[]) as property_id) u ${rowJoins}
   where p.archived_at is null`;
};

export const exportPortfolioRows = (db: Db, companyId: number, ids: number[]): Promise<PortfolioRow[]> =>
  ids.length
    ? preparedRows<PortfolioRow>(db, exportPortfolioRowsSql(companyId, `{${ids.join(',')}}`))
    : Promise.resolve([]);
