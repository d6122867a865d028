import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ComparablesResponse } from '@frontage/shared';
import { http } from '../../lib/http';

/** GET /api/deals/comparables with its query as the page builds it (undefined = not sent). */
export type ComparablesParams = Record<string, string | number | undefined>;

export const comparableKeys = { all: ['comparables'] as const };

/**
 * The comparables of a property, a scheme or a free filter. Disabled (null) until the page has a
 * place to ask about; the previous answer stays on screen while the next loads.
 */
export const useComparables = (params: ComparablesParams | null) =>
  useQuery({
    queryKey: [...comparableKeys.all, params] as const,
    queryFn: ({ signal }) => http.get<ComparablesResponse>('/deals/comparables', { query: params!, signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
