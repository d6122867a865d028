import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, LinearProgress, Typography } from '@mui/material';
import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  MAP_DEFAULT_GROUPS,
  MAP_DEFAULT_LAYER,
  MAP_DEFAULT_VIEW,
  MAP_GROUPS,
  MAP_LAYERS,
  MAP_OFFLINE_BASEMAP_HINT,
  MAP_OVERLAYS,
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
  type MapCluster,
  type MapLayer,
  type MapSearchArea,
  type PublicConfig,
} from '@frontage/shared';
import { CreateEnquiryDialog } from '../../../entities/enquiries/CreateEnquiryDialog';
import type { EnquirySubject } from '../../../entities/enquiries/enquiryForm';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { LABELLED_POINTS_MAX, useClusters, useHeat, useMapStyles, usePointLabels } from '../api';
import { boundsAt } from '../../../components/map/viewport';
import type { SettledMapView } from '../components/ClusterMap';
import { LayerSwitch } from '../components/LayerSwitch';
import { MapKey, MapLegend } from '../components/MapLegend';
import { MapSidePanel } from '../components/MapSidePanel';
import { ClusterMapLazy as ClusterMap, preloadMapLibrary } from '../preload';
import { filterQuery, type MapFilterState, type MapViewState } from '../state';

// MapLibre is a chunk of its own: the page asks for its clusters while the library downloads.

type Styles = PublicConfig['map_styles'];
type SavedMap = MapViewState & Record<string, unknown>;

/** The basemaps on offer: the offline one always, the hosted ones the installation names. */
export const layersOf = (styles: Styles): MapLayer[] =>
  MAP_LAYERS.filter((l) => l === 'offline' || !!styles[l as keyof Styles]);

/** Spec A §9: hybrid when the installation has it, else the offline map. */
export const defaultLayerOf = (styles: Styles): MapLayer =>
  MAP_DEFAULT_LAYER !== 'offline' && styles[MAP_DEFAULT_LAYER] ? MAP_DEFAULT_LAYER : 'offline';

export const defaultMapState = (styles: Styles): SavedMap => ({
  center: { lat: MAP_DEFAULT_VIEW.lat, lng: MAP_DEFAULT_VIEW.lng },
  zoom: MAP_DEFAULT_VIEW.zoom,
  layer: defaultLayerOf(styles),
  groups: [...MAP_DEFAULT_GROUPS],
  overlays: [],
  filters: {},
});

