import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_LIMIT_DEFAULT, type SearchHit, type SearchResponse } from '@frontage/shared';
import { http } from '../../lib/http';

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string) => ['search', q] as const,
};

/**
 * GET /api/search for the palette: five hits per type. Failures stay quiet (the palette shows
 * its own error line); an empty text asks nothing.
 */
export const useGlobalSearch = (q: string) =>
  useQuery({
    queryKey: searchKeys.query(q),
    queryFn: async ({ signal }): Promise<SearchHit[]> =>
      (
        await http.get<SearchResponse>('/search', {
          query: { q, limit: SEARCH_LIMIT_DEFAULT },
          quiet: true,
          signal,
        })
      ).data,
    enabled: q !== '',
    staleTime: 10_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
