import type { FeatureCollection, Point } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { MAP_GROUPS, type MapCluster, type MapGroup, type MapHeatCell } from '@frontage/shared';

/*
 * What /map draws on the basemap with MapLibre's own layers (GeoJSON sources, no client
 * clustering): a soft halo under each cluster, the vacancy and lease-event rings and the rent heat.
 * The markers themselves (circles with their counts, dots, scheme diamonds) are HTML buttons
 * (clusterMarkers.ts): the offline basemap has no glyphs, and buttons are what a keyboard reaches.
 */

export type PaletteMode = 'light' | 'dark';

export interface MapPalette {
  /** Marker fill per group, in MAP_GROUPS order. */
  groups: readonly string[];
  /** Text on a marker fill (≥ 4.5:1 against every group colour). */
  text: string;
  /** The ring around a marker, apart from the basemap. */
  outline: string;
  vacancy: string;
  leaseEvents: string;
}

/**
 * Group colours told apart by hue and lightness (blue, teal, purple, orange; no red/green pair):
 * dark enough for white counts in the light theme, light enough for dark counts in the dark one.
 */
export const MAP_PALETTES: Readonly<Record<PaletteMode, MapPalette>> = {
  light: {
    groups: ['#1d4ed8', '#0f766e', '#7e22ce', '#b45309'],
    text: '#ffffff',
    outline: '#ffffff',
    vacancy: '#dc2626',
    leaseEvents: '#4d7c0f',
  },
  dark: {
    groups: ['#93c5fd', '#5eead4', '#d8b4fe', '#fdba74'],
    text: '#111827',
    outline: '#111827',
    vacancy: '#f87171',
    leaseEvents: '#a3e635',
  },
};

export const groupIndex = (g: MapGroup): number => MAP_GROUPS.indexOf(g);

/** The group with the most points of a marker (the first on a tie). */
export const dominantGroup = (c: Pick<MapCluster, 'groups'>): number => {
  let best = 0;
  c.groups.forEach((n, i) => {
    if (n > (c.groups[best] ?? 0)) best = i;
  });
  return best;
};

/** A cluster's diameter in px: 30 for a handful, growing with the digits up to 64. */
export const clusterDiameter = (count: number): number =>
  Math.round(Math.min(64, 26 + 7 * Math.log10(Math.max(2, count))));

const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-GB');

/** The count as a marker shows it: 1,234 → "1.2k" (en-GB); under 1,000 as it is. */
export const shortCount = (n: number): string => (n < 1000 ? String(n) : compact.format(n));
export const fullCount = (n: number): string => whole.format(n);

type Props = Record<string, number | string>;
const collection = <T>(items: readonly T[], props: (item: T) => Props, at: (item: T) => [number, number]) =>
  ({
    type: 'FeatureCollection',
    features: items.map((item) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: at(item) },
      properties: props(item),
    })),
  }) satisfies FeatureCollection<Point, Props>;

/** Clusters (count > 1) as halo features: radius in px from the marker's size. */
export const haloData = (clusters: readonly MapCluster[]) =>
  collection(
    clusters.filter((c) => c.count > 1),
    (c) => ({ r: clusterDiameter(c.count) / 2 + 7, g: dominantGroup(c) }),
    (c) => [c.lng, c.lat],
  );

/** An overlay's markers as rings just outside a marker of the same count. */
export const ringData = (clusters: readonly MapCluster[], gap: number) =>
  collection(
    clusters,
    (c) => ({ r: (c.count > 1 ? clusterDiameter(c.count) / 2 : 6) + gap }),
    (c) => [c.lng, c.lat],
  );

/** Heat cells weighted by rent per sq ft over the dearest cell in view (0..1). */
export const heatData = (cells: readonly MapHeatCell[]) => {
  const max = cells.reduce((m, c) => Math.max(m, c.rent_sqft), 0);
  return collection(
    cells.filter((c) => c.rent_sqft > 0),
    (c) => ({ w: max > 0 ? c.rent_sqft / max : 0 }),
    (c) => [c.lng, c.lat],
  );
};