const isNum = (v: unknown, lo: number, hi: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi;
const listOf = <T extends string>(all: readonly T[], v: unknown, fallback: T[]): T[] =>
  Array.isArray(v) ? all.filter((x) => v.includes(x)) : fallback;

/** A saved state as this installation can show it: bad or stale values fall back to the defaults. */
export const sanitizeMapState =
  (styles: Styles) =>
  (s: SavedMap): SavedMap => {
    const d = defaultMapState(styles);
    const c = s.center as Partial<MapViewState['center']> | undefined;
    return {
      center: c && isNum(c.lat, -85, 85) && isNum(c.lng, -180, 180) ? { lat: c.lat, lng: c.lng } : d.center,
      zoom: isNum(s.zoom, MAP_ZOOM_MIN, MAP_ZOOM_MAX) ? s.zoom : d.zoom,
      layer: layersOf(styles).includes(s.layer) ? s.layer : d.layer,
      groups: listOf(MAP_GROUPS, s.groups, d.groups),
      overlays: listOf(MAP_OVERLAYS, s.overlays, d.overlays),
      filters:
        s.filters && typeof s.filters === 'object' && !Array.isArray(s.filters) ? s.filters : d.filters,
    };
  };

/**
 * /map: every property and scheme, clustered by the server, in the map layout — a
 * toolbar (groups with their counts, layers), the map, and the side panel. The view, basemap,
 * groups, overlays and filters are saved per user (spec A §3) and come back on the next visit.
 */
export default function MapPage() {
  // The map library and the basemap's data download while the saved view and the config load.
  useEffect(preloadMapLibrary, []);
  const styles = useMapStyles();
  if (!styles) return <LinearProgress aria-label="Loading map" />;
  return <MapScreen styles={styles} />;
}

function MapScreen({ styles }: { styles: Styles }) {
  const defaults = useMemo(() => defaultMapState(styles), [styles]);
  const sanitize = useMemo(() => sanitizeMapState(styles), [styles]);
  const saved = useSavedUiState<SavedMap>('map', defaults, sanitize);
  if (!saved.ready) return <LinearProgress aria-label="Loading map" />;
  return <MapBody styles={styles} saved={saved} />;
}

const NO_CLUSTERS: readonly MapCluster[] = [];

function MapBody({ styles, saved }: { styles: Styles; saved: ReturnType<typeof useSavedUiState<SavedMap>> }) {
  const { state, update } = saved;
  // The map opens where the saved state says; from then on the map holds the view.
  const [initialView] = useState(() => ({ center: state.center, zoom: state.zoom }));
  const [view, setView] = useState<SettledMapView | null>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [area, setArea] = useState<MapSearchArea | null>(null);
  const [enquiryFor, setEnquiryFor] = useState<EnquirySubject | null>(null);
  const mapBox = useRef<HTMLDivElement>(null);

  // The first view from the saved centre and zoom and the map's size, before the map exists: the
  // clusters are asked for at once, in parallel with loading the map library, and drawn when both
  // are in. The map's own first view asks the same question (one request, from the cache).
  useLayoutEffect(() => {
    const el = mapBox.current;
    if (!el || !el.clientWidth || !el.clientHeight) return;
    const { center, zoom } = initialView;
    setView((v) => v ?? { bbox: boundsAt(center, zoom, el.clientWidth, el.clientHeight), zoom, center });
  }, [initialView]);

  const query = useMemo(() => filterQuery(state.filters, state.groups), [state.filters, state.groups]);
  const vacantQuery = useMemo(() => ({ ...query, vacant: 'true' as const }), [query]);
  const leaseQuery = useMemo(() => ({ ...query, lease_event: 'true' as const }), [query]);
  const on = (o: (typeof MAP_OVERLAYS)[number]) => state.overlays.includes(o);

  const clusters = useClusters(view, query);
  const vacancy = useClusters(view, vacantQuery, on('vacancy'));
  const leaseEvents = useClusters(view, leaseQuery, on('lease_events'));
  const heat = useHeat(view, state.groups, on('rent_heat'));
  const totals = clusters.data?.meta.totals ?? null;
  const inView = totals?.reduce((a, b) => a + b, 0) ?? Infinity;
  const hasSingles = !!clusters.data?.data.some((c) => c.count === 1);
  const labels = usePointLabels(view, query, hasSingles && inView <= LABELLED_POINTS_MAX);

  const onViewSettled = (v: SettledMapView) => {
    setView(v);
    const { center, zoom } = state;
    if (zoom !== v.zoom || center.lat !== v.center.lat || center.lng !== v.center.lng)
      update({ center: v.center, zoom: v.zoom });
  };

  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex' }}>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: 1.5,
            rowGap: 0.25,
            px: 1.5,
            py: 0.75,
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <Typography variant="h1" component="h1" sx={{ fontSize: '1.125rem', mr: 0.5 }}>
            Map
          </Typography>
          <MapLegend groups={state.groups} totals={totals} onChange={(groups) => update({ groups })} />
          <Box sx={{ flexGrow: 1 }} />
          {layersOf(styles).length === 1 && (
            <Typography variant="caption" color="text.secondary" noWrap title={MAP_OFFLINE_BASEMAP_HINT}>
              {MAP_OFFLINE_BASEMAP_HINT}
            </Typography>
          )}
        </Box>
        <Box ref={mapBox} sx={{ flex: 1, minHeight: 0, position: 'relative' }}>
          {clusters.isFetching && (
            <LinearProgress
              aria-label="Updating the map"
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 3 }}
            />
          )}
          <Suspense fallback={<Box sx={{ position: 'absolute', inset: 0, bgcolor: 'action.hover' }} />}>
            <ClusterMap
              styleUrl={state.layer === 'offline' ? null : styles[state.layer]}
              initialView={initialView}
              clusters={clusters.data?.data ?? NO_CLUSTERS}
              labels={labels.data}
              vacancy={on('vacancy') ? (vacancy.data?.data ?? null) : null}
              leaseEvents={on('lease_events') ? (leaseEvents.data?.data ?? null) : null}
              heat={on('rent_heat') ? (heat.data ?? null) : null}
              query={query}
              onViewSettled={onViewSettled}
              onMapReady={setMap}
              onAddEnquiry={setEnquiryFor}
            >
              <Box
                sx={{
                  position: 'absolute',
                  top: 8,
                  left: 8,
                  zIndex: 3,
                  bgcolor: 'background.paper',
                  borderRadius: 1,
                  boxShadow: 1,
                }}
              >
                <LayerSwitch
                  layers={layersOf(styles)}
                  layer={state.layer}
                  onLayerChange={(layer) => update({ layer })}
                  overlays={state.overlays}
                  onOverlaysChange={(overlays) => update({ overlays })}
                />
              </Box>
              <MapKey overlays={state.overlays} />
            </ClusterMap>
          </Suspense>
        </Box>
      </Box>
      <MapSidePanel
        map={map}
        // The list asks once the map has its first clusters: the map's answer comes first.
        bbox={clusters.data ? (view?.bbox ?? null) : null}
        groups={state.groups}
        filters={state.filters}
        onFiltersChange={(filters: MapFilterState) => update({ filters })}
        area={area}
        onAreaChange={setArea}
      />
      <CreateEnquiryDialog open={!!enquiryFor} subject={enquiryFor} onClose={() => setEnquiryFor(null)} />
    </Box>
  );
}
