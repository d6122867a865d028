import type { StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { BASEMAP_FILES, fetchBasemapJson } from './basemapAssets';

export type BasemapMode = 'light' | 'dark';

interface Palette {
  sea: string;
  land: string;
  border: string;
  coast: string;
  /** Place names and the halo that keeps them readable over land, sea and coastlines. */
  label: string;
  labelMinor: string;
  halo: string;
}

const PALETTE: Record<BasemapMode, Palette> = {
  light: {
    sea: '#c9dcec',
    land: '#f3f1ea',
    border: '#9a8f99',
    coast: '#8fa9bf',
    label: '#2b2f36',
    labelMinor: '#4f5560',
    halo: '#f7f6f1',
  },
  dark: {
    sea: '#0e1c2a',
    land: '#28303a',
    border: '#6d7480',
    coast: '#3b556d',
    label: '#e6e9ee',
    labelMinor: '#b9c0ca',
    halo: '#1b2129',
  },
};

/**
 * The zoom from which each rank of place is named (rank 0: cities of 250,000 people and more, …,
 * 4: under 8,000): the UK view names the cities, a county its towns, a town its villages.
 */
export const PLACE_MIN_ZOOM = [3, 5.5, 7, 8.5, 10] as const;

type PlaceRow = [name: string, lng: number, lat: number, rank: number];

/** The places as points; `sort` puts the bigger place first where two names would overlap. */
export const placeFeatures = (rows: readonly PlaceRow[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: rows.map(([name, lng, lat, rank], i) => ({
    type: 'Feature',
    properties: { name, rank, sort: i },
    geometry: { type: 'Point', coordinates: [lng, lat] },
  })),
});

let placesPromise: Promise<FeatureCollection> | null = null;

/**
 * The place names, fetched once per page load (the land and the borders are fetched by MapLibre's
 * worker from their URLs).
 */
const loadPlaces = (): Promise<FeatureCollection> => {
  placesPromise ??= fetchBasemapJson<{ places: PlaceRow[] }>(BASEMAP_FILES.places)
    .then(({ places }) => placeFeatures(places))
    .catch((err: unknown) => {
      placesPromise = null; // let the next map try again
      throw err;
    });
  return placesPromise;
};

/** The sea alone: what a map shows at once, while the offline basemap's data is still coming. */
export const seaStyle = (mode: BasemapMode): StyleSpecification => ({
  version: 8,
  sources: {},
  layers: [{ id: 'sea', type: 'background', paint: { 'background-color': PALETTE[mode].sea } }],
});

/** The names of the places of one rank, from the zoom that rank is named at. */
const placeLayer = (rank: number, c: Palette): SymbolLayerSpecification => {
  const major = rank < 2;
  return {
    id: `places-${rank}`,
    type: 'symbol',
    source: 'places',
    minzoom: PLACE_MIN_ZOOM[rank] ?? 0,
    filter: ['==', ['get', 'rank'], rank],
    layout: {
      'text-field': ['get', 'name'],
      // MapLibre draws with the browser's fonts and reads the weight from the first name.
      'text-font': [major ? 'Inter SemiBold' : 'Inter Regular', 'Segoe UI', 'Roboto', 'Arial', 'sans-serif'],
      'text-size': ['interpolate', ['linear'], ['zoom'], 5, 13 - Math.min(rank, 2), 14, 17 - rank],
      // The bigger place first within the layer too (the file is sorted by population).
      'symbol-sort-key': ['get', 'sort'],
      // Beside the place rather than on it: /map's markers sit over the towns they count, and
      // MapLibre moves a name to another side where the first would overlap a bigger name.
      'text-variable-anchor': ['top', 'bottom', 'right', 'left'],
      'text-radial-offset': 1.5,
      'text-justify': 'auto',
      'text-padding': 4,
      'text-max-width': 8,
    },
    paint: {
      'text-color': major ? c.label : c.labelMinor,
      'text-halo-color': c.halo,
      'text-halo-width': 1.6,
    },
  };
};

/**
 * The offline basemap: sea background, land fill, country borders and place names, no tiles,
 * glyphs or sprites, so it needs nothing but this app's own origin (CSP `connect-src 'self'`):
 * with no glyphs URL MapLibre draws the names with the browser's own fonts.
 */
export async function buildOfflineStyle(mode: BasemapMode): Promise<StyleSpecification> {
  const places = await loadPlaces();
  const c = PALETTE[mode];
  return {
    version: 8,
    name: 'Frontage offline basemap',
    sources: {
      land: { type: 'geojson', data: BASEMAP_FILES.land, attribution: 'Natural Earth', tolerance: 0.2 },
      borders: { type: 'geojson', data: BASEMAP_FILES.borders },
      places: { type: 'geojson', data: places, attribution: 'GeoNames' },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': c.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': c.land } },
      {
        id: 'coast',
        type: 'line',
        source: 'land',
        paint: {
          'line-color': c.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.4, 10, 1.2],
        },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': c.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 10, 1.5],
          'line-dasharray': [3, 2],
        },
      },
      // The biggest places last: the top layer is placed first, so a city keeps its name
      // where a village's would overlap it.
      ...PLACE_MIN_ZOOM.map((_, r) => placeLayer(PLACE_MIN_ZOOM.length - 1 - r, c)),
    ],
  };
}
