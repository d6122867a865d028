import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  Deal,
  DealCorrectAnswer,
  DealCreate,
  DealListItem,
  DealSort,
  DealSummary,
  DealVoidAnswer,
  Page,
} from '@frontage/shared';
import { http, request } from '../../lib/http';
import { placeKeys } from '../properties/api';

/**
 * The /deals search field's label: what `?q=` matches — the property, the scheme a scheme sale
 * sold, and the names of the deal's parties (ADR 0085).
 */
export const DEAL_SEARCH_LABEL = 'Search property, scheme, tenant, landlord';

/** Query keys of deal reads, so a recorded deal refreshes every list that shows it. */
export const dealKeys = {
  all: ['deals'] as const,
  one: (id: number) => ['deals', 'one', id] as const,
  ofProperty: (propertyId: number) => ['deals', 'property', propertyId] as const,
  list: (params: DealListParams) => ['deals', 'list', params] as const,
};

/**
 * POST /api/deals — a wizard's submit as one call. The Idempotency-Key makes a retried Finish
 * (after a timeout or a lost answer) return the first answer instead of recording twice. 422s are
 * put against the wizard's fields, so they are not toasted.
 */
export const createDeal = async (body: DealCreate, idempotencyKey: string): Promise<{ id: number }> =>
  (
    await http.post<{ data: { id: number } }>('/deals', body, {
      quiet: [422],
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;

/**
 * PUT /api/deals/{id} — a correction from the deal's wizard, with the version it read (If-Match:
 * someone else's correction in between is a 412). 422s go to the wizard's fields.
 */
export const correctDeal = (id: number, body: DealCreate, version: string | undefined) =>
  http.put<DealCorrectAnswer>(`/deals/${id}`, body, {
    quiet: [422],
    headers: version ? { 'If-Match': `"${version}"` } : {},
  });

/** DELETE /api/deals/{id} with the reason (ADR 0077); a 422 goes to the dialog's reason field. */
export const voidDeal = (id: number, reason: string) =>
  request<DealVoidAnswer>(`/deals/${id}`, { method: 'DELETE', body: { reason }, quiet: [422] });

/**
 * After a deal: the property (its fields, deals and history) and every list showing it; after a
 * scheme sale the scheme (its landlords and history) and its lists.
 */
export const refreshAfterDeal = (
  qc: QueryClient,
  place: { kind: 'property' | 'scheme'; id: number },
): Promise<unknown> =>
  Promise.all([
    qc.invalidateQueries({ queryKey: place.kind === 'scheme' ? placeKeys.schemes : placeKeys.properties }),
    qc.invalidateQueries({ queryKey: dealKeys.all }),
    qc.invalidateQueries({ queryKey: ['history', place.kind, place.id] }),
  ]);

/** GET /api/deals/{id}: the deal, its parties, links, place, author and the changes it made. */
export const fetchDeal = async (id: number): Promise<Deal> =>
  (await http.get<{ data: Deal }>(`/deals/${id}`)).data;

export const useDeal = (id: number) => useQuery({ queryKey: dealKeys.one(id), queryFn: () => fetchDeal(id) });

/** GET /api/properties/{id}/deals: newest first, a page at a time. */
export const usePropertyDeals = (propertyId: number, page: number, perPage: number) =>
  useQuery({
    queryKey: [...dealKeys.ofProperty(propertyId), page, perPage] as const,
    queryFn: ({ signal }) =>
      http.get<Page<DealSummary>>(`/properties/${propertyId}/deals`, {
        query: { page, per_page: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The filters of GET /api/deals and its export as the web sends them (dealFiltersSchema). */
export type DealListFilters = {
  /** Free text (ADR 0085). */
  q?: string;
  /** Deal types, comma separated. */
  type?: string;
  /** Effective date range, yyyy-mm-dd. */
  from?: string;
  to?: string;
  town?: string;
  scheme_id?: number;
  property_id?: number;
  tenant_id?: number;
  landlord_id?: number;
  created_by?: number;
  sort?: DealSort;
};

/** The query of GET /api/deals: the filters and a page. */
export type DealListParams = DealListFilters & { page: number; per_page: number };

/**
 * GET /api/deals: every deal, filtered, sorted and paged on the server; the /deals table
 * and a scheme's deals read it. The previous page stays on screen while the next one loads.
 */
export const useDealList = (params: DealListParams, enabled = true) =>
  useQuery({
    enabled,
    queryKey: dealKeys.list(params),
    queryFn: ({ signal }) => http.get<Page<DealListItem>>('/deals', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
