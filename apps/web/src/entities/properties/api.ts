import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROPERTY_INCLUDES,
  type Page,
  type Property,
  type PropertyCreate,
  type PropertyListQuery,
  type PropertyUpdate,
  type SchemePropertyCreate,
} from '@frontage/shared';
import { http } from '../../lib/http';
import { versionHeaders } from '../../lib/staleEdit';

/** What a create dialog emits (spec B §4): the new property as other screens refer to it. */
export interface CreatedProperty {
  id: number;
  entity_type: 'property';
  tenant: Property['tenant'] | null;
}

/**
 * The Properties and My Properties search field's label: what `?q=` matches (ADR 0085).
 */
export const PROPERTY_SEARCH_LABEL = 'Search address, tenant, landlord, scheme';

/** Query keys the property and scheme screens share, so a dialog can refresh any list. */
export const placeKeys = {
  properties: ['properties'] as const,
  property: (id: number) => ['properties', 'one', id] as const,
  schemes: ['schemes'] as const,
  scheme: (id: number) => ['schemes', 'one', id] as const,
  schemeSearch: (q: string) => ['schemes', 'search', q] as const,
};

/** The property load of spec B §7, with every include it names. */
export const PROPERTY_DETAIL_INCLUDE = PROPERTY_INCLUDES.join(',');
/** What the tables show per row. */
export const PROPERTY_LIST_INCLUDE = 'address,scheme,tenant,landlords,unverified_history_count';

export const fetchProperty = async (id: number): Promise<Property> =>
  (await http.get<{ data: Property }>(`/properties/${id}`, { query: { include: PROPERTY_DETAIL_INCLUDE } }))
    .data;

export const useProperty = (id: number | null) =>
  useQuery({ queryKey: placeKeys.property(id ?? 0), queryFn: () => fetchProperty(id ?? 0), enabled: !!id });

export type PropertyListParams = Omit<PropertyListQuery, 'include'>;

export const usePropertyList = (params: PropertyListParams, enabled = true) =>
  useQuery({
    enabled,
    queryKey: [...placeKeys.properties, 'list', params] as const,
    queryFn: ({ signal }) =>
      http.get<Page<Property>>('/properties', {
        query: { ...(params as Record<string, string | number | undefined>), include: PROPERTY_LIST_INCLUDE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export type ContactRole = 'landlord' | 'tenant';

export const setMeAsContact = async (id: number, role: ContactRole): Promise<Property> =>
  (await http.post<{ data: Property }>(`/properties/${id}/set-me-as-${role}-contact`)).data;

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

/**
 * The one save of an edited property (PUT /api/properties/{id}: fields, areas and address in one
 * call, ADR 0066). Every edit goes through here, so a request header (a version check) is added in
 * one place. On success the view shows the answer and its history, lists and scheme units refresh.
 * 422s are shown against the fields by the dialog, so they are not toasted.
 */
export const useUpdateProperty = (id: number) => {
  const qc = useQueryClient();
  return useMutation({
    /** `version`: the one the edit was opened on (If-Match); a stale save is refused with 412 (ADR 0060). */
    mutationFn: async ({ body, version }: { body: PropertyUpdate; version?: string }) =>
      (
        await http.put<{ data: Property }>(`/properties/${id}`, body, {
          quiet: [412, 422],
          headers: versionHeaders(version),
        })
      ).data,
    onSuccess: (saved) => {
      qc.setQueryData(placeKeys.property(id), saved);
      void qc.invalidateQueries({ queryKey: placeKeys.properties });
      void qc.invalidateQueries({ queryKey: ['history', 'property', id] });
      if (saved.scheme_id) void qc.invalidateQueries({ queryKey: placeKeys.scheme(saved.scheme_id) });
    },
  });
};
