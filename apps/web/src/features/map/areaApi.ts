import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Bbox,
  MapFilters,
  MapPoint,
  MapPointSort,
  MapSearch,
  MapSearchArea,
  MapSearchBody,
  Page,
} from '@frontage/shared';
import { http, type QueryValue } from '../../lib/http';
import type { MapFilterState, NamedRef } from './state';

/*
 * The side panel's calls: the points of the viewport or of an area, their CSV export
 * and the user's saved areas. The clusters, heat and ui-state calls are the map's (./api.ts).
 */

/** Rows per page of the in-view and area lists (server-side paging). */
export const MAP_LIST_PAGE_SIZE = 25;
export const MAP_EXPORT_PATH = '/map/points/export';

export const areaKeys = {
  all: ['map-panel'] as const,
  points: (query: Record<string, QueryValue>) => ['map-panel', 'points', query] as const,
  searches: ['map-panel', 'searches'] as const,
};

/** 6 decimals of a degree is ~10 cm: plenty, and keeps a polygon's query string short. */
const deg = (v: number): string => String(Math.round(v * 1e6) / 1e6);
const pair = ([lng, lat]: readonly [number, number] | readonly number[]): string =>
  `${deg(lng ?? 0)},${deg(lat ?? 0)}`;

/** The area part of a points or export query: bbox, polygon, or center with radius_m. */
export const areaQuery = (area: MapSearchArea | null, bbox: Bbox | null): Record<string, string> | null => {
  if (area?.type === 'polygon') return { polygon: area.coordinates.map(pair).join(';') };
  if (area?.type === 'circle')
    return { center: pair(area.center), radius_m: String(Math.round(area.radius_m)) };
  if (bbox) return { bbox: bbox.map(deg).join(',') };
  return null;
};

/** The whole query of a list or an export: area, filters and sort (paging added by the list). */
export const pointsQuery = (
  area: Record<string, string>,
  filters: MapFilters,
  sort: MapPointSort,
): Record<string, QueryValue> => ({ ...area, ...(filters as Record<string, QueryValue>), sort });

/** GET /api/map/points: one page; a 422 (a bad range, area or filter) is shown by the panel. */
export const useMapPoints = (query: Record<string, QueryValue> | null, page: number) =>
  useQuery({
    queryKey: areaKeys.points({ ...query, page }),
    queryFn: ({ signal }) =>
      http.get<Page<MapPoint>>('/map/points', {
        query: { ...query, page, per_page: MAP_LIST_PAGE_SIZE },
        quiet: [422],
        signal,
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

/** GET /api/map/searches: the user's saved areas. */
export const useMapSearches = () =>
  useQuery({
    queryKey: areaKeys.searches,
    queryFn: async ({ signal }) => (await http.get<{ data: MapSearch[] }>('/map/searches', { signal })).data,
  });

/** POST /api/map/searches; 422s (name, too many) are shown by the save dialog. */
export const useSaveMapSearch = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: MapSearchBody) =>
      (await http.post<{ data: MapSearch }>('/map/searches', body, { quiet: [422] })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: areaKeys.searches }),
  });
};

/** DELETE /api/map/searches/{id} */
export const useDeleteMapSearch = () => {
  const qc = useQueryClient();
  return useMutation({
    // The server's 'Saved area deleted.' is the confirmation.
    mutationFn: (id: number) => http.delete(`/map/searches/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: areaKeys.searches }),
  });
};

/*
 * A saved area keeps the filters in their query-string form (mapSearchBodySchema) plus the names
 * of the chosen tenant, landlord and scheme, so the pickers read right when it is applied.
 */
const REFS = ['tenant', 'landlord', 'scheme'] as const;
const TEXTS = [
  'lease_end_from',
  'lease_end_to',
  'rent_sqft_min',
  'rent_sqft_max',
  'area_min',
  'area_max',
] as const;

export const savedFiltersOf = (f: MapFilterState): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const k of REFS) {
    const ref = f[k];
    if (ref) {
      out[`${k}_id`] = String(ref.id);
      out[`${k}_name`] = ref.name.slice(0, 200);
    }
  }
  if (f.vacant) out.vacant = 'true';
  for (const k of TEXTS) {
    const v = f[k];
    if (v) out[k] = v;
  }
  return out;
};

const one = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** The panel's filters from a saved area's (unknown keys ignored). */
export const filtersFromSaved = (saved: Record<string, string | string[]>): MapFilterState => {
  const f: MapFilterState = {};
  for (const k of REFS) {
    const id = Number(one(saved[`${k}_id`]));
    if (Number.isInteger(id) && id > 0) {
      const ref: NamedRef = { id, name: one(saved[`${k}_name`]) ?? `#${id}` };
      f[k] = ref;
    }
  }
  const vacant = one(saved.vacant);
  if (vacant === 'true' || vacant === '1') f.vacant = true;
  for (const k of TEXTS) {
    const v = one(saved[k]);
    if (v) f[k] = v;
  }
  return f;
};
