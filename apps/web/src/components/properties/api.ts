import { useQuery } from '@tanstack/react-query';
import {
  DEBOUNCE_SEARCH_MS,
  PAGE_SIZE_SEARCH,
  SCHEME_PARTY_LIST_NAMES,
  type Property,
  type PropertyCreate,
  type Scheme,
  type SchemePropertyCreate,
} from '@frontage/shared';
import { http } from '../../lib/http';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

/** What a create dialog emits (spec B §4): the new property as other screens refer to it. */
export interface CreatedProperty {
  id: number;
  entity_type: 'property';
  tenant: Property['tenant'] | null;
}

/** Query keys the property and scheme screens share, so a dialog can refresh any list. */
export const placeKeys = {
  properties: ['properties'] as const,
  property: (id: number) => ['properties', 'one', id] as const,
  schemes: ['schemes'] as const,
  scheme: (id: number) => ['schemes', 'one', id] as const,
  schemeSearch: (q: string) => ['schemes', 'search', q] as const,
};

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

const created = (p: Pick<Property, 'id' | 'tenant'>): CreatedProperty => ({
  id: p.id,
  entity_type: 'property',
  tenant: p.tenant ?? null,
});

/** 422s are shown against the fields by the dialog, so they are not toasted. */
export const createStandaloneProperty = async (body: PropertyCreate): Promise<CreatedProperty> =>
  created((await http.post<{ data: Property }>('/properties', body, { quiet: [422] })).data);

export const createSchemeProperty = async (
  schemeId: number,
  body: SchemePropertyCreate,
): Promise<CreatedProperty> =>
  created(
    (await http.post<{ data: Property }>(`/schemes/${schemeId}/properties`, body, { quiet: [422] })).data,
  );
