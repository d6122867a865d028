import { useQuery, keepPreviousData } from '@tanstack/react-query';
import {
  GAP_DEFAULT_MONTHS,
  GAP_LEVELS,
  GAP_SORTS,
  type GapAnalysisResult,
  type GapLevel,
  type GapSort,
} from '@frontage/shared';
import { http } from '../../lib/http';

/** A gap analysis as the URL holds it (so a link reproduces it) and as /reports saves it per user. */
export interface GapQueryState extends Record<string, unknown> {
  company_id: number | null;
  category_id: number | null;
  level: GapLevel;
  sort: GapSort;
  months: number;
  min_peers: number;
  page: number;
  per_page: number;
}

export const GAP_QUERY_DEFAULTS: GapQueryState = {
  company_id: null,
  category_id: null,
  level: 'town',
  sort: 'peers',
  months: GAP_DEFAULT_MONTHS,
  min_peers: 1,
  page: 1,
  per_page: 25,
};

export const GAP_PAGE_SIZES = [25, 50, 100] as const;

const intIn = (v: unknown, min: number, max: number): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** Whatever a URL or a saved state holds, as a query the API accepts (bad values fall back). */
export const sanitizeGapQuery = (raw: Record<string, unknown>): GapQueryState => ({
  company_id: intIn(raw.company_id, 1, Number.MAX_SAFE_INTEGER),
  category_id: intIn(raw.category_id, 1, Number.MAX_SAFE_INTEGER),
  level: (GAP_LEVELS as readonly unknown[]).includes(raw.level) ? (raw.level as GapLevel) : 'town',
  sort: (GAP_SORTS as readonly unknown[]).includes(raw.sort) ? (raw.sort as GapSort) : 'peers',
  months: intIn(raw.months, 0, 60) ?? GAP_DEFAULT_MONTHS,
  min_peers: intIn(raw.min_peers, 1, 1000) ?? 1,
  page: intIn(raw.page, 1, 100_000) ?? 1,
  per_page: (GAP_PAGE_SIZES as readonly unknown[]).includes(Number(raw.per_page))
    ? Number(raw.per_page)
    : GAP_QUERY_DEFAULTS.per_page,
});

/** The query in the URL; null when the URL names no retailer. */
export const gapQueryFromParams = (params: URLSearchParams): GapQueryState | null =>
  params.get('company_id') ? sanitizeGapQuery(Object.fromEntries(params)) : null;

/** The URL's search of a query: only what differs from the defaults, besides the retailer. */
export const gapParamsOf = (q: GapQueryState): URLSearchParams => {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === null || (k !== 'company_id' && v === GAP_QUERY_DEFAULTS[k])) continue;
    out.set(k, String(v));
  }
  return out;
};

/** The filters as the API names them (the export takes them without the page). */
export const gapFilterQuery = (q: GapQueryState) => ({
  company_id: q.company_id ?? undefined,
  category_id: q.category_id ?? undefined,
  level: q.level,
  sort: q.sort,
  months: q.months,
  min_peers: q.min_peers,
});

/** GET /api/reports/gap-analysis; errors (a retailer without categories …) are the page's to show. */
export const useGapAnalysis = (q: GapQueryState | null) => {
  const query = q && { ...gapFilterQuery(q), page: q.page, per_page: q.per_page };
  return useQuery({
    queryKey: ['reports', 'gap-analysis', query],
    queryFn: ({ signal }) =>
      http.get<GapAnalysisResult>('/reports/gap-analysis', { query: query ?? {}, quiet: true, signal }),
    enabled: !!q?.company_id,
    placeholderData: keepPreviousData,
    retry: false,
  });
};
