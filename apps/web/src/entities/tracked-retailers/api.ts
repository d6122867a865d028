import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZE_PICKER,
  TRACKED_RETAILER_SORTS,
  VERIFICATION_STATES,
  type Page,
  type RetailerStore,
  type RetailerTimelineEvent,
  type TrackedRetailer,
  type TrackedRetailerDetail,
  type VerificationState,
} from '@frontage/shared';
import { http } from '../../lib/http';
import type { PickerSearch } from '../../components/EntityPicker';

/**
 * The read side of tracked retailers: the /core-data list, a retailer's page (its
 * stores, their points, its timeline) and the picker over tracked retailers. /core (admin) uses
 * the same list and detail queries.
 */
export const trackedRetailerKeys = {
  all: ['tracked-retailers'] as const,
  list: (params: Record<string, unknown>) => ['tracked-retailers', 'list', params] as const,
  search: (q: string) => ['tracked-retailers', 'search', q] as const,
  detail: (id: number) => ['tracked-retailers', 'detail', id] as const,
  stores: (id: number, params: Record<string, unknown>) =>
    ['tracked-retailers', 'stores', id, params] as const,
  points: (id: number) => ['tracked-retailers', 'points', id] as const,
  timeline: (id: number, page: number) => ['tracked-retailers', 'timeline', id, page] as const,
};

/** What /core-data saves per user (UI state screen 'tracked_retailers'). */
export interface TrackedRetailerListState extends Record<string, unknown> {
  q: string;
  category_id: number | null;
  verification: VerificationState | null;
  sort: string;
  per_page: number;
}

export const TRACKED_RETAILER_LIST_DEFAULTS: TrackedRetailerListState = {
  q: '',
  category_id: null,
  verification: null,
  sort: 'name',
  per_page: 25,
};

const PAGE_SIZES: readonly number[] = [25, 50, 100];

/** A saved state from an older version (or edited by hand) must not break the list with a 422. */
export const sanitizeTrackedRetailerListState = (s: TrackedRetailerListState): TrackedRetailerListState => ({
  q: typeof s.q === 'string' ? s.q : '',
  category_id: Number.isInteger(s.category_id) && (s.category_id as number) > 0 ? s.category_id : null,
  verification: (VERIFICATION_STATES as readonly unknown[]).includes(s.verification) ? s.verification : null,
  sort: (TRACKED_RETAILER_SORTS as readonly unknown[]).includes(s.sort) ? s.sort : 'name',
  per_page: PAGE_SIZES.includes(s.per_page) ? s.per_page : TRACKED_RETAILER_LIST_DEFAULTS.per_page,
});

/** The list's filters as the list and the export call name them. */
export const trackedRetailerFilterQuery = (s: TrackedRetailerListState) => ({
  q: s.q.trim() || undefined,
  category_id: s.category_id ?? undefined,
  verification: s.verification ?? undefined,
  sort: s.sort,
});

/** GET /api/tracked-retailers */
export const useTrackedRetailerList = (state: TrackedRetailerListState, page: number, enabled: boolean) => {
  const query = { ...trackedRetailerFilterQuery(state), page, per_page: state.per_page };
  return useQuery({
    queryKey: trackedRetailerKeys.list(query),
    queryFn: ({ signal }) => http.get<Page<TrackedRetailer>>('/tracked-retailers', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

/** GET /api/tracked-retailers?q= for a picker (100 by name). Failures stay quiet. */
export const trackedRetailerSearchOptions = (q: string): PickerSearch<TrackedRetailer> => ({
  queryKey: trackedRetailerKeys.search(q),
  queryFn: async ({ signal }) =>
    (
      await http.get<Page<TrackedRetailer>>('/tracked-retailers', {
        query: { q: q.trim() || undefined, per_page: PAGE_SIZE_PICKER, sort: 'name' },
        quiet: true,
        signal,
      })
    ).data,
  staleTime: 10_000,
});

/** GET /api/tracked-retailers/{id}; a 404 (not tracked) is the page's to say. */
export const useTrackedRetailer = (id: number | null) =>
  useQuery({
    queryKey: trackedRetailerKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (
        await http.get<{ data: TrackedRetailerDetail }>(`/tracked-retailers/${id}`, {
          quiet: [404],
          signal,
        })
      ).data,
    enabled: id !== null,
    retry: false,
  });

export interface RetailerStoreParams extends Record<string, unknown> {
  q?: string;
  sort: string;
  page: number;
  per_page: number;
}

/** GET /api/tracked-retailers/{id}/stores */
export const useRetailerStores = (id: number, params: RetailerStoreParams) =>
  useQuery({
    queryKey: trackedRetailerKeys.stores(id, params),
    queryFn: ({ signal }) =>
      http.get<Page<RetailerStore>>(`/tracked-retailers/${id}/stores`, {
        query: { ...params, q: params.q?.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export interface RetailerStorePoints {
  /** [property_id, lng, lat] */
  data: [number, number, number][];
  truncated: boolean;
}

/** GET /api/tracked-retailers/{id}/store-points: every store on the map. */
export const useRetailerStorePoints = (id: number) =>
  useQuery({
    queryKey: trackedRetailerKeys.points(id),
    queryFn: ({ signal }) =>
      http.get<RetailerStorePoints>(`/tracked-retailers/${id}/store-points`, { signal, quiet: true }),
    staleTime: 60_000,
  });

/** GET /api/tracked-retailers/{id}/timeline, newest first. */
export const useRetailerTimeline = (id: number, page: number, perPage = 25) =>
  useQuery({
    queryKey: trackedRetailerKeys.timeline(id, page),
    queryFn: ({ signal }) =>
      http.get<Page<RetailerTimelineEvent>>(`/tracked-retailers/${id}/timeline`, {
        query: { page, per_page: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
