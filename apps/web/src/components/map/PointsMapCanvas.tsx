import { useEffect, useLayoutEffect, useRef } from 'react';
import { Box, Typography, useTheme } from '@mui/material';
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useAppConfig } from '../../lib/config';
import type { MapPointItem, PointsMapProps, PointsMapView } from './PointsMap';
import { UK_CENTRE } from './types';
import { useMapLibre } from './useMapLibre';

/** Up to this many points are buttons (reachable by keyboard); more are one circle layer. */
export const POINT_MARKER_LIMIT = 300;
const SOURCE = 'fm-points';

/** The camera that frames every point (a single one at street level). */
export const frameOf = (points: readonly MapPointItem[]): { center: [number, number]; zoom: number } => {
  if (points.length === 0) return { center: [UK_CENTRE.lng, UK_CENTRE.lat], zoom: 5 };
  const lngs = points.flatMap((p) => [p.lng - (p.spread ?? 0), p.lng + (p.spread ?? 0)]);
  const lats = points.flatMap((p) => [p.lat - (p.spread ?? 0) / 1.6, p.lat + (p.spread ?? 0) / 1.6]);
  const [w, e, s, n] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const span = Math.max(e - w, (n - s) * 1.6, 0.005);
  const zoom = Math.max(3, Math.min(15, Math.log2(360 / span) - 0.6));
  return { center: [(w + e) / 2, (s + n) / 2], zoom: Number(zoom.toFixed(2)) };
};

const diameterOf = (weight: number, max: number): number =>
  Math.round(12 + 24 * Math.sqrt(Math.max(0, weight - 1) / Math.max(1, max - 1)));

const geoJsonOf = (points: readonly MapPointItem[]) => ({
  type: 'FeatureCollection' as const,
  features: points.map((p) => ({
    type: 'Feature' as const,
    properties: { id: p.id },
    geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
  })),
});