export const SOURCES = {
  halo: 'fm-halo',
  vacancy: 'fm-vacancy',
  leaseEvents: 'fm-lease',
  heat: 'fm-heat',
} as const;
export type SourceId = (typeof SOURCES)[keyof typeof SOURCES];
export type LayerData = Record<SourceId, FeatureCollection>;

export const emptyLayerData = (): LayerData => ({
  [SOURCES.halo]: collection(
    [],
    () => ({}),
    () => [0, 0],
  ),
  [SOURCES.vacancy]: collection(
    [],
    () => ({}),
    () => [0, 0],
  ),
  [SOURCES.leaseEvents]: collection(
    [],
    () => ({}),
    () => [0, 0],
  ),
  [SOURCES.heat]: collection(
    [],
    () => ({}),
    () => [0, 0],
  ),
});

const groupColour = (p: MapPalette): ExpressionSpecification =>
  [
    'match',
    ['get', 'g'],
    ...p.groups.flatMap((c, i) => [i, c]),
    p.groups[0] ?? '#888',
  ] as unknown as ExpressionSpecification;

/**
 * Adds the sources and layers to the current style (after every style load: a new style drops
 * them), under the HTML markers: heat, halos, then the two overlay rings.
 */
export const addLayers = (map: MapLibreMap, data: LayerData, palette: MapPalette): void => {
  for (const id of Object.values(SOURCES)) {
    if (!map.getSource(id)) map.addSource(id, { type: 'geojson', data: data[id] });
  }
  const add = (layer: Parameters<MapLibreMap['addLayer']>[0]) => {
    if (!map.getLayer(layer.id)) map.addLayer(layer);
  };
  add({
    id: SOURCES.heat,
    type: 'heatmap',
    source: SOURCES.heat,
    paint: {
      'heatmap-weight': ['get', 'w'],
      'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 4, 18, 10, 40, 16, 60],
      'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 4, 0.8, 14, 1.6],
      'heatmap-opacity': 0.75,
      'heatmap-color': [
        'interpolate',
        ['linear'],
        ['heatmap-density'],
        0,
        'rgba(0,0,0,0)',
        0.2,
        '#2c7bb6',
        0.4,
        '#abd9e9',
        0.6,
        '#ffffbf',
        0.8,
        '#fdae61',
        1,
        '#d7191c',
      ],
    },
  });
  add({
    id: SOURCES.halo,
    type: 'circle',
    source: SOURCES.halo,
    paint: {
      'circle-radius': ['get', 'r'],
      'circle-color': groupColour(palette),
      'circle-opacity': 0.22,
      'circle-blur': 0.15,
    },
  });
  for (const [id, colour] of [
    [SOURCES.vacancy, palette.vacancy],
    [SOURCES.leaseEvents, palette.leaseEvents],
  ] as const) {
    add({
      id,
      type: 'circle',
      source: id,
      paint: {
        'circle-radius': ['get', 'r'],
        'circle-opacity': 0,
        'circle-stroke-width': 3,
        'circle-stroke-color': colour,
      },
    });
  }
};

/** New data for one source, when the style has it (between styles it is added with the data). */
export const setLayerData = (map: MapLibreMap, id: SourceId, data: FeatureCollection): void => {
  (map.getSource(id) as GeoJSONSource | undefined)?.setData(data);
};

/** The theme's colours on layers already added (a hosted basemap is not rebuilt on a theme switch). */
export const paintLayers = (map: MapLibreMap, palette: MapPalette): void => {
  if (map.getLayer(SOURCES.halo)) map.setPaintProperty(SOURCES.halo, 'circle-color', groupColour(palette));
  if (map.getLayer(SOURCES.vacancy))
    map.setPaintProperty(SOURCES.vacancy, 'circle-stroke-color', palette.vacancy);
  if (map.getLayer(SOURCES.leaseEvents))
    map.setPaintProperty(SOURCES.leaseEvents, 'circle-stroke-color', palette.leaseEvents);
};
