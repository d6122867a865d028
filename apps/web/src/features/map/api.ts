import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MAP_GROUPS,
  MAP_ZOOM_MAX,
  type Bbox,
  type MapClustersResponse,
  type MapFilters,
  type MapGroup,
  type MapHeatCell,
  type MapPoint,
  type Page,
  type PublicConfig,
} from '@frontage/shared';
import { useAppConfig } from '../../lib/config';
import { http, type QueryValue } from '../../lib/http';

/** The viewport once the map has settled: what the map's requests are built on. */
export interface SettledView {
  bbox: Bbox;
  zoom: number;
}

/** The hosted basemaps of the installation (MAP_STYLES via /api/config); undefined while loading. */
export const useMapStyles = (): PublicConfig['map_styles'] | undefined => {
  const config = useAppConfig();
  if (config.isPending) return undefined;
  return { road: null, satellite: null, hybrid: null, ...config.data?.map_styles };
};

const MERCATOR_MAX_LAT = 85.0511;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The area asked for: the viewport clamped to the world and widened to a grid of 16 screen pixels
 * at the whole zoom (512-px tiles), so a nudge of the map asks the same question again (one cache
 * entry) and the server's cells (64 px at the whole zoom) stay whole. The zoom is the whole zoom:
 * the server's grid level only changes with it.
 */
export const requestArea = (view: SettledView): { bbox: string; zoom: number } | null => {
  const zoom = clamp(Math.floor(view.zoom), 0, MAP_ZOOM_MAX);
  const step = (360 / (512 * 2 ** zoom)) * 16;
  const snap = (v: number, up: boolean) => (up ? Math.ceil(v / step) : Math.floor(v / step)) * step;
  const [w, s, e, n] = view.bbox;
  const west = clamp(snap(w, false), -180, 180);
  const east = clamp(snap(e, true), -180, 180);
  const south = clamp(snap(s, false), -MERCATOR_MAX_LAT, MERCATOR_MAX_LAT);
  const north = clamp(snap(n, true), -MERCATOR_MAX_LAT, MERCATOR_MAX_LAT);
  if (!(west < east && south < north)) return null;
  const fixed = (v: number) => Number(v.toFixed(6));
  return { bbox: [west, south, east, north].map(fixed).join(','), zoom };
};

export const mapKeys = {
  all: ['map'] as const,
  clusters: (area: { bbox: string; zoom: number } | null, q: MapFilters) =>
    ['map', 'clusters', area, q] as const,
  heat: (area: { bbox: string; zoom: number } | null, groups: string) =>
    ['map', 'heat', area, groups] as const,
  labels: (bbox: string | null, q: MapFilters) => ['map', 'labels', bbox, q] as const,
};

const EMPTY_TOTALS = MAP_GROUPS.map(() => 0);
export const EMPTY_CLUSTERS: MapClustersResponse = { data: [], meta: { level: null, totals: EMPTY_TOTALS } };

const noGroups = (q: MapFilters) => !q.groups;

/**
 * GET /api/map/clusters for the settled view and the filters. The previous answer stays on the map
 * while the next one loads; with no group on, nothing is asked (and nothing is shown).
 */
export const useClusters = (view: SettledView | null, q: MapFilters, enabled = true) => {
  const area = view ? requestArea(view) : null;
  return useQuery({
    queryKey: mapKeys.clusters(area, q),
    queryFn: async ({ signal }) =>
      area && !noGroups(q)
        ? await http.get<MapClustersResponse>('/map/clusters', {
            query: { ...area, ...(q as Record<string, QueryValue>) },
            signal,
          })
        : EMPTY_CLUSTERS,
    enabled: enabled && !!area,
    placeholderData: keepPreviousData,
    // Clusters are live on the server (fresh within a second of a write): ask again on each visit.
    staleTime: 0,
  });
};

/** GET /api/map/heat: average rent per sq ft per cell in view (the server caches it for a minute). */
export const useHeat = (view: SettledView | null, groups: readonly MapGroup[], enabled: boolean) => {
  const area = view ? requestArea(view) : null;
  const g = groups.join(',');
  return useQuery({
    queryKey: mapKeys.heat(area, g),
    queryFn: async ({ signal }) =>
      area && g
        ? (await http.get<{ data: MapHeatCell[] }>('/map/heat', { query: { ...area, groups: g }, signal }))
            .data
        : [],
    enabled: enabled && !!area,
    placeholderData: keepPreviousData,
  });
};

/** The most points the markers' names are fetched for (one page of /api/map/points). */
export const LABELLED_POINTS_MAX = 100;

/**
 * The names of the single points in view (their markers' accessible names), when the view holds
 * few enough points for one page of GET /api/map/points; keyed `kind:id`.
 */
export const usePointLabels = (view: SettledView | null, q: MapFilters, enabled: boolean) => {
  const bbox = view ? (requestArea(view)?.bbox ?? null) : null;
  return useQuery({
    queryKey: mapKeys.labels(bbox, q),
    queryFn: async ({ signal }) => {
      const page = await http.get<Page<MapPoint>>('/map/points', {
        query: { bbox, ...(q as Record<string, QueryValue>), per_page: LABELLED_POINTS_MAX },
        quiet: true,
        signal,
      });
      return new Map(page.data.map((p) => [`${p.kind}:${p.id}`, p]));
    },
    enabled: enabled && !!bbox && !noGroups(q),
    placeholderData: keepPreviousData,
  });
};

/** The points at one place (a stack that no zoom splits), for the list in its popup. */
export const fetchPointsAt = async (at: { lat: number; lng: number }, q: MapFilters): Promise<MapPoint[]> => {
  const d = 0.00002;
  const bbox = [at.lng - d, at.lat - d, at.lng + d, at.lat + d].map((v) => v.toFixed(6)).join(',');
  const page = await http.get<Page<MapPoint>>('/map/points', {
    query: { bbox, ...(q as Record<string, QueryValue>), per_page: LABELLED_POINTS_MAX },
  });
  return page.data;
};
