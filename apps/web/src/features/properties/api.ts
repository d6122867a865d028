import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PROPERTY_INCLUDES, type Property, type PropertyListQuery } from '@frontage/shared';
import { http } from '../../lib/http';
import { placeKeys } from '../../components/properties/api';

export { placeKeys };

/** The property load of spec B §7, with every include it names. */
export const PROPERTY_DETAIL_INCLUDE = PROPERTY_INCLUDES.join(',');
/** What the tables show per row. */
export const PROPERTY_LIST_INCLUDE = 'address,scheme,tenant,landlords,unverified_history_count';

export interface Page<T> {
  data: T[];
  meta: {
    pagination: { total: number; count: number; per_page: number; current_page: number; total_pages: number };
  };
}

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
