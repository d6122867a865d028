import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Bbox, MapFilters, MapGroup, MapLayer, MapOverlay, MapSearchArea } from '@frontage/shared';

/*
 * What /map keeps: the view, the basemap, the groups, the overlays and the filters —
 * saved per user in ui-state 'map' (spec A §3) — and the area being searched. MapPage owns it;
 * the map (ClusterMap) and the side panel (MapSidePanel) read and change it through props.
 */

/** A company or scheme chosen in a filter, kept with its name so the chip reads right on reload. */
export interface NamedRef {
  id: number;
  name: string;
}

/** The filter panel's values; `filterQuery` turns them into the API's query (MapFilters). */
export interface MapFilterState {
  tenant?: NamedRef | null;
  landlord?: NamedRef | null;
  scheme?: NamedRef | null;
  vacant?: boolean;
  lease_end_from?: string | null;
  lease_end_to?: string | null;
  rent_sqft_min?: string | null;
  rent_sqft_max?: string | null;
  area_min?: string | null;
  area_max?: string | null;
}

export interface MapViewState {
  center: { lat: number; lng: number };
  zoom: number;
  layer: MapLayer;
  groups: MapGroup[];
  overlays: MapOverlay[];
  filters: MapFilterState;
}

/** The query-string form of the filters and groups, as every /api/map call takes them. */
export const filterQuery = (f: MapFilterState, groups: readonly MapGroup[]): MapFilters => {
  const q: MapFilters = { groups: groups.join(',') };
  if (f.tenant) q.tenant_id = f.tenant.id;
  if (f.landlord) q.landlord_id = f.landlord.id;
  if (f.scheme) q.scheme_id = f.scheme.id;
  if (f.vacant) q.vacant = 'true';
  if (f.lease_end_from) q.lease_end_from = f.lease_end_from;
  if (f.lease_end_to) q.lease_end_to = f.lease_end_to;
  if (f.rent_sqft_min) q.rent_sqft_min = f.rent_sqft_min;
  if (f.rent_sqft_max) q.rent_sqft_max = f.rent_sqft_max;
  if (f.area_min) q.area_min = f.area_min;
  if (f.area_max) q.area_max = f.area_max;
  return q;
};

/** What MapPage hands the side panel (filters, the in-view list, area search, saved areas). */
export interface MapSidePanelProps {
  /** The live MapLibre map once it has loaded (for drawing an area and flying to a row), else null. */
  map: MapLibreMap | null;
  /** The settled viewport, west,south,east,north. */
  bbox: Bbox | null;
  groups: MapGroup[];
  filters: MapFilterState;
  onFiltersChange: (filters: MapFilterState) => void;
  /** The area being searched (drawn or a saved one), or null. */
  area: MapSearchArea | null;
  onAreaChange: (area: MapSearchArea | null) => void;
}
