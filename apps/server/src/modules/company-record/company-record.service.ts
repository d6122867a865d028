/**
 * The company page's and the contact page's reads (ADR 0091): a company's portfolio, the deals a
 * company or contact is a party to, and their Activity timelines. Any signed-in user reads them,
 * as the lists they draw from (properties, deals, enquiries, comments); an unknown company or
 * contact — a merged-away company included — is a 404, as GET /api/companies/{id} answers.
 */
import {
  PORTFOLIO_ROLES,
  type ActivityKind,
  type ActivityPage,
  type Page,
  type PortfolioItem,
  type PortfolioPage,
  type PortfolioRole,
  type PortfolioSort,
  type RecordDealItem,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import { NotFoundError } from '../../lib/errors';
import { offsetOf, toPage } from '../../lib/page';
import { listItemsOf } from '../deals/deals-list.service';
import { activityRows, type ActivitySubject } from './activity.repository';
import { decodeCursor, encodeCursor } from './activity-cursor';
import { presentActivity, textArray } from './activity.presenter';
import * as portfolioRepo from './portfolio.repository';
import type { PortfolioRow } from './portfolio.repository';
import { recordDealIds, type DealParty } from './record-deals.repository';
import { companyExists, contactExists } from './record.repository';

export interface PortfolioInput {
  role?: PortfolioRole[] | undefined;
  sort: PortfolioSort;
  page: number;
  per_page: number;
}

export const requireCompany = async (deps: ServiceDeps, id: number): Promise<void> => {
  if (!(await companyExists(deps.db, id))) throw new NotFoundError();
};

const requireContact = async (deps: ServiceDeps, id: number): Promise<void> => {
  if (!(await contactExists(deps.db, id))) throw new NotFoundError();
};

const rolesOf = (v: string[] | string | null): PortfolioRole[] =>
  textArray(v).filter((r): r is PortfolioRole => (PORTFOLIO_ROLES as readonly string[]).includes(r));

export const presentPortfolioItem = (r: PortfolioRow): PortfolioItem => ({
  property_id: r.property_id,
  building_num: r.building_num,
  full_address: r.full_address,
  town: r.town,
  post_code: r.post_code,
  scheme: r.scheme_id !== null && r.scheme_name !== null ? { id: r.scheme_id, name: r.scheme_name } : null,
  tenant: r.tenant_id !== null && r.tenant_name !== null ? { id: r.tenant_id, name: r.tenant_name } : null,
  roles: rolesOf(r.roles),
  rent_pa: r.rent_pa,
  currency: r.currency?.trim() ?? null,
  lease_end_date: r.lease_end_date,
  lat: r.lat === null ? null : Number(r.lat),
  lng: r.lng === null ? null : Number(r.lng),
});

const countsOf = (
  raw: Record<string, number> | string | null | undefined,
): PortfolioPage['meta']['counts'] => {
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {})) as Record<string, number>;
  return Object.fromEntries(PORTFOLIO_ROLES.map((r) => [r, Number(parsed[r] ?? 0)])) as Record<
    PortfolioRole,
    number
  >;
};

/** GET /api/companies/{id}/portfolio: one statement for the page, its total and the role counts. */
export const portfolio = async (deps: ServiceDeps, id: number, q: PortfolioInput): Promise<PortfolioPage> => {
  await requireCompany(deps, id);
  const rows = await portfolioRepo.portfolioPage(
    deps.db,
    id,
    q.role,
    q.sort,
    q.per_page,
    offsetOf(q.page, q.per_page),
  );
  const data = rows.flatMap((r) => (r.property_id === null ? [] : [presentPortfolioItem(r as PortfolioRow)]));
  const page = toPage(data, { total: Number(rows[0]?.total ?? 0), page: q.page, perPage: q.per_page });
  return { data, meta: { ...page.meta, counts: countsOf(rows[0]?.counts) } };
};

const dealsOf = async (
  deps: ServiceDeps,
  party: DealParty,
  id: number,
  q: { page: number; per_page: number },
): Promise<Page<RecordDealItem>> => {
  const rows = await recordDealIds(deps.db, party, id, q.per_page, offsetOf(q.page, q.per_page));
  const roles = new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, textArray(r.roles)] as const])));
  const items = await listItemsOf(deps, [...roles.keys()]);
  return toPage(
    items.map((d) => ({ ...d, roles: roles.get(d.id) ?? [] })),
    { total: Number(rows[0]?.total ?? 0), page: q.page, perPage: q.per_page },
  );
};

/** GET /api/companies/{id}/deals: every deal the company is a party to, newest first. */
export const companyDeals = async (deps: ServiceDeps, id: number, q: { page: number; per_page: number }) => {
  await requireCompany(deps, id);
  return dealsOf(deps, 'company', id, q);
};

/** GET /api/users/{id}/deals: every deal the contact is a party to, newest first. */
export const contactDeals = async (deps: ServiceDeps, id: number, q: { page: number; per_page: number }) => {
  await requireContact(deps, id);
  return dealsOf(deps, 'contact', id, q);
};

export interface ActivityInput {
  before?: string | undefined;
  kind?: ActivityKind[] | undefined;
  per_page: number;
}

/** One page of the timeline: one more item is read to know whether another page follows. */
const activityOf = async (
  deps: ServiceDeps,
  subject: ActivitySubject,
  q: ActivityInput,
): Promise<ActivityPage> => {
  const key = decodeCursor(q.before);
  // `kind=` with no kind is every kind, as `role=` is every role.
  const kinds = q.kind?.length ? q.kind : undefined;
  const rows = await activityRows(deps.db, subject, key, q.per_page + 1, kinds);
  const page = rows.slice(0, q.per_page);
  const last = page[page.length - 1];
  return {
    data: page.map(presentActivity),
    meta: {
      next:
        rows.length > q.per_page && last
          ? encodeCursor({ at: last.at_key, branch: Number(last.branch), rid: Number(last.rid) })
          : null,
    },
  };
};

export const companyActivity = async (
  deps: ServiceDeps,
  id: number,
  q: ActivityInput,
): Promise<ActivityPage> => {
  const page = await activityOf(deps, { type: 'company', id }, q);
  // The page's statement answers rows only for a company that exists (activity.repository.ts).
  if (!page.data.length) await requireCompany(deps, id);
  return page;
};

export const contactActivity = async (
  deps: ServiceDeps,
  id: number,
  q: ActivityInput,
): Promise<ActivityPage> => {
  const page = await activityOf(deps, { type: 'contact', id }, q);
  if (!page.data.length) await requireContact(deps, id);
  return page;
};
