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

/** The rent heat's colour ramp (low to high), for the layer and its keys. */
export const HEAT_RAMP = ['#2c7bb6', '#abd9e9', '#ffffbf', '#fdae61', '#d7191c'] as const;
export const HEAT_GRADIENT = `linear-gradient(90deg, ${HEAT_RAMP.join(', ')})`;

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

/** The count as a marker shows it: in full up to 99,999, then short ("123k", en-GB). */
export const shortCount = (n: number): string => (n < 100_000 ? whole.format(n) : compact.format(n));
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
    (c) => ({ r: clusterDiameter(c.count) / 2 + 10, g: dominantGroup(c) }),
    (c) => [c.lng, c.lat],
  );

/** An overlay's markers as rings just outside a marker of the same count. */
export const ringData = (clusters: readonly MapCluster[], gap: number) =>
  collection(
    clusters,
    (c) => ({ r: (c.count > 1 ? clusterDiameter(c.count) / 2 : 6) + gap }),
    (c) => [c.lng, c.lat],
  );

/**
 * Heat cells weighted by rent per sq ft, stretched over the cells in view (0.15 at the 5th
 * percentile and below, 1 at the 95th and above): the averages of neighbouring towns differ by
 * less than they vary, and one very dear cell must not wash out the rest.
 */
export const heatData = (cells: readonly MapHeatCell[]) => {
  const priced = cells.filter((c) => c.rent_sqft > 0);
  const rents = priced.map((c) => c.rent_sqft).sort((a, b) => a - b);
  const at = (q: number) => rents[Math.min(rents.length - 1, Math.floor(rents.length * q))] ?? 0;
  const lo = at(0.05);
  const hi = at(0.95);
  const weight = (r: number) => (hi > lo ? 0.15 + 0.85 * Math.min(1, Math.max(0, (r - lo) / (hi - lo))) : 1);
  return collection(
    priced,
    (c) => ({ w: Number(weight(c.rent_sqft).toFixed(3)) }),
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
      // Cells are 128 px apart at every zoom (the server's heat level): kernels of about that
      // size make one surface of them.
      'heatmap-radius': 70,
      'heatmap-intensity': 2.5,
      'heatmap-opacity': 0.65,
      'heatmap-color': [
        'interpolate',
        ['linear'],
        ['heatmap-density'],
        0,
        'rgba(0,0,0,0)',
        ...HEAT_RAMP.flatMap((c, i) => [(i + 1) / HEAT_RAMP.length, c]),
      ] as unknown as ExpressionSpecification,
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