/** The map behind PointsMap: button markers for a few points, a circle layer for many. */
export default function PointsMapCanvas(props: PointsMapProps) {
  const { points, label, selectedId, height = 360 } = props;
  const theme = useTheme();
  const colours = {
    fill: theme.palette.primary.main,
    selected: theme.palette.secondary.main,
    ring: theme.palette.background.paper,
    text: theme.palette.primary.contrastText,
  };
  const config = useAppConfig();
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef({ props, colours });
  useLayoutEffect(() => {
    latest.current = { props, colours };
  });
  const asLayer = points.length > POINT_MARKER_LIMIT;
  const first = frameOf(points);
  const { map, loaded, failed } = useMapLibre({
    container,
    styleUrl: config.isPending ? undefined : (config.data?.map_style_url ?? null),
    center: { lng: first.center[0], lat: first.center[1] },
    zoom: first.zoom,
    onStyleLoad: (m) => addLayer(m, latest.current.props.points, latest.current.colours.fill),
  });

  // Frame the points whenever they change (or whenever the caller's frameKey does).
  const frameKey = props.frameKey ?? points.map((p) => `${p.id}`).join(',');
  useEffect(() => {
    if (!map || points.length === 0 || !frameKey) return;
    const f = frameOf(points);
    map.easeTo({ center: f.center, zoom: f.zoom });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids are the points' identity
  }, [map, frameKey]);

  // The settled view after each move, framing included (a caller whose points follow the view).
  useEffect(() => {
    if (!map) return;
    const report = () => latest.current.props.onViewSettled?.(viewOf(map));
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map]);

  // Many points: one GeoJSON circle layer; a click picks the point under it.
  useEffect(() => {
    if (!map || !asLayer) return;
    const src = map.getSource(SOURCE) as GeoJSONSource | undefined;
    // Points that arrive after the style loaded add the layer now; later ones replace its data.
    if (src) src.setData(geoJsonOf(points));
    else if (map.isStyleLoaded()) addLayer(map, points, latest.current.colours.fill);
    const onClick = (e: maplibregl.MapMouseEvent) => {
      if (!map.getLayer(SOURCE)) return;
      const hit = map.queryRenderedFeatures(e.point, { layers: [SOURCE] })[0];
      const id = hit?.properties?.id as MapPointItem['id'] | undefined;
      const p = latest.current.props.points.find((x) => x.id === id);
      if (p) pick(map, p, latest.current.props.onPick);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, asLayer, points, loaded]);

  // Few points: a button per point, sized by its weight.
  const markers = useRef(new Map<MapPointItem['id'], { marker: Marker; el: HTMLButtonElement }>());
  useEffect(() => {
    if (!map || asLayer) return;
    const max = Math.max(1, ...points.map((p) => p.weight ?? 1));
    const made = markers.current;
    for (const p of points) {
      const el = document.createElement('button');
      el.type = 'button';
      el.setAttribute('aria-label', p.label);
      el.title = p.label;
      const d = diameterOf(p.weight ?? 1, max);
      Object.assign(el.style, {
        width: `${d}px`,
        height: `${d}px`,
        borderRadius: '50%',
        padding: '0',
        cursor: 'pointer',
        opacity: '0.85',
      });
      if (p.text) {
        el.textContent = p.text;
        Object.assign(el.style, { font: '700 11px/1 sans-serif' });
      }
      el.addEventListener('click', (e) => {
        e.stopPropagation();
        pick(map, p, latest.current.props.onPick);
      });
      const marker = new maplibregl.Marker({ element: el }).setLngLat([p.lng, p.lat]).addTo(map);
      made.set(p.id, { marker, el });
    }
    return () => {
      for (const { marker } of made.values()) marker.remove();
      made.clear();
    };
  }, [map, asLayer, points]);

  // The selected point stands out; colours follow the theme.
  useEffect(() => {
    paintMarkers(markers.current, selectedId ?? null, colours);
    if (map?.getLayer(SOURCE)) map.setPaintProperty(SOURCE, 'circle-color', colours.fill);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the colours object is rebuilt each render; its values matter
  }, [map, points, selectedId, colours.fill, colours.selected, colours.ring, colours.text]);

  if (failed) {
    return (
      <Box
        sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}
        role="region"
        aria-label={label}
      >
        <Typography color="text.secondary">The map could not be loaded.</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ height, width: '100%', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
      <div
        ref={container}
        role="region"
        aria-label={label}
        aria-busy={!loaded}
        style={{ width: '100%', height: '100%' }}
      />
    </Box>
  );
}

/** A pick: a cluster zooms the map in on itself, a point is the caller's. */
function pick(map: MapLibreMap, p: MapPointItem, onPick: PointsMapProps['onPick']) {
  if (p.zoomIn) map.easeTo({ center: [p.lng, p.lat], zoom: Math.min(map.getZoom() + 2, 17) });
  else onPick?.(p.id);
}

const round6 = (v: number) => Number(v.toFixed(6));

/** The view MapLibre shows, within the world's bounds. */
function viewOf(map: MapLibreMap): PointsMapView {
  const b = map.getBounds();
  return {
    bbox: [
      round6(Math.max(-180, b.getWest())),
      round6(Math.max(-85, b.getSouth())),
      round6(Math.min(180, b.getEast())),
      round6(Math.min(85, b.getNorth())),
    ],
    zoom: Number(map.getZoom().toFixed(2)),
  };
}

/** Colours the markers: the selected one stands out (and says it is pressed). */
function paintMarkers(
  made: ReadonlyMap<MapPointItem['id'], { el: HTMLButtonElement }>,
  selectedId: MapPointItem['id'] | null,
  colours: { fill: string; selected: string; ring: string; text: string },
) {
  for (const [id, { el }] of made) {
    const on = id === selectedId;
    el.style.color = colours.text;
    el.style.background = on ? colours.selected : colours.fill;
    el.style.border = `2px solid ${colours.ring}`;
    el.style.zIndex = on ? '2' : '1';
    el.setAttribute('aria-pressed', String(on));
  }
}

/** The circle layer of many points (added again after every style load). */
function addLayer(map: MapLibreMap, points: readonly MapPointItem[], fill: string) {
  if (points.length <= POINT_MARKER_LIMIT || map.getSource(SOURCE)) return;
  map.addSource(SOURCE, { type: 'geojson', data: geoJsonOf(points) });
  map.addLayer({
    id: SOURCE,
    type: 'circle',
    source: SOURCE,
    paint: {
      'circle-color': fill,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 2.5, 12, 6],
      'circle-opacity': 0.8,
    },
  });
}
