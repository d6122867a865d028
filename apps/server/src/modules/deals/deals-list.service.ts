/**
 * GET /api/deals and GET /api/deals/export (ADR 0046): every deal, filtered,
 * sorted and paged on the server, and the same filters as a streamed CSV file.
 */
import {
  DEAL_TYPE_LABELS,
  SALE_TYPE_LABELS,
  type DealListItem,
  type DealSort,
  type DealType,
  type Page,
  type SaleType,
  type dealExportQuerySchema,
  type dealSearchQuerySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import {
  EXPORT_BATCH,
  csvStream,
  exportFileName,
  formatUkDate,
  linesOfIdBatches,
  type CsvExport,
} from '../../lib/csv';
import { offsetOf, toPage } from '../../lib/page';
import { ukDay } from '../properties/properties.export';
import { searchWords } from '../search/words';
import * as repo from './deals-list.repository';
import type { DealListRow, DealListRowWithTenants } from './deals-list.repository';

type SearchQuery = z.output<typeof dealSearchQuerySchema>;
type ExportQuery = z.output<typeof dealExportQuerySchema>;

const filtersOf = (q: ExportQuery | SearchQuery): repo.DealFilters => ({
  // A blank `q` is no filter; a `q` of only punctuation has no words and finds nothing.
  words: q.q ? searchWords(q.q) : undefined,
  type: q.type as DealType[] | undefined,
  from: q.from,
  to: q.to,
  town: q.town || undefined,
  scheme_id: q.scheme_id,
  property_id: q.property_id,
  tenant_id: q.tenant_id,
  landlord_id: q.landlord_id,
  created_by: q.created_by,
});

type Ref = { id: number; name: string } | null;
type TenantRef = DealListItem['tenant'];
const refOf = (v: TenantRef | string | null | undefined): TenantRef =>
  v === null || v === undefined ? null : typeof v === 'string' ? (JSON.parse(v) as TenantRef) : v;
const ref = (id: number | null, name: string | null): Ref =>
  id !== null && name !== null ? { id, name } : null;

const iso = (v: string | Date): string => new Date(v).toISOString();

export const presentListItem = (r: DealListRowWithTenants): DealListItem => ({
  id: r.id,
  deal_type: r.deal_type as DealType,
  effective_date: r.effective_date,
  property:
    r.property_id !== null
      ? { id: r.property_id, building_num: r.building_num, full_address: r.full_address }
      : null,
  scheme: ref(r.scheme_id, r.scheme_name),
  town: r.town,
  tenant: refOf(r.tenant),
  prev_tenant: refOf(r.prev_tenant),
  sale_type: (r.sale_type as SaleType | null) ?? null,
  sale_price: r.sale_price,
  rent_pa: r.rent_pa,
  rent_sqft: r.rent_sqft,
  currency: r.currency,
  created_by: ref(r.created_by, r.creator_name),
  created_at: iso(r.created_at),
});

/** GET /api/deals: one page in the sort's order; the page's rows and tenants in one statement. */
export const list = async (deps: ServiceDeps, q: SearchQuery): Promise<Page<DealListItem>> => {
  const { page, per_page: perPage } = q;
  const { ids, total } = await repo.listDealIds(
    deps.db,
    filtersOf(q),
    q.sort as DealSort,
    perPage,
    offsetOf(page, perPage),
  );
  return toPage(await listItemsOf(deps, ids), { total, page, perPage });
};

/**
 * The list's rows of these deals, in the order given, in one statement: a company's or contact's
 * deals (ADR 0091) are rows of the same shape. A deal gone meanwhile (voided) is left out.
 */
export const listItemsOf = async (deps: ServiceDeps, ids: number[]): Promise<DealListItem[]> => {
  const byId = new Map((await repo.dealRows(deps.db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [presentListItem(r)] : [];
  });
};

export const DEAL_EXPORT_COLUMNS = [
  'Type',
  'Property',
  'Scheme',
  'Town',
  'Tenant',
  'Previous tenant',
  'Effective date',
  'Rent pa',
  'Rent per sq ft',
  'Sale type',
  'Price',
  'Currency',
  'Recorded by',
  'Recorded on',
] as const;

/** A property as the list names it: its unit number before its address. */
const propertyText = (r: DealListRow): string | null =>
  r.property_id === null ? null : [r.building_num, r.full_address].filter(Boolean).join(' ') || null;

/** Every deal matching the list's filters, in the list's order, as CSV, 1,000 rows per batch (ADR 0069). */
export const exportDeals = async (
  deps: ServiceDeps,
  q: ExportQuery,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  const f = filtersOf(q);
  const sort = q.sort as DealSort;
  const total = await repo.countDeals(deps.db, f);
  const batches = () =>
    linesOfIdBatches(
      repo.exportDealIds(deps.db, f, sort, batchSize),
      (ids) => repo.exportDealRows(deps.db, ids),
      (r) => r.id,
      (r) => [
        DEAL_TYPE_LABELS[r.deal_type as DealType] ?? r.deal_type,
        propertyText(r),
        r.scheme_name,
        r.town,
        r.tenant_name,
        r.prev_tenant_name,
        ukDay(r.effective_date),
        r.rent_pa,
        r.rent_sqft,
        r.sale_type ? (SALE_TYPE_LABELS[r.sale_type as SaleType] ?? r.sale_type) : null,
        r.sale_price,
        r.currency,
        r.creator_name,
        formatUkDate(new Date(r.created_at)),
      ],
    );
  return {
    total,
    filename: exportFileName('deals', deps.now()),
    stream: csvStream(DEAL_EXPORT_COLUMNS, batches, onError),
  };
};
