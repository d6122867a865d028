import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Scheme, SchemeCreate, SchemeListQuery } from '@frontage/shared';
import { http } from '../../lib/http';
import { placeKeys, useScheme } from '../../components/properties/api';

export { placeKeys, useScheme };

export interface Page<T> {
  data: T[];
  meta: {
    pagination: { total: number; count: number; per_page: number; current_page: number; total_pages: number };
  };
}

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
