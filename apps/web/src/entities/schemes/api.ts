import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEBOUNCE_SEARCH_MS,
  PAGE_SIZE_SEARCH,
  SCHEME_PARTY_LIST_NAMES,
  type Page,
  type Scheme,
  type SchemeCreate,
  type SchemeListQuery,
  type SchemeUpdate,
} from '@frontage/shared';
import { http } from '../../lib/http';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { placeKeys } from '../properties/api';
import { versionHeaders } from '../../lib/staleEdit';

/** The scheme load of spec B §7: address, its units and the landlord lists. */
export const SCHEME_DETAIL_INCLUDE = [
  'address',
  'files',
  'properties',
  ...SCHEME_PARTY_LIST_NAMES,
  'agents',
  'contacts',
  'tenant',
].join(',');

export const fetchScheme = async (id: number): Promise<Scheme> =>
  (await http.get<{ data: Scheme }>(`/schemes/${id}`, { query: { include: SCHEME_DETAIL_INCLUDE } })).data;

export const useScheme = (id: number | null) =>
  useQuery({ queryKey: placeKeys.scheme(id ?? 0), queryFn: () => fetchScheme(id ?? 0), enabled: !!id });

/**
 * Scheme search for the combobox (spec B §7: q, per_page 50, include address and the landlord
 * lists, type=all, debounced 500 ms; results only when q is not empty). Failures stay quiet.
 */
export const useSchemeSearch = (input: string) => {
  const q = useDebouncedValue(input.trim(), DEBOUNCE_SEARCH_MS);
  return useQuery({
    queryKey: placeKeys.schemeSearch(q),
    queryFn: async ({ signal }) =>
      (
        await http.get<{ data: Scheme[] }>('/schemes', {
          query: {
            q,
            per_page: PAGE_SIZE_SEARCH,
            include: ['address', ...SCHEME_PARTY_LIST_NAMES].join(','),
            type: 'all',
          },
          quiet: true,
          signal,
        })
      ).data,
    enabled: q.length > 0,
    staleTime: 30_000,
  });
};

export const SCHEME_LIST_INCLUDE = 'address,landlords,properties_count';

export type SchemeListParams = Omit<SchemeListQuery, 'include'>;

export const useSchemeList = (params: SchemeListParams) =>
  useQuery({
    queryKey: [...placeKeys.schemes, 'list', params] as const,
    queryFn: ({ signal }) =>
      http.get<Page<Scheme>>('/schemes', {
        query: { ...(params as Record<string, string | number | undefined>), include: SCHEME_LIST_INCLUDE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** 422s are shown against the fields by the form. */
export const createScheme = async (body: SchemeCreate): Promise<Scheme> =>
  (await http.post<{ data: Scheme }>('/schemes', body, { quiet: [422] })).data;

/**
 * The one save of an edited scheme (PUT /api/schemes/{id}: its fields, address and landlord lists
 * in one call, ADR 0066); a request header (a version check) is added here for every edit. On
 * success the view shows the answer, its history and the lists refresh; 422s go to the fields.
 */
export const useUpdateScheme = (id: number) => {
  const qc = useQueryClient();
  return useMutation({
    /** `version`: the one the edit was opened on (If-Match); a stale save is refused with 412 (ADR 0060). */
    mutationFn: async ({ body, version }: { body: SchemeUpdate; version?: string }) =>
      (
        await http.put<{ data: Scheme }>(`/schemes/${id}`, body, {
          quiet: [412, 422],
          headers: versionHeaders(version),
        })
      ).data,
    onSuccess: (saved) => {
      qc.setQueryData(placeKeys.scheme(id), saved);
      void qc.invalidateQueries({ queryKey: placeKeys.schemes });
      void qc.invalidateQueries({ queryKey: ['history', 'scheme', id] });
    },
  });
};
